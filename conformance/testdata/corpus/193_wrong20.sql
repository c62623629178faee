-- wrong20 (issue #9): div_precision_increment, fractional digits of
-- temporal expressions, a UNION's OFFSET, CREATE TABLE ... SELECT of a
-- UNION with a NULL side, GREATEST/LEAST of ENUM/SET.
CREATE TABLE dv (id INT PRIMARY KEY, d DECIMAL(10,2), n INT);
INSERT INTO dv VALUES (1, 1.50, 1), (2, 2.25, 2), (3, 7.00, 7);
SET div_precision_increment = 2;
SELECT 1/3, 2/3, 10/4, 1.5/3, 1/3*3;
SELECT d/3, n/3, AVG(n), AVG(d) FROM dv WHERE id = 1 GROUP BY d, n;
SELECT SUM(n/3), AVG(n) FROM dv;
SET div_precision_increment = 0;
SELECT 1/3, 2/3, 5/3, 1.5/3, 1/3*3, AVG(n) FROM dv;
SET div_precision_increment = 12;
SELECT 1/3, 7/3/3, 7/3/3*2, 1.000000001/3;
SET div_precision_increment = 4;
SELECT 1/3*3, 1/3/3, 2/3+0, ROUND(1/3, 6), CONCAT(1/3), CAST(1/3 AS DECIMAL(10,5));
SELECT SUM(1/3) FROM dv WHERE id < 3;

CREATE TABLE fx (id INT PRIMARY KEY, dt DATETIME(6), d3 DATETIME(3), d0 DATETIME);
INSERT INTO fx VALUES (1, '2024-01-01 10:00:00', '2024-01-01 10:00:00.1', '2024-01-01 10:00:00');
SELECT dt FROM fx UNION ALL SELECT d3 FROM fx;
SELECT d0 FROM fx UNION ALL SELECT d3 FROM fx;
SELECT CAST('2024-01-01' AS DATETIME(6)), CAST(d0 AS DATETIME(3)), dt + INTERVAL 1 SECOND, TIMESTAMP(dt), MAX(dt) FROM fx GROUP BY d0, dt;
SELECT FROM_UNIXTIME(0) = '1970-01-01 00:00:00', CONVERT_TZ(d0, '+00:00', '+01:00'), CONVERT_TZ('2024-01-01 00:00:00.50', '+00:00', '+01:00') FROM fx;

CREATE TABLE uo (id INT PRIMARY KEY);
INSERT INTO uo VALUES (1), (2), (3), (4);
SELECT id FROM uo UNION ALL SELECT id + 10 FROM uo ORDER BY 1 DESC LIMIT 2 OFFSET 1;
SELECT id FROM uo UNION SELECT id FROM uo ORDER BY 1 LIMIT 1, 2;
SELECT * FROM (SELECT id FROM uo UNION ALL SELECT id + 10 FROM uo ORDER BY 1 DESC LIMIT 3 OFFSET 3) x ORDER BY 1;

CREATE TABLE cs (id INT PRIMARY KEY, d0 DATETIME, dd DATE, v VARCHAR(10), u INT UNSIGNED);
INSERT INTO cs VALUES (1, '2024-01-01 10:00:00', '2024-01-02', 'hello', 7);
-- The new tables' column types show in their SELECT's column types (an INT
-- UNSIGNED beside NULL is left out: MariaDB makes it DECIMAL, MySQL keeps it).
CREATE TABLE csu AS SELECT d0, id, v FROM cs UNION SELECT NULL, NULL, NULL;
SELECT * FROM csu ORDER BY id;
CREATE TABLE csv AS SELECT NULL AS x, NULL AS y UNION ALL SELECT dd, 2.5 FROM cs;
SELECT * FROM csv ORDER BY x;

CREATE TABLE ge (id INT PRIMARY KEY, e ENUM('b','a','c'), s SET('x','y','z'), v VARCHAR(10));
INSERT INTO ge VALUES (1, 'a', 'x,z', 'hello'), (2, 'c', NULL, 'a');
SELECT GREATEST(e, 'b'), LEAST(e, 'b'), GREATEST(e, 'aa'), LEAST(e, 'B') FROM ge ORDER BY id;
SELECT GREATEST(s, 'y'), LEAST(s, 'y'), GREATEST(s, e), LEAST(e, s, v) FROM ge ORDER BY id;
SELECT id FROM ge WHERE GREATEST(e, 'b') = 'c';
