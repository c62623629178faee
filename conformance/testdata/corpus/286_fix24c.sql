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
-- A column copied from a DECIMAL/FLOAT/DOUBLE UNSIGNED, FLOAT(M,D) or
-- integer ZEROFILL column keeps the attribute (the copy was signed, plain
-- FLOAT or `int unsigned`).
CREATE TABLE ua (d DECIMAL(6,2) UNSIGNED, f FLOAT UNSIGNED, f2 FLOAT(7,3), db DOUBLE UNSIGNED, z INT(5) ZEROFILL, zb BIGINT ZEROFILL, i INT);
INSERT INTO ua VALUES (1.5, 2.5, 3.25, 4.5, 42, 7, 9);
CREATE TABLE ub AS SELECT d, f, f2, db, z, zb, i FROM ua;
CREATE TABLE uc AS SELECT x.d AS dd, x.z AS zz, x.f2 FROM ua x WHERE x.i > 0;
CREATE TABLE ud AS SELECT * FROM ua;
-- mysql-differs: MySQL 8.0 prints no display width for int but keeps it with ZEROFILL; MariaDB 10.11 prints int(11) and bigint(20) for the plain ones
-- expect: d | decimal(6,2) unsigned
-- expect: f | float unsigned
-- expect: f2 | float(7,3)
-- expect: db | double unsigned
-- expect: z | int(5) unsigned zerofill
-- expect: zb | bigint(20) unsigned zerofill
-- expect: i | int
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ub' ORDER BY ORDINAL_POSITION;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'uc' ORDER BY ORDINAL_POSITION;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ud' AND COLUMN_NAME <> 'i' ORDER BY ORDINAL_POSITION;
SELECT d, f, f2, db, z, zb, i FROM ub;
SELECT dd, zz, f2 FROM uc;
INSERT INTO ub (d) VALUES (-1);
-- A UNION column of strings beside numbers is VARCHAR(n), n the longest
-- side in characters (was LONGTEXT; a derived table's first side's TINYINT,
-- which stored '1.0' as 1).
CREATE TABLE un1 AS SELECT c FROM (SELECT 1 AS c UNION ALL SELECT '1.0') d;
SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'un1';
SELECT c FROM un1 ORDER BY c;
CREATE TABLE un2 AS SELECT 'ab' AS c UNION SELECT 1;
SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'un2';
CREATE TABLE un0 (i INT, v VARCHAR(10));
INSERT INTO un0 VALUES (9, ' ab '), (NULL, 'q');
CREATE TABLE un3 AS SELECT i AS c FROM un0 UNION ALL SELECT 'x' UNION ALL SELECT 2.50;
SELECT COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'un3';
SELECT c FROM un3 ORDER BY c;
CREATE TABLE un4 AS SELECT * FROM (SELECT 'abc' AS c, 1 AS k UNION SELECT 12345, 2) d WHERE k > 0;
SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'un4' AND COLUMN_NAME = 'c';
SELECT c, k FROM un4 ORDER BY k;
CREATE TABLE un5 AS SELECT c FROM (SELECT 'a' AS c UNION SELECT NULL UNION SELECT 7) d ORDER BY c;
SELECT COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'un5';
SELECT c FROM un5 ORDER BY c;
-- TRIM, LTRIM, RTRIM of a string are VARCHAR of its length (were LONGTEXT).
CREATE TABLE tr1 AS SELECT TRIM('  ab ') AS t, TRIM(LEADING 'x' FROM 'xxab') AS t2, LTRIM(' a') AS t3, RTRIM('a  ') AS t4, TRIM(v) AS t5 FROM un0 WHERE i = 9;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'tr1' ORDER BY ORDINAL_POSITION;
SELECT t, t2, t3, t4, t5 FROM tr1;
-- TIMESTAMP(2) UNION TIMESTAMP(6) is TIMESTAMP(6) (was LONGTEXT printing
-- each side's digits).
CREATE TABLE st (a TIMESTAMP(2) NULL, b TIMESTAMP(6) NULL);
INSERT INTO st VALUES ('2024-01-01 11:00:00.12', '2024-01-01 11:00:00.123456');
SELECT a FROM st UNION ALL SELECT b FROM st;
SELECT b FROM st UNION SELECT a FROM st ORDER BY 1;
CREATE TABLE st2 AS SELECT a FROM st UNION ALL SELECT b FROM st;
SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'st2';
SELECT a FROM st2 ORDER BY a;
-- LAG/LEAD with a default of another type than the expression: MySQL
-- aggregates the two types (a number beside a string is a VARCHAR); the
-- column was the expression's BIGINT while a row held 'x', and an INT
-- beside a DECIMAL default printed the default rounded.
CREATE TABLE lg (id INT PRIMARY KEY);
INSERT INTO lg VALUES (1), (2), (3);
-- mysql-differs: MariaDB 10.11 refuses LAG/LEAD with a default argument (1064); MySQL 8.0's Item_lead_lag aggregates the expression's type with the default's (INT and a string: VARCHAR; INT and DECIMAL(2,1): DECIMAL(11,1); INT and DOUBLE: DOUBLE)
-- expect-types: INT VARCHAR VARCHAR DECIMAL DOUBLE
-- expect: 1 | x | 3 | 1.5 | 2
-- expect: 2 | 1 | none | 1.0 | 3
-- expect: 3 | 2 | none | 2.0 | 2.5
SELECT id, LAG(id, 1, 'x') OVER (ORDER BY id) AS l, LEAD(id, 2, 'none') OVER (ORDER BY id) AS d, LAG(id, 1, 1.5) OVER (ORDER BY id) AS e, LEAD(id, 1, 2.5e0) OVER (ORDER BY id) AS f FROM lg ORDER BY id;
-- An ENUM column UNION NULL keeps the ENUM (was LONGTEXT, a BLOB on the
-- wire; fix24c made it VARCHAR, fix26a the ENUM).
CREATE TABLE en (e ENUM('x','yy'));
INSERT INTO en VALUES ('x'), ('yy');
-- mysql-differs: MariaDB 10.11 sends a UNION ALL's ENUM column as VAR_STRING (its UNION DISTINCT as ENUM); MySQL 8.0 sends the result table's Field_enum (Item_aggregate_type::make_field_by_type), MYSQL_TYPE_STRING with ENUM_FLAG, for both
-- expect-types: ENUM
SELECT e FROM en UNION ALL SELECT NULL;
-- mysql-differs: MariaDB 10.11 sends a UNION ALL's ENUM column as VAR_STRING (its UNION DISTINCT as ENUM); MySQL 8.0 sends the result table's Field_enum (Item_aggregate_type::make_field_by_type), MYSQL_TYPE_STRING with ENUM_FLAG, for both
-- expect-types: ENUM
SELECT NULL UNION ALL SELECT e FROM en;
