-- 217_show (branch midstream): SHOW statements' result metadata, where
-- MariaDB 10.11 answers as MySQL 8.0. SHOW WARNINGS' columns are
-- Level VARCHAR(7), Code INT UNSIGNED, Message VARCHAR(512); GMS typed them
-- TEXT, INT and TEXT.
SELECT CAST('x' AS SIGNED);
SHOW WARNINGS;
SELECT 1 + 'a', CAST('y' AS SIGNED);
SHOW WARNINGS;

-- midstream2: the diagnostics area. A failed statement's error is listed
-- by SHOW WARNINGS and SHOW ERRORS and counted by SHOW COUNT(*) and
-- @@warning_count/@@error_count (GMS: not listed, 1105, unknown variable);
-- a statement that uses no table leaves the list as it was.
SELECT nosuch_col;
-- mysql-differs: MariaDB 10.11 names the clause 'SELECT'; MySQL 8.0 says 'field list' (ER_BAD_FIELD_ERROR's where-text for a select list)
-- expect: Error | 1054 | Unknown column 'nosuch_col' in 'field list'
SHOW WARNINGS;
-- mysql-differs: MariaDB 10.11 names the clause 'SELECT'; MySQL 8.0 says 'field list' (ER_BAD_FIELD_ERROR's where-text for a select list)
-- expect: Error | 1054 | Unknown column 'nosuch_col' in 'field list'
SHOW ERRORS;
SHOW COUNT(*) WARNINGS;
SHOW COUNT(*) ERRORS;
SELECT @@warning_count, @@error_count;
-- mysql-differs: MariaDB 10.11 names the clause 'SELECT'; MySQL 8.0 says 'field list' (ER_BAD_FIELD_ERROR's where-text for a select list)
-- expect: Error | 1054 | Unknown column 'nosuch_col' in 'field list'
SHOW ERRORS LIMIT 1;
SELECT CAST('x' AS SIGNED);
SHOW ERRORS;
SHOW COUNT(*) ERRORS;
SELECT @@warning_count, @@error_count;
SELECT 1;
SELECT @@session.warning_count;
SET @@warning_count = 1;

-- Events: Myriad stores none; SHOW EVENTS and information_schema.EVENTS
-- list none (GMS: 1105 "doesn't support events"), a named one is 1539.
-- mysql-differs: MySQL 8.0 answers SHOW EVENTS from its information_schema view, where Originator is INT UNSIGNED (MariaDB: BIGINT)
-- expect-types: VARCHAR VARCHAR VARCHAR VARCHAR VARCHAR DATETIME VARCHAR VARCHAR DATETIME DATETIME VARCHAR UNSIGNED INT VARCHAR VARCHAR VARCHAR
SHOW EVENTS;
-- mysql-differs: MySQL 8.0 answers SHOW EVENTS from its information_schema view, where Originator is INT UNSIGNED (MariaDB: BIGINT)
-- expect-types: VARCHAR VARCHAR VARCHAR VARCHAR VARCHAR DATETIME VARCHAR VARCHAR DATETIME DATETIME VARCHAR UNSIGNED INT VARCHAR VARCHAR VARCHAR
SHOW EVENTS LIKE 'e%';
SELECT COUNT(*) FROM information_schema.EVENTS;
SHOW CREATE EVENT nosuch_event;
DROP EVENT nosuch_event;

-- SHOW OPEN TABLES (GMS: 1064). The tables open in the server's cache
-- differ between servers, so only the columns, and FROM an unknown schema
-- (no error). A SET leaves the list (no table).
SHOW OPEN TABLES WHERE 1 = 0;
SHOW OPEN TABLES FROM nosuch_schema;
SELECT CAST('z' AS SIGNED);
SET @v = 1;
SELECT @@warning_count;
