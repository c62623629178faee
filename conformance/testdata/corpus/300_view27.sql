-- Session 27, view27: information_schema.VIEWS.CHECK_OPTION and IS_UPDATABLE
-- by MySQL's rules (Myriad answered NONE for every view and judged
-- IS_UPDATABLE by GMS's rules), WITH LOCAL CHECK OPTION accepted (was 1105).
CREATE TABLE t (id INT PRIMARY KEY, a INT);
CREATE TABLE u (id INT PRIMARY KEY, c INT);
CREATE VIEW w1 AS SELECT * FROM t LIMIT 1;
CREATE VIEW w2 AS SELECT t.id, u.c FROM t JOIN u ON t.id = u.id;
CREATE VIEW w3 AS SELECT t.id, u.c FROM t LEFT JOIN u ON t.id = u.id;
CREATE VIEW w4 AS SELECT * FROM (SELECT * FROM t) d;
CREATE VIEW w5 AS SELECT id, (SELECT 1) s FROM t;
CREATE VIEW w6 AS SELECT id FROM t WHERE a IN (SELECT a FROM t);
CREATE VIEW w7 AS SELECT id FROM t WHERE a IN (SELECT c FROM u);
CREATE VIEW w8 AS SELECT 1 x;
CREATE VIEW w9 AS SELECT id, a FROM w1;
CREATE VIEW w10 AS SELECT id, a, a AS a2 FROM t;
CREATE ALGORITHM=TEMPTABLE VIEW w11 AS SELECT * FROM t;
CREATE VIEW w12 AS SELECT * FROM t ORDER BY a;
CREATE VIEW w13 AS SELECT id, ROW_NUMBER() OVER () r FROM t;
CREATE VIEW w14 AS SELECT id, 1 one FROM t;
CREATE VIEW w15 AS SELECT * FROM t UNION ALL SELECT * FROM t;
CREATE VIEW w16 AS SELECT * FROM w2;
CREATE VIEW w17 AS SELECT * FROM t WHERE a > 0 WITH LOCAL CHECK OPTION;
CREATE VIEW w18 AS SELECT * FROM w17 WITH CHECK OPTION;
CREATE VIEW w19 AS SELECT * FROM t WHERE a > 0 WITH CASCADED CHECK OPTION;
CREATE VIEW w20 AS SELECT DISTINCT a FROM t;
CREATE VIEW w21 AS SELECT a, COUNT(*) n FROM t GROUP BY a;
CREATE VIEW w22 AS SELECT a FROM t GROUP BY a HAVING a > 1;
CREATE VIEW w23 AS SELECT SUM(a) s FROM t;
-- mysql-differs: MySQL marks a view over a non-updatable view (w1 has LIMIT) not updatable ("Reference to nonupdatable view in the FROM clause"); MariaDB says YES. MySQL 8.0's CHECK_OPTION and IS_UPDATABLE are ENUM columns of its data dictionary (MariaDB: VARCHAR)
-- expect-types: VARCHAR ENUM ENUM
-- expect: w1 | NONE | NO
-- expect: w2 | NONE | YES
-- expect: w3 | NONE | YES
-- expect: w4 | NONE | YES
-- expect: w5 | NONE | YES
-- expect: w6 | NONE | YES
-- expect: w7 | NONE | YES
-- expect: w8 | NONE | NO
-- expect: w9 | NONE | NO
-- expect: w10 | NONE | YES
-- expect: w11 | NONE | NO
-- expect: w12 | NONE | YES
-- expect: w13 | NONE | NO
-- expect: w14 | NONE | YES
-- expect: w15 | NONE | NO
-- expect: w16 | NONE | YES
-- expect: w17 | LOCAL | YES
-- expect: w18 | CASCADED | YES
-- expect: w19 | CASCADED | YES
-- expect: w20 | NONE | NO
-- expect: w21 | NONE | NO
-- expect: w22 | NONE | NO
-- expect: w23 | NONE | NO
SELECT table_name, check_option, is_updatable FROM information_schema.views WHERE table_schema = DATABASE() ORDER BY LENGTH(table_name), table_name;
SELECT table_name, CONCAT(check_option), CONCAT(is_updatable) FROM information_schema.views WHERE table_schema = DATABASE() AND table_name IN ('w1', 'w8', 'w11', 'w13', 'w15', 'w17', 'w18', 'w19', 'w20') ORDER BY LENGTH(table_name), table_name;
SELECT view_definition LIKE '%check%' FROM information_schema.views WHERE table_schema = DATABASE() AND table_name = 'w17';
-- UPDATE and DELETE through updatable single-table views (and views over
-- them): Myriad refused every one with 1105; now the statement runs on the
-- view's table with the view's WHERE ANDed in, CHECK OPTION enforced (1369)
-- and SET of a non-column 1348.
CREATE TABLE vb (id INT PRIMARY KEY, a INT, b VARCHAR(5));
INSERT INTO vb VALUES (1, 1, 'x'), (2, 5, 'y'), (3, 2, 'z'), (4, 0, 'w'), (5, 7, 'v');
CREATE VIEW v1 AS SELECT id, a, b FROM vb WHERE a < 3 WITH CHECK OPTION;
CREATE VIEW v1l AS SELECT id AS k, a AS x, b FROM vb t WHERE t.a < 3 WITH LOCAL CHECK OPTION;
CREATE VIEW v2 AS SELECT id, a * 2 AS a2, b FROM vb;
CREATE VIEW v3 (i, y) AS SELECT id, a FROM vb WHERE b <> 'q';
CREATE VIEW v5 AS SELECT * FROM v1 WHERE a > 0;
CREATE VIEW v6 AS SELECT k, x FROM v1l WHERE x >= 1 WITH LOCAL CHECK OPTION;
CREATE VIEW v7 AS SELECT id, a FROM v3n WHERE a < 100;
CREATE VIEW v3n AS SELECT id, a FROM vb WHERE a < 50;
CREATE VIEW v8 AS SELECT * FROM vb WHERE a < 3;
CREATE VIEW v9 AS SELECT * FROM v8 WHERE a > 0 WITH CASCADED CHECK OPTION;
CREATE VIEW v10 AS SELECT * FROM v8 WHERE a > 0 WITH LOCAL CHECK OPTION;
CREATE VIEW vsw AS SELECT id, b AS a, a AS b FROM vb;
CREATE VIEW vj AS SELECT vb.id, u.c FROM vb JOIN u ON vb.id = u.id;
CREATE VIEW vg AS SELECT a, COUNT(*) c FROM vb GROUP BY a;
UPDATE v1 SET a = 10 WHERE id = 1;
UPDATE v1 SET a = 0 WHERE id = 1;
UPDATE v1 SET a = a WHERE id = 3;
UPDATE v1 SET b = 'n' WHERE id = 2;
UPDATE v2 SET b = 'q' WHERE id = 2;
UPDATE v2 SET b = 'r' WHERE a2 = 10;
UPDATE v2 SET a2 = 4 WHERE id = 2;
UPDATE v3 SET y = y + 1 WHERE i = 5;
UPDATE v3 SET y = 100 WHERE i = 2;
SELECT * FROM vb ORDER BY id;
DELETE FROM v1 WHERE id = 2;
UPDATE v1l SET x = 3 WHERE k = 3;
UPDATE v1l SET x = x + 1 WHERE t.k = 3;
UPDATE v1l SET v1l.b = 'L' WHERE v1l.k = 3;
UPDATE v1l SET b = 'm' WHERE a = 2;
UPDATE v1l AS q SET q.b = 'M' WHERE q.x = 2;
UPDATE v5 SET b = 'five' WHERE id > 0;
-- mysql-differs: MySQL checks the WHERE of an underlying view WITH CHECK OPTION through a view without one ("With no check option, the view WHERE clause is not checked, then checking recurses to underlying views"); MariaDB updates
-- expect-error: 1369
UPDATE v5 SET a = 9 WHERE id = 3;
-- setup
UPDATE vb SET a = 2 WHERE id = 3;
UPDATE v6 SET x = 9 WHERE k = 1;
UPDATE v6 SET x = 2 WHERE k = 1;
SELECT * FROM vb ORDER BY id;
UPDATE v8 SET a = 0 WHERE id = 1;
UPDATE v9 SET a = 5 WHERE id = 1;
UPDATE v9 SET a = 0 WHERE id = 1;
UPDATE v9 SET a = 1 WHERE id = 4;
UPDATE v10 SET a = 5 WHERE id = 1;
UPDATE v10 SET a = 0 WHERE id = 1;
SELECT * FROM vb ORDER BY id;
UPDATE vsw SET a = 'sw' WHERE b = 2;
UPDATE vsw SET b = b + 1 WHERE a = 'sw';
SELECT * FROM vb ORDER BY id;
UPDATE v8 SET b = 'o' ORDER BY id DESC LIMIT 1;
DELETE FROM v8 ORDER BY id LIMIT 1;
SELECT * FROM vb ORDER BY id;
UPDATE v7 SET a = a + 1;
DELETE FROM v3 WHERE y > 6;
SELECT * FROM vb ORDER BY id;
UPDATE v2 SET b = 'nope' WHERE a = 1;
UPDATE v2 SET c = 1;
UPDATE vg SET a = 1;
DELETE FROM vg;
DELETE FROM vj;
DELETE FROM w1;
UPDATE w1 SET a = 1;
SELECT * FROM vb ORDER BY id;
-- INSERT through insertable views (was 1105 "expected insert destination to
-- be resolved or unresolved table"): columns mapped, the others take their
-- defaults, CHECK OPTION 1369 for rows outside the view, 1471 for views
-- that are not insertable-into.
CREATE TABLE ib (id INT PRIMARY KEY AUTO_INCREMENT, a INT, b VARCHAR(5) DEFAULT 'dflt', c INT DEFAULT 7);
CREATE VIEW i1 AS SELECT id, a, b FROM ib WHERE a < 3 WITH CHECK OPTION;
CREATE VIEW i2 (k, x) AS SELECT id, a FROM ib t WHERE t.a >= 0;
CREATE VIEW i3 AS SELECT * FROM i1 WHERE a > 0 WITH LOCAL CHECK OPTION;
CREATE VIEW i4 AS SELECT id, a * 2 AS a2 FROM ib;
CREATE VIEW i5 AS SELECT id, a, a AS a_again FROM ib;
CREATE VIEW i6 AS SELECT a, b FROM ib WHERE c = 7 WITH CHECK OPTION;
INSERT INTO i1 VALUES (1, 2, 'z');
INSERT INTO i1 VALUES (2, 9, 'w');
INSERT INTO i1 VALUES (3, NULL, 'n');
INSERT INTO i1 (a) VALUES (1), (-2);
INSERT INTO i1 (a, id) VALUES (1, 10), (5, 11);
INSERT INTO i2 VALUES (20, 9);
INSERT INTO i2 (x) VALUES (-1);
INSERT INTO i3 (id, a) VALUES (30, 1);
INSERT INTO i3 (id, a) VALUES (31, 0);
-- mysql-differs: MySQL's LOCAL checks the view's WHERE and then the underlying views' own check options (i1 is CASCADED: a < 3); MariaDB checks i3's WHERE only
-- expect-error: 1369
INSERT INTO i3 (id, a) VALUES (32, 5);
-- mysql-differs: MySQL: a view with a derived column is not insertable-into (manual: "CREATE VIEW v AS SELECT col1, 1 AS col2 FROM t; This view is not insertable because col2 is derived from an expression"); MariaDB inserts the plain columns
-- expect-error: 1471
INSERT INTO i4 (id) VALUES (40);
INSERT INTO i4 VALUES (41, 2);
-- mysql-differs: MySQL: multiple references to a base table's column make a view not insertable-into (manual, "fails for INSERT, okay for UPDATE, DELETE"); MariaDB inserts
-- expect-error: 1471
INSERT INTO i5 (id, a) VALUES (50, 1);
-- setup
DELETE FROM ib WHERE id IN (32, 40, 50);
INSERT INTO vg VALUES (1, 1);
INSERT INTO i2 (k, x, z) VALUES (60, 1, 1);
SELECT * FROM ib ORDER BY id;
-- The base table's triggers fire for a write through a view; an alias of
-- the view qualifies its columns.
CREATE TABLE tt (id INT PRIMARY KEY, a INT);
INSERT INTO tt VALUES (1, 1), (2, 2);
CREATE TABLE tlog (m VARCHAR(20));
CREATE TRIGGER ttr AFTER UPDATE ON tt FOR EACH ROW INSERT INTO tlog VALUES (CONCAT('upd ', OLD.id, ' ', NEW.a));
CREATE VIEW tv AS SELECT id, a FROM tt WHERE a < 10 WITH CHECK OPTION;
UPDATE tv SET a = a + 1 WHERE id IN (1, 2);
UPDATE tv AS q SET q.a = 7 WHERE q.id = 1;
UPDATE tv SET a = 70 WHERE id = 2;
SELECT * FROM tt ORDER BY id;
SELECT * FROM tlog ORDER BY m;
-- Without a check option a BEFORE trigger's changes stand as MySQL's.
CREATE TABLE tb (id INT PRIMARY KEY, a INT);
INSERT INTO tb VALUES (1, 1);
CREATE TRIGGER tbr BEFORE UPDATE ON tb FOR EACH ROW SET NEW.a = NEW.a * 10;
CREATE VIEW tbv AS SELECT id, a FROM tb WHERE a < 5;
UPDATE tbv SET a = 2 WHERE id = 1;
SELECT * FROM tb;
-- DEFAULT through a view (the plain keyword is the assigned column's).
CREATE TABLE td (id INT PRIMARY KEY, a INT DEFAULT 3, b INT DEFAULT 4);
INSERT INTO td VALUES (1, 10, 20);
CREATE VIEW tdv AS SELECT id, b AS a, a AS b FROM td;
UPDATE tdv SET a = DEFAULT WHERE id = 1;
SELECT * FROM td;
-- The same statements again with other constants (plan cache templates)
-- and prepared: the check is part of every execution.
CREATE TABLE tc (id INT PRIMARY KEY, a INT);
INSERT INTO tc VALUES (1, 1), (2, 2), (3, 3), (4, 4);
CREATE VIEW tcv AS SELECT id, a FROM tc WHERE a < 10 WITH CHECK OPTION;
UPDATE tcv SET a = 5 WHERE id = 1;
UPDATE tcv SET a = 6 WHERE id = 2;
UPDATE tcv SET a = 60 WHERE id = 3;
UPDATE tcv SET a = 7 WHERE id = 3;
UPDATE tcv SET a = 70 WHERE id = 4;
INSERT INTO tcv VALUES (5, 5);
INSERT INTO tcv VALUES (6, 60);
INSERT INTO tcv VALUES (7, 7);
PREPARE tcs FROM 'UPDATE tcv SET a = ? WHERE id = ?';
SET @x = 8, @y = 1;
EXECUTE tcs USING @x, @y;
SET @x = 80, @y = 1;
EXECUTE tcs USING @x, @y;
SET @x = 9, @y = 2;
EXECUTE tcs USING @x, @y;
SELECT * FROM tc ORDER BY id;
