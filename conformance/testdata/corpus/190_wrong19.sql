-- A string expression (COALESCE/IF/CASE of a number and a string, any
-- string function) compared with numbers compares as DOUBLE, by its numeric
-- prefix (TestOracles, NoREC, seed 1795791866344205844: GMS's IN compared
-- '3.00' with '3' as strings in the select list).
CREATE TABLE sn (id INT PRIMARY KEY, c2 INT, s VARCHAR(10));
INSERT INTO sn VALUES (1, 3, '3abc'), (2, NULL, 'x'), (3, 4, NULL);
SELECT id, COALESCE(3.00, 'b') IN (c2, 3), COALESCE(3.00, 'b') IN (3) FROM sn ORDER BY id;
SELECT COUNT(*) FROM sn WHERE COALESCE(3.00, 'b') IN (c2, 3);
SELECT SUM(CASE WHEN COALESCE(3.00, 'b') IN (c2, 3) THEN 1 ELSE 0 END) FROM sn;
SELECT id, IF(id > 0, 3.00, 'b') IN (3), CASE WHEN id = 1 THEN 3.00 ELSE 'b' END IN (3, c2), IFNULL(NULL, '3.0') NOT IN (3, 5) FROM sn ORDER BY id;
SELECT id, CONCAT(c2, '.0') IN (3, 4), LOWER(s) IN (3, 7), CONCAT(s, '') = 3, CONCAT(s, '') <=> 3, UPPER(s) > 2.5, CONCAT(s, '') BETWEEN 2 AND 4 FROM sn ORDER BY id;
SELECT id FROM sn WHERE CONCAT(s, '') = 3 OR CONCAT(c2, '.0') IN (4, 5) ORDER BY id;
SELECT id, 3 IN (CONCAT(s, ''), 5), 3 = CONCAT(s, '') FROM sn ORDER BY id;
