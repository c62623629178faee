-- DDL and error numbers: unknown objects, duplicates, syntax errors, bad
-- types, ambiguous columns, SHOW and DESCRIBE output.
CREATE TABLE e1 (id INT PRIMARY KEY, a INT, b VARCHAR(10));
CREATE TABLE e1 (id INT);
CREATE TABLE IF NOT EXISTS e1 (id INT);
CREATE TABLE e2 (id INT, id INT);
CREATE TABLE e3 (id INT PRIMARY KEY, PRIMARY KEY (id));
-- mysql-differs: MySQL 8.0 refuses a TEXT key part without a prefix length (1170); MariaDB accepts it
-- expect-error: 1170
CREATE TABLE e4 (a VARCHAR(10) PRIMARY KEY, b TEXT, KEY (b));
CREATE TABLE e5 (a INT, KEY k (nosuch));
SELECT * FROM nosuch;
SELECT nosuch FROM e1;
SELECT e1.nosuch FROM e1;
SELECT a FROM e1 x, e1 y;
SELECT * FROM e1 WHERE;
SELEC 1;
SELECT 1 +;
DROP TABLE nosuch;
DROP TABLE IF EXISTS nosuch;
INSERT INTO e1 VALUES (1, 2);
INSERT INTO e1 (id, nosuch) VALUES (1, 2);
INSERT INTO e1 VALUES (1, 1, 'a'), (1, 2, 'b');
SELECT COUNT(*) FROM e1;
INSERT INTO e1 VALUES (1, 1, 'a');
INSERT INTO e1 VALUES (1, 2, 'b');
UPDATE e1 SET nosuch = 1;
ALTER TABLE e1 ADD COLUMN c INT DEFAULT 7;
SELECT * FROM e1;
ALTER TABLE e1 ADD COLUMN c INT;
ALTER TABLE e1 DROP COLUMN nosuch;
ALTER TABLE e1 ADD INDEX ka (a);
ALTER TABLE e1 ADD INDEX ka (b);
ALTER TABLE e1 ADD UNIQUE INDEX ub (b);
INSERT INTO e1 VALUES (2, 2, 'a', 0);
ALTER TABLE e1 MODIFY COLUMN b VARCHAR(2);
ALTER TABLE e1 MODIFY COLUMN b VARCHAR(1);
SELECT * FROM e1;
ALTER TABLE e1 RENAME COLUMN a TO aa;
SELECT aa FROM e1;
ALTER TABLE e1 DROP PRIMARY KEY;
RENAME TABLE e1 TO e1r;
SELECT COUNT(*) FROM e1r;
SELECT COUNT(*) FROM e1;
CREATE VIEW v1 AS SELECT id, aa * 2 AS dbl FROM e1r;
SELECT * FROM v1;
CREATE VIEW v1 AS SELECT 1;
CREATE OR REPLACE VIEW v1 AS SELECT 2 AS two;
SELECT * FROM v1;
DROP VIEW v1;
-- mysql-differs: MySQL 8.0 answers DROP VIEW of a missing view with ER_BAD_TABLE_ERROR (1051); MariaDB with 4092
-- expect-error: 1051
DROP VIEW v1;
-- mysql-differs: MySQL 8.0's mysql_create_db ends in my_ok(thd, 1) also when IF NOT EXISTS finds the schema; MariaDB says 0
-- expect-affected: 1
CREATE DATABASE IF NOT EXISTS c_120_ddl_errors;
CREATE DATABASE c_120_ddl_errors;
USE nosuchdb;
SELECT 1 FROM DUAL WHERE 1 = 1;
SELECT * FROM (SELECT 1) t;
SELECT * FROM (SELECT 1, 1) t;
SELECT 1 UNION SELECT 1, 2;
SELECT (SELECT 1, 2);
-- mysql-differs: MySQL 8.0 fails with ER_OPERAND_COLUMNS ("Operand should contain 2 column(s)"); MariaDB with 4078
-- expect-error: 1241
SELECT ROW(1, 2) = 1;
SELECT * FROM e1r LIMIT -1;
SELECT ABS();
SELECT NOSUCHFUNC(1);
SELECT CONCAT();
SELECT 1 FROM e1r GROUP BY nosuch;
SELECT id FROM e1r ORDER BY 5;
SELECT SUM(id) FROM e1r GROUP BY SUM(id);
SELECT id FROM e1r WHERE SUM(id) > 1;
SELECT @x := 1;
SET @v = 10;
SELECT @v, @v + 1, @undefined;
SET @s = 'abc';
SELECT @s, CONCAT(@s, 'd'), LENGTH(@s);
SET @d = 1.5;
SELECT @d * 2;
CREATE TABLE e6 (a INT) ENGINE = InnoDB;
CREATE TABLE e7 (a DECIMAL(70, 2));
CREATE TABLE e8 (a VARCHAR(70000));
CREATE TABLE e9 (a FLOAT(10, 20));
CREATE TABLE e10 (a INT, b INT GENERATED ALWAYS AS (a * 2) STORED);
INSERT INTO e10 (a) VALUES (3), (NULL);
SELECT * FROM e10 ORDER BY a;
-- mysql-differs: MySQL 8.0 refuses a value for a generated column (3105); MariaDB ignores it with 1906
-- expect-error: 3105
INSERT INTO e10 VALUES (1, 1);
CREATE TABLE e11 (id INT PRIMARY KEY) COMMENT 'hello';
-- mysql-differs: MySQL 8.0 refused e4 (1170 above)
-- expect: e10
-- expect: e11
-- expect: e1r
-- expect: e6
SHOW TABLES;
-- mysql-differs: MySQL 8.0 shows integer types without a display width
-- expect: id | int | NO |  | NULL |
-- expect: aa | int | YES | MUL | NULL |
-- expect: b | varchar(1) | YES | UNI | NULL |
-- expect: c | int | YES |  | 7 |
DESCRIBE e1r;
-- mysql-differs: MySQL 8.0 shows integer types without a display width
-- expect: a | int | YES |  | NULL |
-- expect: b | int | YES |  | NULL | STORED GENERATED
SHOW COLUMNS FROM e10;
TRUNCATE TABLE e1r;
SELECT COUNT(*) FROM e1r;
DROP TABLE e1r, e6;
DROP TABLE e10, nosuch;
-- mysql-differs: MySQL 8.0's DROP TABLE is atomic: with nosuch unknown (1051) it drops nothing; MariaDB drops e10
-- expect: 2
SELECT COUNT(*) FROM e10;
