-- ambig22 (issue #9): forms MySQL 8.0 accepts next to the ones it refuses with 1052
-- (ambiguous column) and 3065 (DISTINCT with ORDER BY a column not selected). The
-- refusals are still open (docs/COMPATIBILITY.md); these lines guard a future check
-- against refusing what MySQL runs.
CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT);
CREATE TABLE u (id INT PRIMARY KEY, a INT, c INT);
INSERT INTO t VALUES (1,1,10),(2,2,20),(3,2,30);
INSERT INTO u VALUES (1,1,5),(2,2,6),(3,3,7);
-- A USING/NATURAL column is one column, not ambiguous.
SELECT SUM(a) FROM t JOIN u USING (a);
SELECT a, COUNT(*) FROM t JOIN u USING (a) GROUP BY a ORDER BY a;
SELECT a, COUNT(*) FROM t JOIN u USING (a) GROUP BY a HAVING a > 1;
SELECT SUM(a) FROM t NATURAL JOIN u;
-- Qualified references.
SELECT SUM(t.a), SUM(u.a) FROM t JOIN u ON t.id = u.id;
SELECT t.a, COUNT(*) FROM t JOIN u ON t.id = u.id GROUP BY t.a ORDER BY t.a;
-- A select alias wins in GROUP BY, HAVING and ORDER BY.
SELECT t.a AS a, COUNT(*) FROM t JOIN u ON t.id = u.id GROUP BY a ORDER BY a;
SELECT t.a AS a, COUNT(*) AS n FROM t JOIN u ON t.id = u.id GROUP BY a HAVING a > 1;
-- Columns only one table has.
SELECT SUM(b), SUM(c) FROM t JOIN u ON t.id = u.id;
-- DISTINCT ordered by selected columns, an alias, a position or an expression over them.
SELECT DISTINCT a FROM t ORDER BY a;
SELECT DISTINCT a AS x FROM t ORDER BY x DESC;
SELECT DISTINCT a FROM t ORDER BY 1 DESC;
SELECT DISTINCT a, b FROM t ORDER BY a + b;
