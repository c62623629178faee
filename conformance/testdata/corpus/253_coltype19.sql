-- coltype19 (issue #9): column types that silently stored the wrong thing.
-- YEAR: a string zero is 2000 except a four-character one ('0000' is
-- YEAR 0000, Field_year::store), strict and not, INSERT and UPDATE.
CREATE TABLE y (id INT PRIMARY KEY, y YEAR);
INSERT INTO y VALUES (1, '0000'), (2, '0'), (3, '00'), (4, 0), (5, '000'), (6, '2000'), (7, 99), (8, '69');
SELECT id, y + 0 FROM y ORDER BY id;
UPDATE y SET y = '0000' WHERE id = 2;
UPDATE y SET y = '000' WHERE id = 1;
SELECT id, y + 0 FROM y WHERE id < 3 ORDER BY id;
SET sql_mode = '';
INSERT INTO y VALUES (11, '0000'), (12, '000'), (13, '00000');
UPDATE y SET y = '0000' WHERE id = 3;
SET sql_mode = DEFAULT;
SELECT id, y + 0 FROM y WHERE id IN (3, 11, 12, 13) ORDER BY id;
SELECT y + 0, COUNT(*) FROM y GROUP BY y ORDER BY y;
SELECT id FROM y WHERE y = '0000' ORDER BY id;
SELECT id FROM y WHERE y = 0 ORDER BY id;
