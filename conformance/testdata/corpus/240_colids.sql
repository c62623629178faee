-- lead (session 17): a UNION [DISTINCT] or DISTINCT rewritten for
-- collations (engine/padspace.go) read its columns through GetFields whose
-- ids were their indexes; GMS's assignExecIndexes then resolved them by id
-- against the child's real column ids: every column read the first one.
CREATE TABLE cid (id INT PRIMARY KEY, s VARCHAR(10), x INT);
INSERT INTO cid VALUES (1, 'a', 10), (2, 'b', NULL), (3, NULL, 30), (4, 'A', 10);
SELECT 'a' k, 1 v UNION SELECT 'b', 2 UNION SELECT 'a', 3;
SELECT * FROM (SELECT 'a' k, 1 v UNION SELECT 'b', 2) t ORDER BY k;
SELECT * FROM (SELECT 'a' k, 1 v UNION SELECT 'b', 2 UNION SELECT 'a', 1) t ORDER BY k, v;
WITH t AS (SELECT 'a' k, 1 v UNION SELECT 'b', 2) SELECT * FROM t ORDER BY k;
SELECT k, SUM(v) FROM (SELECT 'a' k, 1 v UNION SELECT 'b', 2 UNION SELECT 'a', 3) t GROUP BY k ORDER BY k;
SELECT * FROM (SELECT DISTINCT s, id FROM cid) t ORDER BY id;
SELECT * FROM (SELECT DISTINCT 'x' c, id, s FROM cid) t ORDER BY id;
SELECT * FROM (SELECT id, s, x FROM cid UNION SELECT 9, 'z', 90) t ORDER BY id;
SELECT * FROM (SELECT x, s FROM cid UNION SELECT 10, 'q') t ORDER BY x, s;
SELECT COUNT(*), SUM(id) FROM (SELECT s, id FROM cid UNION SELECT s, id FROM cid) t;
-- A UNION's own ORDER BY ... LIMIT under the rewrite sorted by another
-- column once the GROUP BY's fields had their real ids (its sort fields
-- named the first side's ids).
SELECT * FROM (SELECT x, s FROM cid UNION SELECT x, s FROM cid ORDER BY x DESC LIMIT 2) t ORDER BY x;
SELECT * FROM (SELECT id, s FROM cid UNION SELECT id + 10, s FROM cid ORDER BY id DESC LIMIT 3) t ORDER BY id;
WITH c AS (SELECT x, s FROM cid UNION SELECT x, s FROM cid ORDER BY s DESC, x LIMIT 2) SELECT * FROM c ORDER BY x;
(SELECT id, s FROM cid ORDER BY id DESC LIMIT 2) UNION (SELECT id, s FROM cid ORDER BY x, id LIMIT 1) ORDER BY id;
SELECT * FROM ((SELECT id, s FROM cid ORDER BY id DESC LIMIT 2) UNION (SELECT id, s FROM cid ORDER BY x, id LIMIT 1) ORDER BY id) t ORDER BY id;
SELECT * FROM (SELECT DISTINCT s, x FROM cid ORDER BY x DESC, s LIMIT 2) t ORDER BY x;
-- A derived table's WHERE that GMS pushes onto its UNION kept the first
-- side's column ids, which can equal the union's own (oracle2's finding 1):
-- `WHERE n = 2` read column 0.
CREATE TABLE cid2 (id INT PRIMARY KEY, n INT, c VARCHAR(10));
INSERT INTO cid2 VALUES (1, NULL, 'a'), (2, NULL, 'b'), (4, 2, 'c');
SELECT * FROM (SELECT id AS o, n FROM cid2 UNION ALL SELECT id + 10, n FROM cid2) d WHERE n = 2 ORDER BY o;
SELECT * FROM (SELECT id AS o, n FROM cid2 UNION SELECT id + 10, n FROM cid2) d WHERE n = 2 ORDER BY o;
SELECT * FROM (SELECT id AS o, c FROM cid2 UNION SELECT id + 100, LOWER(c) FROM cid2) d WHERE c = 'a' ORDER BY o;
SELECT * FROM (SELECT id AS o, c FROM cid2 UNION ALL SELECT id + 100, LOWER(c) FROM cid2) d WHERE c = 'a' ORDER BY o;
SELECT o, c FROM (SELECT id AS o, c FROM cid2 UNION SELECT id + 100, LOWER(c) FROM cid2 ORDER BY o LIMIT 9) d WHERE c = 'a' ORDER BY o;
WITH d AS (SELECT id AS o, n FROM cid2 UNION ALL SELECT id, n FROM cid2) SELECT * FROM d WHERE n IS NULL ORDER BY o;
SELECT * FROM (SELECT n, id FROM cid2 UNION ALL SELECT n, id FROM cid2) d WHERE id = 2 ORDER BY n;
-- A NULL arm kept a UNION out of the collation rewrite (oracle2's findings
-- 2 and 3): 'a' and 'A' were two rows.
CREATE TABLE cid3 (id INT PRIMARY KEY, c VARCHAR(10));
INSERT INTO cid3 VALUES (1, 'a'), (2, 'A'), (3, 'b'), (4, 'B'), (5, NULL), (6, 'c');
SELECT COUNT(*) FROM (SELECT c AS a, c AS b FROM cid3 UNION SELECT 'x', NULL) d;
SELECT COUNT(*) FROM (SELECT c FROM cid3 UNION SELECT NULL) d;
WITH d AS (SELECT c FROM cid3 UNION SELECT NULL) SELECT COUNT(*) FROM d UNION ALL SELECT COUNT(*) FROM d;
SELECT COUNT(*) FROM (SELECT NULL AS c UNION SELECT c FROM cid3) d;
