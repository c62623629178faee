-- fix24a: a latin1 CHAR(n)/VARCHAR(n)/TINYTEXT holds n (255) one-byte
-- characters; Myriad counted their UTF-8 bytes (1406 for 'ééé' into a
-- latin1 VARCHAR(5)). GROUP_CONCAT of a latin1 column is cut at
-- group_concat_max_len latin1 bytes (Myriad kept 'éé' of four 'é').
CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(5), c CHAR(3), t TINYTEXT) CHARACTER SET latin1;
INSERT INTO l1 (id, v, c) VALUES (1, 'ééé', 'àçé');
INSERT INTO l1 (id, v) VALUES (2, 'ééééé');
INSERT INTO l1 (id, v, t) SELECT 3, 'ééééé', REPEAT('é', 255);
UPDATE l1 SET c = 'ààà' WHERE id = 2;
INSERT INTO l1 (id, v) VALUES (4, 'éééééé');
INSERT INTO l1 (id, c) VALUES (4, 'éééé');
INSERT INTO l1 (id, v) SELECT 4, 'éééééé';
INSERT INTO l1 (id, t) VALUES (4, REPEAT('é', 256));
UPDATE l1 SET v = 'àààààà' WHERE id = 1;
SELECT id, v, LENGTH(v), OCTET_LENGTH(v), CHAR_LENGTH(v), HEX(v), c, LENGTH(c), HEX(c), LENGTH(t), CHAR_LENGTH(t) FROM l1 ORDER BY id;
-- setup
SET sql_mode = '';
INSERT INTO l1 (id, v, c) VALUES (5, 'éééééé', 'àààà');
SHOW WARNINGS;
UPDATE l1 SET v = 'óóóóóóó' WHERE id = 2;
SHOW WARNINGS;
INSERT IGNORE INTO l1 (id, t) VALUES (6, REPEAT('é', 300));
SELECT id, v, c, LENGTH(t) FROM l1 WHERE id IN (2, 5, 6) ORDER BY id;
-- setup
SET sql_mode = DEFAULT;
CREATE TABLE gl (id INT PRIMARY KEY, v VARCHAR(10)) CHARACTER SET latin1;
INSERT INTO gl VALUES (1, 'é'), (2, 'é'), (3, 'é'), (4, 'é');
-- setup
SET group_concat_max_len = 4;
SELECT GROUP_CONCAT(v SEPARATOR '') FROM gl;
SELECT GROUP_CONCAT(v ORDER BY id DESC SEPARATOR '') FROM (SELECT id, v FROM gl) d;
SELECT GROUP_CONCAT(v) FROM gl;
SHOW WARNINGS;
SELECT GROUP_CONCAT(DISTINCT v) FROM gl;
-- setup
SET group_concat_max_len = 5;
SELECT GROUP_CONCAT(v SEPARATOR '') FROM gl;
SHOW WARNINGS;
-- setup
SET group_concat_max_len = DEFAULT;
-- A latin1 string stored into BINARY/VARBINARY/BLOB keeps its latin1
-- bytes (MySQL: E9 for 'é'); Myriad stored its UTF-8 (C3A9). Under SET
-- NAMES latin1 this client's 'é' is read as the two latin1 characters
-- C3 A9, which both servers store as those two bytes.
CREATE TABLE vb (id INT PRIMARY KEY, b VARBINARY(10), bb BLOB, bn BINARY(3), l VARCHAR(5) CHARACTER SET latin1, u VARCHAR(5));
INSERT INTO vb VALUES (1, 'é', 'é', 'é', 'é', 'é');
INSERT INTO vb (id, b, bb, bn) SELECT 2, l, CONCAT(l, 'a'), l FROM vb WHERE id = 1;
INSERT INTO vb (id, b) SELECT 3, u FROM vb WHERE id = 1;
UPDATE vb SET bb = l WHERE id = 1;
-- setup
SET NAMES latin1;
INSERT INTO vb (id, b, bb) VALUES (4, 'é', 'aé');
UPDATE vb SET bn = 'é' WHERE id = 4;
-- setup
SET NAMES utf8mb4;
SELECT id, HEX(b), HEX(bb), HEX(bn), HEX(l), HEX(u) FROM vb ORDER BY id;
