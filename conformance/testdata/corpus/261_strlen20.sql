-- strlen20 (issue #9): lengths of single-byte character sets, DESC key
-- parts. What is covered here already agrees with MySQL 8.0; the open
-- differences are listed in docs/COMPATIBILITY.md, section strlen20.
-- latin1 values within the limit: LENGTH/OCTET_LENGTH count the column's
-- bytes (1 for é in latin1), CHAR_LENGTH its characters.
CREATE TABLE l (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, c CHAR(5) CHARACTER SET latin1, u VARCHAR(10));
INSERT INTO l VALUES (1, 'éé', 'é', 'éé'), (2, 'abc', 'xyz', 'abc'), (3, '', '', '');
SELECT id, v, LENGTH(v), CHAR_LENGTH(v), OCTET_LENGTH(v), HEX(v), LENGTH(c), HEX(c), LENGTH(u), CHAR_LENGTH(u) FROM l ORDER BY id;
SELECT id FROM l WHERE v = 'éé' ORDER BY id;
SELECT CONCAT(v, c), LENGTH(CONCAT(v, c)) FROM l WHERE id = 1;
-- A utf8mb4 VARCHAR(n) counts characters: three é fit VARCHAR(3).
CREATE TABLE u3 (v VARCHAR(3));
INSERT INTO u3 VALUES ('ééé');
INSERT INTO u3 VALUES ('éééé');
SELECT v, LENGTH(v), CHAR_LENGTH(v) FROM u3;
-- Descending key parts: the answers of ORDER BY over them are right.
CREATE TABLE dk (id INT PRIMARY KEY, a INT, b VARCHAR(5), KEY ka (a DESC), KEY kab (a DESC, b));
INSERT INTO dk VALUES (1, 3, 'x'), (2, 1, 'y'), (3, 2, 'z'), (4, 3, 'a'), (5, NULL, 'n');
SELECT id, a FROM dk ORDER BY a DESC, id;
SELECT id, a FROM dk ORDER BY a, id;
SELECT id FROM dk WHERE a > 1 ORDER BY a DESC, b;
SELECT id FROM dk WHERE a = 3 ORDER BY b DESC;
SELECT a, b FROM dk FORCE INDEX (kab) WHERE a >= 2 ORDER BY a DESC, b LIMIT 2;
-- ZEROFILL integers: padded to the display width (the driver reads the
-- number), COLUMN_TYPE names width and attribute, ZEROFILL implies UNSIGNED.
CREATE TABLE zf (id INT PRIMARY KEY, a INT(5) ZEROFILL, b TINYINT ZEROFILL, c SMALLINT(3) UNSIGNED ZEROFILL, d BIGINT ZEROFILL);
INSERT INTO zf VALUES (1, 42, 7, 5, 1), (2, 123456, 255, 65535, NULL);
SELECT id, a, b, c, d, a + 0 FROM zf ORDER BY id;
SELECT column_name, column_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'zf' AND column_name <> 'id' ORDER BY ordinal_position;
SELECT id FROM zf WHERE a = 42;
ALTER TABLE zf ADD COLUMN e INT;
SELECT column_name, column_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'zf' AND column_name IN ('a', 'b') ORDER BY ordinal_position;
