-- FLOAT values (no declared scale) print with six significant digits
-- (my_gcvt, FLT_DIG), columns and expressions alike; GMS printed the
-- shortest text that reads back as the float (12345.678, 1.8446744e+19).
CREATE TABLE fl (id INT PRIMARY KEY, f FLOAT, d DOUBLE);
INSERT INTO fl VALUES (1, 12345.678, 12345.678), (2, 1.23456789, 1.23456789), (3, 123456789, 123456789), (4, -0.000001234567, 0), (5, 1e30, 1e30), (6, NULL, NULL), (7, 3.4e38, -1e-30);
SELECT id, f FROM fl ORDER BY id;
SELECT id, f, d FROM fl WHERE f > 1 ORDER BY id;
SELECT MIN(f), MAX(f) FROM fl;
SELECT f AS x FROM fl WHERE id = 1;
SELECT CAST(d AS FLOAT) FROM fl WHERE id IN (1, 2, 3) ORDER BY id;
SELECT CAST(0.1 AS FLOAT), CAST(1e-20 AS FLOAT), CAST(1e15 AS FLOAT), CAST(1e14 AS FLOAT), CAST(-2.5 AS FLOAT);
SELECT CAST(1234567 AS FLOAT), CAST(999999.5 AS FLOAT), CAST(123.456789e-10 AS FLOAT);
