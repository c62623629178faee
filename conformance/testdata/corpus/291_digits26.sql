-- digits26 (issue #9): printed digits. TestDifferential compares the text
-- each server sends since digits26 (go-sql-driver parsed integer and
-- FLOAT/DOUBLE columns before: 0005 read as 5, 1.50 as 1.5), so ZEROFILL
-- padding, FLOAT(M,D) decimals and a DOUBLE's notation are compared here.
-- ZEROFILL integers of every width pad to their display width (the
-- type's full width without one).
CREATE TABLE z (id INT PRIMARY KEY, t TINYINT(3) ZEROFILL, s SMALLINT(5) ZEROFILL, m MEDIUMINT(8) ZEROFILL, i INT(10) ZEROFILL, b BIGINT(20) ZEROFILL, tu TINYINT UNSIGNED ZEROFILL, iw INT(4) ZEROFILL);
INSERT INTO z VALUES (1, 5, 42, 1234, 99, 123456789, 7, 12345), (2, 255, 65535, 16777215, 4294967295, 18446744073709551615, 0, 0), (3, NULL, 1, 1, 1, 1, NULL, 1);
SELECT * FROM z ORDER BY id;
SELECT id, t, s, m, i, b, tu, iw FROM z ORDER BY id;
SELECT id, t AS x, z.s, i AS i2 FROM z ORDER BY id;
SELECT id, t + 0, s * 1, CONCAT(t), LENGTH(i), CAST(m AS CHAR) FROM z ORDER BY id;
SELECT MAX(t), MIN(i), SUM(s) FROM z;
CREATE VIEW vz AS SELECT id, t, i, b FROM z;
SELECT * FROM vz ORDER BY id;
SELECT d.t, d.i FROM (SELECT id, t, i FROM z) d ORDER BY d.id;
WITH c AS (SELECT id, s, iw FROM z) SELECT s, iw FROM c ORDER BY id;
SELECT t FROM z WHERE id = 1 UNION ALL SELECT t FROM z WHERE id = 2;
-- FLOAT(M,D) and DOUBLE(M,D) print D decimals, also through
-- expressions, aggregates, views and derived tables.
CREATE TABLE fl (id INT PRIMARY KEY, f FLOAT(7,2), g FLOAT(5,3), d DOUBLE(10,4), e DOUBLE(12,0), fz FLOAT(6,2) ZEROFILL);
INSERT INTO fl VALUES (1, 1.5, 1.25, 3.14159, 42, 1.5), (2, -12345.67, -9.999, -0.00005, 1e11, 0), (3, 0, 0, 0, 0, 12.345);
SELECT * FROM fl ORDER BY id;
SELECT id, f * 2, d + 1, f + d, -f, ABS(d), e / 4 FROM fl ORDER BY id;
SELECT SUM(f), MIN(d), MAX(g), AVG(f), SUM(e) FROM fl;
SELECT id, CONCAT(f), LENGTH(d), CAST(g AS CHAR) FROM fl ORDER BY id;
CREATE VIEW vf AS SELECT id, f, d, fz FROM fl;
SELECT * FROM vf ORDER BY id;
SELECT x.f, x.d FROM (SELECT id, f, d FROM fl) x ORDER BY x.id;
SELECT f FROM fl WHERE id = 1 UNION ALL SELECT f FROM fl WHERE id = 2;
SELECT id, IF(id > 1, f, d), COALESCE(f, d) FROM fl ORDER BY id;
-- ROUND and TRUNCATE print their literal D whatever the argument
-- (Item_func_round::resolve_type); Myriad printed the shortest DOUBLE.
CREATE TABLE dx (id INT PRIMARY KEY, d DOUBLE, f FLOAT);
INSERT INTO dx VALUES (1, 1e308, 3.4e38), (2, -2.2250738585072014e-308, 1.17549435e-38), (3, 123456789.123456789, 123456.789), (4, 0.1, 0.1), (5, 2.5, 2.5), (6, 1e15, 1e15), (7, 1e-5, 1e-5);
SELECT * FROM dx ORDER BY id;
SELECT id, ROUND(d, 2), TRUNCATE(d, 3), ROUND(d), ROUND(f, 1) FROM dx WHERE id > 2 ORDER BY id;
SELECT ROUND(AVG(d), 4), ROUND(STD(d), 2), TRUNCATE(SUM(f), 1) FROM dx WHERE id > 2;
SELECT id, ROUND(d, 2) * 2, ROUND(d, 2) + 1e0 FROM dx WHERE id IN (4, 5) ORDER BY id;
SELECT ROUND(1.5e0, 3), TRUNCATE(1e2, 1), ROUND('2.5', 2), ROUND(1e20), ROUND(2.5e0, 40);
-- Read as a string, ROUND's D decimals are printed (val_str of a REAL with
-- fixed decimals); open item 10, fixed by meta27.
SELECT id, CONCAT(ROUND(d, 2)), LENGTH(TRUNCATE(d, 3)) FROM dx WHERE id IN (4, 5) ORDER BY id;
-- DOUBLE extremes and notation: fixed for decimal exponents -15..14
-- (my_gcvt), shortest digits that read back.
SELECT 1e308, -1e308, 1.7976931348623157e308, 2.2250738585072014e-308;
SELECT 1e14, 1e15, 1e16, 123456789012345678e0, 1e-5, 1e-6, 1.5e-7;
SELECT 0.1e0 + 0.2e0, 1 / 3e0, 2e0 / 3, 100000000000000000000e0, -1.5e-10;
SELECT d * 10, d / 10, f + 0 FROM dx WHERE id IN (3, 4, 6) ORDER BY id;
-- YEAR prints four digits (0000 for zero), also as a number.
CREATE TABLE y (id INT PRIMARY KEY, y YEAR);
INSERT INTO y VALUES (1, 2024), (2, 0), (3, 69), (4, 70), (5, '0'), (6, '00'), (7, 1901), (8, 2155);
SELECT * FROM y ORDER BY id;
SELECT id, y + 0, CONCAT(y), y FROM y ORDER BY id;
-- A column's YEAR is padded, an expression's is not (MIN of a YEAR 0 is
-- 0; with GROUP BY, 0000): year27.
SELECT MIN(y), MAX(y) FROM y;
SELECT d.y FROM (SELECT id, y FROM y) d ORDER BY d.id;
-- BIT columns: the value's bytes, and their numbers.
CREATE TABLE bt (id INT PRIMARY KEY, b BIT(8), c BIT(1), w BIT(64));
INSERT INTO bt VALUES (1, b'1000001', b'1', 255), (2, 0, 0, 18446744073709551615), (3, 97, 1, 65);
SELECT id, b, c + 0, w + 0, HEX(b), BIN(w), b + 0 FROM bt ORDER BY id;
SELECT id, HEX(w), OCT(b) FROM bt ORDER BY id;
-- DECIMAL scales: every declared digit, through arithmetic.
CREATE TABLE dc (id INT PRIMARY KEY, a DECIMAL(5,2), b DECIMAL(10,0), c DECIMAL(30,10), d DECIMAL(65,30), u DECIMAL(6,3) UNSIGNED ZEROFILL);
INSERT INTO dc VALUES (1, 1.5, 42, 0.1, 1e-30, 1.5), (2, -999.99, -1, -12345678901234567890.123456789, 0, 0), (3, 0, 0, 0, 0, 999.999);
SELECT * FROM dc ORDER BY id;
SELECT id, a * 2, a / 3, a + b, c * 2, u + 0, -a FROM dc ORDER BY id;
SELECT SUM(a), AVG(a), AVG(b), MAX(u), MIN(c) FROM dc;
SELECT 1.50 + 1, 0.1 + 0.2, 1 / 3, 10 / 4, CAST(1.5 AS DECIMAL(10,4)), -0.00, 0.000;
CREATE VIEW vd AS SELECT id, a, u, a * 2 AS a2 FROM dc;
SELECT * FROM vd ORDER BY id;
SELECT a FROM dc WHERE id = 1 UNION ALL SELECT b FROM dc WHERE id = 2;
