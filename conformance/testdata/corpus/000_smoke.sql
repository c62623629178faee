-- Smoke: the harness itself.
SELECT 1;
SELECT 1 + 1, 'a', NULL;
CREATE TABLE t (a INT PRIMARY KEY, b VARCHAR(10));
INSERT INTO t VALUES (1, 'x'), (2, NULL);
SELECT * FROM t;
SELECT * FROM t ORDER BY a DESC;
SELECT nosuchcol FROM t;
