-- jsoncol2: MODIFY/CHANGE of a generated column to a new expression
-- computes it again for every row (was refused with 1235); the index on it
-- and the generated columns reading it follow; an expression failing on a
-- row fails the ALTER and keeps the rows.
CREATE TABLE ms (id INT PRIMARY KEY, a INT, c INT AS (a * 2) STORED, KEY kc (c));
INSERT INTO ms (id, a) VALUES (1, 1), (2, 5), (3, NULL);
ALTER TABLE ms MODIFY c INT AS (a * 4) STORED;
SELECT id, a, c FROM ms ORDER BY id;
SELECT id FROM ms WHERE c = 20;
SELECT id FROM ms WHERE c = 10;
ALTER TABLE ms CHANGE c c2 BIGINT AS (a + 100) STORED;
SELECT id, c2 FROM ms ORDER BY id;
SELECT id FROM ms WHERE c2 = 105;
UPDATE ms SET a = 7 WHERE id = 1;
SELECT id, c2 FROM ms ORDER BY id;
-- (Not here: a STORED column over the VIRTUAL one keeps its values in
-- MariaDB, whose change is in place; Myriad computes it again.)
CREATE TABLE mv (id INT PRIMARY KEY, a INT, c INT AS (a * 2) VIRTUAL);
INSERT INTO mv (id, a) VALUES (1, 1), (2, 5);
ALTER TABLE mv MODIFY c INT AS (a * 3) VIRTUAL;
SELECT id, c FROM mv ORDER BY id;
SELECT id FROM mv WHERE c = 15;
CREATE TABLE md (id INT PRIMARY KEY, a INT, c INT AS (a * 2) STORED, d INT AS (c + 1) STORED);
INSERT INTO md (id, a) VALUES (1, 1), (2, 5);
ALTER TABLE md MODIFY c INT AS (a * 3) STORED;
SELECT id, c, d FROM md ORDER BY id;
CREATE TABLE mp (id INT PRIMARY KEY, a INT, c INT);
INSERT INTO mp VALUES (1, 1, 7), (2, 5, 7);
ALTER TABLE mp MODIFY c INT AS (a * 4) STORED;
SELECT id, c FROM mp ORDER BY id;
CREATE TABLE mk (a INT, c INT AS (a * 2) STORED, UNIQUE KEY uc (c));
INSERT INTO mk (a) VALUES (1), (5);
ALTER TABLE mk MODIFY c INT AS (a + 100) STORED, ADD INDEX ka (a);
SELECT a, c FROM mk WHERE c > 100 ORDER BY c;
-- setup
SET sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO';
CREATE TABLE me (id INT PRIMARY KEY, a INT, c INT AS (a * 2) STORED, KEY kc (c));
INSERT INTO me (id, a) VALUES (1, 1), (2, 5);
ALTER TABLE me MODIFY c BIGINT AS (a * 2147483647 * 2147483647 * 4) STORED;
SELECT id, c FROM me ORDER BY id;
ALTER TABLE me MODIFY c INT AS (a DIV (a - 1)) STORED;
SELECT id, c FROM me ORDER BY id;
SELECT id FROM me WHERE c = 10;
