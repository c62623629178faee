-- A searched CASE whose condition folds to false (a false constant ANDed
-- with a column) is its ELSE literal in the connection's collation, in WHERE
-- as in the select list; GMS's simplifyFilters evaluated it after the AND
-- short-circuit and compared its text as binary (TestOracles' NoREC
-- findings, seeds 1795799966062910179 and 1795800331712296761).
CREATE TABLE fc (c0 INT, c1 INT);
INSERT INTO fc VALUES (1, 1), (0, 0), (2, NULL), (NULL, 3);
SELECT COUNT(*) FROM fc WHERE (CASE WHEN (fc.c1 AND ('-2' > 'ab')) THEN '' ELSE 'é' END) NOT IN ('b', 'e');
SELECT SUM((CASE WHEN (fc.c1 AND ('-2' > 'ab')) THEN '' ELSE 'é' END) NOT IN ('b', 'e')) FROM fc;
SELECT COUNT(*) FROM fc WHERE (CASE WHEN (('b' < '1') AND fc.c0) THEN '-2' ELSE 'B' END) = 'b';
SELECT SUM((CASE WHEN (('b' < '1') AND fc.c0) THEN '-2' ELSE 'B' END) = 'b') FROM fc;
SELECT COUNT(*) FROM fc WHERE (CASE WHEN (('a' = 'A') OR fc.c0) THEN 'B' ELSE 'x' END) = 'b';
-- CURDATE() in arithmetic is YYYYMMDD; Myriad read its text's prefix, the year.
SELECT CURDATE() + 0 = CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED), CURRENT_DATE - 0 = CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED), CURDATE() * 1 > 19700101;
SELECT CAST(CURDATE() AS SIGNED) = CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED), CAST(CURRENT_DATE AS UNSIGNED) = CURDATE() + 0;
