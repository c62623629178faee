-- oracle3: findings of TestOracles' "derived" kind fixed on branch oracle3
-- (docs/COMPATIBILITY.md, section oracle3), with their neighbours.
CREATE TABLE o3a (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci, n INT, d DECIMAL(8,2));
INSERT INTO o3a VALUES (1, 'a', 1, 1.50), (2, 'A', NULL, -2.00), (3, 'a ', 0, 0.25), (4, 'e', 2, NULL), (5, 'é', 1, 1.50), (6, NULL, 3, 0.01), (7, 'ab', -1, 2.00);
CREATE TABLE o3b (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin, n INT);
INSERT INTO o3b VALUES (1, 'a', 1), (2, 'A', NULL), (3, 'b', 2);
-- A correlated NOT IN / NOT EXISTS inside a derived table, CTE or view keeps
-- the rows whose value is NULL where the subquery is empty for them.
SELECT COUNT(*) FROM (SELECT 0 FROM o3a WHERE o3a.c NOT IN (SELECT s.c FROM o3a s WHERE o3a.c = 'ab')) u;
SELECT COUNT(*) FROM (SELECT 0 FROM o3a WHERE NOT EXISTS (SELECT 1 FROM o3a s WHERE o3a.c = 'ab')) u;
SELECT id FROM (SELECT id FROM o3a WHERE o3a.c NOT IN (SELECT s.c FROM o3a s WHERE o3a.c = 'ab')) u ORDER BY id;
WITH u AS (SELECT id FROM o3a WHERE o3a.c NOT IN (SELECT s.c FROM o3a s WHERE o3a.c = 'ab')) SELECT COUNT(*) FROM u;
SELECT COUNT(*) FROM (SELECT * FROM (SELECT id FROM o3a WHERE o3a.n NOT IN (SELECT s.n FROM o3b s WHERE o3a.n > 5)) x) u;
SELECT COUNT(*) FROM (SELECT id FROM o3a WHERE o3a.n NOT IN (SELECT s.n FROM o3b s WHERE s.n > 5 AND o3a.n > 0)) u;
SELECT COUNT(*) FROM (SELECT 0 FROM o3a WHERE o3a.c NOT IN (SELECT s.c FROM o3a s WHERE o3a.c = 'ab') UNION ALL SELECT 1 FROM o3b) u;
CREATE VIEW v3notin AS SELECT id FROM o3a WHERE o3a.c NOT IN (SELECT s.c FROM o3a s WHERE o3a.c = 'ab');
SELECT COUNT(*) FROM v3notin;
-- A WHERE over a derived set operation reads the set operation's column
-- type, not its first arm's (GMS pushed it onto the union with the first
-- arm's fields: DIV over the INT arm read 1.5 as 2).
SELECT c1 FROM (SELECT 0 AS c1 UNION ALL SELECT 1.5) d WHERE c1 DIV 2;
SELECT c1 FROM (SELECT 0 AS c1 UNION ALL SELECT 1.5) d WHERE c1 DIV 2 = 0 ORDER BY c1;
WITH d AS (SELECT 0 AS c1 UNION SELECT 1.5) SELECT COUNT(*) FROM d WHERE c1 DIV 2;
SELECT COUNT(*) FROM (SELECT 0 AS c1 UNION ALL SELECT 1.5 ORDER BY c1 LIMIT 5) d WHERE c1 DIV 2;
SELECT c1 FROM (SELECT n AS c1 FROM o3b EXCEPT SELECT 1.5) d WHERE c1 DIV 2 ORDER BY c1;
SELECT c1 FROM (SELECT 2 AS c1 UNION SELECT 3.5 EXCEPT SELECT 2) d WHERE c1 DIV 2;
SELECT id, x FROM (SELECT id, n AS x FROM o3a UNION ALL SELECT id, d FROM o3a) d WHERE x DIV 1 = 1 ORDER BY id, x;
SELECT id, x FROM (SELECT id, n AS x FROM o3a UNION ALL SELECT id, d FROM o3a) d WHERE x > 1 AND x < 2 ORDER BY id, x;
CREATE VIEW v3div AS SELECT 0 AS c1 UNION ALL SELECT 1.5;
SELECT COUNT(*) FROM v3div WHERE c1 DIV 2;
-- A WHERE over a grouped or windowed derived table that reads an aggregate
-- or an expression over the groups (GMS pushed it in with the planner's
-- types: SUM of a DECIMAL as DOUBLE, id % 3 as an integer).
SELECT COUNT(*) FROM (SELECT id % 3 AS k, COUNT(*) AS n, SUM(d) AS s FROM o3a GROUP BY id % 3) d WHERE (d.k * d.s) LIKE '_';
SELECT COUNT(*) FROM (SELECT id % 3 AS k, COUNT(*) AS n FROM o3a GROUP BY id % 3) d WHERE COALESCE(1.5, d.k) NOT IN (d.k, d.n);
WITH d AS (SELECT n AS k, SUM(d) AS s FROM o3a GROUP BY n) SELECT k, s FROM d WHERE s * 1 LIKE '_._0' ORDER BY k;
SELECT k, c FROM (SELECT n AS k, COUNT(*) AS c FROM o3a GROUP BY n) d WHERE k = 1 AND c > 1;
SELECT id, w FROM (SELECT id, SUM(d) OVER (ORDER BY id) AS w FROM o3a) d WHERE w * 1 LIKE '_._0' ORDER BY id;
SELECT k, s FROM (SELECT n AS k, SUM(d) AS s FROM o3a GROUP BY n) d WHERE k > 0 ORDER BY k;
