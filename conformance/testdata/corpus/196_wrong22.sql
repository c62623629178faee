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
