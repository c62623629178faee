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
-- MIN()/MAX() of ENUM and SET compare the members' text (MySQL's manual,
-- MAX(): "by their string value rather than by the string's relative
-- position in the set"); GMS compared member numbers.
CREATE TABLE es (id INT PRIMARY KEY, k INT, s SET('p','q'), e ENUM('zz','a','m','B'));
INSERT INTO es VALUES (1, 1, 'p,q', 'zz'), (2, 1, '', 'a'), (3, 2, 'q', 'm'), (4, 2, 'p', 'B');
SELECT MAX(s), MIN(s), MAX(e), MIN(e) FROM es;
SELECT k, MAX(s), MIN(s), MAX(e), MIN(e) FROM es GROUP BY k ORDER BY k;
SELECT id, MAX(e) OVER (), MIN(e) OVER (), MAX(s) OVER (PARTITION BY k) FROM es ORDER BY id;
