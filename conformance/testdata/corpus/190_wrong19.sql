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
-- LOCATE, POSITION and INSTR search in their arguments' collation: the next
-- len(substr) bytes compared unpadded (my_instr_mb); a binary string makes
-- it bytes (GMS's LOCATE lower-cased both under any collation, its INSTR
-- compared code points).
CREATE TABLE lc (id INT PRIMARY KEY, ci VARCHAR(20) COLLATE utf8mb4_general_ci, bn VARCHAR(20) COLLATE utf8mb4_bin, vb VARBINARY(20), l1 VARCHAR(20) CHARACTER SET latin1);
INSERT INTO lc VALUES (1, 'xAbé', 'xAbé', 'xAbé', 'xAbé'), (2, 'ÉTÉ e', 'ÉTÉ e', 'ÉTÉ e', 'ÉTÉ e'), (3, NULL, NULL, NULL, NULL);
SELECT LOCATE('b', 'AB'), INSTR('AB', 'b'), POSITION('b' IN 'AB'), LOCATE('b', 'AB' COLLATE utf8mb4_bin), LOCATE('b', BINARY 'AB'), INSTR(BINARY 'AB', 'b'), LOCATE(_binary'b', 'AB'), INSTR('AB', 'b' COLLATE utf8mb4_bin);
SELECT id, LOCATE('ab', ci), LOCATE('ab', bn), LOCATE('ab', vb), LOCATE('ab', l1), INSTR(vb, 'Ab') FROM lc ORDER BY id;
SELECT id, LOCATE('e', ci), LOCATE('e', l1), LOCATE('é', ci), INSTR(l1, 'É'), LOCATE('e', ci, 3), LOCATE('T', vb, 2), LOCATE('l', BINARY 'héllo') FROM lc ORDER BY id;
SELECT id FROM lc WHERE LOCATE('AB', ci) > 0 OR INSTR(bn, 'TÉ') = 2 ORDER BY id;
SELECT COUNT(*) FROM lc WHERE INSTR(bn, 'AB') > 0 OR LOCATE('ab', vb) > 0;
-- mysql-differs: MySQL 8.0's Item_func_locate::val_int answers an empty substring at a start one past the end with that start (MariaDB: 0)
-- expect: 4 | 3 | 0
SELECT LOCATE('', 'abc', 4), LOCATE('', 'abc', 3), LOCATE('', 'abc', 5);
-- A UNION's ORDER BY of a column whose left side is an unaliased constant
-- sorts by that column (GMS sorted by the constant: no order at all).
CREATE TABLE un (id INT PRIMARY KEY, v VARCHAR(10), i INT);
INSERT INTO un VALUES (1, 'ab', 7), (2, NULL, NULL), (3, 'a', 2), (4, 'a', 1);
SELECT NULL, NULL FROM un WHERE id = 1 UNION ALL SELECT v, i FROM un ORDER BY 1, 2;
SELECT NULL, NULL FROM un WHERE id = 1 UNION ALL SELECT v, i FROM un ORDER BY 1 DESC, 2 DESC;
SELECT 2 UNION ALL SELECT 1 ORDER BY 1;
SELECT 2 x, 'q' UNION ALL SELECT 1, 'p' ORDER BY 2;
SELECT 3 UNION SELECT 1 UNION SELECT 2 ORDER BY 1;
SELECT NULL, 5 UNION ALL SELECT 1, 2 UNION ALL SELECT 1, 1 ORDER BY 1, 2 LIMIT 2;
-- A grouped CONCAT of a column sorts in the column's collation.
CREATE TABLE gk (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_unicode_ci);
INSERT INTO gk VALUES (1, 'b'), (2, 'B'), (3, 'a'), (4, 'C'), (5, 'A'), (7, NULL);
SELECT CONCAT(c, '') k, COUNT(*) FROM gk WHERE id IN (1, 3, 4, 7) GROUP BY k ORDER BY k;
SELECT CONCAT(c, '') k FROM gk WHERE id IN (1, 3, 4) GROUP BY k ORDER BY k DESC;
SELECT LOWER(k), n FROM (SELECT CONCAT(c, '') k, COUNT(*) n FROM gk GROUP BY k) d ORDER BY k;
-- An IN list of strings and numbers compares its strings in one collation
-- aggregated over the list (a _bin collation wins a tie of derivations),
-- not pair by pair.
CREATE TABLE ic (id INT PRIMARY KEY, a VARCHAR(5) COLLATE utf8mb4_general_ci, b VARCHAR(5) COLLATE utf8mb4_bin);
INSERT INTO ic VALUES (1, 'A', 'x'), (2, 'a', 'a'), (3, 'x', 'A'), (4, NULL, NULL);
SELECT id, 'a' IN (a, b, 2), 'a' IN (a, 2), a IN ('A', 2), 'A' NOT IN (a, b, 3) FROM ic ORDER BY id;
SELECT id FROM ic WHERE 'a' IN (a, b, 2) ORDER BY id;
