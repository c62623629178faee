-- Session 26 (lead): user variables keep the collation of the string they are set from.
CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, n VARCHAR(10) COLLATE utf8mb4_general_ci);
INSERT INTO l1 VALUES (1, 'éé', 'alice'), (2, 'ab', 'bob');
SET @s = 'abc';
SELECT @s = 'ABC', @s = 'ABD';
SET @v = (SELECT n FROM l1 WHERE id = 1);
SELECT @v = 'ALICE', COLLATION(@v), LENGTH(@v);
SELECT n INTO @w FROM l1 WHERE id = 1;
SELECT @w = 'ALICE', COLLATION(@w);
SET @g = (SELECT GROUP_CONCAT(v ORDER BY id) FROM l1);
SELECT LENGTH(@g), HEX(@g), COLLATION(@g), @g = 'ÉÉ,AB';
SELECT GROUP_CONCAT(v ORDER BY id), id INTO @h, @i FROM l1 GROUP BY id LIMIT 1;
SELECT LENGTH(@h), HEX(@h), COLLATION(@h), @i;
SELECT v INTO @x FROM l1 WHERE id = 1;
SELECT LENGTH(@x), HEX(@x), @x = 'ÉÉ', COLLATION(@x);
SET @y = (SELECT UPPER(v) FROM l1 WHERE id = 1), @z = (SELECT CONCAT(v, 'x') FROM l1 WHERE id = 1);
SELECT LENGTH(@y), HEX(@y), COLLATION(@y), LENGTH(@z), COLLATION(@z);
SELECT @k := v FROM l1 WHERE id = 1;
SELECT LENGTH(@k), COLLATION(@k);
SET @c = 'abc';
SELECT @c := CONCAT(@c, 'X');
SELECT @c = 'ABCx';
CREATE TABLE tl (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1);
CREATE TRIGGER tlb BEFORE INSERT ON tl FOR EACH ROW SET @tv = NEW.v;
INSERT INTO tl VALUES (1, 'éé');
SELECT LENGTH(@tv), HEX(@tv), COLLATION(@tv);
SELECT id FROM l1 WHERE n = @v;
SELECT id FROM l1 WHERE v = @x;
-- A procedure's string parameters and DECLAREd variables take the database's collation.
CREATE PROCEDURE pd(a VARCHAR(10)) BEGIN DECLARE b VARCHAR(10) DEFAULT 'abc'; DECLARE c VARCHAR(10) CHARACTER SET latin1 DEFAULT 'éé'; SELECT a = 'ABC', b = 'ABC', LENGTH(c), c = 'ÉÉ'; END;
CALL pd('abc');
CALL pd('abd');
CREATE PROCEDURE pb(a VARCHAR(10)) BEGIN DECLARE b TEXT; SET b = a; SELECT b = 'ABC', b = 'abd'; END;
CALL pb('abc');
CREATE DATABASE corpus293l CHARACTER SET latin1;
CREATE PROCEDURE corpus293l.pl(a VARCHAR(10)) SELECT COLLATION(a), LENGTH(a), a = 'ÉÉ';
CALL corpus293l.pl('éé');
DROP DATABASE corpus293l;
CREATE DATABASE corpus293d;
CREATE TABLE corpus293d.a (i INT);
CREATE TABLE corpus293d.b (i INT PRIMARY KEY);
CREATE VIEW corpus293d.v AS SELECT i FROM corpus293d.a;
DROP DATABASE corpus293d;
DROP DATABASE IF EXISTS corpus293d;
-- A latin1 column in a UNION with a string literal is latin1; a literal latin1 cannot hold is 1267.
SELECT x, LENGTH(x), HEX(x), COLLATION(x) FROM (SELECT v x FROM l1 UNION SELECT 'xé') d ORDER BY x;
SELECT v FROM l1 UNION SELECT 'ÉÉ';
SELECT LENGTH(v), COLLATION(v) FROM (SELECT 'x' v UNION ALL SELECT v FROM l1) d ORDER BY 1;
SELECT v FROM (SELECT v FROM l1 UNION SELECT 'ĉé') d;
SELECT v FROM l1 UNION SELECT 'ĉé';
SELECT HEX(x) FROM (SELECT v x FROM l1 UNION ALL SELECT n FROM l1) d ORDER BY 1;
-- A window function over a derived latin1 GROUP_CONCAT column, read twice in one select list.
SELECT MAX(g) OVER (), LENGTH(MAX(g) OVER ()) FROM (SELECT GROUP_CONCAT(v) g FROM l1 GROUP BY id) d;
SELECT FIRST_VALUE(g) OVER (ORDER BY g DESC), LENGTH(FIRST_VALUE(g) OVER (ORDER BY g DESC)), HEX(LAG(g) OVER (ORDER BY g DESC)) FROM (SELECT GROUP_CONCAT(v) g FROM l1 GROUP BY id) d ORDER BY 3;
SELECT MIN(g) OVER (PARTITION BY id), HEX(MIN(g) OVER (PARTITION BY id)) FROM (SELECT id, GROUP_CONCAT(v) g FROM l1 GROUP BY id) d ORDER BY 2;
-- A procedure's SELECT ... INTO that selects two rows is 1172 and nothing runs twice (CALLs whose
-- body runs a SELECT ... INTO are not compared here: MariaDB's CALL then reports 1 affected row,
-- MySQL's count is not established; see server.TestLead26ProcedureSelectInto).
CREATE TABLE plog (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(10));
CREATE PROCEDURE pk3() BEGIN DECLARE z INT DEFAULT 7; INSERT INTO plog (m) VALUES ('k3'); SELECT id INTO z FROM l1; SELECT z; END;
CALL pk3();
SELECT m, COUNT(*) FROM plog GROUP BY m ORDER BY m;
-- COLLATION() and COERCIBILITY() are the expression's, not its value's.
INSERT INTO l1 VALUES (9, NULL, NULL);
SELECT COLLATION(v), COERCIBILITY(v), COLLATION(NULL), COERCIBILITY(NULL), COERCIBILITY(n) FROM l1 WHERE id = 9;
SELECT COLLATION((SELECT v FROM l1 WHERE id = 1)), COERCIBILITY((SELECT v FROM l1 WHERE id = 1)), COERCIBILITY((SELECT 'a'));
SELECT COLLATION((SELECT n FROM l1 WHERE id = 1 LIMIT 1)), COLLATION(1), COERCIBILITY(1), COLLATION(NOW());
SET @e = (SELECT v FROM l1 WHERE id = 9);
SELECT @e, COLLATION(@e), COERCIBILITY(@e);
-- Index hints: PRIMARY names the primary key, KEY is INDEX.
CREATE TABLE ht (id INT PRIMARY KEY, a INT, KEY ka (a));
INSERT INTO ht VALUES (1, 10), (2, 20), (3, 30);
SELECT COUNT(*) FROM ht FORCE INDEX (PRIMARY) WHERE id > 1;
SELECT id FROM ht USE INDEX (ka, primary) WHERE a >= 20 ORDER BY id;
SELECT id FROM ht IGNORE KEY (PRIMARY) ORDER BY id DESC LIMIT 1;
SELECT id FROM ht FORCE KEY (ka) WHERE a = 20;
SELECT id FROM ht FORCE INDEX (PRIMARY, nosuch);
SELECT id FROM ht USE KEY (nosuch);
