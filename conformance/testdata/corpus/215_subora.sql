-- Randomized-oracle findings of branch subora (TestOracles with the
-- subquery generator, MYRIAD_ORACLE_KINDS=sub).
--
-- Inside a correlated subquery a conjunct comparing an outer column with a
-- constant became a range over the inner table's index on a column of the
-- same name (GMS's index coster matches columns by name): the subquery read
-- only the inner rows whose own column passed.
CREATE TABLE oi0 (id INT PRIMARY KEY, c VARCHAR(8), n INT, KEY kc (c), KEY kn (n));
CREATE TABLE oi1 (id INT PRIMARY KEY, c DECIMAL(8,2), n INT);
INSERT INTO oi0 VALUES (1, NULL, NULL), (2, '5', -5), (3, '1', 7);
INSERT INTO oi1 VALUES (1, 3.5, 1), (2, NULL, NULL), (3, 1, 2);
SELECT id, (SELECT COUNT(*) FROM oi0 WHERE oi1.c IS NOT NULL) FROM oi1 ORDER BY id;
SELECT id, (SELECT COUNT(*) FROM oi0 s WHERE oi1.c IS NULL) FROM oi1 ORDER BY id;
SELECT id, (SELECT COUNT(*) FROM oi0 s WHERE oi1.c > 0) FROM oi1 ORDER BY id;
SELECT id, (SELECT COUNT(*) FROM oi0 s WHERE oi1.n IN (1, 2)) FROM oi1 ORDER BY id;
SELECT id, (SELECT COUNT(*) FROM oi0 s WHERE oi1.c IS NULL OR s.n = 7) FROM oi1 ORDER BY id;
SELECT id, (SELECT COUNT(*) FROM oi0 s WHERE oi1.c IS NOT NULL AND s.c = '5') FROM oi1 ORDER BY id;
SELECT id, c NOT IN (SELECT s.c FROM oi0 s WHERE oi1.c IS NOT NULL) FROM oi1 ORDER BY id;
SELECT id FROM oi1 WHERE (c NOT IN (SELECT s.c FROM oi0 s WHERE oi1.c IS NOT NULL)) IS NULL ORDER BY id;
SELECT id FROM oi1 WHERE NOT (c NOT IN (SELECT s.c FROM oi0 s WHERE oi1.c IS NOT NULL)) ORDER BY id;
SELECT id FROM oi1 WHERE EXISTS (SELECT 1 FROM oi0 s WHERE oi1.n IS NULL) ORDER BY id;
SELECT COUNT(*) FROM oi1 WHERE oi1.n IN (SELECT s.n FROM oi0 s WHERE oi1.c >= 1);
SELECT SUM(CASE WHEN oi1.n IN (SELECT s.n FROM oi0 s WHERE oi1.c >= 1) THEN 1 ELSE 0 END) FROM oi1;
-- NOT EXISTS's conjunct that reads only the outer row (hoisted out of the
-- subquery by GMS) compared strings without PAD SPACE: 'a ' = 'a' under
-- utf8mb4_bin was false there.
CREATE TABLE npa (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin);
CREATE TABLE npb (id INT PRIMARY KEY, d VARCHAR(8) COLLATE utf8mb4_bin);
INSERT INTO npa VALUES (1, 'a'), (2, 'b'), (3, NULL);
INSERT INTO npb VALUES (1, 'a '), (2, 'c');
SELECT id FROM npa WHERE NOT EXISTS (SELECT 1 FROM npb WHERE npa.c = 'a ') ORDER BY id;
SELECT id FROM npa WHERE NOT EXISTS (SELECT 1 FROM npb WHERE npb.id = npa.id AND npa.c = 'a ') ORDER BY id;
SELECT id FROM npa WHERE NOT EXISTS (SELECT 1 FROM npb WHERE npb.d = npa.c AND npb.id > 0) ORDER BY id;
SELECT id, NOT EXISTS (SELECT 1 FROM npb WHERE npa.c = 'a ') FROM npa ORDER BY id;
-- x IN (SELECT y ...) of strings of two collations as a WHERE conjunct: the
-- semi join deduplicated y in its own collation (general_ci: 'b' = 'B') and
-- compared in the _bin one, losing an outer row (or, the other way round,
-- returning one twice).
CREATE TABLE ic0 (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin);
CREATE TABLE ic1 (id INT PRIMARY KEY, g VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO ic0 VALUES (1, 'a '), (2, 'b'), (3, 'B');
INSERT INTO ic1 VALUES (4, 'b'), (6, 'B'), (7, 'a');
SELECT id FROM ic0 WHERE c IN (SELECT g FROM ic1) ORDER BY id;
SELECT id FROM ic1 WHERE g IN (SELECT c FROM ic0) ORDER BY id;
SELECT ic0.id, ic1.id FROM ic0 CROSS JOIN ic1 WHERE ic0.c IN (SELECT s.g FROM ic1 s) ORDER BY ic0.id, ic1.id;
-- A string COALESCE (or IFNULL, CASE) IN a list holding NULL, as a WHERE
-- conjunct, matched nothing: GMS's HASH IN kept the map it hashed in the
-- COALESCE's old collation after the COALESCE got its MySQL one.
CREATE TABLE cn0 (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci, b VARCHAR(8) COLLATE utf8mb4_bin);
INSERT INTO cn0 VALUES (1, 'a', 'a'), (2, NULL, NULL), (3, 'A', 'A'), (4, 'q', 'q');
SELECT id FROM cn0 WHERE COALESCE(c, 'z') IN ('A', NULL) ORDER BY id;
SELECT id FROM cn0 WHERE COALESCE(c, 'z') IN ('Z', NULL) ORDER BY id;
SELECT id FROM cn0 WHERE COALESCE(b, 'z') IN ('A', NULL) ORDER BY id;
SELECT id FROM cn0 WHERE COALESCE(b, 'z') IN ('a ', NULL) ORDER BY id;
SELECT id FROM cn0 WHERE IFNULL(c, 'z') IN ('a', NULL, 'q') ORDER BY id;
SELECT id FROM cn0 WHERE CASE WHEN id > 1 THEN c END IN ('a', NULL, 'Q') ORDER BY id;
SELECT id FROM cn0 WHERE (COALESCE(c, 'z') NOT IN ('A', NULL)) IS NULL ORDER BY id;
SELECT id, COALESCE(c, 'z') IN ('A', NULL) FROM cn0 ORDER BY id;
-- GMS types IFNULL(int, decimal) as INT: the semi join (and a join) looked
-- IFNULL's 3.01 up in the INT index as 3.
CREATE TABLE ik1 (id INT PRIMARY KEY, c0 INT, c1 DECIMAL(10,2), KEY (c0));
INSERT INTO ik1 VALUES (1, 3, 1.00), (2, NULL, 3.01), (3, NULL, 3.00), (4, 5, NULL), (5, NULL, 5.5);
SELECT id FROM ik1 WHERE IFNULL(ik1.c0, ik1.c1) IN (SELECT s1.c0 FROM ik1 AS s1) ORDER BY id;
SELECT ik1.id, s.id FROM ik1 JOIN ik1 AS s ON s.c0 = IFNULL(ik1.c0, ik1.c1) ORDER BY ik1.id, s.id;
