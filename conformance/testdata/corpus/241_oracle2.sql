-- oracle2: neighbours of the derived-table and set-operation findings of
-- TestOracles' "derived" kind that Myriad answers right today (the wrong
-- ones are listed in docs/COMPATIBILITY.md, section oracle2, since the
-- ratchet may not gain entries): set operations over a general_ci column
-- deduplicate under its collation, with literals, NULLs and numbers in the
-- other arm, in derived tables, CTEs and nested set operations.
CREATE TABLE o2a (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci, n INT, d DECIMAL(8,2));
INSERT INTO o2a VALUES (1, 'a', 1, 1.50), (2, 'A', NULL, -2.00), (3, 'a ', 0, 0.25), (4, 'e', 2, NULL), (5, 'é', 1, 1.50), (6, NULL, 3, 0.01), (7, 'ab', -1, 2.00);
CREATE TABLE o2b (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin, n INT);
INSERT INTO o2b VALUES (1, 'a', 1), (2, 'A', NULL), (3, 'b', 2);
SELECT COUNT(*) FROM (SELECT c FROM o2a UNION SELECT NULL) d;
SELECT COUNT(*) FROM (SELECT c FROM o2a UNION SELECT 0) d;
SELECT COUNT(*) FROM (SELECT c, 1 FROM o2a UNION SELECT NULL, 2) d;
SELECT COUNT(*) FROM (SELECT c AS a, c AS b FROM o2a UNION SELECT NULL, NULL) d;
SELECT COUNT(*) FROM (SELECT c AS a, n AS b FROM o2a UNION SELECT 'x', NULL) d;
SELECT COUNT(*) FROM (SELECT 1 AS a, c AS b FROM o2a UNION SELECT NULL, 'x') d;
SELECT COUNT(*) FROM (SELECT 1 AS a, c AS b FROM o2a EXCEPT SELECT NULL, 'x') d;
SELECT COUNT(*) FROM (SELECT c FROM o2a EXCEPT SELECT 'x') d WHERE 1;
SELECT COUNT(*) FROM (SELECT c FROM o2a INTERSECT SELECT c FROM o2a) d;
SELECT COUNT(*) FROM (SELECT DISTINCT c FROM (SELECT c FROM o2a UNION ALL SELECT 'b') d) e;
SELECT COUNT(DISTINCT c) FROM (SELECT c FROM o2a UNION ALL SELECT 'b') d;
SELECT COLLATION(c) FROM (SELECT c FROM o2a UNION SELECT 'b') d LIMIT 1;
WITH d AS (SELECT c FROM o2a EXCEPT SELECT 'x') SELECT COUNT(*) FROM d UNION ALL SELECT COUNT(*) FROM d;
WITH d AS (SELECT c FROM o2a UNION SELECT 'x') SELECT COUNT(*) FROM d UNION ALL SELECT COUNT(*) FROM d;
WITH d AS (SELECT DISTINCT c FROM o2a) SELECT COUNT(*) FROM d UNION ALL SELECT COUNT(*) FROM d;
SELECT COUNT(*) FROM (SELECT c FROM o2a UNION SELECT n FROM o2b) d;
SELECT k, n, s FROM (SELECT n AS k, COUNT(*) AS n, SUM(d) AS s FROM o2a GROUP BY n) d WHERE s > 0 ORDER BY k;
SELECT COUNT(*), SUM(n) FROM (SELECT n FROM o2a UNION ALL SELECT n FROM o2b) d WHERE n > 0;
SELECT c1, c1 DIV 2 FROM (SELECT 0 AS c1 UNION ALL SELECT 1.5) AS d ORDER BY c1;
SELECT c1 FROM (SELECT 1.5 AS c1) AS d WHERE c1 DIV 2;
