-- An aggregate in a subquery whose arguments read only the outer query's columns is aggregated
-- in the outer query (one row for SELECT (SELECT SUM(t.a)) FROM t); GMS aggregated it per outer
-- row (issue 9, branch wrong18). Also temporal-and-string COALESCE/IFNULL/IF/CASE.
CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT);
CREATE TABLE u (x INT);
INSERT INTO t VALUES (1,1,10),(2,2,20),(3,3,30),(4,3,40);
INSERT INTO u VALUES (1),(2),(3),(40),(100);
SELECT (SELECT SUM(t.a)) FROM t;
SELECT (SELECT MAX(t.a)) AS m, (SELECT COUNT(t.a)) c FROM t;
SELECT (SELECT SUM(t.a)) FROM t WHERE a > 1;
SELECT (SELECT SUM(t.a) FROM u LIMIT 1) FROM t;
SELECT (SELECT SUM(t.a) + COUNT(*) FROM u) FROM t;
SELECT (SELECT SUM(u.x) + SUM(t.a) FROM u) FROM t;
SELECT a, (SELECT SUM(t.b)) FROM t GROUP BY a ORDER BY a;
SELECT a FROM t GROUP BY a HAVING (SELECT SUM(t.b)) > 25;
SELECT a FROM t GROUP BY a HAVING EXISTS (SELECT 1 FROM u WHERE u.x = SUM(t.b) + 30) ORDER BY a;
SELECT (SELECT COUNT(*) FROM u WHERE u.x < MAX(t.a)) FROM t;
SELECT a, (SELECT COUNT(*) FROM u WHERE u.x < MAX(t.b)) FROM t GROUP BY a ORDER BY a;
SELECT (SELECT SUM(t.a + u.x) FROM u) s FROM t ORDER BY s;
SELECT * FROM (SELECT (SELECT SUM(t.a)) s FROM t) x;
CREATE TABLE tt (id INT PRIMARY KEY, t TIME, d DATE, dt DATETIME, v VARCHAR(5));
INSERT INTO tt VALUES (1, '10:00:00', '2024-01-02', '2024-01-02 03:04:05', 'ab'), (2, NULL, NULL, NULL, NULL);
SELECT COALESCE(t, 'x'), COALESCE(d, 'x'), COALESCE(dt, 'x'), IFNULL(t, 'x'), IFNULL(d, v) FROM tt ORDER BY id;
SELECT IF(t IS NULL, 'x', t), CASE WHEN d IS NULL THEN 'none' ELSE d END, COALESCE(v, d) FROM tt ORDER BY id;
