-- like9 (issue #9): collations of two-string operations. MySQL aggregates
-- its operands' collations (DTCollation::aggregate): a column (IMPLICIT)
-- beats a literal (COERCIBLE), a _bin collation of the same character set
-- beats another, utf8mb4 beats latin1, a binary string beats text; two
-- columns of different collations give none (NONE), which an operation
-- that compares refuses with 1267 (1270 for three operands).
CREATE TABLE lc (id INT PRIMARY KEY, a VARCHAR(10) COLLATE utf8mb4_general_ci, b VARCHAR(10) COLLATE utf8mb4_unicode_ci, n VARCHAR(10) COLLATE utf8mb4_bin, l VARCHAR(10) CHARACTER SET latin1, v VARBINARY(10));
INSERT INTO lc VALUES (1, 'x', 'yx', 'x', 'x', 'x'), (2, '', 'É', 'A', 'é', 'a');
SELECT a LIKE b FROM lc;
SELECT b LIKE CONCAT(a, '%') FROM lc;
SELECT COUNT(*) FROM lc WHERE CONCAT(a, b) LIKE 'x%';
SELECT FIND_IN_SET(a, b) FROM lc;
SELECT STRCMP(a, b) FROM lc;
SELECT SUBSTRING_INDEX(a, b, 1) FROM lc;
SELECT TRIM(b FROM a) FROM lc;
SELECT REPLACE(a, b, 'z') FROM lc;
SELECT a IN (b, 'x') FROM lc;
SELECT a BETWEEN b AND 'z' FROM lc;
SELECT CONCAT(a, b) = 'xyx' FROM lc;
SELECT CASE WHEN a > '' THEN a ELSE b END = 'x' FROM lc;
SELECT CONCAT('a' COLLATE utf8mb4_unicode_ci, 'b' COLLATE utf8mb4_general_ci);
SELECT LPAD(a COLLATE utf8mb4_unicode_ci, 5, b COLLATE utf8mb4_general_ci) FROM lc;
SELECT id, CONCAT(a, b), COLLATION(CONCAT(a, b)), COERCIBILITY(CONCAT(a, b)) FROM lc ORDER BY id;
SELECT id, CONCAT_WS(',', a, b), LPAD(a, 4, b), INSERT(a, 1, 1, b), ELT(1, a, b) FROM lc ORDER BY id;
SELECT id, CONCAT(a, b) = 'XYX' COLLATE utf8mb4_unicode_ci, a LIKE b COLLATE utf8mb4_general_ci, REPLACE(a, b COLLATE utf8mb4_general_ci, 'z') FROM lc ORDER BY id;
SELECT id, a LIKE n, a LIKE 'X', n LIKE 'X', n LIKE 'a', a LIKE l, l LIKE a, b LIKE l, a LIKE v, v LIKE 'X' FROM lc ORDER BY id;
SELECT id, COLLATION(CONCAT(a, n)), COLLATION(CONCAT(a, l)), COLLATION(CONCAT(a, v)), COLLATION(CONCAT(l, 'é')) FROM lc ORDER BY id;
SELECT id, FIND_IN_SET(a, n), STRCMP(a, 'X'), STRCMP(n, 'a'), a IN (n, 'z'), a BETWEEN 'X' AND n, REPLACE(b, 'é', '-') FROM lc ORDER BY id;

-- The randomized oracles' NoREC finding (seed 1795813267087789603): a
-- LIKE over a CONCAT of a COALESCE matched in GMS's utf8mb4_0900_bin in the
-- select list and in the column's collation in a WHERE. The CONCAT has the
-- column's collation, IMPLICIT, so under a utf8mb4_bin connection it
-- matches case-insensitively.
SET NAMES utf8mb4 COLLATE utf8mb4_bin;
CREATE TABLE lk (id INT PRIMARY KEY, c1 VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO lk VALUES (1, ''), (2, NULL), (3, 'x'), (4, 'É');
SELECT COUNT(*) FROM lk WHERE CONCAT(COALESCE(c1, c1), COALESCE(NULL, 'a')) LIKE 'A';
SELECT SUM(CASE WHEN CONCAT(COALESCE(c1, c1), COALESCE(NULL, 'a')) LIKE 'A' THEN 1 ELSE 0 END) FROM lk;
SELECT id, COALESCE(NULL, c1) LIKE 'e', LOWER(COALESCE(NULL, c1)) LIKE 'X', CONCAT(c1, COALESCE(NULL, 'Y')) LIKE '%y', c1 LIKE 'X' FROM lk ORDER BY id;
SELECT id FROM lk WHERE CONCAT(COALESCE(NULL, c1), 'b') LIKE 'xB' ORDER BY id;
SET NAMES utf8mb4 COLLATE utf8mb4_general_ci;

-- like9b: CASE, IF, IFNULL and COALESCE of strings have their branches'
-- aggregated collation and derivation, in COLLATION()/COERCIBILITY() and
-- wherever a reference to the select list is grouped, sorted or DISTINCTed.
CREATE TABLE bc (id INT PRIMARY KEY, a VARCHAR(8) COLLATE utf8mb4_general_ci, b VARCHAR(8) COLLATE utf8mb4_bin, c VARCHAR(8) COLLATE utf8mb4_general_ci, u VARCHAR(8) COLLATE utf8mb4_unicode_ci);
INSERT INTO bc VALUES (1, 'a', 'a', 'A', 'x'), (2, 'A', 'A', 'a', 'X'), (3, 'b', 'B', 'b', 'y'), (4, 'B', 'b', 'B', 'Y');
SELECT COLLATION(CASE WHEN id > 0 THEN a ELSE b END), COERCIBILITY(CASE WHEN id > 0 THEN a ELSE b END), COLLATION(IF(id > 0, a, b)), COERCIBILITY(IFNULL(a, b)) FROM bc WHERE id = 1;
SELECT COLLATION(CASE WHEN id > 0 THEN a ELSE 'z' END), COERCIBILITY(CASE WHEN id > 0 THEN a ELSE 'z' END), COLLATION(COALESCE(a, u)), COERCIBILITY(COALESCE(a, u)) FROM bc WHERE id = 1;
SELECT CASE WHEN id > 0 THEN a ELSE 'z' END g, COUNT(*) FROM bc GROUP BY g ORDER BY g;
SELECT IF(id > 0, a, b) g, COUNT(*) FROM bc GROUP BY g ORDER BY g;
SELECT g, COUNT(*) FROM (SELECT IFNULL(a, 'q') g FROM bc) d GROUP BY g ORDER BY g;
SELECT DISTINCT COALESCE(a, b) FROM bc ORDER BY 1;
SELECT COUNT(DISTINCT COALESCE(a, c)), COUNT(DISTINCT COALESCE(a, b)), COUNT(DISTINCT IFNULL(a, 'q')) FROM bc;
SELECT COALESCE(a, b) g FROM bc UNION SELECT 'a' ORDER BY 1;
SELECT id, COUNT(*) OVER (PARTITION BY IF(id > 0, a, b)), COUNT(*) OVER (PARTITION BY CASE WHEN id > 0 THEN a ELSE 'z' END) FROM bc ORDER BY id;
