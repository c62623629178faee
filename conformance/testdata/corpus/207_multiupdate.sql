-- upd9 (issue #9): multi-table UPDATE counts and a multi-table UPDATE in a
-- trigger body (it lost the connection); values rounded into a DECIMAL
-- column's scale. Their Note 1265 is asserted by server.TestDecimalRoundingNote:
-- SHOW WARNINGS' column types differ here (TEXT/INT in Myriad, VARCHAR/INT
-- UNSIGNED in MySQL and MariaDB) and @@warning_count is unknown to Myriad.
CREATE TABLE a (id INT PRIMARY KEY, n INT);
CREATE TABLE b (id INT PRIMARY KEY, aid INT, m INT, KEY (aid));
INSERT INTO a VALUES (1, 10), (2, 20), (3, 30);
INSERT INTO b VALUES (1, 1, 0), (2, 1, 0), (3, 1, 0), (4, 3, 0);
UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n;
SELECT ROW_COUNT();
UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n + 1, b.m = b.m + 1;
SELECT ROW_COUNT();
UPDATE a JOIN b ON a.id = b.aid SET a.n = IF(a.id = 1, a.n, a.n + 1);
UPDATE a LEFT JOIN b ON a.id = b.aid SET a.n = a.n + 1;
UPDATE b RIGHT JOIN a ON a.id = b.aid SET a.n = a.n * 2 WHERE a.id > 1;
SELECT id, n FROM a ORDER BY id;
SELECT id, m FROM b ORDER BY id;

CREATE TABLE src (id INT PRIMARY KEY, v INT);
CREATE TABLE lg (id INT PRIMARY KEY, n INT);
INSERT INTO lg VALUES (1, 0), (2, 0), (3, 0);
CREATE TRIGGER src_ai AFTER INSERT ON src FOR EACH ROW UPDATE lg JOIN b ON lg.id = b.aid SET lg.n = lg.n + NEW.v;
CREATE TRIGGER src_au AFTER UPDATE ON src FOR EACH ROW UPDATE lg LEFT JOIN b ON lg.id = b.aid SET lg.n = lg.n + NEW.v - OLD.v, b.m = b.m + 1;
INSERT INTO src VALUES (1, 5);
INSERT INTO src VALUES (2, 7), (3, 1);
SELECT id, n FROM lg ORDER BY id;
UPDATE src SET v = v + 10 WHERE id = 1;
SELECT id, n FROM lg ORDER BY id;
SELECT id, m FROM b ORDER BY id;

CREATE TABLE d (id INT PRIMARY KEY, d DECIMAL(10,2), f DOUBLE, s VARCHAR(10), z DECIMAL(5,0));
INSERT INTO d VALUES (1, 1.5, 1.0051, '2.345', 1), (2, 2.5, 2.5, '3', 2), (3, 3.5, 3.125, '4.5', 3);
UPDATE d SET d = 12.345 WHERE id = 1;
UPDATE d SET d = 1.50000 WHERE id = 1;
UPDATE d SET d = s WHERE id = 1;
UPDATE d SET d = f WHERE id = 3;
UPDATE d SET z = 2.5 WHERE id = 2;
UPDATE d SET d = d / 5;
INSERT INTO d (id, d) VALUES (4, 1.1), (5, 1.119);
INSERT INTO d (id, d) VALUES (6, 9.99), (7, 10);
REPLACE INTO d (id, d) VALUES (1, 7.777);
INSERT INTO d (id, d) VALUES (1, 7) ON DUPLICATE KEY UPDATE d = 2.222;
UPDATE d JOIN a ON d.id = a.id SET d.d = d.d + 0.005 WHERE a.id = 2;
SELECT id, d, z FROM d ORDER BY id;
