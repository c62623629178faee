-- union27: an ENUM/SET UNION NULL read through derived tables, CTEs and
-- views keeps the ENUM (MySQL materializes the UNION into a Field_enum:
-- member order, the member number in numeric context); a scalar subquery
-- of an ENUM is its member's text; float literals beside strings in a view
-- and in the statement with texts of different lengths.
CREATE TABLE ue (id INT PRIMARY KEY, e ENUM('lo','hi','mid'), s SET('x','w'));
INSERT INTO ue VALUES (1, 'hi', 'w'), (2, 'lo', 'x'), (3, 'mid', 'x,w');
-- Through a derived table: sorted by member number, x + 0 the number (were
-- text order and 0).
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: DOUBLE
SELECT x + 0 FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY 1;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY x;
SELECT x FROM (SELECT e AS x FROM ue UNION ALL SELECT NULL) d ORDER BY x;
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: ENUM DOUBLE
SELECT x, x + 0 FROM (SELECT NULL AS x UNION SELECT e FROM ue) d ORDER BY x;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY x + 0 DESC;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x > 1 ORDER BY 1;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x = 'hi';
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x < 'lo';
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x IN ('hi', 'mid') ORDER BY x;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x IN (2, 3) ORDER BY x;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x BETWEEN 1 AND 2 ORDER BY x;
SELECT x, IF(x, 'y', 'n'), COALESCE(x, 'none'), x = 'lo', x < 'lo' FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY x;
SELECT CONCAT(x, '!'), LENGTH(x), UPPER(x) FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY x;
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: VARCHAR VARCHAR DOUBLE TEXT
SELECT MAX(x), MIN(x), SUM(x), GROUP_CONCAT(x ORDER BY x) FROM (SELECT e AS x FROM ue UNION SELECT NULL) d;
SELECT x, COUNT(*) FROM (SELECT e AS x FROM ue UNION ALL SELECT NULL UNION ALL SELECT e FROM ue WHERE id = 1) d GROUP BY x ORDER BY x;
SELECT x, y FROM (SELECT e AS x, s AS y FROM ue UNION SELECT NULL, NULL) d ORDER BY x;
SELECT x, y FROM (SELECT e AS x, s AS y FROM ue UNION SELECT NULL, NULL) d ORDER BY y;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL ORDER BY 1 LIMIT 2) d ORDER BY x DESC;
SELECT d.x, ue.id FROM (SELECT e AS x FROM ue UNION SELECT NULL) d JOIN ue ON d.x = ue.e ORDER BY d.x;
-- SET columns.
SELECT x FROM (SELECT s AS x FROM ue UNION SELECT NULL) d ORDER BY x;
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: DOUBLE
SELECT x + 0 FROM (SELECT s AS x FROM ue UNION SELECT NULL) d ORDER BY 1;
-- CTEs, views, a derived table over a derived table.
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: ENUM DOUBLE
WITH c AS (SELECT e AS x FROM ue UNION SELECT NULL) SELECT x, x + 0 FROM c ORDER BY x;
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: SET DOUBLE
WITH c AS (SELECT s AS x FROM ue UNION ALL SELECT NULL) SELECT x, x + 0 FROM c ORDER BY x;
CREATE VIEW uev AS SELECT e AS x FROM ue UNION SELECT NULL;
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: ENUM DOUBLE
SELECT x, x + 0 FROM uev ORDER BY x;
SELECT x FROM uev WHERE x > 1 ORDER BY x;
SELECT x, COUNT(*) FROM uev GROUP BY x ORDER BY x;
SELECT x FROM (SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d1) d2 ORDER BY x;
-- The derived column as a side of an outer UNION: beside a string a VARCHAR
-- sorted as text, beside NULL the ENUM again (both failed with 1105).
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d UNION SELECT 'zz' ORDER BY 1;
SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d UNION ALL SELECT NULL ORDER BY 1;
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 and SUM(x) are DOUBLE, as 110_dml.sql records for a column); MariaDB 10.11 makes them INT and DECIMAL
-- expect-types: DOUBLE
SELECT x + 0 FROM (SELECT e AS x FROM ue UNION SELECT NULL) d UNION ALL SELECT NULL ORDER BY 1;
-- Subquery expressions compare the members' text.
SELECT * FROM ue WHERE e IN (SELECT e FROM ue WHERE id < 3 UNION SELECT NULL) ORDER BY id;
SELECT * FROM ue WHERE e IN (SELECT x FROM (SELECT e AS x FROM ue WHERE id < 3 UNION SELECT NULL) d) ORDER BY id;
SELECT (SELECT e FROM ue WHERE id = 1 UNION SELECT NULL LIMIT 1) + 0;
-- A scalar subquery of an ENUM/SET is its member's text (Item_cache_str):
-- = 'hi' was 0, + 0 and = 2 read the member number.
SELECT (SELECT e FROM ue WHERE id = 1) = 2, (SELECT e FROM ue WHERE id = 1) = 'hi', (SELECT e FROM ue WHERE id = 1) + 0, (SELECT e FROM ue WHERE id = 1) < 'lo';
SELECT id FROM ue WHERE (SELECT s FROM ue WHERE id = 3) = 'x,w' ORDER BY id;
SELECT id FROM ue WHERE e = (SELECT e FROM ue WHERE id = 2);
SELECT id FROM ue ORDER BY (SELECT e FROM ue u2 WHERE u2.id = ue.id);
SELECT id FROM ue ORDER BY (SELECT e FROM ue u2 WHERE u2.id = ue.id) DESC LIMIT 2;
SELECT (SELECT x FROM (SELECT e AS x FROM ue WHERE id = 1 UNION SELECT NULL) d WHERE x IS NOT NULL) + 0;
-- INSERT ... SELECT and CREATE TABLE ... SELECT stay as before.
CREATE TABLE udst (v VARCHAR(10));
INSERT INTO udst SELECT * FROM (SELECT e FROM ue UNION ALL SELECT NULL) d;
SELECT v FROM udst ORDER BY v;
CREATE TABLE uct AS SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d;
SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'uct';
-- A float literal beside a string in a view (1.5e0) and in the statement
-- (1.50e0): each is as long as its own text (both were TEXT).
CREATE TABLE uft (id INT PRIMARY KEY, b INT);
INSERT INTO uft VALUES (1, 1), (2, 0);
CREATE VIEW ufv AS SELECT id, IF(b, 'abc', 1.5e0) AS x FROM uft;
CREATE TABLE ufc1 AS SELECT x, IF(b, 'abcdefgh', 1.50e0) AS y FROM ufv JOIN uft USING (id);
CREATE TABLE ufc2 AS SELECT x FROM ufv JOIN uft ON ufv.id = uft.id;
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('ufc1', 'ufc2') ORDER BY TABLE_NAME, ORDINAL_POSITION;
SELECT x, IF(b, 'abcdefgh', 1.50e0) AS y FROM ufv JOIN uft USING (id) ORDER BY id;
-- COALESCE and IFNULL of an ENUM/SET beside NULLs are strings (MySQL's
-- STRING_RESULT Item_func_numhybrid reads its text as the number: 0; the
-- member number was read).
SELECT id, COALESCE(e, NULL) + 0, IFNULL(s, NULL) + 0, CONCAT(COALESCE(e, NULL)), COALESCE(NULL, e) + 0 FROM ue ORDER BY id;
SELECT id, COALESCE(e, NULL) AS a FROM ue ORDER BY a;
SELECT id, IFNULL(e, NULL) AS a FROM ue ORDER BY a DESC;
SELECT COALESCE(e, NULL) AS e FROM ue ORDER BY e;
SELECT id FROM ue ORDER BY COALESCE(e, NULL);
-- A UNION of strings of different types without an ENUM: VARCHAR of the
-- longer side, CHAR x CHAR a CHAR (was LONGTEXT, a BLOB on the wire and
-- in CREATE TABLE ... SELECT).
CREATE TABLE usv (v VARCHAR(5), c CHAR(3), c2 CHAR(4));
INSERT INTO usv VALUES ('a', 'bb', 'ccc'), ('dd', 'e', NULL);
CREATE TABLE usc1 AS SELECT v FROM usv UNION SELECT c FROM usv;
CREATE TABLE usc2 AS SELECT v FROM usv UNION ALL SELECT 'abcdefg';
CREATE TABLE usc3 AS SELECT c FROM usv UNION ALL SELECT c2 FROM usv UNION ALL SELECT NULL;
SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('usc1', 'usc2', 'usc3') ORDER BY TABLE_NAME;
SELECT v FROM usv UNION SELECT c FROM usv ORDER BY 1;
SELECT x, LENGTH(x) FROM (SELECT c AS x FROM usv UNION ALL SELECT c2 FROM usv) d ORDER BY x;
-- Run by EXECUTE of a PREPAREd SELECT (were text order and 0; a
-- statement's own ENUM UNION NULL result too).
PREPARE ups FROM 'SELECT x + 0 AS n, x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY x';
-- mysql-differs: MySQL 8.0 reads an ENUM/SET as a string in arithmetic (Item_func_plus of a STRING_RESULT operand is REAL: x + 0 is DOUBLE); MariaDB 10.11 makes it INT
-- expect-types: DOUBLE ENUM
EXECUTE ups;
PREPARE ups2 FROM 'SELECT e FROM ue UNION SELECT NULL ORDER BY 1';
EXECUTE ups2;
