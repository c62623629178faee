-- gcorder: every ORDER BY that sorts strings sorts under the collation,
-- not only a statement's own: GROUP_CONCAT(... ORDER BY), GROUP_CONCAT
-- (DISTINCT), a UNION's own ORDER BY and LIMIT, derived tables and views,
-- and which rows UPDATE/DELETE ... ORDER BY ... LIMIT and INSERT ... SELECT
-- ... ORDER BY ... LIMIT touch. utf8mb4_general_ci pads ('a ' = 'A') and
-- puts 'a\t' before 'a'.
CREATE TABLE gp (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO gp VALUES (1, 'a '), (2, 'a\t'), (3, 'A'), (4, 'b'), (5, 'B'), (6, 'a');
SELECT GROUP_CONCAT(id ORDER BY c, id) FROM gp;
SELECT GROUP_CONCAT(id ORDER BY c DESC, id) FROM gp;
SELECT id % 2, GROUP_CONCAT(id ORDER BY c, id) FROM gp GROUP BY id % 2 ORDER BY id % 2;
SELECT CONCAT('[', GROUP_CONCAT(DISTINCT c ORDER BY c SEPARATOR '|'), ']') FROM gp;
SELECT CONCAT('[', GROUP_CONCAT(DISTINCT c ORDER BY c DESC SEPARATOR '|'), ']') FROM gp;
SELECT COUNT(*) FROM ((SELECT c FROM gp) UNION (SELECT 'A')) d;
SELECT CONCAT('[', c, ']') FROM ((SELECT c FROM gp WHERE id <> 6) UNION (SELECT 'B') ORDER BY c) d;
SELECT CONCAT('[', c, ']') FROM ((SELECT c FROM gp WHERE id <> 6) UNION (SELECT 'B') ORDER BY c LIMIT 1 OFFSET 1) d;
SELECT id FROM ((SELECT id, c FROM gp WHERE id < 4) UNION ALL (SELECT id, c FROM gp WHERE id >= 4) ORDER BY c, id) d;
SELECT GROUP_CONCAT(id ORDER BY id) FROM (SELECT id FROM gp ORDER BY c, id LIMIT 3) d;
CREATE VIEW gv AS SELECT id FROM gp ORDER BY c DESC, id LIMIT 2;
SELECT GROUP_CONCAT(id ORDER BY id) FROM gv;
CREATE TABLE gx (id INT PRIMARY KEY);
INSERT INTO gx SELECT id FROM gp ORDER BY c, id LIMIT 2;
SELECT GROUP_CONCAT(id ORDER BY id) FROM gx;
UPDATE gp SET c = CONCAT(c, '!') ORDER BY c, id LIMIT 2;
SELECT GROUP_CONCAT(id ORDER BY id) FROM gp WHERE c LIKE '%!';
DELETE FROM gp ORDER BY c DESC, id LIMIT 3;
SELECT GROUP_CONCAT(id ORDER BY id) FROM gp;
