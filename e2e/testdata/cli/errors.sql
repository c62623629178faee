-- Statements that fail, run with --force: each error goes to stderr and the
-- script goes on.
CREATE DATABASE cli_errors;
USE cli_errors;
CREATE TABLE accounts (
  id INT NOT NULL PRIMARY KEY,
  email VARCHAR(50) NOT NULL,
  balance DECIMAL(10,2) NOT NULL DEFAULT 0.00,
  UNIQUE KEY uk_email (email)
);
INSERT INTO accounts VALUES (1, 'a@example.com', 10.00), (2, 'b@example.com', 20.00);
INSERT INTO accounts VALUES (3, 'a@example.com', 5.00);
INSERT INTO accounts VALUES (2, 'c@example.com', 5.00);
SELECT * FROM no_such_table;
SELECT no_such_column FROM accounts;
CREATE TABLE accounts (id INT PRIMARY KEY);
CREATE DATABASE cli_errors;
USE no_such_database;
DROP TABLE no_such_table;
INSERT INTO accounts (id, email) VALUES (4);
SELEC id FROM accounts;
SELECT id, email, balance FROM accounts ORDER BY id;
