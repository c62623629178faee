-- Randomized-oracle findings of branch suborc (TestOracles with
-- MYRIAD_ORACLE_KINDS=sub,win and all).
--
-- An unsigned expression (ROW_NUMBER and RANK are BIGINT UNSIGNED) as a hash
-- join's probe key against a DOUBLE: GMS converted the DOUBLE 0 to the
-- unsigned 18446744073709551615, so only the first outer row (answered while
-- the hash table was built) met it.
CREATE TABLE uz_a (id INT PRIMARY KEY, c VARCHAR(8));
CREATE TABLE uz_b (id INT PRIMARY KEY, d DOUBLE);
CREATE TABLE uz_u (id INT PRIMARY KEY, v BIGINT UNSIGNED);
INSERT INTO uz_a VALUES (1, 'x'), (2, 'y'), (3, 'x');
INSERT INTO uz_b VALUES (1, 0), (2, 5), (3, -0.5);
INSERT INTO uz_u VALUES (1, 0), (2, 0), (3, 5), (4, 5), (5, NULL);
SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS w FROM uz_a) AS t WHERE (w - w) IN (SELECT d FROM uz_b) ORDER BY id;
SELECT id FROM (SELECT id, RANK() OVER (ORDER BY c) AS r FROM uz_a) AS t WHERE (r * 0) IN (SELECT d FROM uz_b) ORDER BY id;
SELECT id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS w FROM uz_a) AS t WHERE NOT ((w - w) IN (SELECT d FROM uz_b)) ORDER BY id;
SELECT COUNT(*) FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS w FROM uz_a) AS t WHERE (w - w) IN (SELECT d FROM uz_b);
SELECT SUM(CASE WHEN (w - w) IN (SELECT d FROM uz_b) THEN 1 ELSE 0 END) FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS w FROM uz_a) AS t;
SELECT t.id, uz_b.id FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS w FROM uz_a) AS t JOIN uz_b ON (t.w - t.w) = uz_b.d ORDER BY t.id;
SELECT uz_u.id, uz_b.id FROM uz_u JOIN uz_b ON uz_u.v + 0 = uz_b.d ORDER BY uz_u.id;
SELECT uz_a.id FROM uz_a JOIN uz_b ON CAST(uz_a.id * 0 AS UNSIGNED) = uz_b.d ORDER BY uz_a.id;
SELECT id FROM uz_u WHERE v + 0 IN (SELECT d FROM uz_b) ORDER BY id;
-- The oracle's own shape (seed 1795830208378389015, TLP where).
CREATE TABLE uz_t0 (id INT PRIMARY KEY, c0 DOUBLE, c4 VARCHAR(8) COLLATE utf8mb4_bin);
CREATE TABLE uz_t1 (id INT PRIMARY KEY, c1 DOUBLE);
INSERT INTO uz_t0 VALUES (1, 2, 'b'), (2, 1000, NULL), (3, NULL, 'é'), (4, -3, 'a '), (5, NULL, 'B'), (6, -3, 'A'), (7, 1.5, 'b');
INSERT INTO uz_t1 VALUES (1, 2), (2, -0.5), (3, NULL), (4, 0), (5, 0.1);
SELECT t0.id FROM (SELECT id, c0, c4, DENSE_RANK() OVER (PARTITION BY c4 ORDER BY c4) AS w0 FROM uz_t0) AS t0 WHERE ((t0.w0 - t0.w0) IN (SELECT s1.c1 FROM uz_t1 AS s1 WHERE 1)) ORDER BY t0.id;
SELECT t0.id FROM (SELECT id, c0, c4, DENSE_RANK() OVER (PARTITION BY c4 ORDER BY c4) AS w0 FROM uz_t0) AS t0 WHERE (((t0.w0 - t0.w0) IN (SELECT s1.c1 FROM uz_t1 AS s1 WHERE 1))) IS NULL ORDER BY t0.id;
-- IF, CASE and IFNULL over INT and DOUBLE (or FLOAT) branches are DOUBLE:
-- GMS typed IF as its first branch (INT), so 3.5 printed as 4, equalled 4
-- and was IN (3, 4). Over INT and DECIMAL they are DECIMAL; as join, semi
-- join and IN-list keys none of them may be looked up as an INT.
CREATE TABLE ifd1 (id INT PRIMARY KEY, c0 INT, c1 DECIMAL(10,2), f DOUBLE, KEY (c0));
CREATE TABLE ifd2 (id INT PRIMARY KEY, k INT, KEY (k));
CREATE TABLE ifd3 (id INT PRIMARY KEY, k INT);
INSERT INTO ifd1 VALUES (1, 3, 1.00, 0.5), (2, NULL, 3.01, 3.5), (3, NULL, 3.00, 3), (4, 5, NULL, NULL), (5, NULL, 5.5, 5.5), (6, 4, 4.00, 4);
INSERT INTO ifd2 VALUES (1, 3), (2, 4), (3, 5), (4, 1), (5, NULL);
INSERT INTO ifd3 VALUES (1, 3), (2, 4), (3, 5), (4, 1), (5, NULL);
SELECT id, IF(c0 IS NOT NULL, c0, f), IF(c0 IS NOT NULL, c0, 3.5e0), CASE WHEN c0 IS NOT NULL THEN c0 ELSE f END FROM ifd1 ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, f) = 4 ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, f) IN (3, 4) ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, f) IN (3, 5, 4) ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, 3.5e0) IN (3, 4) ORDER BY id;
SELECT id, IF(c0 IS NOT NULL, c0, f) = 4, IF(c0 IS NOT NULL, c0, f) IN (3, 4) FROM ifd1 ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, f) IN (SELECT k FROM ifd2) ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, f) IN (SELECT k FROM ifd3) ORDER BY id;
SELECT ifd1.id, ifd2.id FROM ifd1 JOIN ifd2 ON ifd2.k = IF(ifd1.c0 IS NOT NULL, ifd1.c0, ifd1.f) ORDER BY 1, 2;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, c1) IN (SELECT k FROM ifd2) ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NULL, c1, c0) IN (SELECT k FROM ifd3) ORDER BY id;
SELECT ifd1.id, ifd2.id FROM ifd1 JOIN ifd2 ON (CASE WHEN ifd1.c0 IS NOT NULL THEN ifd1.c0 ELSE ifd1.c1 END) = ifd2.k ORDER BY 1, 2;
SELECT ifd1.id, ifd3.id FROM ifd1 JOIN ifd3 ON (CASE WHEN ifd1.c0 IS NOT NULL THEN ifd1.c0 ELSE ifd1.c1 END) = ifd3.k ORDER BY 1, 2;
SELECT ifd1.id, ifd2.id FROM ifd1 JOIN ifd2 ON ifd2.k = (CASE ifd1.c0 WHEN 3 THEN ifd1.c0 WHEN 5 THEN ifd1.c0 ELSE ifd1.c1 END) ORDER BY 1, 2;
SELECT ifd1.id, ifd2.id FROM ifd1 JOIN ifd2 ON ifd2.k = IF(ifd1.c0 IS NULL, ifd1.c1, ifd1.c0) ORDER BY 1, 2;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, c1) IN (3, 5, 4) ORDER BY id;
SELECT id FROM ifd1 WHERE (CASE WHEN c0 IS NOT NULL THEN c0 ELSE c1 END) IN (3, 5.5, 4) ORDER BY id;
SELECT id FROM ifd1 WHERE (CASE WHEN c0 IS NOT NULL THEN c0 ELSE f END) IN (3, 5, 4) ORDER BY id;
SELECT id FROM ifd1 WHERE IF(c0 IS NOT NULL, c0, c1) NOT IN (3, 5, 4) ORDER BY id;
SELECT id FROM ifd1 WHERE IFNULL(c0, f) IN (3, 5, 4) ORDER BY id;
SELECT COALESCE(NULL, 1, 2.5e0), IFNULL(1, 2.5e0), IF(1, 1, 2.5e0), IF(0, 1, 2.5e0);
-- The planner types UNION columns, derived tables' columns, aggregates and
-- CREATE TABLE ... SELECT's columns from IF and IFNULL before any rule runs:
-- they must already have MySQL's type there.
SELECT x FROM (SELECT id, IF(c0 IS NOT NULL, c0, f) x FROM ifd1) d WHERE x IN (3, 4) ORDER BY id;
SELECT x FROM (SELECT id, IFNULL(c0, f) x FROM ifd1) d WHERE x = 4 ORDER BY id;
SELECT x FROM (SELECT id, IF(c0 IS NOT NULL, c0, c1) x FROM ifd1) d WHERE x = 3 ORDER BY id;
SELECT IF(c0 IS NOT NULL, c0, f) x FROM ifd1 UNION ALL SELECT 1 ORDER BY x;
SELECT IFNULL(c0, f) x FROM ifd1 UNION SELECT 1 ORDER BY x;
SELECT MAX(IF(c0 IS NOT NULL, c0, f)), MAX(IFNULL(c0, f)), MIN(IF(c0 IS NULL, 1, f)) FROM ifd1;
CREATE TABLE ifd_ct AS SELECT id, IF(c0 IS NOT NULL, c0, f) a, IFNULL(c0, f) b FROM ifd1;
SELECT id, a, b FROM ifd_ct ORDER BY id;
SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ifd_ct' ORDER BY ORDINAL_POSITION;
-- A join on two equalities hashes a tuple of keys: the same conversion per
-- element.
SELECT uz_u.id, uz_b.id FROM uz_u JOIN uz_b ON uz_u.v + 0 = uz_b.d AND (uz_u.id > 0) = (uz_b.id > 0) ORDER BY uz_u.id;
