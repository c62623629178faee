-- ORDER BY RAND(N) draws each row's number as the row is read (filesort
-- computes the sort keys then): MySQL's and MariaDB's shuffle for a seed.
-- Myriad drew in the sort's comparison order (rows 1 and 2 swapped), again
-- per kept row under a LIMIT, and a select-list RAND(7) showed other numbers.
CREATE TABLE rnd (id INT PRIMARY KEY);
INSERT INTO rnd VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10),(11),(12);
SELECT id FROM rnd ORDER BY RAND(7);
SELECT id FROM rnd ORDER BY RAND(1) LIMIT 4;
SELECT id FROM rnd ORDER BY RAND(3) LIMIT 2, 5;
SELECT id, RAND(7) FROM rnd ORDER BY RAND(7);
SELECT id, RAND(5) FROM rnd WHERE id > 3 ORDER BY RAND(5) DESC LIMIT 3;
SELECT id FROM rnd ORDER BY id % 3, RAND(11);
