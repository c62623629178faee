-- DECIMAL, FLOAT and DOUBLE ZEROFILL pad their text with zeros (MySQL
-- 8.0 and MariaDB: DECIMAL(6,2) ZEROFILL 1.5 is 0001.50, FLOAT(6,2)
-- ZEROFILL 2.25 is 002.25); Myriad printed 1.50 and 2.25 and its catalog
-- kept only UNSIGNED.
CREATE TABLE dz (id INT PRIMARY KEY, d DECIMAL(6,2) ZEROFILL, f FLOAT(6,2) ZEROFILL, g DOUBLE(7,3) ZEROFILL, e DECIMAL(5,0) ZEROFILL, p FLOAT ZEROFILL, q DOUBLE ZEROFILL);
INSERT INTO dz VALUES (1, 1.5, 2.25, 3.5, 42, 2.25, 3.5), (2, 1234.5, 999.99, 0, 0, 0.5, 100);
SELECT d, f, g, e, p, q FROM dz ORDER BY id;
SELECT d AS x, f AS y, a.g FROM dz AS a ORDER BY id;
SELECT CONCAT(d), LENGTH(d), CONCAT(f), LENGTH(f), CONCAT(g), CONCAT(e), CONCAT(p), CONCAT(q) FROM dz ORDER BY id;
SELECT id FROM dz WHERE d LIKE '0001%' ORDER BY id;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'dz' AND COLUMN_NAME IN ('d', 'f', 'g', 'e') ORDER BY ORDINAL_POSITION;
CREATE VIEW vdz AS SELECT id, d, f FROM dz;
SELECT d, f, CONCAT(d), LENGTH(f) FROM vdz ORDER BY id;
SELECT d FROM (SELECT d FROM dz) s ORDER BY d;
CREATE TABLE dzt (t TEXT);
INSERT INTO dzt SELECT d FROM dz WHERE id = 1;
SELECT t FROM dzt;
-- An INT ZEROFILL AUTO_INCREMENT column is padded as well.
CREATE TABLE az (a INT(5) ZEROFILL AUTO_INCREMENT PRIMARY KEY, b INT);
INSERT INTO az (b) VALUES (1), (2);
INSERT INTO az VALUES (10, 3);
INSERT INTO az (b) VALUES (4);
SELECT a, CONCAT(a), LENGTH(a) FROM az ORDER BY a;
SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'az' AND COLUMN_NAME = 'a';
-- FLOAT(M,D) and INT ZEROFILL columns read through a view, a derived
-- table or a scalar subquery keep their decimals and padding in results
-- (Myriad printed 3.5 and 42).
CREATE TABLE fd (id INT PRIMARY KEY, f FLOAT(6,2), z INT(5) ZEROFILL);
INSERT INTO fd VALUES (1, 3.5, 42), (2, -2.25, 7);
CREATE VIEW vf AS SELECT id, f, z FROM fd;
CREATE VIEW vstar AS SELECT * FROM fd;
CREATE VIEW vv AS SELECT f AS g, z AS y FROM vf;
CREATE VIEW vexp (x) AS SELECT f * 2 FROM fd;
SELECT f, z FROM vf ORDER BY id;
SELECT f, f * 2, z FROM vstar ORDER BY id;
SELECT g, y FROM vv ORDER BY g;
SELECT x FROM vexp ORDER BY x;
SELECT f, z FROM (SELECT f, z FROM fd) s ORDER BY f;
SELECT w FROM (SELECT f AS w FROM fd) s ORDER BY w;
SELECT f FROM (SELECT * FROM fd) s ORDER BY f;
SELECT (SELECT f FROM fd WHERE id = 1), (SELECT f FROM fd WHERE id = 2) + 1;
-- Views over joins and UNIONs, derived tables in joins, expressions over
-- a join's columns.
CREATE TABLE k2 (id INT PRIMARY KEY, n INT);
INSERT INTO k2 VALUES (1, 5), (2, 6);
CREATE VIEW vj AS SELECT a.f, b.n, a.f * 2 AS f2, a.z FROM fd a JOIN k2 b ON a.id = b.id;
SELECT f, n, f2, z FROM vj ORDER BY n;
SELECT s.f, k2.n FROM k2 JOIN (SELECT id, f FROM fd) s ON s.id = k2.id ORDER BY n;
SELECT a.f * 2, f + n FROM fd a JOIN k2 ON a.id = k2.id ORDER BY n;
SELECT fd.f * 3, -fd.f FROM fd, k2 WHERE fd.id = k2.id ORDER BY n;
SELECT f FROM fd JOIN k2 USING (id) ORDER BY n;
SELECT f * 2 FROM fd JOIN k2 USING (id) ORDER BY n;
CREATE VIEW vus AS SELECT f, n FROM fd JOIN k2 USING (id);
SELECT f FROM vus ORDER BY n;
SELECT f FROM fd LEFT JOIN k2 ON fd.id = k2.id ORDER BY f;
CREATE VIEW vu AS SELECT f FROM fd UNION SELECT 1.5;
SELECT f FROM vu ORDER BY f;
-- -f and ABS(f) of a FLOAT are DOUBLE (MySQL's Item_func_neg and
-- Item_func_abs are REAL_RESULT): -f of FLOAT 2.2 is -2.200000047683716.
CREATE TABLE pf (f FLOAT, g FLOAT(6,2));
INSERT INTO pf VALUES (2.2, 2.2);
SELECT -f, ABS(f), -g, ABS(g) FROM pf;
SELECT CONCAT(-f), CONCAT(ABS(g)), -f * 1 FROM pf;
SELECT COUNT(*) FROM pf WHERE -f < -2.2;
SELECT x FROM (SELECT -f AS x FROM pf) s;
SELECT -f FROM pf UNION SELECT 1;
-- A UNION with a FLOAT(M,D) branch has the largest decimals of its
-- branches: stored into TEXT, read by CONCAT through a derived table
-- (Myriad stored and printed 2.25 and 1.5).
CREATE TABLE fd3 (f FLOAT(6,3));
INSERT INTO fd3 VALUES (2.25);
CREATE TABLE tx (t TEXT);
INSERT INTO tx SELECT f FROM fd3 UNION SELECT 1.5;
INSERT INTO tx SELECT f FROM fd3 UNION ALL SELECT 2 UNION SELECT 7;
INSERT INTO tx SELECT f / 3 FROM fd3 UNION SELECT 1;
-- unordered
SELECT t FROM tx;
-- unordered
SELECT CONCAT(f) FROM (SELECT f FROM fd3 UNION SELECT 1.5) s;
-- unordered
SELECT CONCAT(f), LENGTH(f) FROM (SELECT f * 3 AS f FROM fd3 UNION SELECT 1) s;
-- unordered
SELECT CONCAT(f) FROM (SELECT f FROM fd3 UNION SELECT 1.5e0) s;
-- unordered
SELECT CONCAT(f) FROM (SELECT f FROM fd3 UNION ALL SELECT 2 UNION SELECT 7) s;
-- A view's column that divides takes the session's div_precision_increment.
CREATE VIEW vdiv AS SELECT f / 3 AS x FROM fd3;
SELECT x, CONCAT(x) FROM vdiv;
-- setup
SET div_precision_increment = 2;
SELECT x, CONCAT(x) FROM vdiv;
-- setup
SET div_precision_increment = 4;
