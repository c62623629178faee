-- json3b: INSERT ... SELECT in a trigger body, with the trigger's NEW row in
-- the SELECT. The shapes GMS runs right (plain SELECT, WHERE, JOIN, ORDER BY,
-- a column list) store MySQL's rows; with LIMIT, UNION, a subquery or a
-- derived table Myriad refuses CREATE TRIGGER with 1235 (GMS stored a wrong
-- row or failed 1366), which MariaDB runs, so those are in
-- server/trigsel_test.go, not here.
CREATE TABLE o (k INT PRIMARY KEY, v INT);
INSERT INTO o VALUES (1, 10), (2, 20);
CREATE TABLE s (id INT PRIMARY KEY, doc VARCHAR(10));
CREATE TABLE lg (id INT PRIMARY KEY, doc VARCHAR(10), n INT);
CREATE TRIGGER t1 AFTER INSERT ON s FOR EACH ROW INSERT INTO lg SELECT NEW.id + 100, NEW.doc, NULL;
CREATE TRIGGER t2 AFTER INSERT ON s FOR EACH ROW INSERT INTO lg SELECT NEW.id + k, NEW.doc, v FROM o WHERE k = 2;
CREATE TRIGGER t3 AFTER INSERT ON s FOR EACH ROW INSERT INTO lg SELECT NEW.id + 1000 + a.k, NEW.doc, b.v FROM o a JOIN o b ON a.k = b.k ORDER BY a.k DESC;
CREATE TRIGGER t4 AFTER INSERT ON s FOR EACH ROW INSERT INTO lg (id, doc) SELECT NEW.id + 200, NEW.doc;
INSERT INTO s VALUES (1, 'a');
SELECT * FROM lg ORDER BY id;
INSERT INTO s VALUES (5, 'b');
SELECT * FROM lg ORDER BY id;
