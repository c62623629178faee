-- fix24c: column types of CREATE TABLE ... SELECT (issue 9).
-- A typed temporal literal makes a DATE, TIME(n) or DATETIME(n) column; the
-- literal was a string in a CREATE statement (LONGTEXT).
CREATE TABLE tl AS SELECT DATE '2024-01-02' AS d, TIME '10:11:12' AS t, TIMESTAMP '2024-01-02 03:04:05' AS ts, TIME '10:11:12.5' AS t1, TIMESTAMP '2024-01-02 03:04:05.25' AS ts2;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'tl' ORDER BY ORDINAL_POSITION;
SELECT d, t, ts, t1, ts2, d + 0 FROM tl;
-- CAST(x AS TIME(2)) makes TIME(2) (was TIME(6), printing six digits).
CREATE TABLE tc AS SELECT CAST('10:00:00.123' AS TIME(2)) AS t, CAST('2024-01-01 10:00:00.123' AS DATETIME(2)) AS dt;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'tc' ORDER BY ORDINAL_POSITION;
SELECT t, dt FROM tc;
-- Arithmetic with the NULL literal is DOUBLE (it was DECIMAL(2,1)).
CREATE TABLE tn AS SELECT 2.5 - NULL AS x, NULL + 2.5 AS y, 2 * NULL AS w, 2.5 / NULL AS z;
-- mysql-differs: MariaDB 10.11 keeps the decimals as double(18,1); MySQL 8.0's Item_num_op::set_numeric_type makes a REAL of a NULL operand, a plain DOUBLE column (Field_double without (M,D) for a NULL item's NOT_FIXED_DEC decimals)
-- expect: x | double
-- expect: y | double
-- expect: w | double
-- expect: z | double
SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'tn' ORDER BY ORDINAL_POSITION;
SELECT x, y, w, z FROM tn;
