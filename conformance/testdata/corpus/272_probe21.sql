-- probe21 (issue #9): differential probing of multi-table UPDATE/DELETE,
-- REPLACE, INSERT IGNORE, UPDATE/DELETE ... ORDER BY ... LIMIT,
-- ROW_COUNT() and LAST_INSERT_ID(expr) (prepared-statement findings are
-- tested through go-sql-driver in server/prep21_test.go).
CREATE TABLE a (id INT PRIMARY KEY, v INT, k INT, UNIQUE KEY (k));
CREATE TABLE b (id INT PRIMARY KEY, aid INT, w INT);
INSERT INTO a VALUES (1, 10, 100), (2, 20, 200), (3, 30, 300);
INSERT INTO b VALUES (1, 1, 5), (2, 1, 6), (3, 2, 7), (4, 9, 8);
-- A row reached twice through the join is updated once (by its first
-- match).
UPDATE a JOIN b ON a.id = b.aid SET a.v = a.v + b.w;
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
UPDATE a JOIN b ON a.id = b.aid SET a.v = 0, b.w = b.w + 1 WHERE b.w > 6;
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
SELECT * FROM b ORDER BY id;
-- A multiple-table UPDATE takes no ORDER BY or LIMIT (MySQL's
-- multi_update_precheck); GMS ordered and cut the joined rows. The SET
-- lists change nothing, so MariaDB (which runs them) keeps the same rows.
-- mysql-differs: MySQL refuses ORDER BY in a multiple-table UPDATE (1221); MariaDB 10.11 runs it
-- expect-error: 1221
UPDATE a JOIN b ON a.id = b.aid SET a.v = a.v ORDER BY a.id LIMIT 1;
-- mysql-differs: MySQL refuses LIMIT in a multiple-table UPDATE (1221); MariaDB 10.11 runs it
-- expect-error: 1221
UPDATE a, b SET a.v = a.v WHERE a.id = b.aid LIMIT 1;
-- mysql-differs: MySQL refuses ORDER BY in a multiple-table UPDATE (1221); MariaDB 10.11 runs it
-- expect-error: 1221
UPDATE a, (SELECT 1 AS z) d SET a.v = a.v * d.z ORDER BY a.id;
SELECT * FROM a ORDER BY id;
UPDATE a SET v = 7 WHERE id IN (SELECT aid FROM b) ORDER BY id DESC LIMIT 1;
SELECT * FROM a ORDER BY id;
DELETE a FROM a JOIN b ON a.id = b.aid WHERE b.w = 5 LIMIT 1;
DELETE a, b FROM a JOIN b ON a.id = b.aid WHERE b.w = 5;
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
SELECT * FROM b ORDER BY id;
-- REPLACE counts a deleted row and the inserted one; a new row hitting two
-- old rows on two unique keys counts three.
REPLACE INTO a VALUES (2, 99, 300);
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
INSERT INTO a VALUES (5, 1, 500), (6, 2, 600);
REPLACE INTO a VALUES (5, 7, 600);
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
INSERT IGNORE INTO a VALUES (5, 1, 1), (7, 1, 600), (8, 8, 800);
SELECT ROW_COUNT();
UPDATE a SET v = v + 1 ORDER BY id DESC LIMIT 2;
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
DELETE FROM a ORDER BY k DESC LIMIT 1;
SELECT ROW_COUNT();
SELECT * FROM a ORDER BY id;
UPDATE a SET v = v WHERE id = 5;
SELECT ROW_COUNT();
UPDATE IGNORE a SET k = 800 WHERE id = 5;
SELECT ROW_COUNT();
CREATE TABLE ai (id INT AUTO_INCREMENT PRIMARY KEY, x INT);
INSERT INTO ai (x) VALUES (1), (2);
SELECT LAST_INSERT_ID();
UPDATE ai SET x = LAST_INSERT_ID(x + 40) WHERE id = 2;
SELECT LAST_INSERT_ID(), ROW_COUNT();
INSERT INTO ai VALUES (10, LAST_INSERT_ID(7));
SELECT LAST_INSERT_ID();
SELECT SQL_CALC_FOUND_ROWS id FROM ai ORDER BY id LIMIT 1;
SELECT FOUND_ROWS();
SELECT FOUND_ROWS();
UPDATE a, b SET a.v = 5, b.w = 5 WHERE a.id = b.aid;
SELECT ROW_COUNT();
DELETE b FROM b LEFT JOIN a ON a.id = b.aid WHERE a.id IS NULL;
SELECT ROW_COUNT();
SELECT * FROM b ORDER BY id;
SELECT ROUND(2.5), ROUND(2.5e0), ROUND('2.5'), ROUND(NULL), ROUND(-3.5e0), ROUND(7);
