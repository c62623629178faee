-- coltype19 (issue #9): column types that silently stored the wrong thing.
-- YEAR: a string zero is 2000 except a four-character one ('0000' is
-- YEAR 0000, Field_year::store), strict and not, INSERT and UPDATE.
CREATE TABLE y (id INT PRIMARY KEY, y YEAR);
INSERT INTO y VALUES (1, '0000'), (2, '0'), (3, '00'), (4, 0), (5, '000'), (6, '2000'), (7, 99), (8, '69');
SELECT id, y + 0 FROM y ORDER BY id;
UPDATE y SET y = '0000' WHERE id = 2;
UPDATE y SET y = '000' WHERE id = 1;
SELECT id, y + 0 FROM y WHERE id < 3 ORDER BY id;
SET sql_mode = '';
INSERT INTO y VALUES (11, '0000'), (12, '000'), (13, '00000');
UPDATE y SET y = '0000' WHERE id = 3;
SET sql_mode = DEFAULT;
SELECT id, y + 0 FROM y WHERE id IN (3, 11, 12, 13) ORDER BY id;
SELECT y + 0, COUNT(*) FROM y GROUP BY y ORDER BY y;
SELECT id FROM y WHERE y = '0000' ORDER BY id;
SELECT id FROM y WHERE y = 0 ORDER BY id;
-- DECIMAL, FLOAT and DOUBLE declared UNSIGNED refuse negative numbers with
-- 1264 (strict), store 0 with warning 1264 otherwise or under IGNORE.
CREATE TABLE u (id INT PRIMARY KEY, d DECIMAL(5,2) UNSIGNED, f FLOAT UNSIGNED, g DOUBLE UNSIGNED, h FLOAT(7,3) UNSIGNED, e DECIMAL(5,2));
INSERT INTO u VALUES (1, 1, 1, 1, 1, -1);
INSERT INTO u VALUES (2, -1, 1, 1, 1, 1);
INSERT INTO u VALUES (2, 1, -1, 1, 1, 1);
INSERT INTO u VALUES (2, 1, 1, -1, 1, 1);
INSERT INTO u VALUES (2, 1, 1, 1, -2.5, 1);
INSERT INTO u VALUES (2, -0.001, 1, 1, 1, 1);
INSERT INTO u VALUES (2, 0, 0, 0, 0, 0), (3, '-3', 1, 1, 1, 1);
INSERT INTO u SELECT 2, -d, f, g, h, e FROM u WHERE id = 1;
UPDATE u SET d = d - 2 WHERE id = 1;
UPDATE u SET g = -1e-300 WHERE id = 1;
INSERT INTO u (id, d) VALUES (1, 1) ON DUPLICATE KEY UPDATE d = -5;
SET sql_mode = '';
INSERT INTO u VALUES (3, -1, -1, -1, -1, -1), (4, 5, -0.5, 2, 2, 2);
SHOW WARNINGS;
UPDATE u SET d = -1 WHERE id = 4;
SHOW WARNINGS;
INSERT INTO u SELECT 5, -d - 1, f, g, h, e FROM u WHERE id = 4;
SHOW WARNINGS;
SET sql_mode = DEFAULT;
INSERT IGNORE INTO u VALUES (6, -1, 1, 1, 1, 1);
SHOW WARNINGS;
UPDATE IGNORE u SET d = -9 WHERE id = 1;
SELECT id, d, f, g, h, e FROM u ORDER BY id;
SELECT COLUMN_NAME, COLUMN_TYPE, NUMERIC_PRECISION, NUMERIC_SCALE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'u' AND COLUMN_NAME IN ('d', 'f', 'g', 'e') ORDER BY ORDINAL_POSITION;
-- ALTER ... MODIFY to UNSIGNED refuses a table holding a negative number
-- (1264), keeps the attribute through later changes, and drops it.
CREATE TABLE o (id INT PRIMARY KEY, a DECIMAL(5,2), b FLOAT);
INSERT INTO o VALUES (1, 5, 1), (2, -5, 2);
ALTER TABLE o MODIFY a DECIMAL(5,2) UNSIGNED;
ALTER TABLE o MODIFY b FLOAT UNSIGNED;
UPDATE o SET a = 1, b = -1 WHERE id = 2;
UPDATE o SET a = 1, b = 1 WHERE id = 2;
ALTER TABLE o MODIFY a DECIMAL(6,2) UNSIGNED;
ALTER TABLE o MODIFY b DOUBLE UNSIGNED;
INSERT INTO o VALUES (3, -1, 1);
INSERT INTO o VALUES (3, 1, -1);
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'o' AND COLUMN_NAME <> 'id' ORDER BY ORDINAL_POSITION;
ALTER TABLE o MODIFY a DECIMAL(6,2);
INSERT INTO o VALUES (3, -1, 1);
SELECT id, a, b FROM o ORDER BY id;
-- ZEROFILL implies UNSIGNED: negative numbers are out of range.
CREATE TABLE z (a INT(5) ZEROFILL, b DECIMAL(6,2) ZEROFILL, c FLOAT ZEROFILL, d TINYINT ZEROFILL);
INSERT INTO z VALUES (-1, 1, 1, 1);
INSERT INTO z VALUES (1, -1, 1, 1);
INSERT INTO z VALUES (1, 1, -1, 1);
INSERT INTO z VALUES (1, 1, 1, -1);
INSERT INTO z VALUES (4294967295, 1, 1, 255);
SELECT a + 0, b + 0, c + 0, d + 0 FROM z;
