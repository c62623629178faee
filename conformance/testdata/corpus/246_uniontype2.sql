-- uniontype2 (issue #9): result types of UNION, IF, CASE, IFNULL and
-- CREATE TABLE ... SELECT, as MySQL 8.0 aggregates them
-- (Item_aggregate_type::join_types, field_types_merge_rules in sql/field.cc).
-- YEAR beside other types (Myriad: LONGTEXT).
CREATE TABLE y (id INT PRIMARY KEY, y YEAR, b BIGINT, i INT, dc DECIMAL(6,2), dbl DOUBLE, v VARCHAR(7), d DATE, dt DATETIME(2), tm TIME);
INSERT INTO y VALUES (1, 2024, 5, 6, 12.5, 1.5, 'abc', '2024-01-01', '2024-01-02 03:04:05.5', '10:00:00'), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
-- mysql-differs: MySQL 8.0's field_types_merge_rules (sql/field.cc) make YEAR x LONGLONG (an integer literal is LONGLONG) LONGLONG; MariaDB makes it DECIMAL
-- expect-types: BIGINT
SELECT y FROM y UNION SELECT 5 ORDER BY 1;
-- mysql-differs: MySQL 8.0's field_types_merge_rules (sql/field.cc) make YEAR x LONGLONG LONGLONG; MariaDB makes it DECIMAL
-- expect-types: BIGINT
SELECT y FROM y UNION SELECT b FROM y ORDER BY 1;
-- mysql-differs: MySQL 8.0's field_types_merge_rules (sql/field.cc) make YEAR x LONG LONG (INT); MariaDB makes it DECIMAL
-- expect-types: INT
SELECT i FROM y UNION SELECT y FROM y ORDER BY 1;
SELECT y FROM y UNION SELECT dc FROM y ORDER BY 1;
SELECT y FROM y UNION SELECT dbl FROM y ORDER BY 1;
SELECT y FROM y UNION SELECT 'abcdefgh' ORDER BY 1;
SELECT y FROM y UNION SELECT v FROM y ORDER BY 1;
SELECT y FROM y UNION SELECT d FROM y ORDER BY 1;
SELECT dt FROM y UNION SELECT y FROM y ORDER BY 1;
SELECT y FROM y UNION SELECT tm FROM y ORDER BY 1;
-- CASE, IF, IFNULL, COALESCE of strings beside strings or numbers: VARCHAR
-- of the longest branch (Myriad: LONGTEXT; in a UNION 1105; CREATE TABLE
-- ... SELECT made LONGTEXT, and IFNULL(int, 'x') INT, columns).
CREATE TABLE s3 (id INT PRIMARY KEY, v VARCHAR(7), c CHAR(3), dc DECIMAL(5,2), l1 VARCHAR(5) CHARACTER SET latin1);
INSERT INTO s3 VALUES (1, 'abcdefg', 'xyz', 1.5, 'é'), (2, NULL, NULL, NULL, NULL);
SELECT CASE WHEN id > 1 THEN 'ab' ELSE 'c' END, IFNULL(id, 'x'), IF(id = 1, c, 'q'), COALESCE(v, c), IFNULL(v, id), COALESCE(dc, 'none') FROM s3 ORDER BY id;
SELECT IF(id = 1, v, 'q') x FROM s3 UNION SELECT 'abcdefghij' ORDER BY 1;
SELECT COALESCE(v, c) x FROM s3 UNION ALL SELECT c FROM s3 ORDER BY 1;
SELECT COLLATION(IF(id = 1, l1, 'q')) FROM s3 ORDER BY id;
CREATE TABLE ct AS SELECT CASE WHEN id > 1 THEN 'ab' ELSE 'c' END c1, IFNULL(id, 'x') c2, COALESCE(v, c) c3, IF(id = 1, c, 'q') c4, IFNULL(v, id) c5, IF(id = 1, l1, 'q') c6 FROM s3;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ct' ORDER BY ORDINAL_POSITION;
SELECT * FROM ct ORDER BY c2;
CREATE TABLE ct2 AS SELECT id, IFNULL(IF(id = 1, NULL, id), 'x') h FROM s3;
SELECT id, h FROM ct2 ORDER BY id;
CREATE TABLE ct3 AS SELECT IF(id = 1, v, 'q') x FROM s3 UNION SELECT 'abcdefghij';
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ct3' ORDER BY ORDINAL_POSITION;
-- A DOUBLE or FLOAT beside a string: VARCHAR(22) / VARCHAR(12), the number
-- as MySQL prints it (Myriad: LONGTEXT).
CREATE TABLE fd (id INT PRIMARY KEY, dbl DOUBLE, f FLOAT);
INSERT INTO fd VALUES (1, 1.5, 2.5), (2, NULL, NULL), (3, 1e20, 1.25e-7), (4, -1.2345678901234567e-100, 3.4e38);
SELECT IFNULL(dbl, 'text'), IFNULL(f, 'text'), COALESCE(dbl, 'text'), IF(id = 3, dbl, 'x'), CASE WHEN id = 1 THEN f ELSE 'x' END FROM fd ORDER BY id;
CREATE TABLE fct AS SELECT IFNULL(dbl, 'text') a, IFNULL(f, 'text') b FROM fd WHERE id < 4;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fct' ORDER BY ORDINAL_POSITION;
SELECT a, b FROM fct ORDER BY a;
-- CASE, IF, COALESCE of an INT and a FLOAT: DOUBLE, in CREATE TABLE ...
-- SELECT and through a derived table too (Myriad: FLOAT, LONGTEXT).
CREATE TABLE fi (id INT PRIMARY KEY, f FLOAT);
INSERT INTO fi VALUES (1, 2.5), (2, 0.5);
CREATE TABLE fct2 AS SELECT CASE WHEN id > 1 THEN id ELSE f END x, IF(id > 1, id, f) y, COALESCE(f, id) z FROM fi;
SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fct2' ORDER BY ORDINAL_POSITION;
SELECT * FROM fct2 ORDER BY x;
CREATE TABLE fct3 AS SELECT x FROM (SELECT CASE WHEN id > 1 THEN id ELSE f END x FROM fi) d;
SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fct3';
CREATE TABLE fct4 AS SELECT x FROM (SELECT CASE WHEN id > 1 THEN 'ab' ELSE 'c' END x FROM fi) d;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fct4';
