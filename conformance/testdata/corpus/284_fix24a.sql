-- fix24a: a latin1 CHAR(n)/VARCHAR(n)/TINYTEXT holds n (255) one-byte
-- characters; Myriad counted their UTF-8 bytes (1406 for 'ééé' into a
-- latin1 VARCHAR(5)). GROUP_CONCAT of a latin1 column is cut at
-- group_concat_max_len latin1 bytes (Myriad kept 'éé' of four 'é').
CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(5), c CHAR(3), t TINYTEXT) CHARACTER SET latin1;
INSERT INTO l1 (id, v, c) VALUES (1, 'ééé', 'àçé');
INSERT INTO l1 (id, v) VALUES (2, 'ééééé');
INSERT INTO l1 (id, v, t) SELECT 3, 'ééééé', REPEAT('é', 255);
UPDATE l1 SET c = 'ààà' WHERE id = 2;
INSERT INTO l1 (id, v) VALUES (4, 'éééééé');
INSERT INTO l1 (id, c) VALUES (4, 'éééé');
INSERT INTO l1 (id, v) SELECT 4, 'éééééé';
INSERT INTO l1 (id, t) VALUES (4, REPEAT('é', 256));
UPDATE l1 SET v = 'àààààà' WHERE id = 1;
SELECT id, v, LENGTH(v), OCTET_LENGTH(v), CHAR_LENGTH(v), HEX(v), c, LENGTH(c), HEX(c), LENGTH(t), CHAR_LENGTH(t) FROM l1 ORDER BY id;
-- setup
SET sql_mode = '';
INSERT INTO l1 (id, v, c) VALUES (5, 'éééééé', 'àààà');
SHOW WARNINGS;
UPDATE l1 SET v = 'óóóóóóó' WHERE id = 2;
SHOW WARNINGS;
INSERT IGNORE INTO l1 (id, t) VALUES (6, REPEAT('é', 300));
SELECT id, v, c, LENGTH(t) FROM l1 WHERE id IN (2, 5, 6) ORDER BY id;
-- setup
SET sql_mode = DEFAULT;
-- REPLACE, ON DUPLICATE KEY UPDATE, a trigger's and a procedure's INSERT,
-- ALTER TABLE's copy into latin1, and bytes (x'E9E9') read as latin1.
CREATE TABLE l2 (id INT PRIMARY KEY, v VARCHAR(5)) CHARACTER SET latin1;
INSERT INTO l2 VALUES (1, 'ééé') ON DUPLICATE KEY UPDATE v = 'ààààà';
INSERT INTO l2 VALUES (1, 'ééé') ON DUPLICATE KEY UPDATE v = 'ààààà';
INSERT INTO l2 VALUES (1, 'ééé') ON DUPLICATE KEY UPDATE v = 'àààààà';
REPLACE INTO l2 VALUES (2, 'óóóóó');
REPLACE INTO l2 VALUES (2, 'óóóóóó');
CREATE TABLE log2 (m VARCHAR(4)) CHARACTER SET latin1;
CREATE TRIGGER tr2 AFTER INSERT ON l2 FOR EACH ROW INSERT INTO log2 VALUES (CONCAT(NEW.v, 'ü'));
INSERT INTO l2 VALUES (3, 'ééé');
INSERT INTO l2 VALUES (4, 'éééé');
CREATE PROCEDURE p2() INSERT INTO l2 VALUES (5, 'ççççç');
DROP TRIGGER tr2;
CALL p2();
SELECT id, v, HEX(v) FROM l2 ORDER BY id;
SELECT m FROM log2;
CREATE TABLE u3 (id INT PRIMARY KEY, v VARCHAR(5));
INSERT INTO u3 VALUES (1, 'ééééé');
ALTER TABLE u3 MODIFY v VARCHAR(5) CHARACTER SET latin1;
ALTER TABLE u3 MODIFY v TINYTEXT CHARACTER SET latin1;
SELECT v, LENGTH(v), HEX(v) FROM u3;
CREATE TABLE l5 (id INT PRIMARY KEY, v VARCHAR(2) CHARACTER SET latin1);
INSERT INTO l5 VALUES (1, x'E9E9');
INSERT INTO l5 VALUES (2, x'E9E9E9');
SELECT id, v, HEX(v), LENGTH(v), CHAR_LENGTH(v) FROM l5 ORDER BY id;
CREATE TABLE gl (id INT PRIMARY KEY, v VARCHAR(10)) CHARACTER SET latin1;
INSERT INTO gl VALUES (1, 'é'), (2, 'é'), (3, 'é'), (4, 'é');
-- setup
SET group_concat_max_len = 4;
SELECT GROUP_CONCAT(v SEPARATOR '') FROM gl;
SELECT GROUP_CONCAT(v ORDER BY id DESC SEPARATOR '') FROM (SELECT id, v FROM gl) d;
SELECT GROUP_CONCAT(v) FROM gl;
SHOW WARNINGS;
SELECT GROUP_CONCAT(DISTINCT v) FROM gl;
-- setup
SET group_concat_max_len = 5;
SELECT GROUP_CONCAT(v SEPARATOR '') FROM gl;
SHOW WARNINGS;
-- setup
SET group_concat_max_len = DEFAULT;
-- A latin1 string stored into BINARY/VARBINARY/BLOB keeps its latin1
-- bytes (MySQL: E9 for 'é'); Myriad stored its UTF-8 (C3A9). Under SET
-- NAMES latin1 this client's 'é' is read as the two latin1 characters
-- C3 A9, which both servers store as those two bytes.
CREATE TABLE vb (id INT PRIMARY KEY, b VARBINARY(10), bb BLOB, bn BINARY(3), l VARCHAR(5) CHARACTER SET latin1, u VARCHAR(5));
INSERT INTO vb VALUES (1, 'é', 'é', 'é', 'é', 'é');
INSERT INTO vb (id, b, bb, bn) SELECT 2, l, CONCAT(l, 'a'), l FROM vb WHERE id = 1;
INSERT INTO vb (id, b) SELECT 3, u FROM vb WHERE id = 1;
UPDATE vb SET bb = l WHERE id = 1;
-- setup
SET NAMES latin1;
INSERT INTO vb (id, b, bb) VALUES (4, 'é', 'aé');
UPDATE vb SET bn = 'é' WHERE id = 4;
-- setup
SET NAMES utf8mb4;
SELECT id, HEX(b), HEX(bb), HEX(bn), HEX(l), HEX(u) FROM vb ORDER BY id;
-- `_cs 'x' COLLATE c` is EXPLICIT whichever collation c is (MySQL's
-- COLLATE); Myriad read it as COERCIBLE when c was the connection's
-- collation (utf8mb4_general_ci here) or the character set's default, so
-- the column's collation won. Both servers get utf8mb4_general_ci as the
-- connection's collation (this client's is utf8mb4_0900_ai_ci on Myriad).
-- setup
SET NAMES utf8mb4 COLLATE utf8mb4_general_ci;
CREATE TABLE cu (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_unicode_ci, g VARCHAR(10) COLLATE utf8mb4_general_ci);
INSERT INTO cu VALUES (1, 's', 's'), (2, 'ss', 'ss'), (3, 'ß', 'ß');
SELECT id FROM cu WHERE c = _utf8mb4 'ß' COLLATE utf8mb4_general_ci ORDER BY id;
SELECT id FROM cu WHERE _utf8mb4 'ß' COLLATE utf8mb4_general_ci = c ORDER BY id;
SELECT id FROM cu WHERE c IN (_utf8mb4 'ß' COLLATE utf8mb4_general_ci) ORDER BY id;
SELECT id FROM cu WHERE c = _utf8mb4 'ß' ORDER BY id;
SELECT id FROM cu WHERE g = _utf8mb4 'ß' COLLATE utf8mb4_unicode_ci ORDER BY id;
SELECT id, c = _utf8mb4 'ß' COLLATE utf8mb4_general_ci, CASE WHEN c = _utf8mb4 'ss' COLLATE utf8mb4_general_ci THEN 'y' ELSE 'n' END FROM cu ORDER BY id;
SELECT COERCIBILITY(_utf8mb4 'ß' COLLATE utf8mb4_general_ci), COLLATION(_utf8mb4 'ß' COLLATE utf8mb4_general_ci), COERCIBILITY(_utf8mb4 'ß'), COERCIBILITY(_latin1 'a' COLLATE latin1_swedish_ci);
CREATE VIEW vu AS SELECT id, c = _utf8mb4 'ß' COLLATE utf8mb4_general_ci AS m FROM cu;
SELECT id, m FROM vu ORDER BY id;
CREATE TABLE tu (n INT);
CREATE TRIGGER tru BEFORE INSERT ON tu FOR EACH ROW SET NEW.n = (SELECT SUM(id) FROM cu WHERE c = _utf8mb4 'ß' COLLATE utf8mb4_general_ci);
INSERT INTO tu VALUES (0);
SELECT n FROM tu;
SELECT _utf8mb4 'ß' COLLATE utf8mb4_general_ci = _utf8mb4 'ss' COLLATE utf8mb4_unicode_ci;
SELECT _latin1 'a' COLLATE utf8mb4_bin;
-- setup
SET NAMES utf8mb4;
-- A character set's default collation (latin1_swedish_ci) named by COLLATE.
CREATE TABLE lb (id INT PRIMARY KEY, c VARCHAR(10) CHARACTER SET latin1 COLLATE latin1_bin);
INSERT INTO lb VALUES (1, 'a'), (2, 'A'), (3, 'b');
SELECT id FROM lb WHERE c = _latin1 'a' COLLATE latin1_swedish_ci ORDER BY id;
SELECT id FROM lb WHERE c = _latin1 'a' ORDER BY id;
SELECT COERCIBILITY(_latin1 'a' COLLATE latin1_swedish_ci), COERCIBILITY(_latin1 'a');
