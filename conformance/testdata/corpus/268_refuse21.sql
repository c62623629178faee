-- refuse21 (issue #9): a condition over RAND(N) is evaluated per row, not
-- folded once for the statement (server/refuse21_test.go).
CREATE TABLE r (id INT PRIMARY KEY, a INT, b INT);
INSERT INTO r VALUES (1,1,3),(2,2,2),(3,3,1),(4,4,4),(5,5,5),(6,6,6),(7,7,7),(8,8,8),(9,9,9),(10,10,10);
SELECT GROUP_CONCAT(id ORDER BY id) FROM r WHERE RAND(3) < 0.5;
SELECT id FROM r WHERE RAND(7) < 0.5 ORDER BY id;
SELECT COUNT(*) FROM r WHERE RAND(1) < 2;
-- UPDATE/DELETE reading their target in a subquery: MySQL 8.0 refuses (1093).
-- mysql-differs: MariaDB 10.11 materializes the subquery and runs the statement
-- expect-error: 1093
UPDATE r SET a = 1 WHERE id IN (SELECT id FROM r);
-- mysql-differs: MariaDB 10.11 materializes the subquery and runs the statement
-- expect-error: 1093
DELETE FROM r WHERE id IN (SELECT id FROM r WHERE id > 100);
UPDATE r SET a = a + 1 WHERE id IN (SELECT * FROM (SELECT id FROM r) x);
