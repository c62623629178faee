-- GROUP_CONCAT of several expressions: each row's values concatenated (GMS
-- appended the first alone); a row with a NULL argument skipped.
CREATE TABLE t (id INT PRIMARY KEY, n INT, s VARCHAR(8));
INSERT INTO t VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, NULL), (4, NULL, 'd');
SELECT GROUP_CONCAT(id, ':', n ORDER BY id) FROM t;
SELECT GROUP_CONCAT(id, s ORDER BY id DESC SEPARATOR ';') FROM t;
SELECT GROUP_CONCAT(id, NULL) FROM t;
SELECT n IS NULL AS k, GROUP_CONCAT(id, '-', s ORDER BY id) FROM t GROUP BY k ORDER BY k;
SELECT GROUP_CONCAT(n, 'x', n * 2 ORDER BY n) FROM t;
SELECT LENGTH(GROUP_CONCAT(id, s ORDER BY id)) FROM t;
