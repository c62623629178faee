-- odku20: ON DUPLICATE KEY UPDATE assignments are checked as an UPDATE's
-- (issue #9). GMS's insert iterator checked NOT NULL on the inserted row
-- only, so ODKU v = NULL stored NULL in a NOT NULL column: 1048 in a
-- strict sql_mode, else the implicit default with warning 1048.
SET sql_mode = 'STRICT_TRANS_TABLES';
CREATE TABLE nn (id INT PRIMARY KEY, v INT NOT NULL, s VARCHAR(10) NOT NULL, ti TINYINT, c VARCHAR(3), d DECIMAL(5,1), e ENUM('a','b'));
INSERT INTO nn VALUES (1, 7, 'seven', 1, 'x', 1.0, 'a');
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = NULL;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE s = NULL;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a'), (2, 6, 'six', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = NULL;
SELECT * FROM nn ORDER BY id;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = 'abc';
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE ti = 300;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE c = 'abcdef';
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE d = 1.25;
SHOW WARNINGS;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = 2.5e0;
SELECT * FROM nn ORDER BY id;
INSERT IGNORE INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = NULL;
SHOW WARNINGS;
SELECT * FROM nn ORDER BY id;
SET sql_mode = '';
UPDATE nn SET v = 7;
-- A multi-row INSERT warns (CHECK_FIELD_WARN in MySQL's sql_insert.cc).
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a'), (3, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = NULL, s = NULL;
SHOW WARNINGS;
SELECT * FROM nn ORDER BY id;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = 'abc', ti = 300, c = 'abcdef';
SELECT @@warning_count;
SELECT * FROM nn ORDER BY id;
-- With an INSERT trigger only (engine/odkutrig.go's updater).
SET sql_mode = 'STRICT_TRANS_TABLES';
CREATE TABLE nt (id INT PRIMARY KEY, v INT NOT NULL);
CREATE TABLE ntl (x INT);
CREATE TRIGGER nt_ai AFTER INSERT ON nt FOR EACH ROW INSERT INTO ntl VALUES (NEW.v);
INSERT INTO nt VALUES (1, 7);
INSERT INTO nt VALUES (1, 5) ON DUPLICATE KEY UPDATE v = NULL;
SELECT * FROM nt;
SET sql_mode = '';
INSERT INTO nt VALUES (1, 5), (2, 6) ON DUPLICATE KEY UPDATE v = NULL;
SHOW WARNINGS;
SELECT * FROM nt ORDER BY id;
SELECT * FROM ntl ORDER BY x;
-- A single-row INSERT without IGNORE fails with 1048 whatever the sql_mode,
-- its update included (CHECK_FIELD_ERROR_FOR_NULL in MySQL's sql_insert.cc).
INSERT INTO nt VALUES (1, 5) ON DUPLICATE KEY UPDATE v = NULL;
SELECT * FROM nt ORDER BY id;
UPDATE nn SET v = 7, s = 'seven';
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = NULL;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE s = NULL;
SELECT * FROM nn ORDER BY id;
INSERT IGNORE INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = NULL;
SHOW WARNINGS;
SELECT * FROM nn ORDER BY id;
INSERT INTO nn VALUES (1, 5, 'five', 1, 'x', 1, 'a') ON DUPLICATE KEY UPDATE v = 'abc', ti = 300, c = 'abcdef';
SELECT @@warning_count;
SELECT * FROM nn ORDER BY id;
