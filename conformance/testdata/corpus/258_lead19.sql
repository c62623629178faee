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
