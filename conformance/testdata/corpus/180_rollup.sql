-- GROUP BY ... WITH ROLLUP (the parser had no ROLLUP: 1064). Myriad reads a
-- rollup as the union of its grouping levels (server/rollup.go). MariaDB's
-- ROLLUP matches MySQL 8.0's for the plain shapes; it refuses ORDER BY with
-- ROLLUP (1221, allowed since MySQL 8.0.12) and has no GROUPING() (MySQL
-- 8.0.1+), so those carry MySQL's answers.
CREATE TABLE r (id INT PRIMARY KEY, k VARCHAR(5), j INT, i INT, d DECIMAL(6,2), f DOUBLE);
INSERT INTO r VALUES (1, 'a', 1, 1, 1.50, 0.5), (2, 'a', 2, 2, NULL, 1.5), (3, 'b', 1, NULL, 2.25, NULL), (4, 'b', NULL, 4, -1.00, 2), (5, NULL, 1, 5, 0.10, 3), (6, NULL, NULL, 6, 3.00, -1), (7, 'c', 3, 7, 10.00, 0.25), (8, 'a', 1, 8, 0.01, 4);
CREATE TABLE re (a INT, b INT);
SELECT k, SUM(i) FROM r GROUP BY k WITH ROLLUP;
SELECT k, j, SUM(i), COUNT(*) FROM r GROUP BY k, j WITH ROLLUP;
SELECT j, k, COUNT(*), MIN(i), MAX(k) FROM r GROUP BY j, k WITH ROLLUP;
SELECT k, AVG(i), SUM(d), AVG(d), SUM(f), MIN(d), MAX(f) FROM r GROUP BY k WITH ROLLUP;
SELECT k, COUNT(i), COUNT(*), COUNT(d) FROM r GROUP BY k WITH rollup;
SELECT k, SUM(DISTINCT j), COUNT(DISTINCT j), AVG(DISTINCT i) FROM r GROUP BY k WITH ROLLUP;
SELECT k, GROUP_CONCAT(id ORDER BY id) FROM r GROUP BY k WITH ROLLUP;
SELECT k, SUM(i) + 1, k IS NULL, CONCAT(k, '!') FROM r GROUP BY k WITH ROLLUP;
SELECT k, SUM(i) FROM r GROUP BY k WITH ROLLUP HAVING SUM(i) > 10;
SELECT k, j, SUM(i) AS s FROM r GROUP BY k, j WITH ROLLUP HAVING s > 4;
SELECT k, j, COUNT(*) FROM r GROUP BY k, j WITH ROLLUP HAVING k IS NULL;
SELECT k AS kk, SUM(i) FROM r GROUP BY kk WITH ROLLUP;
SELECT k, SUM(i) FROM r GROUP BY 1 WITH ROLLUP;
SELECT j, k, SUM(i) FROM r GROUP BY 2, 1 WITH ROLLUP;
SELECT j + 1, COUNT(*) FROM r GROUP BY j + 1 WITH ROLLUP;
SELECT id > 4 AS p, k, COUNT(*) FROM r GROUP BY id > 4, k WITH ROLLUP;
SELECT k, MAX(i) FROM r WHERE id > 1 GROUP BY k WITH ROLLUP;
SELECT k, MAX(i) FROM r WHERE id > 100 GROUP BY k WITH ROLLUP;
SELECT a, SUM(b) FROM re GROUP BY a WITH ROLLUP;
SELECT a, b, COUNT(*) FROM re GROUP BY a, b WITH ROLLUP;
SELECT SUM(i) FROM r GROUP BY k WITH ROLLUP;
SELECT 'x', k, COUNT(*) FROM r GROUP BY k WITH ROLLUP;
SELECT x.k, COUNT(*) FROM r x JOIN r y ON x.k = y.k GROUP BY x.k WITH ROLLUP;
SELECT * FROM (SELECT k, COUNT(*) AS c FROM r GROUP BY k WITH ROLLUP) t WHERE c > 2;
SELECT k, c FROM (SELECT k, j, COUNT(*) AS c FROM r GROUP BY k, j WITH ROLLUP) t WHERE j IS NULL;
SELECT k, COUNT(*) FROM r GROUP BY k WITH ROLLUP UNION ALL SELECT 'z', 0;
SELECT (SELECT SUM(i) FROM r GROUP BY k WITH ROLLUP LIMIT 1);
SELECT k, SUM(i) FROM r GROUP BY k WITH ROLLUP LIMIT 2;
SELECT k, SUM(i) FROM r GROUP BY k WITH ROLLUP LIMIT 2, 3;
SELECT k, j, SUM(i) FROM r GROUP BY k, j WITH ROLLUP LIMIT 4;
-- mysql-differs: MySQL 8.0.12+ sorts a ROLLUP's result by its ORDER BY (the super-aggregate rows' NULLs sort as NULL); MariaDB refuses ORDER BY with ROLLUP (1221)
-- expect: b | 4
-- expect: c | 7
-- expect: a | 11
-- expect: NULL | 11
-- expect: NULL | 33
SELECT k, SUM(i) AS s FROM r GROUP BY k WITH ROLLUP ORDER BY s, k DESC;
-- mysql-differs: MySQL 8.0.12+ sorts a ROLLUP's result by its ORDER BY; MariaDB refuses ORDER BY with ROLLUP (1221)
-- expect: NULL | 33
-- expect: a | 11
-- expect: NULL | 11
SELECT k, SUM(i) FROM r GROUP BY k WITH ROLLUP ORDER BY 2 DESC, 1 DESC LIMIT 3;
-- mysql-differs: GROUPING() is MySQL 8.0's (1 where the row rolled the column up); MariaDB has none
-- expect: NULL | 11 | 0
-- expect: a | 11 | 0
-- expect: b | 4 | 0
-- expect: c | 7 | 0
-- expect: NULL | 33 | 1
SELECT k, SUM(i), GROUPING(k) FROM r GROUP BY k WITH ROLLUP;
-- mysql-differs: GROUPING() is MySQL 8.0's; MariaDB has none (nor ORDER BY with ROLLUP)
-- expect: ALL | 33
-- expect: NULL | 11
-- expect: a | 11
SELECT IF(GROUPING(k), 'ALL', k) AS kk, SUM(i) FROM r GROUP BY k WITH ROLLUP ORDER BY GROUPING(k) DESC, k LIMIT 3;
-- mysql-differs: GROUPING(a, b) is a bit mask, the first argument the highest bit; MariaDB has none
-- expect: a | NULL | 1 | 1 | 0
-- expect: b | NULL | 1 | 1 | 0
-- expect: c | NULL | 1 | 1 | 0
-- expect: NULL | NULL | 1 | 1 | 0
-- expect: NULL | NULL | 3 | 1 | 1
SELECT k, j, GROUPING(k, j) AS gg, GROUPING(j), GROUPING(k) FROM r GROUP BY k, j WITH ROLLUP HAVING gg > 0 ORDER BY gg, k IS NULL, k;
-- mysql-differs: MySQL: GROUPING()'s argument must be a GROUP BY expression (ER_FIELD_IN_GROUPING_NOT_GROUP_BY); MariaDB has no GROUPING()
-- expect-error: 3602
SELECT k, GROUPING(j) FROM r GROUP BY k WITH ROLLUP;
