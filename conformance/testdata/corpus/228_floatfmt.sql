-- floatfmt (issue #9): DOUBLE results in the text protocol print as
-- MySQL's my_gcvt. The harness reads rows through go-sql-driver, which
-- parses a DOUBLE column's text into a float64, so these compare values;
-- the text itself is asserted by server/floatfmt_test.go (mariadb CLI).
CREATE TABLE g (id INT PRIMARY KEY, g DOUBLE, f FLOAT, d DOUBLE(10,2));
INSERT INTO g VALUES (1, 1e10, 3.4e38, 1.5), (2, 123456789012.5, 12345.678, 2), (3, 1.5e-5, 0.1, NULL);
SELECT 1234567e0, 12345678.5e0, -1e6, 1e10, 1e15, 1e20, 123456789012345678e0, 1.5e-5, 1e-7;
SELECT id, g, f, d FROM g ORDER BY id;
SELECT SUM(g), MAX(g), MIN(g), AVG(g) FROM g WHERE id < 3;
SELECT id, g + 0, g * 2 FROM g ORDER BY id;
SELECT CONCAT(g), CAST(g AS CHAR) FROM g ORDER BY id;
