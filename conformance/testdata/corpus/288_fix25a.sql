-- fix25a: column types of subquery aliases, derived tables, CASE/COALESCE
-- of YEAR, FORMAT, float literals beside strings, and CREATE TABLE ...
-- SELECT of UNIONs (issue 9).
CREATE TABLE od (k INT, d DECIMAL(10,2), i INT);
INSERT INTO od VALUES (1, 1.50, 7), (2, 2.25, 9);
-- A DECIMAL SUM subquery alias read above GROUP BY is DECIMAL, 1.50 (was
-- DOUBLE 1.5).
SELECT k, (SELECT SUM(d) FROM od b WHERE b.k = a.k) AS s FROM od a GROUP BY a.k ORDER BY k;
SELECT s FROM (SELECT k, (SELECT SUM(d) FROM od b WHERE b.k = a.k) AS s FROM od a GROUP BY a.k) x ORDER BY s;
SELECT k, (SELECT AVG(d) FROM od b WHERE b.k = a.k) AS s FROM od a GROUP BY a.k HAVING s > 1 ORDER BY k;
SELECT DISTINCT (SELECT SUM(d) FROM od b WHERE b.k = a.k) AS s FROM od a ORDER BY s;
CREATE VIEW vs AS SELECT k, (SELECT SUM(d) FROM od b WHERE b.k = a.k) AS s FROM od a GROUP BY a.k;
SELECT k, s FROM vs ORDER BY k;
-- A CASE/IF/COALESCE over a derived table's % column is BIGINT (was
-- DECIMAL).
-- mysql-differs: MariaDB 10.11 types INT % INT as INT; MySQL 8.0's Item_func_mod of two integers is LONGLONG, and CASE/IF/COALESCE of it and 0 too
-- expect-types: BIGINT BIGINT BIGINT BIGINT
-- expect: 1 | 1 | 1 | 1
-- expect: 3 | 3 | 3 | 3
SELECT c, CASE WHEN c > 0 THEN c ELSE 0 END AS cc, IF(c > 0, c, 0) AS ic, COALESCE(c, 0) AS co FROM (SELECT i % 4 AS c FROM od) z ORDER BY c;
-- YEAR beside an integer in CASE/IF/IFNULL/COALESCE is the integer's type,
-- in a result and a CREATE TABLE ... SELECT column (was VARCHAR(11)).
CREATE TABLE yy (id INT, yr YEAR, si SMALLINT, ti TINYINT, i INT, su SMALLINT UNSIGNED, t TINYINT);
INSERT INTO yy VALUES (1, 2024, -5, 3, 6, 8, 1), (2, NULL, 9, 4, 7, 9, 0);
-- mysql-differs: MariaDB 10.11 makes YEAR beside an integer DECIMAL; MySQL 8.0's field_types_merge_rules (sql/field.cc, row MYSQL_TYPE_YEAR) give the integer's type: LONG, SHORT, LONGLONG for a literal
-- expect-types: INT INT INT SMALLINT BIGINT
-- expect: 2024 | 2024 | 2024 | 2024 | 2024
-- expect: 7 | 7 | 7 | 9 | 5
SELECT COALESCE(yr, i) AS c, IFNULL(yr, i) AS c2, IF(t, yr, i) AS c3, COALESCE(yr, si) AS c4, CASE WHEN t THEN yr ELSE 5 END AS c5 FROM yy ORDER BY id;
CREATE TABLE yc AS SELECT COALESCE(yr, i) AS c, IFNULL(yr, i) AS c2, IF(t, yr, i) AS c3, COALESCE(yr, si) AS c4, CASE WHEN t THEN yr ELSE 5 END AS c5 FROM yy;
-- mysql-differs: MariaDB 10.11 makes DECIMAL columns; MySQL 8.0 the merged integer type (field_types_merge_rules)
-- expect: c | int
-- expect: c2 | int
-- expect: c3 | int
-- expect: c4 | smallint
-- expect: c5 | bigint
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'yc' ORDER BY ORDINAL_POSITION;
-- A TINYINT beside a YEAR makes a TINYINT column, which refuses 2024.
-- mysql-differs: MariaDB 10.11 makes a DECIMAL column; MySQL 8.0 merges YEAR and TINY into TINY (field_types_merge_rules) and its TINYINT column refuses 2024 in strict mode
-- expect-error: 1264
CREATE TABLE yt AS SELECT COALESCE(yr, ti) AS c FROM yy;
-- YEAR UNION SMALLINT is SMALLINT; YEAR UNION SMALLINT UNSIGNED sorts as
-- numbers (was LONGTEXT: 8 after 2024).
-- mysql-differs: MariaDB 10.11 makes YEAR beside an integer DECIMAL; MySQL 8.0 SMALLINT (field_types_merge_rules: YEAR x SHORT)
-- expect-types: SMALLINT
-- expect: -5
-- expect: 9
-- expect: 2024
SELECT yr FROM yy WHERE yr IS NOT NULL UNION SELECT si FROM yy ORDER BY 1;
-- mysql-differs: MariaDB 10.11 makes YEAR beside an integer DECIMAL; MySQL 8.0 keeps the unsigned integer (field_types_merge_rules; a YEAR is unsigned, so the signs do not mix)
-- expect-types: UNSIGNED SMALLINT
-- expect: 8
-- expect: 9
-- expect: 2024
SELECT yr FROM yy WHERE yr IS NOT NULL UNION SELECT su FROM yy ORDER BY 1;
CREATE TABLE yu AS SELECT yr FROM yy UNION SELECT si FROM yy;
-- mysql-differs: MariaDB 10.11 makes decimal(5,0); MySQL 8.0 smallint (field_types_merge_rules)
-- expect: yr | smallint
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'yu' ORDER BY ORDINAL_POSITION;
-- FORMAT is a VARCHAR (was LONGTEXT): MySQL's length counts 30 decimals.
CREATE TABLE fm AS SELECT FORMAT(d, 2, 'de_DE') AS f, FORMAT(d, 2) AS f2, FORMAT(i, 0) AS f3 FROM od;
-- mysql-differs: MariaDB 10.11 counts the decimals asked for (varchar(14)); MySQL 8.0's Item_func_format::resolve_type takes FORMAT_MAX_DECIMALS (30) whatever D is: c + c/3 + 2 + 30, c the argument's max_char_length
-- expect: f | varchar(48)
-- expect: f2 | varchar(48)
-- expect: f3 | varchar(46)
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fm' ORDER BY ORDINAL_POSITION;
SELECT f, f2, f3 FROM fm ORDER BY f2;
SELECT FORMAT(d, 2, 'de_DE') AS f FROM od ORDER BY d;
-- A float literal beside a string is as long as its text (was TEXT).
CREATE TABLE fl AS SELECT IF(k = 1, 'abc', 1.5e0) AS a, CASE WHEN k > 1 THEN 12.5e-1 ELSE 'x' END AS c FROM od;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fl' ORDER BY ORDINAL_POSITION;
SELECT a, c FROM fl ORDER BY a;
SELECT IF(k = 1, 'abc', 1.5e0) AS a FROM od ORDER BY k;
CREATE TABLE fu AS SELECT 1.5e0 AS c UNION SELECT 'a';
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fu' ORDER BY ORDINAL_POSITION;
-- An ENUM or SET column UNION NULL makes an ENUM/SET column (was
-- varchar(n), a SET longtext); two ENUMs, or an ENUM and a string, VARCHAR.
CREATE TABLE en (id INT, e ENUM('lo','medium','hi'), s SET('a','bb'), e2 ENUM('x','y'));
INSERT INTO en VALUES (1, 'hi', 'a', 'x'), (2, 'lo', 'a,bb', 'y');
CREATE TABLE ct1 AS SELECT e FROM en UNION SELECT NULL;
CREATE TABLE ct2 AS SELECT NULL AS e UNION ALL SELECT e FROM en UNION ALL SELECT NULL;
CREATE TABLE ct3 AS SELECT s FROM en UNION SELECT NULL;
CREATE TABLE ct4 AS SELECT e FROM en UNION SELECT e2 FROM en;
CREATE TABLE ct5 AS SELECT e FROM en UNION SELECT 'zz';
CREATE TABLE ct6 AS SELECT CAST(e AS CHAR) AS e FROM en UNION SELECT NULL;
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE 'ct%' ORDER BY TABLE_NAME, ORDINAL_POSITION;
SELECT e FROM ct1 ORDER BY e;
SELECT s FROM ct3 ORDER BY s;
SELECT e FROM ct5 ORDER BY e;
-- CONCAT over a derived UNION of an ENUM and NULL is a VARCHAR (was
-- LONGTEXT).
SELECT CONCAT(e, '!') AS c FROM (SELECT e FROM en UNION ALL SELECT NULL) d ORDER BY c;
