-- Subqueries reading a column of the outer query, evaluated above its GROUP BY: in the select
-- list (GROUP BY the subquery's alias or position, as Django's GROUP BY a Subquery/Exists
-- annotation), in HAVING and ORDER BY, under DISTINCT, LIMIT and UNION, nested. GMS did not pass
-- the column up through the GroupBy and the subquery read another output column (issue 9).
CREATE TABLE b (id INT PRIMARY KEY, name VARCHAR(20), k INT);
CREATE TABLE a (id INT PRIMARY KEY, b_id INT, k INT, v INT);
INSERT INTO b VALUES (1,'x',1),(2,'y',2),(3,'x',3),(4,'z',1);
INSERT INTO a VALUES (1,1,1,10),(2,2,1,20),(3,3,2,30),(4,1,3,40),(5,NULL,3,50),(6,4,2,60),(7,2,5,70);
SELECT (SELECT b.name FROM b WHERE b.id = a.b_id) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n;
SELECT COUNT(*), (SELECT b.name FROM b WHERE b.id = a.b_id) AS n FROM a GROUP BY n ORDER BY n;
SELECT a.k, COUNT(*) FROM a GROUP BY a.k HAVING COUNT(*) = (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY a.k;
SELECT COUNT(*), a.k FROM a GROUP BY a.k HAVING COUNT(*) = (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY a.k;
SELECT EXISTS(SELECT 1 FROM b WHERE b.id = a.b_id AND b.name='x') AS e, COUNT(*) FROM a GROUP BY e ORDER BY e;
SELECT COUNT(*), SUM(v), EXISTS(SELECT 1 FROM b WHERE b.id = a.b_id AND b.name='x') AS e FROM a GROUP BY e ORDER BY e;
SELECT a.k, (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c, COUNT(*) FROM a GROUP BY a.k ORDER BY a.k;
SELECT SUM(v), (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c FROM a GROUP BY a.k ORDER BY 2, 1;
SELECT (SELECT b.name FROM b WHERE b.id = a.b_id) AS n, SUM(v) FROM a GROUP BY n ORDER BY SUM(v);
SELECT (SELECT COUNT(b.id) FROM b WHERE b.k = a.k AND b.id > 1 GROUP BY b.k) AS s, COUNT(*) AS total FROM a GROUP BY 1 ORDER BY 1;
SELECT COUNT(*) AS total, (SELECT COUNT(b.id) FROM b WHERE b.k = a.k AND b.id > 1 GROUP BY b.k) AS s FROM a GROUP BY 2 ORDER BY 2;
SELECT COUNT(*) FROM a GROUP BY a.k HAVING COUNT(*) = (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY 1;
SELECT SUM(v) FROM a GROUP BY a.k HAVING SUM(v) > (SELECT SUM(b.id) * 10 FROM b WHERE b.k = a.k) ORDER BY 1;
SELECT a.k, SUM(v) FROM a GROUP BY a.k ORDER BY (SELECT COUNT(*) FROM b WHERE b.k = a.k), a.k;
SELECT SUM(v) FROM a GROUP BY a.k ORDER BY (SELECT COUNT(*) FROM b WHERE b.k = a.k), 1;
SELECT EXISTS(SELECT 1 FROM b WHERE b.k = a.k) AS e, SUM(v) FROM a GROUP BY 1 ORDER BY 1;
SELECT SUM(v), NOT EXISTS(SELECT 1 FROM b WHERE b.k = a.k) AS e FROM a GROUP BY 2 ORDER BY 2;
SELECT SUM(v), (SELECT MAX(b.name) FROM b WHERE b.k = a.k) AS m FROM a GROUP BY a.k ORDER BY 1, 2;
SELECT DISTINCT (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c FROM a GROUP BY a.k ORDER BY 1;
SELECT SUM(v), (SELECT COUNT(*) FROM b WHERE b.k = a.k) + COUNT(*) AS c FROM a GROUP BY a.k ORDER BY 1;
SELECT * FROM (SELECT SUM(v) s, (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c FROM a GROUP BY a.k) d ORDER BY 1;
SELECT (SELECT COUNT(*) FROM b WHERE b.k = a.k) AS c, COUNT(*) FROM a GROUP BY c ORDER BY c;
SELECT (SELECT x.n FROM (SELECT b.name n, b.id FROM b) x WHERE x.id = a.b_id) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n;
SELECT SUM(v) FROM a GROUP BY a.k HAVING (SELECT COUNT(*) FROM b WHERE b.k = a.k) > 0 ORDER BY 1;
SELECT a.k, COUNT(*) FROM a WHERE a.v > 10 GROUP BY a.k HAVING COUNT(*) >= (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY 1;
SELECT COUNT(*) FROM a GROUP BY a.k HAVING COUNT(*) = (SELECT COUNT(*) FROM b WHERE b.k = a.k) ORDER BY 1 LIMIT 2;
SELECT SUM(v) s, (SELECT COUNT(*) FROM b WHERE b.k = a.k) c FROM a GROUP BY a.k UNION ALL SELECT SUM(v), (SELECT COUNT(*) FROM b WHERE b.k = a.k) FROM a WHERE a.v > 20 GROUP BY a.k ORDER BY 1, 2;
SELECT (SELECT (SELECT b.name FROM b WHERE b.id = a.b_id) FROM b b2 WHERE b2.id = 1) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n;
SELECT a.k, (SELECT COUNT(*) FROM b WHERE b.k = a.k AND b.id IN (SELECT a2.b_id FROM a a2 WHERE a2.k = a.k)) c FROM a GROUP BY a.k ORDER BY 1;
SELECT COUNT(*) FROM a GROUP BY a.k, a.b_id HAVING EXISTS(SELECT 1 FROM b WHERE b.id = a.b_id AND b.k = a.k) ORDER BY 1;
SELECT a.k, COUNT(*) FROM a JOIN b ON b.id = a.b_id GROUP BY a.k HAVING COUNT(*) > (SELECT COUNT(*) FROM b b2 WHERE b2.k = a.k) - 1 ORDER BY 1;
SELECT COUNT(*) FROM a WHERE a.v > (SELECT MIN(b.id) FROM b) GROUP BY a.k HAVING MAX(v) >= (SELECT 10 * MAX(b.id) FROM b WHERE b.k = a.k) ORDER BY 1;
SELECT (SELECT COUNT(*) FROM b WHERE b.k = a.k) c FROM a GROUP BY a.k ORDER BY c LIMIT 2;
SELECT (SELECT COUNT(*) FROM b WHERE b.k = a.k) c, a.k FROM a GROUP BY a.k ORDER BY c DESC, a.k LIMIT 2 OFFSET 1;
SELECT SUM(v) FROM a GROUP BY a.k HAVING (SELECT COUNT(*) FROM b WHERE b.k = a.k) > 0 AND SUM(v) > 40 ORDER BY 1;
SELECT COUNT(*) AS total, (SELECT b.name FROM b WHERE b.id = a.b_id) AS n FROM a GROUP BY 2 HAVING COUNT(*) > 1 ORDER BY 2;
SELECT a.k, GROUP_CONCAT((SELECT b.name FROM b WHERE b.id = a.b_id) ORDER BY a.id) FROM a GROUP BY a.k ORDER BY 1;
SELECT a.k FROM a GROUP BY a.k HAVING a.k IN (SELECT b.k FROM b WHERE b.id > a.k) ORDER BY 1;
SELECT a.k FROM a GROUP BY a.k HAVING a.k NOT IN (SELECT b.k FROM b WHERE b.id <> a.k) ORDER BY 1;
SELECT a.k, (SELECT COUNT(*) FROM b WHERE b.k = a.k) c FROM a GROUP BY a.k HAVING c > 0 ORDER BY 1;
SELECT (SELECT b.name FROM b WHERE b.id = a.b_id AND b.k > 1) AS n, COUNT(*) FROM a GROUP BY n ORDER BY n;
