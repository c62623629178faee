-- Session 27, lead: cte_max_recursion_depth (default 1000) bounds a
-- recursive CTE's iterations as MySQL's FollowTailIterator counts them: the
-- 1000th iteration may read row 1000, the 1001st fails with 3636.
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 1000) SELECT COUNT(*), MAX(n) FROM r;
-- mysql-differs: MySQL stops at cte_max_recursion_depth (1000) iterations with 3636; MariaDB has no such variable
-- expect-error: 3636
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 1001) SELECT COUNT(*) FROM r;
-- mysql-differs: MySQL stops at cte_max_recursion_depth (1000) iterations with 3636; MariaDB has no such variable
-- expect-error: 3636
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 5000) SELECT COUNT(*) FROM r;
WITH RECURSIVE r AS (SELECT 1 AS n UNION SELECT n FROM r) SELECT COUNT(*) FROM r;
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 40) SELECT COUNT(*) FROM r a JOIN r b ON a.n <= b.n;
-- information_schema.COLUMNS.EXTRA of ON UPDATE and generated columns:
-- MySQL 8.0 prints "on update CURRENT_TIMESTAMP[(n)]", after
-- DEFAULT_GENERATED only with an expression default, and VIRTUAL GENERATED
-- for a VIRTUAL column (Myriad printed "DEFAULT_GENERATED on update
-- (CURRENT_TIMESTAMP)" and STORED GENERATED).
CREATE TABLE ou (a TIMESTAMP NULL ON UPDATE CURRENT_TIMESTAMP, b DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), c TIMESTAMP DEFAULT CURRENT_TIMESTAMP, d INT, e INT AS (d + 1) VIRTUAL, f INT AS (d + 2) STORED, g DATETIME DEFAULT '2024-01-01 00:00:00' ON UPDATE CURRENT_TIMESTAMP);
-- mysql-differs: MySQL 8.0 names the function CURRENT_TIMESTAMP and marks expression defaults DEFAULT_GENERATED; MariaDB prints current_timestamp() and no DEFAULT_GENERATED
-- expect: a | on update CURRENT_TIMESTAMP
-- expect: b | DEFAULT_GENERATED on update CURRENT_TIMESTAMP(3)
-- expect: c | DEFAULT_GENERATED
-- expect: d |
-- expect: e | VIRTUAL GENERATED
-- expect: f | STORED GENERATED
-- expect: g | on update CURRENT_TIMESTAMP
SELECT column_name, extra FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'ou' ORDER BY ordinal_position;
-- A hex or bit literal under a character set introducer is a string of
-- those bytes in that character set: HEX(_latin1 x'E9') was C3A9 (GMS kept
-- the decoded text as bytes, which HEX read as UTF-8).
SELECT HEX(_latin1 x'E9'), HEX(_latin1 0xE9), HEX(_latin1 b'11101001'), LENGTH(_latin1 x'E9'), CHAR_LENGTH(_utf8mb4 x'C3A9'), HEX(_utf8mb4 x'C3A9');
SELECT HEX(_latin1 x'E9' COLLATE latin1_bin), _latin1 x'E9' = 'é', HEX(UPPER(_latin1 x'E9')), HEX(CONCAT(_latin1 x'E9', _latin1 'a')), HEX(_binary x'E9');
SELECT HEX(REVERSE(_latin1 x'E9E8')), HEX(SUBSTRING(_latin1 x'E9E8', 2)), HEX(LOWER(_latin1 x'C9')), _latin1 x'41';
CREATE TABLE lt (v VARCHAR(5) CHARACTER SET latin1, u VARCHAR(5) CHARACTER SET utf8mb4);
INSERT INTO lt VALUES (_latin1 x'E9', _latin1 x'E9');
SELECT HEX(v), HEX(u), v = 'é', u = 'é' FROM lt;
CREATE VIEW ltv AS SELECT HEX(_latin1 x'E9') AS h, HEX(_latin1 b'11101000') AS b;
SELECT * FROM ltv;
-- SESSION_USER() and SYSTEM_USER() are USER() (were 1305).
SELECT SESSION_USER() = USER(), SYSTEM_USER() = USER(), SESSION_USER() LIKE 'root@%';
-- ROUTINE_DEFINITION of a procedure with a COMMENT began one byte into the
-- body ("elect 3"): the parser's body position after COMMENT 'text'.
CREATE PROCEDURE rd1() COMMENT 'abc' SELECT 3;
CREATE PROCEDURE rd2() COMMENT 'it''s' DETERMINISTIC SELECT 4;
CREATE PROCEDURE rd3() DETERMINISTIC COMMENT 'x' INSERT INTO lt VALUES ('a', 'b');
CREATE PROCEDURE rd4()SELECT 5;
SELECT routine_name, routine_definition, routine_comment FROM information_schema.routines WHERE routine_schema = DATABASE() ORDER BY routine_name;
-- INSERT/UPDATE IGNORE of a row violating a CHECK: Warning 3819 (GMS raised
-- Note 1105 'Check constraint "ck_chk_1" violated').
CREATE TABLE ck (id INT PRIMARY KEY, a INT CHECK (a > 0));
-- mysql-differs: MySQL 8.0's IGNORE skips a row violating a CHECK constraint with a warning; MariaDB fails the statement (4025)
-- expect-affected: 1
INSERT IGNORE INTO ck VALUES (5, -1), (6, 1);
-- mysql-differs: MySQL 8.0's warning for the skipped row (MariaDB failed the statement)
-- expect: Warning | 3819 | Check constraint 'ck_chk_1' is violated.
SHOW WARNINGS;
-- mysql-differs: MySQL 8.0 kept the row the IGNORE did not skip
-- expect: 6 | 1
SELECT * FROM ck;
-- A select expression after white space and a comma was named ", 2"
-- (names: server TestLead27CommaNames).
SELECT 1 , 2 ,3, 'x' , NOW() IS NOT NULL;
SELECT a , b FROM (SELECT 1 , 2 AS b , 3 AS a) t;
