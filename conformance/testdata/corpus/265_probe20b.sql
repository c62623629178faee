-- probe20b (issue #9): differential probing of DML, strict mode, numbers
-- and dates.
-- A DECIMAL(M,D) column stores D fractional digits whatever the form of
-- the value: '1e2' and 1e2 read back 100.00 (GMS kept the exponent: 100).
CREATE TABLE dsx (d DECIMAL(5,2) PRIMARY KEY, e DECIMAL(6,1), KEY (e));
INSERT INTO dsx VALUES ('1e2', 1e1), (2e0, '3e1');
SELECT * FROM dsx ORDER BY d;
SELECT d FROM dsx WHERE d = 100;
SELECT e FROM dsx WHERE e > 5 ORDER BY e;
UPDATE dsx SET e = 2e2 WHERE d = 2;
INSERT INTO dsx VALUES (2, 5) ON DUPLICATE KEY UPDATE e = 4e1;
REPLACE INTO dsx VALUES (5e1, 5e1);
INSERT INTO dsx SELECT d + 1e2, e * 1e1 FROM dsx WHERE d < 100;
SELECT * FROM dsx ORDER BY d;
SELECT d * 1, e * 1, d + e FROM dsx ORDER BY d;
CREATE TABLE dsy AS SELECT d, e FROM dsx;
SELECT * FROM dsy ORDER BY d;
CREATE TABLE dsz (d DECIMAL(5,2) DEFAULT 1e1, g DECIMAL(7,3) AS (d * 1) STORED, h DECIMAL(7,3) AS (d) VIRTUAL);
INSERT INTO dsz (d) VALUES (DEFAULT), (2e1), ('-1.5e0');
SELECT * FROM dsz ORDER BY d;
-- An expression DEFAULT asked for by a VALUES tuple (DEFAULT, or `()
-- VALUES ()`) reads the row being inserted (GMS stored NULL).
CREATE TABLE dfr (id INT PRIMARY KEY, a INT DEFAULT (1 + 1), b VARCHAR(10) DEFAULT 'q', d INT DEFAULT (a * 10), e INT DEFAULT (LENGTH(b) + d));
INSERT INTO dfr (id) VALUES (1);
INSERT INTO dfr VALUES (2, DEFAULT, DEFAULT, DEFAULT, DEFAULT);
INSERT INTO dfr (id, d) VALUES (3, DEFAULT);
INSERT INTO dfr (id, b, d, e) VALUES (4, 'abc', DEFAULT, DEFAULT);
INSERT INTO dfr VALUES (5, '7', DEFAULT, DEFAULT, DEFAULT), (6, DEFAULT, 'xy', 1, DEFAULT);
INSERT INTO dfr (id, a) VALUES (7, 8);
SELECT * FROM dfr ORDER BY id;
CREATE TABLE dfz (a INT DEFAULT (1 + 1), d INT DEFAULT (a * 10));
INSERT INTO dfz () VALUES ();
INSERT INTO dfz VALUES ();
INSERT INTO dfz (d) VALUES (DEFAULT);
SELECT * FROM dfz;
-- An integer UNSIGNED column clamps (non-strict, IGNORE) or refuses with
-- 1264 (strict) a value out of its range after rounding (GMS wrapped it:
-- '300' was 44 in a TINYINT UNSIGNED, 255.5 was 0).
CREATE TABLE uir (id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY, ti TINYINT UNSIGNED, si SMALLINT UNSIGNED, mi MEDIUMINT UNSIGNED, bu BIGINT UNSIGNED);
INSERT INTO uir (ti) VALUES ('300');
INSERT INTO uir (ti) VALUES (255.5);
INSERT INTO uir (ti) VALUES (-0.4);
INSERT INTO uir (si) VALUES ('70000');
INSERT INTO uir (mi) VALUES (16777215.5);
INSERT INTO uir (bu) VALUES ('18446744073709551616');
INSERT INTO uir (ti, si, mi, bu) VALUES (254.5, '65535.4', '-0.4', 18446744073709551615);
INSERT IGNORE INTO uir (ti, si, mi, bu) VALUES ('300', '70000', 16777216, '18446744073709551616');
SHOW WARNINGS;
UPDATE uir SET ti = ti + 1 WHERE ti = 255;
SELECT ti, si, mi, bu FROM uir ORDER BY id;
SET sql_mode = '';
INSERT INTO uir (ti, si, mi, bu) VALUES (255.5, 65535.5, 16777215.5, 18446744073709551615.5);
INSERT INTO uir (ti, si, mi, bu) VALUES (254.5e0, '-1', 253.5e0, '1e30');
INSERT INTO uir (ti, si, mi, bu) VALUES ('300', '70000', '16777216', -1);
SHOW WARNINGS;
UPDATE uir SET ti = '256', si = 70000.5 WHERE si = 0;
SELECT ti, si, mi, bu FROM uir ORDER BY id;
SET sql_mode = DEFAULT;
-- Text with a number in front: out of range by the number (1264), else
-- the column's own 1265/1366.
CREATE TABLE uis (ti TINYINT UNSIGNED, bu BIGINT UNSIGNED);
INSERT INTO uis VALUES ('300abc', 1);
SET sql_mode = '';
INSERT INTO uis VALUES ('300abc', '-5x'), ('', ''), ('12', '1e1x'), ('0x10', 'abc');
SHOW COUNT(*) WARNINGS;
SELECT * FROM uis;
SET sql_mode = DEFAULT;
-- Strict mode refuses a blank string for an integer or DECIMAL column
-- with 1366 (GMS stored 0 silently).
CREATE TABLE sbn (id INT PRIMARY KEY, i INT, de DECIMAL(5,2), u INT UNSIGNED, f DOUBLE);
INSERT INTO sbn VALUES (1, 1, 1, 1, 1);
INSERT INTO sbn (id, i) VALUES (2, '');
INSERT INTO sbn (id, i) VALUES (2, 3), (3, '  ');
INSERT INTO sbn (id, de) VALUES (2, '');
INSERT INTO sbn (id, u) VALUES (2, '');
INSERT INTO sbn (id, f) VALUES (2, '');
UPDATE sbn SET i = '';
UPDATE sbn SET de = ' ';
UPDATE sbn SET i = '' WHERE id = 5;
INSERT IGNORE INTO sbn (id, i) VALUES (4, '');
SELECT * FROM sbn ORDER BY id;
