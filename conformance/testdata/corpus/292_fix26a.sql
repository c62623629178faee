-- fix26a: column types and printed digits (issue 9): float literals beside
-- strings in views and EXECUTEd statements, ENUM UNIONs, FLOAT(M,D) and
-- ZEROFILL through joins of three tables, GROUP_CONCAT of latin1.
CREATE TABLE ft (id INT PRIMARY KEY, b INT);
INSERT INTO ft VALUES (1, 1), (2, 0);
-- A float literal beside a string is as long as its text, also in a view's
-- definition and an EXECUTEd statement (were TEXT).
CREATE VIEW fv AS SELECT id, IF(b, 'abc', 1.5e0) AS x FROM ft;
CREATE VIEW fv2 AS SELECT x FROM fv WHERE id > 0;
CREATE TABLE fc1 AS SELECT x FROM fv;
CREATE TABLE fc2 AS SELECT x FROM fv2;
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('fc1', 'fc2') ORDER BY TABLE_NAME;
SELECT x FROM fv ORDER BY id;
SELECT x, LENGTH(x) FROM fv2 ORDER BY x;
PREPARE fs FROM 'CREATE TABLE fc3 AS SELECT IF(b, ''abc'', 2.50e0) AS x, CASE WHEN b THEN 1e1 ELSE ''z'' END AS y FROM ft';
EXECUTE fs;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fc3' ORDER BY ORDINAL_POSITION;
PREPARE fs2 FROM 'SELECT IF(b, ''abc'', 1.5e0) AS x FROM ft ORDER BY id';
EXECUTE fs2;
SELECT x, 1.50e0 FROM fv ORDER BY id;
-- CREATE TABLE ... SELECT from a derived table under a WHERE: the branch's
-- VARCHAR (was text).
CREATE TABLE fc4 AS SELECT x FROM (SELECT IF(b, 'abc', 1) AS x, id FROM ft) d WHERE id > 0 ORDER BY id;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fc4' ORDER BY ORDINAL_POSITION;
-- An ENUM beside another ENUM (even itself) or a string in a UNION is a
-- VARCHAR of the longest side (was LONGTEXT); an ENUM or SET beside NULL
-- keeps the ENUM/SET as the statement's result: it sorts by member number
-- (was a VARCHAR sorted as text).
CREATE TABLE fe (id INT PRIMARY KEY, e ENUM('lo','medium','hi'), e2 ENUM('x','y'), s SET('a','bb'), c VARCHAR(3));
INSERT INTO fe VALUES (1, 'hi', 'x', 'a', 'abc'), (2, 'lo', 'y', 'a,bb', 'z');
SELECT e FROM fe UNION SELECT e2 FROM fe ORDER BY 1;
SELECT e FROM fe UNION SELECT 'abcdefgh' ORDER BY 1;
SELECT e FROM fe UNION ALL SELECT c FROM fe ORDER BY 1;
SELECT e FROM fe UNION SELECT e FROM fe ORDER BY 1;
SELECT e FROM fe UNION SELECT e2 FROM fe UNION SELECT 'abcdefgh' ORDER BY 1;
SELECT e FROM fe UNION SELECT NULL ORDER BY 1;
SELECT NULL UNION SELECT e FROM fe ORDER BY 1;
SELECT e FROM fe UNION SELECT NULL UNION SELECT NULL ORDER BY 1;
SELECT s FROM fe UNION SELECT NULL ORDER BY 1;
-- mysql-differs: MariaDB 10.11 sends a UNION ALL's ENUM column as VAR_STRING (its UNION DISTINCT as ENUM); MySQL 8.0 sends the result table's Field_enum (Item_aggregate_type::make_field_by_type), MYSQL_TYPE_STRING with ENUM_FLAG, for both
-- expect-types: ENUM
-- expect: hi
-- expect: lo
-- expect: NULL
SELECT e FROM fe UNION ALL SELECT NULL ORDER BY e DESC;
-- Only the statement's own result keeps the ENUM: INSERT ... SELECT into a
-- VARCHAR stores the members.
CREATE TABLE fdst (s VARCHAR(10));
INSERT INTO fdst SELECT e FROM fe UNION SELECT NULL;
INSERT INTO fdst SELECT * FROM (SELECT e FROM fe UNION ALL SELECT NULL) d;
SELECT s FROM fdst ORDER BY s;
SELECT s FROM fdst WHERE s IN (SELECT e FROM fe UNION SELECT NULL) ORDER BY s;
SELECT CAST(e AS CHAR) AS e FROM fe UNION ALL SELECT NULL ORDER BY 1;
SELECT CONCAT(e, '!') AS x FROM (SELECT e FROM fe UNION ALL SELECT NULL) d ORDER BY x;
SELECT LENGTH(x), x FROM (SELECT e AS x FROM fe UNION SELECT 'abcdefgh') d ORDER BY x;
-- FLOAT(M,D) and ZEROFILL through views over joins of three tables with a
-- RIGHT join (a merged column is the left operand's at each level, a RIGHT
-- join's the right one's) and beside a derived SELECT * over a join (were
-- the shortest DOUBLE and no padding; digits read through CONCAT).
CREATE TABLE ja (id INT, f FLOAT(6,2), z INT(4) ZEROFILL);
CREATE TABLE jb (id INT, f FLOAT(7,3), z INT(6) ZEROFILL, k INT);
CREATE TABLE jc (id INT, f FLOAT(8,1), z INT(8) ZEROFILL, m INT);
INSERT INTO ja VALUES (1, 3.5, 5);
INSERT INTO jb VALUES (1, 3.5, 5, 1), (2, 4.5, 6, 2);
INSERT INTO jc VALUES (1, 3.5, 5, 1), (2, 4.5, 6, 2), (3, 5.5, 7, 3);
CREATE VIEW jr1 AS SELECT f, z FROM ja RIGHT JOIN jb USING (f, z) JOIN jc USING (f, z);
CREATE VIEW jr2 AS SELECT f, z FROM ja JOIN jb USING (f, z) RIGHT JOIN jc USING (f, z);
CREATE VIEW jr3 AS SELECT * FROM ja NATURAL RIGHT JOIN jb NATURAL JOIN jc;
CREATE VIEW jr4 AS SELECT f, z FROM ja RIGHT JOIN (jb JOIN jc USING (f, z)) USING (f, z);
CREATE VIEW jr5 AS SELECT f, z FROM ja LEFT JOIN jb USING (f, z) RIGHT JOIN jc USING (f, z);
CREATE VIEW js1 AS SELECT f, z FROM (SELECT * FROM ja JOIN jb USING (id, f, z)) d NATURAL JOIN jc;
CREATE VIEW js2 AS SELECT f, z FROM jc NATURAL JOIN (SELECT * FROM ja JOIN jb USING (id, f, z)) d;
CREATE VIEW js3 AS SELECT f FROM (SELECT id, f + 0, z FROM ja) d JOIN jb USING (id);
SELECT CONCAT(f, '|', z), LENGTH(z) FROM jr1 ORDER BY f;
SELECT CONCAT(f, '|', z) FROM jr2 ORDER BY f;
SELECT CONCAT(id, '|', f, '|', z, '|', k, '|', m) FROM jr3 ORDER BY f;
SELECT CONCAT(f, '|', z) FROM jr4 ORDER BY f;
SELECT CONCAT(f, '|', z) FROM jr5 ORDER BY f;
SELECT CONCAT(f, '|', z) FROM js1;
SELECT CONCAT(f, '|', z) FROM js2;
SELECT CONCAT(f) FROM js3;
-- A derived table over a view read as a string (was 3.5|5 even over a
-- view of one table).
CREATE VIEW jv AS SELECT f, z FROM ja;
SELECT CONCAT(f, '|', z), LENGTH(z) FROM (SELECT * FROM jv) d;
SELECT CONCAT(f, '|', z) FROM (SELECT f, z FROM jv) d;
SELECT CONCAT(f, '|', z) FROM (SELECT * FROM jr1) d ORDER BY f;
SELECT f, z FROM jr1 ORDER BY f;
-- CREATE TABLE ... SELECT GROUP_CONCAT(latin1 column) makes a nullable
-- latin1 column (was text COLLATE utf8mb4_0900_bin NOT NULL, storing the
-- UTF-8 bytes): TEXT past 512 characters of group_concat_max_len, else
-- VARCHAR of it.
CREATE TABLE gl (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, u VARCHAR(10));
INSERT INTO gl VALUES (1, 'éé', 'a'), (2, 'éé', 'b'), (3, 'É', 'c');
CREATE TABLE gc1 AS SELECT GROUP_CONCAT(v ORDER BY id) AS g, GROUP_CONCAT(u ORDER BY id) AS h FROM gl;
CREATE TABLE gc2 AS SELECT id, GROUP_CONCAT(v) AS g FROM gl GROUP BY id;
CREATE TABLE gc3 AS SELECT g FROM (SELECT GROUP_CONCAT(v ORDER BY id SEPARATOR ';') AS g FROM gl) d;
-- mysql-differs: MariaDB 10.11 makes mediumtext; MySQL 8.0's Item_func_group_concat::make_string_field makes a Field_blob of group_concat_max_len (1024) characters, text, in the argument's character set, nullable
-- expect: gc1 | g | YES | text | latin1
-- expect: gc1 | h | YES | text | utf8mb4
-- expect: gc2 | id | NO | int | NULL
-- expect: gc2 | g | YES | text | latin1
-- expect: gc3 | g | YES | text | latin1
SELECT TABLE_NAME, COLUMN_NAME, IS_NULLABLE, COLUMN_TYPE, CHARACTER_SET_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('gc1', 'gc2', 'gc3') ORDER BY TABLE_NAME, ORDINAL_POSITION;
SELECT HEX(g), LENGTH(g), h FROM gc1;
SELECT id, HEX(g), LENGTH(g) FROM gc2 ORDER BY id;
SELECT HEX(g), LENGTH(g) FROM gc3;
-- setup
SET SESSION group_concat_max_len = 100;
CREATE TABLE gc4 AS SELECT GROUP_CONCAT(v) AS g, GROUP_CONCAT(u) AS h FROM gl;
-- setup
SET SESSION group_concat_max_len = 1024;
SELECT COLUMN_NAME, IS_NULLABLE, COLUMN_TYPE, CHARACTER_SET_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'gc4' ORDER BY ORDINAL_POSITION;
