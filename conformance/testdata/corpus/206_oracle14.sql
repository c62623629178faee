-- Randomized-oracle findings of branch oracle14 (TestOracles with the
-- subquery generator, MYRIAD_ORACLE_KINDS=sub).
--
-- A correlated subquery comparing its utf8mb4_bin column with an outer
-- utf8mb4_general_ci column (MySQL compares under the _bin collation) was an
-- index lookup keyed by the outer value's collation key, which matched no
-- row: every count in the select list was 0, and EXISTS there disagreed
-- with EXISTS in WHERE.
CREATE TABLE cl (id INT PRIMARY KEY, a VARCHAR(8) COLLATE utf8mb4_bin, b VARCHAR(8) COLLATE utf8mb4_general_ci, KEY ka (a), KEY kb (b));
INSERT INTO cl VALUES (1, 'x', 'x'), (2, 'y', 'Y'), (3, 'Y', 'y'), (4, 'é', 'e'), (5, NULL, NULL), (6, 'e', 'z');
SELECT id, (SELECT COUNT(*) FROM cl s WHERE s.a = cl.b), (SELECT COUNT(*) FROM cl s WHERE s.a <=> cl.b), (SELECT COUNT(*) FROM cl s WHERE s.b = cl.a) FROM cl ORDER BY id;
SELECT id, EXISTS (SELECT 1 FROM cl s WHERE s.a = cl.b), EXISTS (SELECT 1 FROM cl s WHERE s.b = cl.a) FROM cl ORDER BY id;
SELECT COUNT(*) FROM cl WHERE EXISTS (SELECT 1 FROM cl s WHERE s.a = cl.b);
SELECT SUM(CASE WHEN EXISTS (SELECT 1 FROM cl s WHERE s.a = cl.b) THEN 1 ELSE 0 END) FROM cl;
SELECT SUM(CASE WHEN EXISTS (SELECT 1 FROM cl s WHERE s.b = cl.a) THEN 1 ELSE 0 END) FROM cl;
