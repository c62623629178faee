-- union19: oracle3's findings A, C, D and D2 (docs/COMPATIBILITY.md,
-- sections oracle3 and union19), with their neighbours.
SET NAMES utf8mb4 COLLATE utf8mb4_general_ci;
CREATE TABLE u19 (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci, n INT, d DECIMAL(8,2));
INSERT INTO u19 VALUES (1, 'a', 1, 1.50), (2, 'A', 2, -2.00), (3, 'a ', 3, 0.25), (4, 'b', 0, NULL), (5, NULL, 5, 2.00), (6, 'B', NULL, 0.01);
-- A: a set operation inside a derived table used as an arm of another
-- UNION is typed before the outer UNION reads it.
SELECT MIN(d.c0) FROM (SELECT -3.25 AS c0 UNION SELECT 1e0) d UNION ALL SELECT -3.25;
SELECT a FROM (SELECT MIN(d.c0) AS a FROM (SELECT -3.25 AS c0 UNION SELECT 1e0) d) x UNION ALL SELECT -3.25;
SELECT a FROM (SELECT MAX(d.c0) AS a FROM (SELECT -3.25 AS c0 UNION SELECT 1) d) x UNION ALL SELECT 1e0;
SELECT s FROM (SELECT SUM(d.c0) AS s FROM (SELECT 2.5 AS c0 UNION SELECT 1) d) x UNION SELECT 'x';
SELECT m FROM (SELECT MIN(e.x) AS m FROM (SELECT d AS x FROM u19 UNION SELECT n * 1e0 FROM u19) e) f UNION ALL SELECT 0.5 ORDER BY 1;
SELECT x FROM (SELECT d AS x FROM u19 UNION SELECT 1e0) e UNION SELECT 2 ORDER BY 1;
CREATE TABLE u19a AS SELECT MIN(d.c0) AS m FROM (SELECT -3.25 AS c0 UNION SELECT 1e0) d UNION ALL SELECT -3.25;
SELECT m FROM u19a ORDER BY m;
-- D: a comparison over a derived UNION reads the UNION's column type
-- (VARCHAR for INT beside a string), not its first arm's.
SELECT c FROM (SELECT 1 AS c UNION ALL SELECT '1.0') d WHERE c = '1';
SELECT c, c = '1', c < '1.00', c IN ('1', 'x') FROM (SELECT 1 AS c UNION ALL SELECT '1.0') d ORDER BY c;
WITH d AS (SELECT 1 AS c UNION ALL SELECT '1.0') SELECT COUNT(*) FROM d WHERE c = '1';
SELECT (SELECT COUNT(*) FROM (SELECT 1 AS c UNION ALL SELECT '1.0') d WHERE c = '1');
SELECT id FROM u19 WHERE EXISTS (SELECT 1 FROM (SELECT 1 AS c UNION ALL SELECT '1.0') d WHERE c = '1.0' AND u19.id = 1);
SELECT c FROM (SELECT 1 AS c UNION ALL SELECT 1.5e0) d WHERE c = '1.5';
SELECT c FROM (SELECT 1 AS c UNION ALL SELECT 2.5) d WHERE c = '1';
SELECT x FROM (SELECT n AS x FROM u19 UNION ALL SELECT c FROM u19) d WHERE x = '1' ORDER BY 1;
SELECT x FROM (SELECT c AS x FROM u19 UNION SELECT 1) d WHERE x BETWEEN 'a' AND 'b' ORDER BY 1;
-- D2: LIKE over a number matches its text (simplifyFilters' equality
-- compared 0 = 'A' as numbers, true for every row).
SELECT COUNT(*) FROM u19 WHERE ((2 LIKE 'A') LIKE 'A');
SELECT COUNT(*) FROM u19 WHERE ((c LIKE 'A') LIKE 'A');
SELECT COUNT(*) FROM u19 WHERE n LIKE 'a';
SELECT COUNT(*) FROM u19 WHERE (n LIKE 'a') = 0;
SELECT COUNT(*) FROM u19 WHERE d LIKE '1.5';
SELECT COUNT(*) FROM u19 WHERE d LIKE '1.50';
SELECT ((2 LIKE 'A') LIKE 'A'), (n LIKE 'A') FROM u19 ORDER BY id;
