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
