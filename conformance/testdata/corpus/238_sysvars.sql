-- lead (session 17): @@last_insert_id / @@identity read LAST_INSERT_ID()
-- (GMS read 0); scope errors 1238 and unknown variables 1193 (GMS answered
-- a value, or 1105).
CREATE TABLE svli (id INT PRIMARY KEY AUTO_INCREMENT, k INT);
-- setup
INSERT INTO svli (k) VALUES (1), (2);
SELECT @@last_insert_id, @@identity, @@session.last_insert_id, LAST_INSERT_ID();
-- setup
SET last_insert_id = 77;
SELECT LAST_INSERT_ID(), @@identity;
-- setup
SET @@identity = 5;
SELECT LAST_INSERT_ID(), @@last_insert_id;
SELECT @@global.last_insert_id;
SELECT @@global.timestamp;
SELECT @@session.max_connections;
SELECT @@local.max_connections;
SELECT @@nosuch;
SELECT @@session.nosuch;
SET @@session.nosuch = 1;
SET GLOBAL timestamp = 5;
SET SESSION max_connections = 5;
SELECT @@global.max_connections > 0, @@session.wait_timeout > 0;
