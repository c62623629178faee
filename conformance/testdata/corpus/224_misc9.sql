-- misc9: CASE/IF/IFNULL/COALESCE over an integer or DECIMAL branch and a
-- DOUBLE branch are DOUBLE, the DOUBLE keeping its fraction (GMS typed IF
-- as its first branch: IF(id <> 2, i, f) was a BIGINT, 2 for 1.5).
CREATE TABLE nb (id INT PRIMARY KEY, f DOUBLE, i INT, dc DECIMAL(5,2));
INSERT INTO nb VALUES (1, NULL, NULL, NULL), (2, 1.5, 3, 2.25), (3, 0.125, 4, 1.5);
SELECT id, IF(id <> 2, i, f), IF(id = 2, i, f), IF(id <> 2, dc, f), IF(id = 2, dc, f + 0.001) FROM nb ORDER BY id;
SELECT id, IF(id <> 2, 7, f), CASE WHEN id <> 2 THEN i ELSE f END, CASE id WHEN 3 THEN dc ELSE f END FROM nb ORDER BY id;
SELECT id, IFNULL(i, f), COALESCE(dc, f), IFNULL(f, dc), COALESCE(IF(id <> 2, i, f), 0), NULLIF(f, 1.5) FROM nb ORDER BY id;
SELECT id FROM nb WHERE IF(id <> 2, i, f) = 1.5;
SELECT SUM(IF(id <> 2, i, f)) FROM nb;
SELECT id, IFNULL(i, dc), COALESCE(i, 2.5), IF(id = 2, i, dc) FROM nb ORDER BY id;
