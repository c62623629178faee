-- SQL-level prepared statements through the CLI: the OK packet of PREPARE
-- carries the info "Statement prepared", which the client reads as a
-- length-encoded string (it failed with 2027 "Received malformed packet").
CREATE DATABASE prep;
USE prep;
CREATE TABLE t (id INT PRIMARY KEY, a INT);
INSERT INTO t VALUES (1, 10), (2, 20);
PREPARE s FROM 'SELECT id, a FROM t WHERE id = ?';
SET @x = 2;
EXECUTE s USING @x;
PREPARE u FROM 'UPDATE t SET a = a + 1 WHERE id = ?';
EXECUTE u USING @x;
EXECUTE s USING @x;
DEALLOCATE PREPARE s;
EXECUTE s USING @x;
DEALLOCATE PREPARE s;
DROP DATABASE prep;
