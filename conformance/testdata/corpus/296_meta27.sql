-- meta27: ROUND/TRUNCATE of a DOUBLE read as a string (open item 10),
-- expressions stored into text columns, GROUP_CONCAT result columns (open
-- item 8: their field lengths and NOT NULL flag are checked by
-- server.TestMeta27GroupConcatFields, the corpus compares values and types).
CREATE TABLE rf (id INT PRIMARY KEY, f DOUBLE, g FLOAT, s VARCHAR(20), d DECIMAL(10,3), i INT);
INSERT INTO rf VALUES (1, 2.5, 2.5, '2.5', 2.5, 2), (2, -1.23456, 1.25, 'abc', -1.2345, -7), (3, 1e20, 3.5, '1e3', 0, 0), (4, NULL, NULL, NULL, NULL, NULL);
-- ROUND(x, D) / TRUNCATE(x, D) of a DOUBLE has D decimals as a string
-- (Item_func_round's decimals, val_str's my_fcvt): were the shortest text.
SELECT id, CONCAT(ROUND(f, 2)), LENGTH(TRUNCATE(f, 3)), CONCAT(ROUND(g, 3)), CONCAT(ROUND(s, 2)), CONCAT(ROUND(d, 2)), CONCAT(ROUND(i, 2)) FROM rf ORDER BY id;
SELECT id, CAST(ROUND(f, 2) AS CHAR), LPAD(ROUND(f, 1), 8, '*'), UPPER(TRUNCATE(f, 4)), ROUND(f, 2) LIKE '%0', CONCAT(ROUND(f)), CONCAT(ROUND(f, 40)), CONCAT(ROUND(f, 30)) FROM rf ORDER BY id;
SELECT id, CONCAT_WS('|', ROUND(f, 2), TRUNCATE(g, 2)), CONCAT(IF(id > 0, ROUND(f, 2), 'x')), CONCAT(ROUND(f, 2) + 0), CONCAT(-ROUND(f, 2)), CONCAT(ABS(ROUND(f, 2))) FROM rf ORDER BY id;
SELECT GROUP_CONCAT(ROUND(f, 2) ORDER BY id), GROUP_CONCAT(TRUNCATE(g, 1) ORDER BY id SEPARATOR ';') FROM rf WHERE id < 3;
SELECT CONCAT(ROUND(2.5e0, 2)), CONCAT(ROUND('2.5', 2)), CONCAT(TRUNCATE(2.5e0, 3)), CONCAT(ROUND(1.5e0)), LENGTH(ROUND(2.5e0, 2)), CONCAT(ROUND(2.5e0, -1));
SELECT CONCAT(ROUND(f * 1, 2)) FROM rf ORDER BY id;
SELECT CONCAT(ROUND(AVG(f), 3)), CONCAT(ROUND(SUM(g), 1)), CONCAT(TRUNCATE(MAX(g), 2)) FROM rf;
SELECT ROUND(f, 2) = '2.50', ROUND(f, 2) = '2.5' FROM rf WHERE id = 1;
SELECT CONCAT(x), LENGTH(x), IF(id > 0, x, 'a') FROM (SELECT id, ROUND(f, 2) AS x FROM rf) d ORDER BY id;
CREATE VIEW rv AS SELECT id, ROUND(f, 2) AS x, TRUNCATE(g, 3) AS y FROM rf;
SELECT CONCAT(x), LENGTH(y), CONCAT(x, '|', y) FROM rv ORDER BY id;
WITH c AS (SELECT id, TRUNCATE(f, 1) AS y FROM rf) SELECT CONCAT(y) FROM c ORDER BY id;
SELECT id FROM rf WHERE CONCAT(ROUND(f, 2)) LIKE '%.50' ORDER BY id;
-- The column itself (digits26) and in a UNION.
SELECT ROUND(f, 2), TRUNCATE(g, 3) FROM rf ORDER BY id;
-- An expression stored into a VARCHAR or TEXT column keeps its shortest
-- text (Item::save_in_field stores the double); a FLOAT(M,D) column is
-- copied into TEXT with its decimals (its Field's val_str).
CREATE TABLE rt (id INT PRIMARY KEY, v VARCHAR(30), t TEXT);
INSERT INTO rt SELECT id, ROUND(f, 2), ROUND(f, 2) FROM rf WHERE id < 4;
CREATE TABLE rsc (id INT PRIMARY KEY, f FLOAT(7,2));
INSERT INTO rsc VALUES (1, 2.5);
INSERT INTO rt SELECT id + 10, f, f FROM rsc;
INSERT INTO rt SELECT id + 11, f * 2, f * 2 FROM rsc;
INSERT INTO rt SELECT id + 12, ROUND(f, 3), ROUND(f, 3) FROM rsc;
INSERT INTO rt VALUES (20, ROUND(2.5e0, 2), ROUND(2.5e0, 2)), (21, 'x', 'x'), (22, 'y', 'y');
UPDATE rt SET v = TRUNCATE(2.5e0, 3), t = TRUNCATE(2.5e0, 3) WHERE id = 21;
UPDATE rt SET t = (SELECT f FROM rsc), v = (SELECT f * 2 FROM rsc) WHERE id = 22;
SELECT id, v, t, LENGTH(t) FROM rt ORDER BY id;
-- JSON keeps the double (MySQL's JSON has typed numbers).
-- mysql-differs: MariaDB's JSON is text and takes the value's val_str (2.50); MySQL 8.0's JSON_ARRAY holds the DOUBLE 2.5 and prints it shortest
-- expect: [2.5] | {"a": -1.234}
SELECT JSON_ARRAY(ROUND(f, 2)), JSON_OBJECT('a', TRUNCATE(-1.23456e0, 3)) FROM rf WHERE id = 1;
-- GROUP_CONCAT results: nullable (NULL of no rows), text, through derived
-- tables, views and CTEs, under each group_concat_max_len.
CREATE TABLE gc (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, u VARCHAR(10), n INT NOT NULL);
INSERT INTO gc VALUES (1, 'a', 'b', 1), (2, 'c', 'd', 2), (3, 'é', 'ü', 3);
SELECT GROUP_CONCAT(v ORDER BY id), GROUP_CONCAT(u ORDER BY id) AS g2, GROUP_CONCAT(n ORDER BY n DESC) FROM gc;
SELECT GROUP_CONCAT(v), GROUP_CONCAT(u), GROUP_CONCAT(n) FROM gc WHERE id > 5;
SELECT id, GROUP_CONCAT(u) FROM gc GROUP BY id HAVING COUNT(*) > 0 ORDER BY 2 DESC LIMIT 2;
SELECT x, LENGTH(x) FROM (SELECT GROUP_CONCAT(v ORDER BY id) AS x FROM gc) d WHERE x IS NOT NULL;
CREATE VIEW gv AS SELECT id, GROUP_CONCAT(v) AS g FROM gc GROUP BY id;
SELECT g, LENGTH(g) FROM gv ORDER BY id;
WITH c AS (SELECT GROUP_CONCAT(u ORDER BY id) AS x FROM gc) SELECT x, x IS NULL FROM c;
SELECT GROUP_CONCAT(v) IS NULL, COALESCE(GROUP_CONCAT(v), 'z'), IFNULL(GROUP_CONCAT(u), 'y') FROM gc WHERE id > 5;
-- setup
SET group_concat_max_len = 100;
SELECT GROUP_CONCAT(v ORDER BY id), GROUP_CONCAT(u ORDER BY id) FROM gc;
SELECT x FROM (SELECT GROUP_CONCAT(u ORDER BY id) AS x FROM gc) d;
-- setup
SET group_concat_max_len = 100000;
SELECT GROUP_CONCAT(v ORDER BY id), GROUP_CONCAT(u ORDER BY id) FROM gc;
-- setup
SET group_concat_max_len = 1024;
CREATE TABLE gct AS SELECT GROUP_CONCAT(v) AS a, GROUP_CONCAT(u) AS b FROM gc;
SELECT COLUMN_NAME, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'gct' ORDER BY ORDINAL_POSITION;
