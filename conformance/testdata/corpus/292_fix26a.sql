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
