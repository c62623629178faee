-- probe19b (issue #9): differential probing of DML, DDL and queries.
-- DEFAULT(col) in VALUES, SET and ON DUPLICATE KEY UPDATE is col's
-- default, not the assigned column's (GMS stored the assigned column's,
-- and an UPDATE changed nothing).
CREATE TABLE dfo (id INT PRIMARY KEY AUTO_INCREMENT, x INT DEFAULT (1 + 1), s VARCHAR(10) DEFAULT 'q', y INT DEFAULT 7, n INT, nn INT NOT NULL);
INSERT INTO dfo (x, nn) VALUES (DEFAULT(y), 1);
INSERT INTO dfo (x, y, nn) VALUES (5, DEFAULT(x), 1);
INSERT INTO dfo VALUES (NULL, DEFAULT(y), DEFAULT(s), DEFAULT(x), DEFAULT(y), 1);
INSERT INTO dfo (x, nn) VALUES (DEFAULT(n), 2);
INSERT INTO dfo (x, nn) VALUES (DEFAULT(x), 3);
INSERT INTO dfo (x, nn) VALUES (DEFAULT(s), 1);
INSERT INTO dfo (x, nn) VALUES (DEFAULT(nn), 2);
INSERT INTO dfo (x, nn) VALUES (DEFAULT(zz), 2);
UPDATE dfo SET n = DEFAULT(y) WHERE id = 1;
UPDATE dfo SET s = DEFAULT(x), n = DEFAULT(x) WHERE id = 2;
INSERT INTO dfo (id, nn) VALUES (4, 1) ON DUPLICATE KEY UPDATE n = DEFAULT(x);
SELECT * FROM dfo ORDER BY id;
UPDATE dfo SET x = DEFAULT(y) WHERE id IN (1, 2);
SELECT * FROM dfo ORDER BY id;
-- A scalar subquery's second row: 1242 (SQLSTATE 21000, server/probe19b_test.go).
CREATE TABLE sq (id INT PRIMARY KEY, g INT);
INSERT INTO sq VALUES (1, 1), (2, 1), (3, 2);
SELECT (SELECT id FROM sq) FROM sq;
SELECT id, (SELECT id FROM sq s2 WHERE s2.g = sq.g) FROM sq ORDER BY id;
-- mysql-differs: MySQL 8.0 refuses the read of the target table first (1093, refuse21); MariaDB runs it into 1242
-- expect-error: 1093
UPDATE sq SET g = (SELECT id FROM sq s2 WHERE s2.g = 1);
SELECT * FROM sq ORDER BY id;
-- Two secondary indexes on different columns are no duplicates (GMS
-- warned 1831 for any two with as many key parts).
CREATE TABLE dix (id INT PRIMARY KEY, x INT, y INT, s VARCHAR(20), KEY (x), KEY (y), KEY (x, y), KEY (y, x), UNIQUE (x), KEY (s(3)), KEY s2 (s(4)));
SHOW WARNINGS;
ALTER TABLE dix ADD INDEX i1 (id, x);
SHOW WARNINGS;
CREATE INDEX i2 ON dix (x, id);
SHOW WARNINGS;
-- ANALYZE TABLE and FLUSH commit the open transaction first (a ROLLBACK
-- after them undid the rows inserted before them).
CREATE TABLE adm (id INT PRIMARY KEY);
BEGIN;
INSERT INTO adm VALUES (1);
-- setup
ANALYZE TABLE adm;
ROLLBACK;
BEGIN;
INSERT INTO adm VALUES (2);
FLUSH TABLES;
ROLLBACK;
SELECT * FROM adm ORDER BY id;
-- UPDATE IGNORE's warnings (the info string counts them: server/probe19b_test.go).
CREATE TABLE uiw (id INT PRIMARY KEY, v INT NOT NULL);
INSERT INTO uiw VALUES (1, 1), (2, 2);
UPDATE IGNORE uiw SET v = NULL;
SHOW WARNINGS;
SELECT * FROM uiw ORDER BY id;
-- Equal DECIMAL window ORDER BY values are peers (GMS compared the
-- pointers inside two decimals: ties ranked apart).
CREATE TABLE wp (id INT PRIMARY KEY, g VARCHAR(5) COLLATE utf8mb4_bin, h INT, v DECIMAL(6,2));
INSERT INTO wp VALUES (1,'a',1,1.5),(2,'a',2,2.5),(3,'b',1,NULL),(4,'b',NULL,4.0),(5,NULL,1,5.25),(6,'c',3,6);
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: VARCHAR DECIMAL UNSIGNED BIGINT
SELECT g, SUM(v), RANK() OVER (ORDER BY SUM(v) DESC) FROM wp GROUP BY g ORDER BY g;
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: VARCHAR DECIMAL UNSIGNED BIGINT UNSIGNED BIGINT
SELECT g, SUM(h), DENSE_RANK() OVER (ORDER BY SUM(h) DESC), RANK() OVER (ORDER BY SUM(h)) FROM wp GROUP BY g ORDER BY g;
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: VARCHAR DECIMAL UNSIGNED BIGINT
SELECT g, x, RANK() OVER (ORDER BY x DESC) FROM (SELECT g, SUM(v) x FROM wp GROUP BY g) t ORDER BY g;
CREATE TABLE wd (id INT PRIMARY KEY, x DECIMAL(10,2));
INSERT INTO wd VALUES (1, 4), (2, 4.00), (3, 3);
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT DECIMAL
SELECT id, RANK() OVER (ORDER BY x), SUM(id) OVER (ORDER BY x) FROM wd ORDER BY id;
SELECT id, SUM(x) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM wd ORDER BY id;
