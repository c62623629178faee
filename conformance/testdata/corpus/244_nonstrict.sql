-- 244_nonstrict (branch nonstrict2, issues #9/#14): without a strict
-- sql_mode, and under IGNORE, a value a column cannot hold is adjusted and
-- stored with a warning naming the column and the statement's row (Myriad
-- refused the statement, or warned at level Note in GMS's own words).
-- Where MariaDB 10.11 differs, MySQL 8.0's answer is recorded: MySQL's
-- 1366 names the column alone ('v', MariaDB `db`.`t`.`v`), reads a string
-- without a number into a DOUBLE as 1265 (Field_double::store), and
-- reports an unreadable date with 1292 (make_truncated_value_warning).
CREATE TABLE t5 (id INT PRIMARY KEY, v INT, w VARCHAR(5) UNIQUE);
INSERT INTO t5 VALUES (1, 1, 'a');
SET sql_mode = '';
INSERT INTO t5 VALUES (60, 99999999999, 'toolongvalue');
SHOW WARNINGS;
INSERT INTO t5 VALUES (61, '12abc', 'zz');
SHOW WARNINGS;
INSERT INTO t5 VALUES (62, 'abc', 'zy');
-- mysql-differs: MySQL 8.0's ER_TRUNCATED_WRONG_VALUE_FOR_FIELD names the column alone; MariaDB 10.11 qualifies it with schema and table
-- expect: Warning | 1366 | Incorrect integer value: 'abc' for column 'v' at row 1
SHOW WARNINGS;
INSERT INTO t5 VALUES (63, 1.5e300, 'zx');
SHOW WARNINGS;
INSERT INTO t5 VALUES (64, 1, 'q1'), (65, 1e20, 'q2'), (66, -1e20, 'q3333333');
SHOW WARNINGS;
SELECT * FROM t5 ORDER BY id;
CREATE TABLE ti (id INT PRIMARY KEY, a TINYINT, b TINYINT UNSIGNED, c BIGINT, d BIGINT UNSIGNED, e DECIMAL(5,2), f FLOAT, g DOUBLE,
  h CHAR(3), i VARCHAR(3), j TEXT, k BINARY(3), l VARBINARY(3), m ENUM('x','y'), n SET('p','q'), o DATE, p DATETIME, q TIME);
INSERT INTO ti (id, a, b, c, d) VALUES (1, 300, -1, 99999999999999999999, -5);
SHOW WARNINGS;
INSERT INTO ti (id, a, b, c) VALUES (2, '1.5', '2.5e1', '7');
SHOW WARNINGS;
INSERT INTO ti (id, e, f, g) VALUES (3, 12345.678, 1e300, '1e400');
SHOW WARNINGS;
INSERT INTO ti (id, e, g) VALUES (4, '-5000x', '12x');
SHOW WARNINGS;
INSERT INTO ti (id, f) VALUES (5, 'abc');
-- mysql-differs: MySQL 8.0's Field_double::store reports a string without a number as truncated data (WARN_DATA_TRUNCATED); MariaDB 10.11 says 1366 Incorrect double value
-- expect: Warning | 1265 | Data truncated for column 'f' at row 1
SHOW WARNINGS;
INSERT INTO ti (id, h, i, j, k, l) VALUES (6, 'abcd', 'abcd', 'x', 'abcd', 'abcd');
SHOW WARNINGS;
INSERT INTO ti (id, h, i) VALUES (7, 'ab   ', 'ab   ');
SHOW WARNINGS;
INSERT INTO ti (id, m, n) VALUES (8, 'z', 'p,z,q'), (9, 5, 'q');
SHOW WARNINGS;
INSERT INTO ti (id, o, p, q) VALUES (10, '2020-01-01 10:11:12', '2020-01-01', '900:00:00');
SHOW WARNINGS;
INSERT INTO ti (id, o) VALUES (11, 'abc');
-- mysql-differs: MySQL 8.0 reports an unreadable date as ER_TRUNCATED_WRONG_VALUE (1292, make_truncated_value_warning); MariaDB 10.11 says 1265
-- expect: Warning | 1292 | Incorrect date value: 'abc' for column 'o' at row 1
SHOW WARNINGS;
SELECT id, a, b, c, d, e, f, g, h, CONCAT(i, '|'), j, HEX(k), HEX(l), m, n, o, p, q FROM ti ORDER BY id;
CREATE TABLE nn (id INT PRIMARY KEY, s INT NOT NULL, t VARCHAR(3) NOT NULL, u ENUM('x','y') NOT NULL);
INSERT INTO nn (id, s, t, u) VALUES (1, NULL, NULL, NULL), (2, 5, 'x', 'y');
SHOW WARNINGS;
INSERT INTO nn (id) VALUES (3), (4);
SHOW WARNINGS;
INSERT INTO nn (id, s, t, u) VALUES (5, NULL, 'a', 'x');
CREATE TABLE src (a VARCHAR(10), b VARCHAR(10));
INSERT INTO src VALUES ('5', 'x'), ('99999', 'toolong');
INSERT INTO ti (id, a, i) SELECT 100 + LENGTH(a), a, b FROM src ORDER BY a;
SHOW WARNINGS;
UPDATE ti SET a = 1000, i = 'abcdef' WHERE id IN (1, 2);
SHOW WARNINGS;
UPDATE nn SET s = NULL WHERE id = 2;
SHOW WARNINGS;
SELECT * FROM nn ORDER BY id;
SET sql_mode = DEFAULT;
INSERT IGNORE INTO t5 (id, v, w) VALUES (53, 99999999999, 'abcdefgh');
SHOW WARNINGS;
INSERT IGNORE INTO t5 VALUES (1, 1, 'new');
-- mysql-differs: MySQL 8.0 names the key with its table ('t5.PRIMARY'); MariaDB 10.11 names the key alone
-- expect: Warning | 1062 | Duplicate entry '1' for key 't5.PRIMARY'
SHOW WARNINGS;
UPDATE IGNORE ti SET b = -5 WHERE id IN (1, 2);
SHOW WARNINGS;
-- Strict: a number followed by more fails with 1265 (Myriad: 1366).
INSERT INTO t5 VALUES (50, '12abc', 'q');
SELECT * FROM t5 ORDER BY id;
SELECT id, a, b, i FROM ti ORDER BY id;
