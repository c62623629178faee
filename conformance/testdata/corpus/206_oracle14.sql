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
-- NOT EXISTS whose subquery WHERE has a NULL (or NULL-valued constant)
-- conjunct beside a correlated one: GMS hoisted both out of the subquery,
-- NOT (EXISTS (...) AND a.x AND NULL) is NULL and dropped every outer row.
CREATE TABLE nha (id INT PRIMARY KEY, x INT);
CREATE TABLE nhb (id INT PRIMARY KEY, y INT);
INSERT INTO nha VALUES (1, 1), (2, 2), (3, NULL);
INSERT INTO nhb VALUES (1, 1), (2, 5);
SELECT COUNT(*) FROM nha WHERE NOT EXISTS (SELECT 1 FROM nhb s WHERE nha.x AND NULL);
SELECT COUNT(*) FROM nha WHERE NOT EXISTS (SELECT 1 FROM nhb s WHERE 1 = NULL AND nha.x);
SELECT COUNT(*) FROM nha WHERE NOT EXISTS (SELECT 1 FROM nhb s WHERE nha.x > 1 AND NULL AND s.y);
SELECT COUNT(*) FROM nha LEFT JOIN nhb ON nha.x = nhb.y WHERE NOT EXISTS (SELECT 1 FROM nha s WHERE nha.x AND NULL);
SELECT id FROM nha WHERE NOT EXISTS (SELECT 1 FROM nhb s WHERE nha.x AND s.y = 1) ORDER BY id;
-- LIKE without a wildcard inside a WHERE's subquery stays LIKE ('a ' LIKE
-- 'A' is false; GMS made it s.c = 'A', which pads under general_ci).
CREATE TABLE sl (id INT PRIMARY KEY, n BIGINT, c VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO sl VALUES (1, NULL, 'é'), (2, 1, NULL), (3, 0, 'a '), (4, 2, 'A'), (5, -2, 'e'), (6, 3, '-2');
SELECT COUNT(*) FROM sl WHERE (SELECT COUNT(*) FROM sl s WHERE s.c LIKE 'A') <= sl.n;
SELECT SUM(CASE WHEN (SELECT COUNT(*) FROM sl s WHERE s.c LIKE 'A') <= sl.n THEN 1 ELSE 0 END) FROM sl;
SELECT COUNT(*) FROM sl WHERE (SELECT COUNT(*) FROM sl s WHERE s.c = 'A') <= sl.n;
SELECT id FROM sl WHERE id IN (SELECT s.id FROM sl s WHERE s.c LIKE 'A') ORDER BY id;
SELECT id FROM sl WHERE EXISTS (SELECT 1 FROM sl s WHERE s.c LIKE 'a' AND s.id = sl.id) ORDER BY id;
-- A number IN a subquery of strings compares as DOUBLE; as a semi join it
-- looked 0 up as '0' in the strings' index.
CREATE TABLE nss (id INT PRIMARY KEY, c VARCHAR(8), KEY kc (c));
CREATE TABLE nst (id INT PRIMARY KEY, n INT);
INSERT INTO nss VALUES (1, 'é'), (2, '1'), (3, NULL);
INSERT INTO nst VALUES (1, 0), (2, 1), (3, 5);
SELECT COUNT(*) FROM nst WHERE 0 IN (SELECT c FROM nss);
SELECT COUNT(*) FROM nst WHERE 1.0 IN (SELECT c FROM nss WHERE id > 0);
SELECT COUNT(*) FROM nst WHERE 5 IN (SELECT c FROM nss);
SELECT id FROM nst WHERE nst.n IN (SELECT c FROM nss) ORDER BY id;
-- IFNULL of a number and a string is a string: compared with a DOUBLE, 'a'
-- reads as 0 (GMS typed it as the number and failed with 1366).
CREATE TABLE ifa (id INT PRIMARY KEY, c0 VARCHAR(8) COLLATE utf8mb4_general_ci);
CREATE TABLE ifb (id INT PRIMARY KEY, c1 INT, c3 DOUBLE);
INSERT INTO ifa VALUES (1, '1'), (2, '2'), (3, 'a'), (4, ''), (5, NULL), (6, '2x');
INSERT INTO ifb VALUES (1, NULL, 2), (2, 3, NULL), (3, 1, 1), (4, 4, 2);
SELECT COUNT(*) FROM ifa CROSS JOIN ifb WHERE (IFNULL((ifb.c1 - ifb.c3), COALESCE(ifa.c0, ifa.c0)) <> (ABS(ifb.c3) - COALESCE('', 1)));
SELECT SUM(CASE WHEN IFNULL(ifb.c1 - ifb.c3, ifa.c0) <> 2e0 THEN 1 ELSE 0 END) FROM ifa CROSS JOIN ifb;
SELECT ifa.id, ifb.id FROM ifa CROSS JOIN ifb WHERE IFNULL(ifb.c3 * 1e0, ifa.c0) = 0 ORDER BY ifa.id, ifb.id;
-- A string IN a subquery of another collation's strings compares in the
-- collation both derivations resolve to (of two IMPLICIT columns, the _bin
-- one), with PAD SPACE: 'a ' is IN a utf8mb4_bin 'a', 'A' is not.
CREATE TABLE icg (id INT PRIMARY KEY, g VARCHAR(8) COLLATE utf8mb4_general_ci);
CREATE TABLE icb (id INT PRIMARY KEY, b VARCHAR(8) COLLATE utf8mb4_bin);
INSERT INTO icg VALUES (1, 'a '), (2, 'A'), (3, 'b'), (4, NULL);
INSERT INTO icb VALUES (1, 'a'), (2, 'c');
SELECT id FROM icg WHERE g IN (SELECT b FROM icb) ORDER BY id;
SELECT id FROM icb WHERE b IN (SELECT g FROM icg) OR id = 0 ORDER BY id;
SELECT id FROM icg WHERE g IN (SELECT 'a') OR id = 0 ORDER BY id;
-- mysql-differs: MySQL compares a utf8mb4_general_ci column with a utf8mb4_bin one under utf8mb4_bin ("the _bin collation is used", Collation Coercibility in Expressions); MariaDB 10.11 does so in its semi join but not in the select list
-- expect: 1 | 1
-- expect: 2 | 0
-- expect: 3 | 0
-- expect: 4 | NULL
SELECT id, g IN (SELECT b FROM icb) FROM icg ORDER BY id;
-- mysql-differs: as above (MariaDB 10.11 answers 3: 'A' NOT IN 'a' false under general_ci)
-- expect: 2
-- expect: 3
SELECT id FROM icg WHERE g NOT IN (SELECT b FROM icb) ORDER BY id;
