-- derunion: a UNION's string column has the collation MySQL aggregates
-- from its sides (an IMPLICIT column beats a COERCIBLE literal or a
-- number; two binary-sorting collations keep the first), and a derived
-- table, CTE or view over the UNION groups, sorts, DISTINCTs, compares and
-- takes MIN/MAX of it in that collation. utf8mb4_general_ci pads
-- ('a ' = 'A') and puts 'a\t' before 'a'. Sides that do not aggregate are
-- refused: 1267 for two EXPLICIT collations, 1271 for two IMPLICIT ones of
-- one character set.
CREATE TABLE dp (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO dp VALUES (1, 'a '), (2, 'a\t'), (3, 'A'), (4, 'b'), (5, 'B');
CREATE TABLE dq (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_bin);
INSERT INTO dq VALUES (1, 'a'), (2, 'A');
CREATE TABLE du (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_unicode_ci);
INSERT INTO du VALUES (1, 'x');
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp UNION ALL SELECT 'A') d ORDER BY c, BINARY c;
SELECT CONCAT('[', c, ']'), COUNT(*) FROM (SELECT c FROM dp UNION ALL SELECT 'A') d GROUP BY c ORDER BY c;
SELECT CONCAT('[', c, ']') FROM (SELECT DISTINCT c FROM (SELECT c FROM dp UNION ALL SELECT 'A') d0) d ORDER BY c;
SELECT COUNT(DISTINCT c) FROM (SELECT c FROM dp UNION ALL SELECT 'A') d;
SELECT COUNT(*) FROM (SELECT c FROM dp UNION ALL SELECT 'x') d WHERE c = 'a';
SELECT CONCAT('[', MIN(c), ']'), MAX(c) FROM (SELECT c FROM dp UNION ALL SELECT 'A') d;
SELECT CONCAT('[', c, ']') FROM (SELECT 'A' c UNION ALL SELECT c FROM dp) d ORDER BY c, BINARY c;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp UNION SELECT 'A') d ORDER BY c;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp UNION ALL SELECT 'A' UNION ALL SELECT 'b') d ORDER BY c, BINARY c;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp UNION ALL SELECT 1) d ORDER BY c, BINARY c;
SELECT COLLATION(c), COERCIBILITY(c) FROM (SELECT c FROM dp UNION ALL SELECT 'A') d LIMIT 1;
WITH d AS (SELECT c FROM dp UNION ALL SELECT 'A') SELECT CONCAT('[', c, ']') FROM d ORDER BY c, BINARY c;
CREATE VIEW dv AS SELECT c FROM dp UNION ALL SELECT 'A';
SELECT CONCAT('[', c, ']') FROM dv WHERE c <> 'b' ORDER BY c, BINARY c;
SELECT COUNT(*) FROM dv GROUP BY c ORDER BY c;
SELECT COLLATION(c) FROM (SELECT c FROM dp UNION ALL SELECT c FROM dq) d LIMIT 1;
SELECT c FROM (SELECT c FROM dq UNION ALL SELECT 'b') d ORDER BY c;
SELECT c FROM (SELECT 'b' c UNION ALL SELECT 'a' COLLATE utf8mb4_bin UNION ALL SELECT 'B') d ORDER BY c;
SELECT c FROM dp UNION SELECT 'A' ORDER BY c;
SELECT c FROM dp UNION ALL SELECT c FROM du;
SELECT c FROM (SELECT c FROM du UNION SELECT c FROM dp) d;
SELECT c FROM (SELECT c COLLATE utf8mb4_bin c FROM dp UNION ALL SELECT c COLLATE utf8mb4_general_ci FROM dq) d;
-- GROUP_CONCAT(... ORDER BY expr) without GROUP BY under ONLY_FULL_GROUP_BY
-- (Myriad refused it with 1140: GMS also selects expr's columns).
WITH d AS (SELECT c FROM dp UNION ALL SELECT 'A') SELECT GROUP_CONCAT(CONCAT('[', c, ']') ORDER BY c, BINARY c) FROM d;
SELECT GROUP_CONCAT(id ORDER BY CONCAT(c, 'x'), id) FROM dp;
SELECT GROUP_CONCAT(id ORDER BY BINARY c) FROM dp;
SELECT GROUP_CONCAT(id ORDER BY LENGTH(c) DESC, id), COUNT(*) FROM dp;
SELECT c, GROUP_CONCAT(id ORDER BY CONCAT(c, 'x')) FROM dp;
-- An aggregate with DISTINCT as a window function: 1235 in MySQL 8.0 and
-- MariaDB alike (Myriad answered, de-duplicating by bytes: 'a ' and 'A'
-- counted twice). MAX(DISTINCT) OVER is allowed.
SELECT COUNT(DISTINCT c) OVER () FROM dp;
SELECT SUM(DISTINCT id) OVER (PARTITION BY c) FROM dp;
SELECT AVG(DISTINCT id) OVER (ORDER BY id) FROM dp;
SELECT MAX(DISTINCT c) OVER () FROM dp ORDER BY id LIMIT 1;
-- derunion2: INTERSECT and EXCEPT, DISTINCT and ALL, match rows under each
-- string column's collation (Myriad matched bytes: 'ß' did not INTERSECT
-- 'SS' under utf8mb4_unicode_ci, 'a ' and 'A' were two rows under
-- utf8mb4_general_ci), NULL matches NULL, and ALL repeats a key's first
-- left row min(m, n) or max(m-n, 0) times.
CREATE TABLE ds (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_unicode_ci);
INSERT INTO ds VALUES (1, 'st'), (2, 'ß'), (3, 'sr'), (4, 'ß'), (5, NULL), (6, NULL);
SELECT c FROM ds INTERSECT SELECT 'SS';
SELECT 'SS' INTERSECT SELECT c FROM ds;
SELECT c FROM ds INTERSECT ALL SELECT 'SS';
SELECT c FROM ds EXCEPT SELECT 'SS';
SELECT c FROM ds EXCEPT ALL SELECT 'SS';
SELECT c FROM ds INTERSECT ALL SELECT c FROM ds;
SELECT c FROM ds EXCEPT ALL SELECT c FROM ds WHERE id < 3;
SELECT c FROM ds INTERSECT SELECT NULL;
SELECT COUNT(*) FROM (SELECT c FROM ds INTERSECT SELECT 'ss') d;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp INTERSECT SELECT 'A') d;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp INTERSECT ALL (SELECT 'A' UNION ALL SELECT 'a')) d;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp EXCEPT SELECT 'A') d;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp EXCEPT ALL SELECT 'A') d;
SELECT CONCAT('[', c, ']') FROM (SELECT c FROM dp EXCEPT SELECT 'x') d ORDER BY c, BINARY c LIMIT 3;
SELECT id, c FROM dp INTERSECT SELECT 3, 'a';
