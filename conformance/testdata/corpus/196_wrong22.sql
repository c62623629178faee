-- wrong22 (issue #9): a multi-table DELETE's affected rows (the rows
-- deleted, each once), negative values for an UNSIGNED AUTO_INCREMENT
-- column, AVG/SUM/division in string context, fractions of DATETIME(n) /
-- TIME(n) as strings, ROUND's column scale.
CREATE TABLE dp (id INT PRIMARY KEY);
CREATE TABLE dc (id INT PRIMARY KEY, pid INT);
INSERT INTO dp VALUES (1), (2), (3), (4);
INSERT INTO dc VALUES (1, 1), (2, 1), (3, 2), (4, 3), (5, 3);
DELETE dp, dc FROM dp JOIN dc ON dc.pid = dp.id WHERE dp.id = 2;
SELECT ROW_COUNT();
DELETE dp, dc FROM dp JOIN dc ON dc.pid = dp.id WHERE dp.id = 1;
DELETE dp FROM dp JOIN dc ON dc.pid = dp.id;
SELECT id FROM dp ORDER BY id;
SELECT id FROM dc ORDER BY id;
DELETE dp, dc FROM dp JOIN dc ON dc.pid = dp.id WHERE dp.id = 9;

CREATE TABLE ua (id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY, v INT);
INSERT INTO ua VALUES (5, 1);
INSERT INTO ua (id, v) VALUES (-40, 2);
INSERT INTO ua (id, v) VALUES ('-3', 2);
INSERT INTO ua (id, v) VALUES (3, 3), (-2, 3);
SELECT id, v FROM ua ORDER BY id;

CREATE TABLE ct (id INT PRIMARY KEY, x INT, d DECIMAL(10,2), dt DATETIME(6), d3 DATETIME(3));
INSERT INTO ct VALUES (1, 1, 1.10, '2024-01-01 00:00:00.100000', '2024-01-01 00:00:00.120'), (2, 2, 2.25, '2024-01-01 00:00:01', '2024-01-01 00:00:01');
SELECT CONCAT(AVG(x)), CONCAT(AVG(d)), CONCAT(AVG(x) + 0), CONCAT(SUM(d)), CONCAT(1/3) FROM ct;
SELECT CONCAT('<', AVG(x), '>') FROM ct GROUP BY x ORDER BY x;
SELECT CONCAT(dt), CONCAT(d3) FROM ct ORDER BY id;
SELECT CONCAT(CAST('2024-01-01 00:00:00.100000' AS DATETIME(6))), CONCAT(CAST('2024-01-01' AS DATE));
SELECT CAST(AVG(x) AS CHAR), CAST(AVG(x) + 0 AS CHAR), CONVERT(AVG(d), CHAR), CAST(MAX(dt) AS CHAR), CAST(1.50 AS CHAR) FROM ct;
SELECT CAST(CAST('2024-01-01 00:00:00.100000' AS DATETIME(6)) AS CHAR), CAST(CAST('2024-01-01' AS DATE) AS CHAR);
