-- YEAR beside TINYINT in a UNION, and YEAR 0 printed by expressions
-- (branch year27; open items 4 and 9 of session 26).
CREATE TABLE yv (id INT PRIMARY KEY, y YEAR, t TINYINT, tu TINYINT UNSIGNED);
INSERT INTO yv VALUES (1, 2024, 8, 8), (2, 0, 2, 2), (3, 1999, 100, 200), (4, '69', -5, 0), (5, '70', 7, 7), (6, NULL, NULL, NULL);
-- A column prints four digits; an expression over it (Item::send:
-- store_short without zerofill) prints YEAR 0 as 0.
SELECT id, y, y AS a, (y) AS p FROM yv WHERE id IN (2, 4) ORDER BY id;
SELECT MIN(y), MAX(y) FROM yv WHERE id = 2;
SELECT IFNULL(y, y), COALESCE(y, y), CASE WHEN id > 0 THEN y END, IF(id > 0, y, y), NULLIF(y, 1999) FROM yv WHERE id = 2;
SELECT (SELECT MIN(y) FROM yv), (SELECT y FROM yv WHERE id = 2);
SELECT IFNULL(y, y) AS i FROM yv WHERE id IN (2, 4) ORDER BY t;
-- A grouped, DISTINCT or windowed SELECT reads its select list out of a
-- temporary table's YEAR fields: 0000 again.
SELECT y, MIN(y), IFNULL(y, y) FROM yv WHERE y IS NOT NULL GROUP BY y ORDER BY y;
SELECT DISTINCT IFNULL(y, y) FROM yv WHERE t = 2;
SELECT IFNULL(y, y), COUNT(*) OVER () FROM yv WHERE id = 2;
SELECT y FROM yv WHERE id = 2 UNION SELECT y FROM yv WHERE id = 4 ORDER BY 1;
-- GREATEST/LEAST of YEARs is a YEAR, printed as an expression (was BIGINT);
-- beside a DECIMAL a DECIMAL (was error 1105).
-- mysql-differs: MariaDB 10.11 makes GREATEST(y, NULL) a DOUBLE; MySQL 8.0's Item::aggregate_type skips the NULL-typed argument, a YEAR
-- expect-types: YEAR YEAR YEAR
-- expect: 0 | 0 | NULL
SELECT GREATEST(y, y), LEAST(y, y), GREATEST(y, NULL) FROM yv WHERE id = 2;
SELECT LEAST(y, 1.5), GREATEST(y, 2.25) FROM yv WHERE id IN (1, 2) ORDER BY id;
-- CASE/IF/IFNULL/COALESCE of a YEAR and a TINYINT sort as numbers and print
-- YEAR 0 as 0 (was VARCHAR 0000, 100 before 2; IFNULL of a NULL YEAR failed).
-- mysql-differs: MariaDB 10.11 makes DECIMAL; MySQL 8.0 TINYINT (field_types_merge_rules) sent unclamped by Item::send, here SMALLINT with the same values
-- expect-types: INT SMALLINT SMALLINT SMALLINT BIGINT
-- expect: 6 | NULL | NULL | NULL | NULL
-- expect: 2 | 0 | 0 | 0 | 0
-- expect: 5 | 1970 | 1970 | 1970 | 1970
-- expect: 4 | 2069 | 2069 | 2069 | 2069
SELECT id, COALESCE(y, t) AS c, IFNULL(y, t), IF(id > 0, y, t), CASE WHEN id > 0 THEN y ELSE 5 END FROM yv WHERE id IN (2, 4, 5, 6) ORDER BY c, id;
-- ORDER BY an alias over a retyped branch sorts by its type (was text).
ALTER TABLE yv ADD COLUMN s SMALLINT;
UPDATE yv SET s = 9 WHERE id = 6;
-- mysql-differs: MariaDB 10.11 makes YEAR beside a SMALLINT DECIMAL; MySQL 8.0 SMALLINT (field_types_merge_rules)
-- expect-types: SMALLINT
-- expect: 0
-- expect: 9
-- expect: 1970
-- expect: 1999
-- expect: 2024
-- expect: 2069
SELECT COALESCE(y, s) AS c FROM yv ORDER BY c;
-- ROLLUP aggregates sorted rows: the aggregate is sent as an expression.
SELECT y, MIN(y), COUNT(*) FROM yv GROUP BY y WITH ROLLUP;
-- A merged derived table's or view's column is the expression it names; a
-- materialized one's (LIMIT, aggregate, ALGORITHM=TEMPTABLE) a field.
CREATE VIEW vy AS SELECT id, y, IFNULL(y, y) AS i FROM yv;
CREATE ALGORITHM=TEMPTABLE VIEW vt AS SELECT id, y, IFNULL(y, y) AS i FROM yv;
SELECT d.i, d.y FROM (SELECT IFNULL(y, y) i, y FROM yv) d WHERE d.y = 0;
SELECT d.i, d.y FROM (SELECT IFNULL(y, y) i, y FROM yv LIMIT 10) d WHERE d.y = 0;
SELECT d.i FROM (SELECT MIN(y) i FROM yv WHERE id = 2) d;
SELECT v.i, v.y, i FROM vy v WHERE id IN (2, 4) ORDER BY id;
SELECT i, y FROM vt WHERE id = 2;
WITH c AS (SELECT id, IFNULL(y, y) i, y FROM yv) SELECT i, y FROM c WHERE id = 2;
WITH c AS (SELECT MIN(y) i FROM yv WHERE id = 2) SELECT i FROM c;
-- YEAR UNION TINYINT UNSIGNED is TINYINT UNSIGNED (both unsigned): the
-- union's temporary table clamps 2024 and 1999 to 255.
SELECT y FROM yv UNION SELECT tu FROM yv ORDER BY 1;
-- mysql-differs: MariaDB 10.11 makes YEAR beside a TINYINT DECIMAL; MySQL 8.0 TINYINT (field_types_merge_rules: YEAR x TINY is TINY; Item::aggregate_type bumps a mixed-sign TINY only for an unsigned TINY operand), and the UNION DISTINCT's temporary table clamps 2024/1999/2069/1970 to 127 (Field_tiny::store, no warning in a SELECT)
-- expect-types: TINYINT
-- expect: NULL
-- expect: -5
-- expect: 0
-- expect: 2
-- expect: 7
-- expect: 8
-- expect: 100
-- expect: 127
SELECT y FROM yv UNION SELECT t FROM yv ORDER BY 1;
-- mysql-differs: MariaDB 10.11 makes it DECIMAL; MySQL 8.0 TINYINT, and a UNION ALL under ORDER BY is materialized (Query_expression::create_access_paths: no streaming when sorted), clamping to 127
-- expect-types: TINYINT
-- expect: 2
-- expect: 8
-- expect: 100
-- expect: 127
-- expect: 127
SELECT y FROM yv WHERE id IN (1, 3) UNION ALL SELECT t FROM yv WHERE id IN (1, 2, 3) ORDER BY 1;
-- mysql-differs: MariaDB 10.11 makes it DECIMAL; MySQL 8.0 TINYINT, and a UNION read as a derived table is materialized (m_is_materialized), clamping to 127
-- expect-types: TINYINT TINYINT TINYINT
-- expect: 2 | 8 | 127
SELECT MIN(u), MAX(CASE WHEN u < 100 THEN u END), MAX(u) FROM (SELECT y AS u FROM yv WHERE id IN (1, 3) UNION ALL SELECT t FROM yv WHERE id IN (1, 2)) d;
-- Not reproduced (ratchet): a SELECT's UNION ALL is streamed by MySQL, each
-- operand's value sent as is under the TINYINT label; Myriad's column is
-- SMALLINT (the same values), no TINYINT carrying 2024.
-- mysql-differs: MariaDB 10.11 makes it DECIMAL; MySQL 8.0 TINYINT, and streams the UNION ALL (Query_expression::create_access_paths: AppendIterator, no temporary table), so the YEAR operand's 2024 and 1999 reach the client unclamped
-- expect-types: TINYINT
-- expect: 2024
-- expect: 1999
-- expect: 8
SELECT y FROM yv WHERE id IN (1, 3) UNION ALL SELECT t FROM yv WHERE id = 1;
-- mysql-differs: MariaDB 10.11 makes it DECIMAL; MySQL 8.0 TINYINT, and a last UNION DISTINCT materializes every operand (create_access_paths), clamping to 127
-- expect-types: TINYINT
-- expect: NULL
-- expect: -5
-- expect: 0
-- expect: 2
-- expect: 7
-- expect: 8
-- expect: 100
-- expect: 127
SELECT y FROM yv UNION ALL SELECT t FROM yv UNION SELECT t FROM yv ORDER BY 1;
-- A nested UNION's YEAR column beside SMALLINTs sorts as numbers (was text).
-- mysql-differs: MariaDB 10.11 makes YEAR beside a SMALLINT DECIMAL; MySQL 8.0 SMALLINT
-- expect-types: SMALLINT
-- expect: NULL
-- expect: 0
-- expect: 9
-- expect: 1970
-- expect: 1999
-- expect: 2024
-- expect: 2069
SELECT y FROM yv UNION SELECT s FROM yv UNION SELECT s FROM yv ORDER BY 1;
-- mysql-differs: MariaDB 10.11 makes YEAR beside integers DECIMAL; MySQL 8.0 SMALLINT, then BIGINT beside an integer literal (LONGLONG)
-- expect-types: BIGINT
-- expect: NULL
-- expect: 0
-- expect: 5
-- expect: 9
-- expect: 1970
-- expect: 1999
-- expect: 2024
-- expect: 2069
SELECT y FROM yv UNION SELECT s FROM yv UNION SELECT 5 ORDER BY 1;
-- mysql-differs: MariaDB 10.11's DECIMAL union has 11 distinct rows; MySQL 8.0's TINYINT temporary table 8 (1999, 2024, 2069, 1970 are all 127)
-- expect-affected: 8
CREATE TABLE ct AS SELECT y FROM yv UNION SELECT t FROM yv;
-- mysql-differs: MariaDB 10.11 makes decimal(4,0) with the years; MySQL 8.0 a tinyint column holding the UNION DISTINCT's clamped rows
-- expect: y | tinyint
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ct';
-- mysql-differs: MariaDB 10.11 stores the years; MySQL 8.0 the union's clamped TINYINT rows
-- expect-types: TINYINT
-- expect: 127
-- expect: 100
SELECT y FROM ct WHERE y >= 100 ORDER BY y DESC;
-- A CREATE TABLE ... SELECT streams a UNION ALL's rows into its TINYINT
-- column, which refuses 2024 in strict mode.
-- mysql-differs: MariaDB 10.11 makes a DECIMAL column; MySQL 8.0 a TINYINT column, written row by row (streaming_allowed: not an INSERT/REPLACE ... SELECT), refusing 2024
-- expect-error: 1264
CREATE TABLE ct2 AS SELECT y FROM yv UNION ALL SELECT t FROM yv;
CREATE TABLE ti (a TINYINT);
-- An INSERT ... SELECT materializes the union first (no streaming into the
-- table it may read): 127 is inserted, no error.
-- mysql-differs: MariaDB 10.11's DECIMAL union refuses 2024 for the TINYINT column (1264); MySQL 8.0's UNION ALL is materialized for an INSERT ... SELECT (create_access_paths) into its TINYINT temporary table, clamped to 127
-- expect-affected: 3
INSERT INTO ti SELECT y FROM yv WHERE id IN (1, 3) UNION ALL SELECT t FROM yv WHERE id = 1;
-- mysql-differs: MariaDB 10.11 inserted nothing
-- expect: 8
-- expect: 127
-- expect: 127
SELECT a FROM ti ORDER BY a;
