-- Subqueries: scalar, correlated, IN/EXISTS/ANY/ALL, derived tables, CTEs
-- (including recursive), subqueries in SELECT/WHERE/HAVING/ORDER BY.
CREATE TABLE o (id INT PRIMARY KEY, cust INT, amt DECIMAL(10,2), st VARCHAR(10), KEY kc (cust));
CREATE TABLE c (id INT PRIMARY KEY, name VARCHAR(20), tier INT);
INSERT INTO c VALUES (1, 'acme', 1), (2, 'bolt', 2), (3, 'core', 1), (4, 'dyne', NULL);
INSERT INTO o VALUES (1, 1, 10.00, 'new'), (2, 1, 25.50, 'paid'), (3, 2, 5.25, 'paid'), (4, 3, 100.00, 'new'), (5, NULL, 7.00, 'void'), (6, 2, 12.75, 'new'), (7, 1, NULL, 'new');
SELECT (SELECT MAX(amt) FROM o);
SELECT (SELECT name FROM c WHERE id = 2);
SELECT (SELECT name FROM c WHERE id = 99);
SELECT (SELECT id FROM c);
SELECT id, (SELECT name FROM c WHERE c.id = o.cust) FROM o ORDER BY id;
SELECT id, (SELECT COUNT(*) FROM o x WHERE x.cust = o.cust) FROM o ORDER BY id;
SELECT name, (SELECT SUM(amt) FROM o WHERE o.cust = c.id) FROM c ORDER BY id;
SELECT name, (SELECT COALESCE(SUM(amt), 0) FROM o WHERE o.cust = c.id) AS total FROM c ORDER BY total DESC, name;
SELECT name FROM c WHERE id IN (SELECT cust FROM o WHERE st = 'new') ORDER BY name;
SELECT name FROM c WHERE id NOT IN (SELECT cust FROM o WHERE st = 'new');
SELECT name FROM c WHERE id NOT IN (SELECT cust FROM o WHERE st = 'paid') ORDER BY name;
SELECT name FROM c WHERE EXISTS (SELECT * FROM o WHERE o.cust = c.id AND o.amt > 20) ORDER BY name;
SELECT name FROM c WHERE NOT EXISTS (SELECT * FROM o WHERE o.cust = c.id) ORDER BY name;
SELECT name FROM c WHERE (SELECT COUNT(*) FROM o WHERE o.cust = c.id) >= 2 ORDER BY name;
SELECT id FROM o WHERE amt > (SELECT AVG(amt) FROM o) ORDER BY id;
SELECT id FROM o WHERE amt > (SELECT AVG(amt) FROM o x WHERE x.cust = o.cust) ORDER BY id;
SELECT id FROM o WHERE amt >= ALL (SELECT amt FROM o WHERE amt IS NOT NULL);
SELECT id FROM o WHERE amt >= ALL (SELECT amt FROM o);
SELECT id FROM o WHERE amt < ANY (SELECT amt FROM o WHERE cust = 2) ORDER BY id;
SELECT id FROM o WHERE cust = ANY (SELECT id FROM c WHERE tier = 1) ORDER BY id;
SELECT id FROM o WHERE cust <> ALL (SELECT id FROM c WHERE tier = 1) ORDER BY id;
SELECT id FROM o WHERE (cust, st) IN (SELECT id, 'new' FROM c) ORDER BY id;
SELECT id FROM o WHERE (cust, st) NOT IN (SELECT id, 'new' FROM c) ORDER BY id;
SELECT t.cust, t.total FROM (SELECT cust, SUM(amt) AS total FROM o GROUP BY cust) t WHERE t.total > 20 ORDER BY t.cust;
SELECT MAX(total) FROM (SELECT cust, SUM(amt) AS total FROM o GROUP BY cust) t;
SELECT * FROM (SELECT id, amt * 2 AS dbl FROM o WHERE amt IS NOT NULL) t WHERE dbl > 20 ORDER BY id;
SELECT COUNT(*) FROM (SELECT DISTINCT cust FROM o) t;
SELECT cust, SUM(amt) FROM o GROUP BY cust HAVING SUM(amt) > (SELECT AVG(amt) FROM o) ORDER BY cust;
SELECT id FROM o ORDER BY (SELECT name FROM c WHERE c.id = o.cust), id;
WITH t AS (SELECT cust, SUM(amt) s FROM o GROUP BY cust) SELECT * FROM t WHERE s IS NOT NULL ORDER BY cust;
WITH t AS (SELECT 1 AS x UNION ALL SELECT 2) SELECT x * 10 FROM t ORDER BY x;
WITH a AS (SELECT id FROM c WHERE tier = 1), b AS (SELECT * FROM o WHERE cust IN (SELECT id FROM a)) SELECT COUNT(*), SUM(amt) FROM b;
WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT SUM(n), COUNT(*) FROM r;
WITH RECURSIVE r (n, f) AS (SELECT 1, 1 UNION ALL SELECT n + 1, f * (n + 1) FROM r WHERE n < 10) SELECT n, f FROM r ORDER BY n;
WITH RECURSIVE fib (a, b) AS (SELECT 0, 1 UNION ALL SELECT b, a + b FROM fib WHERE b < 100) SELECT a FROM fib ORDER BY a;
WITH RECURSIVE s (x) AS (SELECT 'a' UNION ALL SELECT CONCAT(x, 'a') FROM s WHERE LENGTH(x) < 3) SELECT x FROM s ORDER BY x;
WITH RECURSIVE s (x) AS (SELECT CAST('a' AS CHAR(5)) UNION ALL SELECT CONCAT(x, 'a') FROM s WHERE LENGTH(x) < 3) SELECT x FROM s ORDER BY x;
WITH RECURSIVE s (n, x) AS (SELECT 1, 'abc' UNION ALL SELECT n + 1, 'x' FROM s WHERE n < 3) SELECT n, x FROM s ORDER BY n;
SELECT id FROM o WHERE cust IN (SELECT id FROM c WHERE id IN (SELECT cust FROM o WHERE amt > 50));
SELECT c.name, x.n FROM c JOIN (SELECT cust, COUNT(*) AS n FROM o GROUP BY cust) x ON x.cust = c.id ORDER BY c.name;
SELECT c.name FROM c WHERE c.tier = (SELECT MIN(tier) FROM c) ORDER BY c.name;
SELECT c.name FROM c WHERE c.tier IN (SELECT tier FROM c WHERE name LIKE 'b%');
SELECT (SELECT COUNT(*) FROM o) - (SELECT COUNT(*) FROM c);
SELECT EXISTS (SELECT 1 FROM o WHERE amt > 1000), EXISTS (SELECT 1 FROM o);
SELECT id, EXISTS (SELECT 1 FROM c WHERE c.id = o.cust AND c.tier = 1) FROM o ORDER BY id;
SELECT id, cust IN (SELECT id FROM c WHERE tier = 1) FROM o ORDER BY id;
SELECT id, cust NOT IN (SELECT id FROM c WHERE tier IS NULL OR tier = 2) FROM o ORDER BY id;
SELECT id, cust NOT IN (SELECT tier FROM c) FROM o ORDER BY id;
SELECT * FROM c WHERE tier NOT IN (SELECT tier FROM c WHERE id > 2);
SELECT * FROM c WHERE tier IN (SELECT tier FROM c WHERE id > 2) ORDER BY id;
SELECT name FROM c WHERE id = (SELECT cust FROM o WHERE id = 5);
SELECT name FROM c WHERE id = (SELECT cust FROM o);
SELECT (SELECT amt FROM o ORDER BY amt DESC LIMIT 1);
SELECT (SELECT amt FROM o ORDER BY amt LIMIT 1);
SELECT id FROM o WHERE amt = (SELECT MAX(amt) FROM o x WHERE x.st = o.st) ORDER BY id;
SELECT st, (SELECT COUNT(*) FROM c WHERE c.tier = 1) FROM o GROUP BY st ORDER BY st;
SELECT id FROM o o1 WHERE 2 > (SELECT COUNT(*) FROM o o2 WHERE o2.amt > o1.amt) ORDER BY id;
SELECT cust FROM o GROUP BY cust HAVING COUNT(*) > (SELECT COUNT(*) FROM c WHERE tier IS NULL) ORDER BY cust;
SELECT * FROM (SELECT * FROM (SELECT id, cust FROM o) a WHERE cust > 1) b ORDER BY id;
SELECT id FROM o WHERE EXISTS (SELECT 1 FROM c WHERE c.id = o.cust) AND NOT EXISTS (SELECT 1 FROM c WHERE c.id = o.cust AND tier = 2) ORDER BY id;
-- mysql-differs: MariaDB 10.11 has no LATERAL derived tables (MySQL 8.0.14+ does)
-- expect: 0
-- expect: 1
-- expect: 2
-- expect: 3
SELECT LATERAL_TEST.* FROM c, LATERAL (SELECT COUNT(*) AS n FROM o WHERE o.cust = c.id) AS LATERAL_TEST ORDER BY n;
