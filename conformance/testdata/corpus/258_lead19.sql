-- lead (session 19): the zero date through expressions, temporal/number
-- branches, bit operators and BIT_* aggregates over DECIMAL, DOUBLE,
-- temporal and string operands.
SET sql_mode = '';
CREATE TABLE zd (id INT PRIMARY KEY, dt DATE, ts DATETIME(3), d DECIMAL(10,3), f FLOAT, s VARCHAR(10));
INSERT INTO zd VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125', 1.5, 1.25, '3'), (2, '2023-12-01', '2023-12-01 00:00:00', -0.125, -3.5, '-0.5'), (3, NULL, NULL, NULL, NULL, NULL), (4, '0000-00-00', '0000-00-00 00:00:00', 99999.999, 0, 'abc');
SET sql_mode = DEFAULT;
-- GMS holds '0000-00-00' as 0000-01-01 and printed or counted it so.
SELECT dt + 0, CONCAT(dt), CAST(dt AS CHAR), CONCAT(ts), ts + 0, COALESCE(dt, 1), IFNULL(ts, 1) FROM zd WHERE id = 4;
SELECT GROUP_CONCAT(dt ORDER BY id), SUM(dt), AVG(dt), BIT_OR(dt), SUM(ts) FROM zd;
SELECT COUNT(*) FROM zd WHERE dt = 0;
SELECT id FROM zd WHERE dt IN (0, 20240131) ORDER BY id;
SELECT id FROM zd WHERE dt > 0 ORDER BY id;
SELECT COUNT(*) FROM zd WHERE dt <=> 0;
SELECT id FROM zd WHERE 0 = dt;
-- A DATE or DATETIME branch beside a number: MySQL's VARCHAR.
SELECT IF(1, dt, 0), IF(0, 0, dt), CASE WHEN id THEN dt ELSE 1.5 END, IF(id > 1, 2.5e0, ts), IF(id = 4, dt, 7) FROM zd ORDER BY id;
-- Bit operators over DECIMAL, DOUBLE, temporal and string operands are BIGINT UNSIGNED.
SELECT -0.125 | 0, -0.5 | 0, -0.6 | 0, -1.5 | 0, 2.5 | 0, -0.4e0 | 0, -0.6e0 | 0;
SELECT d | 0, f & 255, d << 1, f >> 1, dt | 0, ts | 0 FROM zd ORDER BY id;
SELECT '3' | 0, '2.5' | 0, '-0.5' | 0, s | 0 FROM zd ORDER BY id;
SELECT 18446744073709551615 | 0.5, 18446744073709551616.0 | 0, -9223372036854775809 | 0, 1e300 | 0;
SELECT BIT_XOR(d), BIT_OR(d), BIT_AND(d), BIT_OR(f), BIT_OR(dt) FROM zd;
SELECT BIT_OR(-0.125), BIT_OR(-0.5), BIT_OR(-0.6), BIT_OR(0.5), BIT_OR(-1.5), BIT_AND(2.5), BIT_OR(-1e0), BIT_OR(-0.4e0);
-- CAST of a temporal AS DOUBLE is its number (it was the Unix timestamp; a TIME 0).
CREATE TABLE ct (id INT PRIMARY KEY, dt DATE, ts DATETIME(3), tm TIME, g DOUBLE, f FLOAT);
INSERT INTO ct VALUES (1, '2024-01-31', '2024-01-31 10:00:00.125', '10:11:12', 1e20, 1.25), (2, '2023-12-01', '2023-12-01 00:00:00', '-01:00:00', 2.5, -3.5), (3, NULL, NULL, NULL, NULL, NULL);
SELECT CAST(ts AS DOUBLE), CAST(dt AS DOUBLE), CAST(tm AS DOUBLE) FROM ct ORDER BY id;
-- Strings read as dates by MySQL's str_to_datetime: any punctuation, two-digit years.
SELECT CAST('24-01-31' AS DATE), CAST('2024/1/3' AS DATE), CAST('2024.01.31' AS DATE), CAST('240131' AS DATE), CAST('2024^01^31' AS DATE);
SELECT CAST('2024-01-31 10.20.30' AS DATETIME), CAST('24/01/31 10:20:30' AS DATETIME), CAST('2024/02/30' AS DATE);
SELECT '24-1-31' + INTERVAL 0 DAY, DATE_ADD('2024/01/31', INTERVAL 1 DAY), '2024.01.31' - INTERVAL 1 MONTH;
-- A DOUBLE's text in string functions and CAST AS CHAR is MySQL's (1e20, not 21 digits).
SELECT CONCAT(g), CAST(g AS CHAR), LENGTH(g), SUBSTR(g, 1, 3), REPLACE(g, '0', 'x'), LPAD(g, 8, '*') FROM ct ORDER BY id;
SELECT CAST(1e20 AS CHAR), CAST(123456789012345678e0 AS CHAR), CAST(1e15 AS CHAR), CONCAT(1e16), CONCAT(f) FROM ct WHERE id = 1;
-- Numbers and punctuated strings stored into temporal columns; DOUBLEs into strings.
CREATE TABLE sd (id INT PRIMARY KEY, dt DATE, ts DATETIME, s VARCHAR(5), g DOUBLE);
INSERT INTO sd (id, dt, ts, s) VALUES (1, 20240131, 20240131101010, 1e20), (2, 240131, '2024/01/31 10.20.30', 1.5e0), (3, '24-1-31', 20240131, -0.5e0);
INSERT INTO sd (id, g) VALUES (4, 1e20);
UPDATE sd SET dt = 20231231, ts = 19991231235958, s = g WHERE id = 4;
SELECT * FROM sd ORDER BY id;
INSERT INTO sd (id, dt) VALUES (5, 20240231);
INSERT INTO sd (id, dt) VALUES (7, 123);
SELECT dt FROM sd WHERE id = 7;
-- mysql-differs: MySQL 8.0's default sql_mode has NO_ZERO_DATE under strict mode, so 0 is refused; MariaDB's default stores 0000-00-00
-- expect-error: 1292
INSERT INTO sd (id, dt) VALUES (6, 0);
-- A temporal used as a condition is tested as its number: the zero date and TIME 0 are false.
SET sql_mode = '';
CREATE TABLE wp (id INT PRIMARY KEY, pd DATETIME NOT NULL DEFAULT '0000-00-00 00:00:00', tm TIME);
INSERT INTO wp (id, pd, tm) VALUES (1, '2024-01-31 10:00:00', '00:00:00'), (2, DEFAULT, '00:00:01'), (3, '2023-05-06 07:08:09', NULL);
SET sql_mode = DEFAULT;
SELECT id, IF(pd, 'y', 'n'), IF(tm, 'y', 'n'), pd OR 0, NOT pd, tm AND 1 FROM wp ORDER BY id;
SELECT id FROM wp WHERE pd ORDER BY id;
SELECT id FROM wp WHERE NOT pd ORDER BY id;
SELECT id FROM wp WHERE tm ORDER BY id;
SELECT IF(TIME'00:00:00', 'y', 'n'), IF(TIME'00:00:01', 'y', 'n'), IF(DATE'2024-01-01', 'y', 'n'), CASE WHEN TIME'00:00:00' THEN 1 ELSE 0 END;
-- A DOUBLE's text in GROUP_CONCAT, CRC32 and the other digest functions.
SELECT GROUP_CONCAT(g ORDER BY id), GROUP_CONCAT(g ORDER BY g DESC SEPARATOR ';'), GROUP_CONCAT(DISTINCT f ORDER BY f) FROM ct;
SELECT CRC32(g), MD5(g), SHA1(g), HEX(g) FROM ct ORDER BY id;
SELECT COALESCE(f, id), IFNULL(g, id) FROM ct ORDER BY id;
-- A DOUBLE stored into an integer column is rounded half to even (Field_long::store's rint).
CREATE TABLE ri (id INT AUTO_INCREMENT PRIMARY KEY, i INT, b BIGINT, u INT UNSIGNED, t TINYINT);
INSERT INTO ri (i, b, u, t) VALUES (2.5e0, 2.5e0, 2.5e0, 2.5e0), (3.5e0, -2.5e0, 0.5e0, -0.5e0), (2.5, -2.5, 1.5, 0.5);
UPDATE ri SET i = i + 0.5e0 WHERE id = 1;
UPDATE ri SET t = 1.5e0 WHERE id = 3;
SELECT * FROM ri ORDER BY id;
-- The same conversions in INSERT ... SELECT.
CREATE TABLE is1 (id INT AUTO_INCREMENT PRIMARY KEY, i INT, dt DATE, s VARCHAR(5));
INSERT INTO is1 (i, dt, s) SELECT 2.5e0, 20240131, 1e20;
INSERT INTO is1 (i, dt, s) SELECT g, 240201, g FROM ct WHERE id = 2;
INSERT INTO is1 (dt, i) SELECT '24/2/3', -0.5e0;
SELECT * FROM is1 ORDER BY id;
-- FIND_IN_SET(constant, SET column) is the member's position in the SET's definition (MySQL's resolve_type lookup); an empty list is 0.
CREATE TABLE fs (id INT PRIMARY KEY, st SET('x','y','z'));
INSERT INTO fs VALUES (1, 'x,z'), (2, ''), (3, NULL), (4, 'x,y,z');
SELECT id, FIND_IN_SET('z', st), FIND_IN_SET('Y', st), FIND_IN_SET('q', st), FIND_IN_SET('x', st), FIND_IN_SET('z', CONCAT(st)) FROM fs ORDER BY id;
SELECT id FROM fs WHERE FIND_IN_SET('z', st) ORDER BY id;
SELECT FIND_IN_SET('b', 'a,b'), FIND_IN_SET('', ''), FIND_IN_SET('a', ''), FIND_IN_SET('a', NULL), FIND_IN_SET(NULL, '');
-- A fractional IN (subquery of integers) over a derived table (session 19's last oracle finding).
CREATE TABLE ia (id INT PRIMARY KEY, c2 DOUBLE);
INSERT INTO ia VALUES (1, 2), (2, NULL), (3, 0), (4, NULL), (5, 1.5);
CREATE TABLE ib (id INT PRIMARY KEY, c1 INT);
INSERT INTO ib VALUES (1, -2), (2, 0), (3, 1), (4, NULL);
SELECT COUNT(*) FROM (SELECT c2 FROM ia) d WHERE (CASE WHEN d.c2 IS NULL THEN 0.1 END) IN (SELECT c1 FROM ib WHERE c1 IS NOT NULL);
SELECT COUNT(*) FROM (SELECT c2 FROM ia) d WHERE (d.c2 IS NULL) * 0.1 IN (SELECT c1 FROM ib WHERE c1 IS NOT NULL);
SELECT COUNT(*) FROM (SELECT c2, ROW_NUMBER() OVER (ORDER BY id) w FROM ia) d WHERE (CASE WHEN d.c2 IS NULL THEN 0.1 END) IN (SELECT c1 FROM ib);
SELECT id FROM ia WHERE c2 IN (SELECT c1 FROM ib) ORDER BY id;
SELECT id FROM (SELECT id, c2 FROM ia) d WHERE c2 + 0.5 IN (SELECT c1 FROM ib) ORDER BY id;
