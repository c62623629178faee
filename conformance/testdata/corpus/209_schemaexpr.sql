-- defexpr (issue #9): expressions stored in the schema (generated columns,
-- DEFAULTs, CHECK constraints) computed with MySQL's arithmetic on every
-- path that evaluates them: ON DUPLICATE KEY UPDATE and BEFORE triggers
-- recompute generated columns, a division by zero in a definition fails a
-- strict statement, ALTER TABLE ADD COLUMN / ADD CHECK evaluate over the
-- existing rows.
CREATE TABLE od (id INT PRIMARY KEY, a BIGINT, b BIGINT AS (a + 1) STORED, v BIGINT AS (a * 2) VIRTUAL);
INSERT INTO od (id, a) VALUES (1, 1), (2, 2);
INSERT INTO od (id, a) VALUES (1, 5) ON DUPLICATE KEY UPDATE a = 7;
INSERT INTO od (id, a) VALUES (2, 5) ON DUPLICATE KEY UPDATE a = VALUES(a) + 1;
SELECT id, a, b, v FROM od ORDER BY id;
INSERT INTO od (id, a) VALUES (1, 5) ON DUPLICATE KEY UPDATE a = 9223372036854775807;
REPLACE INTO od (id, a) VALUES (2, 9223372036854775807);
UPDATE od SET a = 9223372036854775807 WHERE id = 1;
SELECT id, a, b, v FROM od ORDER BY id;

CREATE TABLE oc (id INT PRIMARY KEY, a INT, b INT AS (a + 1) STORED, CONSTRAINT oc_b CHECK (b < 10));
INSERT INTO oc (id, a) VALUES (1, 1);
-- mysql-differs: MySQL's error for a violated CHECK is 3819 (ER_CHECK_CONSTRAINT_VIOLATED); MariaDB's is its own 4025
-- expect-error: 3819
INSERT INTO oc (id, a) VALUES (1, 1) ON DUPLICATE KEY UPDATE a = 20;
SELECT id, a, b FROM oc;

CREATE TABLE tg (id INT PRIMARY KEY, a BIGINT, b BIGINT AS (a + 1) STORED);
CREATE TRIGGER tg_bi BEFORE INSERT ON tg FOR EACH ROW SET NEW.a = NEW.a * 10;
CREATE TRIGGER tg_bu BEFORE UPDATE ON tg FOR EACH ROW SET NEW.a = NEW.a * 10;
INSERT INTO tg (id, a) VALUES (1, 2), (2, 922337203685477580);
UPDATE tg SET a = 3 WHERE id = 1;
SELECT id, a, b FROM tg ORDER BY id;
INSERT INTO tg (id, a) VALUES (3, 922337203685477581);
SELECT COUNT(*) FROM tg;

CREATE TABLE dz (id INT PRIMARY KEY, a INT, b INT AS (a DIV 0) STORED);
INSERT INTO dz (id, a) VALUES (1, 1);
INSERT IGNORE INTO dz (id, a) VALUES (2, 2);
UPDATE dz SET a = 3;
SELECT id, a, b FROM dz;
CREATE TABLE dc (a INT, CHECK (a % 0 IS NULL));
INSERT INTO dc VALUES (1);
SELECT COUNT(*) FROM dc;
CREATE TABLE dd (id INT, c INT DEFAULT (7 DIV 0));
-- mysql-differs: MySQL's strict handler covers the whole INSERT (Strict_error_handler turns ER_DIVISION_BY_ZERO into an error under STRICT_TRANS_TABLES and ERROR_FOR_DIVISION_BY_ZERO), the DEFAULT's evaluation too; MariaDB stores NULL without a warning
-- expect-error: 1365
INSERT INTO dd (id) VALUES (1);

-- (server TestDefinitionExpressions checks the values; affected rows of an
-- ADD COLUMN that succeeds: the ar table below.)
CREATE TABLE ac (id INT PRIMARY KEY, a BIGINT, c BIGINT);
INSERT INTO ac VALUES (1, 5, 6), (2, 7, 8), (3, 9223372036854775807, 0);
ALTER TABLE ac ADD COLUMN g BIGINT AS (a + 1) STORED;
ALTER TABLE ac ADD COLUMN e BIGINT DEFAULT (a * 2);
ALTER TABLE ac ADD COLUMN z INT DEFAULT (a DIV 0);
ALTER TABLE ac ADD CONSTRAINT ac_a CHECK (a + 1 > 0);
ALTER TABLE ac ADD CONSTRAINT ac_z CHECK (a DIV 0 IS NULL);
SELECT id, a, c FROM ac ORDER BY id;

-- defexpr2: an ALTER that copies the table reports the rows it copied
-- (MySQL's ALGORITHM=COPY); a VIRTUAL column or a constant DEFAULT is 0.
CREATE TABLE ar (id INT PRIMARY KEY, a INT);
INSERT INTO ar VALUES (1, 1), (2, 2), (3, 3);
ALTER TABLE ar ADD COLUMN b INT DEFAULT (a + 1);
ALTER TABLE ar ADD COLUMN c INT AS (a * 2) STORED;
ALTER TABLE ar ADD COLUMN v INT AS (a * 3) VIRTUAL;
ALTER TABLE ar ADD COLUMN e INT DEFAULT 5;
SELECT id, a, b, c, v, e FROM ar ORDER BY id;

-- defexpr2: a trigger writing a table its statement reads is 1442.
CREATE TABLE ta (id INT PRIMARY KEY, v INT);
CREATE TABLE tb (id INT PRIMARY KEY, v INT);
INSERT INTO tb VALUES (1, 10), (2, 20);
CREATE TRIGGER ta_ai AFTER INSERT ON ta FOR EACH ROW INSERT INTO tb VALUES (NEW.id + 100, NEW.v);
INSERT INTO ta SELECT id, v FROM tb;
SELECT id, v FROM tb ORDER BY id;
SELECT COUNT(*) FROM ta;
INSERT INTO ta SELECT id, v FROM tb WHERE id > 5;
