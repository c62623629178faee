-- mtdel (issue #9): a multi-table DELETE deletes each target's joined rows
-- once and fires each target's BEFORE and AFTER DELETE triggers once per
-- deleted row (Myriad refused it with 1105 when a target had DELETE
-- triggers); a FOREIGN KEY cascade fires no trigger of the cascaded rows; a
-- SIGNAL undoes the statement. The log is read ordered by its text (the
-- firing order differs: docs/COMPATIBILITY.md, mtdel).
CREATE TABLE a (id INT PRIMARY KEY, n INT);
CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT);
CREATE TABLE c (id INT PRIMARY KEY, bid INT, FOREIGN KEY (bid) REFERENCES b (id) ON DELETE CASCADE);
CREATE TABLE lg (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40));
CREATE TABLE cnt (k INT PRIMARY KEY, v INT);
INSERT INTO cnt VALUES (1, 0);
INSERT INTO a VALUES (1, 10), (2, 20), (3, 30), (4, 40), (5, 50);
INSERT INTO b VALUES (1, 1, 0), (2, 1, 0), (3, 2, 0), (4, 3, 7), (5, 4, 0), (6, 5, 0), (7, 5, 0);
INSERT INTO c VALUES (1, 1), (2, 3), (3, 5);
CREATE TRIGGER abd BEFORE DELETE ON a FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('abd', OLD.id));
CREATE TRIGGER aad AFTER DELETE ON a FOR EACH ROW UPDATE cnt SET v = v + OLD.n WHERE k = 1;
CREATE TRIGGER bbd BEFORE DELETE ON b FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('bbd', OLD.id, ':', OLD.m));
CREATE TRIGGER bad AFTER DELETE ON b FOR EACH ROW BEGIN INSERT INTO lg (what) VALUES (CONCAT('bad', OLD.id)); IF OLD.m > 5 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'big'; END IF; END;
CREATE TRIGGER cbd BEFORE DELETE ON c FOR EACH ROW INSERT INTO lg (what) VALUES (CONCAT('cbd', OLD.id));
DELETE a, b FROM a JOIN b ON a.id = b.aid WHERE a.n >= 30;
SELECT id FROM a ORDER BY id;
SELECT id FROM b ORDER BY id;
SELECT id FROM c ORDER BY id;
SELECT what FROM lg ORDER BY what;
DELETE FROM lg;
UPDATE b SET m = 0 WHERE id = 4;
DELETE a, b FROM a JOIN b ON a.id = b.aid WHERE a.n >= 30;
SELECT id FROM a ORDER BY id;
SELECT id FROM b ORDER BY id;
SELECT id FROM c ORDER BY id;
SELECT v FROM cnt;
SELECT what FROM lg ORDER BY what;
DELETE FROM lg;
DELETE b FROM a JOIN b ON a.id = b.aid WHERE a.n = 10;
DELETE x FROM a AS x JOIN b AS y ON x.id = y.aid WHERE y.m = 0;
SELECT id FROM a ORDER BY id;
SELECT id FROM b ORDER BY id;
SELECT id FROM c ORDER BY id;
SELECT v FROM cnt;
SELECT what FROM lg ORDER BY what;

-- Without triggers: every joined row's parts go, also when the join looks
-- the first target up by key for each row of the second (Myriad deleted
-- p's row with q's first row, and q's second row stayed).
CREATE TABLE p (id INT PRIMARY KEY, n INT);
CREATE TABLE q (id INT PRIMARY KEY, pid INT);
INSERT INTO p VALUES (1, 10), (2, 20), (3, 30);
INSERT INTO q VALUES (1, 1), (2, 1), (3, 2), (4, 1);
DELETE p, q FROM p JOIN q ON p.id = q.pid WHERE p.n <= 10;
SELECT id FROM p ORDER BY id;
SELECT id FROM q ORDER BY id;
DELETE q, p FROM q JOIN p ON p.id = q.pid;
SELECT id FROM p ORDER BY id;
SELECT id FROM q ORDER BY id;

-- mtdel2: DELETE IGNORE of a target with DELETE triggers and a RESTRICT
-- foreign key skips the kept row (its BEFORE trigger fired, not its AFTER)
-- and deletes the rest; Myriad failed 1451 and deleted nothing.
CREATE TABLE ip (id INT PRIMARY KEY, v INT);
CREATE TABLE ic (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES ip (id) ON DELETE RESTRICT);
CREATE TABLE io (id INT PRIMARY KEY, pid INT);
CREATE TABLE ilg (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(20));
CREATE TRIGGER ipb BEFORE DELETE ON ip FOR EACH ROW INSERT INTO ilg (s) VALUES (CONCAT('b', OLD.id));
CREATE TRIGGER ipa AFTER DELETE ON ip FOR EACH ROW INSERT INTO ilg (s) VALUES (CONCAT('a', OLD.id));
INSERT INTO ip VALUES (1, 1), (2, 2), (3, 3);
INSERT INTO ic VALUES (10, 2);
INSERT INTO io VALUES (1, 1), (2, 2), (3, 3);
DELETE ip, io FROM ip JOIN io ON ip.id = io.pid;
DELETE IGNORE ip, io FROM ip JOIN io ON ip.id = io.pid;
SELECT id FROM ip ORDER BY id;
SELECT id FROM io ORDER BY id;
SELECT s FROM ilg ORDER BY s;

-- mtdel2: REPLACE fires BEFORE and AFTER DELETE for the row it deletes,
-- after the new row's BEFORE INSERT (Myriad fired none).
CREATE TABLE rt (id INT PRIMARY KEY, u INT UNIQUE, v INT);
CREATE TABLE rlg (id INT AUTO_INCREMENT PRIMARY KEY, s VARCHAR(50));
CREATE TABLE rsrc (id INT, u INT, v INT);
CREATE TRIGGER rtbd BEFORE DELETE ON rt FOR EACH ROW INSERT INTO rlg (s) VALUES (CONCAT('bd', OLD.id, ':', OLD.u, ':', OLD.v));
CREATE TRIGGER rtad AFTER DELETE ON rt FOR EACH ROW INSERT INTO rlg (s) VALUES (CONCAT('ad', OLD.id));
CREATE TRIGGER rtbi BEFORE INSERT ON rt FOR EACH ROW INSERT INTO rlg (s) VALUES (CONCAT('bi', NEW.id));
INSERT INTO rt VALUES (1, 10, 100), (2, 20, 200), (3, 30, 300);
REPLACE INTO rt VALUES (1, 11, 101);
REPLACE INTO rt VALUES (9, 30, 900);
INSERT INTO rsrc VALUES (2, 22, 5), (4, 40, 400);
REPLACE INTO rt SELECT * FROM rsrc;
SELECT * FROM rt ORDER BY id;
SELECT s FROM rlg ORDER BY id;
