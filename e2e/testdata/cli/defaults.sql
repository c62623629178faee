-- Server defaults as an application sees them: version, character set and
-- collation, and what they mean for comparisons, ordering and unique keys.
SELECT VERSION();
SELECT @@character_set_server, @@collation_server;
CREATE DATABASE cli_text;
USE cli_text;
SELECT @@character_set_database, @@collation_database;
CREATE TABLE users (
  id INT NOT NULL PRIMARY KEY,
  login VARCHAR(30) NOT NULL,
  display_name VARCHAR(60),
  UNIQUE KEY uk_login (login)
);
INSERT INTO users VALUES
  (1, 'alice', 'Alice'), (2, 'Bob', 'Bob'), (3, 'carol', NULL),
  (4, 'émile', 'Émile'), (5, 'dave', 'Dave');
SELECT id FROM users WHERE login = 'ALICE';
SELECT login FROM users ORDER BY login;
SELECT COUNT(*) FROM users WHERE login LIKE 'b%';
SELECT 'a' = 'A', 'e' = 'é', 'abc' < 'ABD';
INSERT INTO users VALUES (6, 'BOB', 'Bob again');
SELECT COUNT(*) FROM users;
