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
