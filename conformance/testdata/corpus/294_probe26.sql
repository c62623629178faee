-- Session 26 (probe26): stored procedures and triggers.
-- A procedure's statements run in the caller's transaction; a body may open, commit or roll back one.
CREATE TABLE tl (m VARCHAR(20));
CREATE PROCEDURE ins() BEGIN INSERT INTO tl VALUES ('in-proc'); END;
CREATE PROCEDURE sel() BEGIN SELECT COUNT(*) FROM tl; END;
CREATE PROCEDURE opens() BEGIN START TRANSACTION; INSERT INTO tl VALUES ('opened'); END;
CREATE PROCEDURE commits() BEGIN START TRANSACTION; INSERT INTO tl VALUES ('committed'); COMMIT; END;
CREATE PROCEDURE rollsback() BEGIN START TRANSACTION; INSERT INTO tl VALUES ('rolled'); ROLLBACK; END;
CREATE PROCEDURE savepoints() BEGIN START TRANSACTION; INSERT INTO tl VALUES ('sp1'); SAVEPOINT s; INSERT INTO tl VALUES ('sp2'); ROLLBACK TO SAVEPOINT s; END;
CREATE PROCEDURE midcommit() BEGIN INSERT INTO tl VALUES ('c1'); COMMIT; INSERT INTO tl VALUES ('c2'); END;
START TRANSACTION;
INSERT INTO tl VALUES ('before');
CALL ins();
INSERT INTO tl VALUES ('after');
COMMIT;
SELECT m FROM tl ORDER BY m;
DELETE FROM tl;
START TRANSACTION;
INSERT INTO tl VALUES ('before');
CALL sel();
COMMIT;
SELECT m FROM tl ORDER BY m;
DELETE FROM tl;
START TRANSACTION;
INSERT INTO tl VALUES ('before');
CALL ins();
ROLLBACK;
SELECT m FROM tl ORDER BY m;
SET autocommit = 0;
INSERT INTO tl VALUES ('ac0');
CALL ins();
ROLLBACK;
SELECT m FROM tl ORDER BY m;
INSERT INTO tl VALUES ('ac1');
CALL ins();
COMMIT;
SET autocommit = 1;
SELECT m FROM tl ORDER BY m;
DELETE FROM tl;
CALL opens();
INSERT INTO tl VALUES ('next');
COMMIT;
SELECT m FROM tl ORDER BY m;
DELETE FROM tl;
CALL opens();
ROLLBACK;
SELECT m FROM tl ORDER BY m;
-- mysql-differs: MySQL's CALL answers the affected rows of the body's last statement (C API mysql_affected_rows: "for CALL statements ... the value that it would return for the last statement executed within the procedure"), 0 for a COMMIT or ROLLBACK; MariaDB counts the body's rows
-- expect-affected: 0
CALL commits();
-- mysql-differs: MySQL's CALL answers the affected rows of the body's last statement (C API mysql_affected_rows: "for CALL statements ... the value that it would return for the last statement executed within the procedure"), 0 for a COMMIT or ROLLBACK; MariaDB counts the body's rows
-- expect-affected: 0
CALL rollsback();
-- mysql-differs: MySQL's CALL answers the affected rows of the body's last statement (C API mysql_affected_rows: "for CALL statements ... the value that it would return for the last statement executed within the procedure"), 0 for a COMMIT or ROLLBACK; MariaDB counts the body's rows
-- expect-affected: 0
CALL savepoints();
COMMIT;
SELECT m FROM tl ORDER BY m;
DELETE FROM tl;
START TRANSACTION;
INSERT INTO tl VALUES ('x');
-- mysql-differs: MySQL's CALL answers the affected rows of the body's last statement (C API mysql_affected_rows: "for CALL statements ... the value that it would return for the last statement executed within the procedure"), 0 for a COMMIT or ROLLBACK; MariaDB counts the body's rows
-- expect-affected: 1
CALL midcommit();
INSERT INTO tl VALUES ('y');
ROLLBACK;
SELECT m FROM tl ORDER BY m;
-- A NOT FOUND handler declared after an SQLEXCEPTION handler ends a cursor loop.
CREATE TABLE ct (a INT PRIMARY KEY, b VARCHAR(10));
INSERT INTO ct VALUES (1, 'x'), (2, 'y'), (3, 'z');
CREATE TABLE cl (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(20));
CREATE PROCEDURE loopc() BEGIN DECLARE done, errs INT DEFAULT 0; DECLARE a1 INT; DECLARE b1 VARCHAR(10); DECLARE c CURSOR FOR SELECT a, b FROM ct ORDER BY a DESC; DECLARE CONTINUE HANDLER FOR SQLEXCEPTION SET errs = errs + 1; DECLARE CONTINUE HANDLER FOR NOT FOUND SET done = 1; OPEN c; rd: LOOP FETCH c INTO a1, b1; IF done THEN LEAVE rd; END IF; INSERT INTO cl (m) VALUES (CONCAT(a1, b1)); END LOOP; CLOSE c; SELECT done, errs; END;
-- mysql-differs: the body's last statement is a SELECT, so MySQL's CALL answers 0 affected rows (C API mysql_affected_rows: "or 0 if that statement would return -1"); MariaDB counts the body's rows
-- expect-affected: 0
CALL loopc();
SELECT m FROM cl ORDER BY id;
CREATE PROCEDURE intoc() BEGIN DECLARE r VARCHAR(10) DEFAULT 'none'; DECLARE v INT DEFAULT 7; BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION SET r = 'exc'; DECLARE EXIT HANDLER FOR NOT FOUND SET r = 'notfound'; SELECT a INTO v FROM ct WHERE a = 99; SET r = 'notreached'; END; SELECT r, v; END;
CALL intoc();
CREATE PROCEDURE dupc() BEGIN DECLARE r VARCHAR(10) DEFAULT 'none'; BEGIN DECLARE EXIT HANDLER FOR NOT FOUND SET r = 'notfound'; DECLARE EXIT HANDLER FOR SQLEXCEPTION SET r = 'exc'; INSERT INTO ct VALUES (1, 'dup'); SET r = 'notreached'; END; SELECT r; END;
CALL dupc();
-- Control flow.
CREATE PROCEDURE nest() BEGIN DECLARE i, j, n INT DEFAULT 0; outer_l: LOOP SET i = i + 1; SET j = 0; inner_l: LOOP SET j = j + 1; IF j > 3 THEN LEAVE inner_l; END IF; IF i * j = 4 THEN LEAVE outer_l; END IF; SET n = n + 1; END LOOP inner_l; END LOOP outer_l; SELECT i, j, n; END;
CALL nest();
CREATE PROCEDURE ifn(x INT) BEGIN IF x THEN SELECT 'true'; ELSEIF NOT x THEN SELECT 'false'; ELSE SELECT 'null'; END IF; END;
CALL ifn(1);
CALL ifn(0);
CALL ifn(NULL);
CREATE PROCEDURE lab() BEGIN DECLARE i INT DEFAULT 0; blk: BEGIN SET i = 1; LEAVE blk; SET i = 2; END blk; SELECT i; END;
CALL lab();
CREATE PROCEDURE rep() BEGIN DECLARE i INT DEFAULT 5; REPEAT INSERT INTO cl (m) VALUES (CONCAT('rep', i)); SET i = i + 1; UNTIL i > 3 END REPEAT; SELECT i; END;
-- mysql-differs: the body's last statement is a SELECT, so MySQL's CALL answers 0 affected rows (C API mysql_affected_rows: "or 0 if that statement would return -1"); MariaDB counts the body's rows
-- expect-affected: 0
CALL rep();
SELECT m FROM cl WHERE m LIKE 'rep%';
-- An AFTER trigger fires once per row when a BEFORE trigger's BEGIN ... END body writes another table.
CREATE TABLE tp (id INT PRIMARY KEY, v INT);
CREATE TABLE ta (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(100), a INT DEFAULT 11, b INT DEFAULT 12);
CREATE TABLE ta2 (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(200));
CREATE TABLE tn (m VARCHAR(100));
INSERT INTO tp VALUES (1, 5), (2, 6), (3, 7);
CREATE TRIGGER tp_au AFTER UPDATE ON tp FOR EACH ROW INSERT INTO ta2 (m) VALUES (CONCAT('au ', NEW.id, ' ', NEW.v, ' old ', OLD.v));
CREATE TRIGGER tp_bu BEFORE UPDATE ON tp FOR EACH ROW BEGIN INSERT INTO ta (m) VALUES (CONCAT('bu ', OLD.v, '->', NEW.v)); SET NEW.v = NEW.v + 1; END;
CREATE TRIGGER tp_ad AFTER DELETE ON tp FOR EACH ROW INSERT INTO ta2 (m) VALUES (CONCAT('ad ', OLD.id, ' ', OLD.v));
CREATE TRIGGER tp_bd BEFORE DELETE ON tp FOR EACH ROW BEGIN INSERT INTO tn VALUES (CONCAT('bd ', OLD.id)); END;
UPDATE tp SET v = v + 1 WHERE id <= 2;
UPDATE tp SET id = id + 10 WHERE id = 3;
DELETE FROM tp WHERE id = 2;
SELECT * FROM tp ORDER BY id;
SELECT * FROM ta ORDER BY id;
SELECT * FROM ta2 ORDER BY id;
SELECT * FROM tn;
CREATE TABLE tq (id INT PRIMARY KEY);
CREATE TRIGGER tq_bd BEFORE DELETE ON tq FOR EACH ROW SET @q = OLD.id;
SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, CAST(ACTION_ORDER AS SIGNED) FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME LIKE 't%' ORDER BY TRIGGER_NAME;
-- A failing statement in a body undoes only itself; the caller's transaction and the body's earlier writes stay.
CREATE TABLE ft (a INT PRIMARY KEY);
CREATE TABLE fl (m VARCHAR(10));
INSERT INTO ft VALUES (1);
CREATE PROCEDURE pf() BEGIN INSERT INTO fl VALUES ('b'); INSERT INTO ft VALUES (1); END;
CREATE PROCEDURE ps() BEGIN INSERT INTO fl VALUES ('s'); SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x'; END;
START TRANSACTION;
INSERT INTO fl VALUES ('a');
CALL pf();
INSERT INTO fl VALUES ('c');
CALL ps();
INSERT INTO fl VALUES ('d');
COMMIT;
SELECT m FROM fl ORDER BY m;
DELETE FROM fl;
SET autocommit = 0;
INSERT INTO fl VALUES ('e');
CALL pf();
ROLLBACK;
SELECT m FROM fl ORDER BY m;
SET autocommit = 1;
CREATE PROCEDURE nin(IN x INT) BEGIN INSERT INTO fl VALUES (CONCAT('in', x)); SELECT x * 2 AS dbl; END;
CREATE PROCEDURE nout() BEGIN DECLARE i INT DEFAULT 0; WHILE i < 2 DO CALL nin(i); SET i = i + 1; END WHILE; SELECT i AS outer_i; END;
START TRANSACTION;
-- mysql-differs: the body's last statement is a SELECT, so MySQL's CALL answers 0 affected rows (C API mysql_affected_rows: "or 0 if that statement would return -1"); MariaDB counts the body's rows
-- expect-affected: 0
CALL nout();
ROLLBACK;
SELECT m FROM fl ORDER BY m;
-- Two BEFORE triggers (FOLLOWS) and AFTER triggers, all with block bodies writing other tables.
CREATE TABLE bp (id INT PRIMARY KEY, v INT);
CREATE TABLE ba1 (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(100));
CREATE TABLE ba2 (id INT AUTO_INCREMENT PRIMARY KEY, m VARCHAR(100), x INT DEFAULT 0);
INSERT INTO bp VALUES (1, 1), (2, 2), (3, 3);
CREATE TRIGGER bb1 BEFORE UPDATE ON bp FOR EACH ROW BEGIN INSERT INTO ba1 (m) VALUES (CONCAT('b1 ', OLD.id, ' ', NEW.v)); SET NEW.v = NEW.v * 10; END;
CREATE TRIGGER bb2 BEFORE UPDATE ON bp FOR EACH ROW FOLLOWS bb1 BEGIN INSERT INTO ba2 (m) VALUES (CONCAT('b2 ', OLD.id, ' ', NEW.v)); SET NEW.v = NEW.v + 1; END;
CREATE TRIGGER ba_1 AFTER UPDATE ON bp FOR EACH ROW BEGIN INSERT INTO ba1 (m) VALUES (CONCAT('a_1 ', NEW.id, ' ', NEW.v)); UPDATE ba2 SET x = x + 1; END;
CREATE TRIGGER bd1 BEFORE DELETE ON bp FOR EACH ROW BEGIN INSERT INTO ba2 (m) VALUES (CONCAT('d1 ', OLD.id)); DELETE FROM ba1 WHERE m LIKE CONCAT('b1 ', OLD.id, '%'); END;
CREATE TRIGGER bd2 AFTER DELETE ON bp FOR EACH ROW BEGIN INSERT INTO ba1 (m) VALUES (CONCAT('d2 ', OLD.id)); END;
UPDATE bp SET v = v + 1;
SELECT * FROM bp ORDER BY id;
SELECT * FROM ba1 ORDER BY id;
SELECT * FROM ba2 ORDER BY id;
DELETE FROM bp WHERE id >= 2;
SELECT * FROM bp ORDER BY id;
SELECT * FROM ba1 ORDER BY id;
SELECT * FROM ba2 ORDER BY id;
-- FETCH past the end with no NOT FOUND handler is 1329.
CREATE PROCEDURE fpe() BEGIN DECLARE v INT; DECLARE c CURSOR FOR SELECT a FROM ct WHERE a = 1; OPEN c; FETCH c INTO v; FETCH c INTO v; SELECT v; END;
CALL fpe();
