-- Window functions partition and find ORDER BY peers under the collation,
-- as GROUP BY does (issue #9): under a PAD SPACE collation 'a' and 'a ' are
-- one partition and peers, under a _ci one 'a', 'A' and 'á' too. The
-- functions' arguments keep their stored values.
CREATE TABLE w (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_general_ci, v INT);
INSERT INTO w VALUES (1, 'a', 1), (2, 'a ', 2), (3, 'A', 3), (4, 'b', 4), (5, 'á', 5), (6, NULL, 6);
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (PARTITION BY s ORDER BY id) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (PARTITION BY s), COUNT(*) OVER (PARTITION BY s), MAX(id) OVER (PARTITION BY s) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY s) FROM w ORDER BY id;
SELECT id, LAG(id) OVER (PARTITION BY s ORDER BY id), LEAD(id) OVER (PARTITION BY s ORDER BY id) FROM w ORDER BY id;
SELECT id, CONCAT('[', LEAD(s) OVER (PARTITION BY s ORDER BY id), ']') FROM w ORDER BY id;
SELECT id, CONCAT('[', FIRST_VALUE(s) OVER x, ']'), LAST_VALUE(id) OVER x FROM w WINDOW x AS (PARTITION BY s ORDER BY id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) ORDER BY id;
SELECT id, COUNT(*) OVER (ORDER BY s RANGE BETWEEN CURRENT ROW AND CURRENT ROW) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (PARTITION BY s COLLATE utf8mb4_bin ORDER BY id) FROM w ORDER BY id;
SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY s ORDER BY id DESC) rn FROM w) d WHERE rn = 1 ORDER BY id;
SELECT s IS NULL, COUNT(*) FROM (SELECT s, ROW_NUMBER() OVER (PARTITION BY UPPER(s) ORDER BY id) rn FROM w) d WHERE rn = 1 GROUP BY s IS NULL ORDER BY 1;
-- MySQL 8.0 compares RANK's peers as ORDER BY compares, so 'a', 'a ', 'A'
-- and 'á' tie. MariaDB 10.11 ties them here but ranks 'a ' apart when its
-- sort puts it first (the same rows without the NULL one).
-- mysql-differs: MariaDB 10.11 does not always pad when it compares RANK peers; MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED
-- expect-types: INT UNSIGNED BIGINT UNSIGNED BIGINT
-- expect: 1 | 2 | 2
-- expect: 2 | 2 | 2
-- expect: 3 | 2 | 2
-- expect: 4 | 6 | 3
-- expect: 5 | 2 | 2
-- expect: 6 | 1 | 1
SELECT id, RANK() OVER (ORDER BY s), DENSE_RANK() OVER (ORDER BY s) FROM w ORDER BY id;
CREATE TABLE wl (id INT PRIMARY KEY, s VARCHAR(10) COLLATE latin1_swedish_ci, v INT);
INSERT INTO wl VALUES (1, 'a', 1), (2, 'a ', 2), (3, 'A', 3), (4, 'b', 4);
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT BIGINT DECIMAL
SELECT id, ROW_NUMBER() OVER (PARTITION BY s ORDER BY id), COUNT(*) OVER (PARTITION BY s), SUM(v) OVER (ORDER BY s, id) FROM wl ORDER BY id;
CREATE TABLE wb (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_bin, v INT);
INSERT INTO wb VALUES (1, 'a', 1), (2, 'a ', 2), (3, 'A', 3), (4, 'b', 4);
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT BIGINT DECIMAL
SELECT id, ROW_NUMBER() OVER (PARTITION BY s ORDER BY id), COUNT(*) OVER (PARTITION BY s), SUM(v) OVER (PARTITION BY s ORDER BY id) FROM wb ORDER BY id;
-- utf8mb4_0900_ai_ci (MySQL only) expands 'ß' as "ss" and does not pad.
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect-affected: 0
CREATE TABLE wu (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_0900_ai_ci, v INT);
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect-affected: 7
INSERT INTO wu VALUES (1, 'ß', 1), (2, 'ss', 2), (3, 'SS', 3), (4, 'a', 4), (5, 'á', 5), (6, 'A', 6), (7, 'a ', 7);
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect: 1 | 1 | 6
-- expect: 2 | 2 | 6
-- expect: 3 | 3 | 6
-- expect: 4 | 1 | 15
-- expect: 5 | 2 | 15
-- expect: 6 | 3 | 15
-- expect: 7 | 1 | 7
SELECT id, ROW_NUMBER() OVER (PARTITION BY s ORDER BY id), SUM(v) OVER (PARTITION BY s) FROM wu ORDER BY id;
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect: 1 | 5 | 3
-- expect: 2 | 5 | 3
-- expect: 3 | 5 | 3
-- expect: 4 | 1 | 1
-- expect: 5 | 1 | 1
-- expect: 6 | 1 | 1
-- expect: 7 | 4 | 2
SELECT id, RANK() OVER (ORDER BY s), DENSE_RANK() OVER (ORDER BY s) FROM wu ORDER BY id;
-- Multi-table UPDATE over an outer join, and UPDATE IGNORE over a join,
-- write a value that changes only in case, accents or trailing spaces and
-- count the row as changed.
CREATE TABLE ua (id INT PRIMARY KEY, s VARCHAR(5) COLLATE utf8mb4_general_ci);
CREATE TABLE ub (id INT PRIMARY KEY, aid INT, t VARCHAR(10) COLLATE utf8mb4_unicode_ci);
INSERT INTO ua VALUES (1, 'one'), (2, 'two'), (3, 'x');
INSERT INTO ub VALUES (1, 1, 'e'), (2, 1, 'f'), (3, 3, 'q');
UPDATE ua LEFT JOIN ub ON ua.id = ub.aid SET ua.s = UPPER(ua.s);
SELECT id, CONCAT('[', s, ']') FROM ua ORDER BY id;
UPDATE ua LEFT JOIN ub ON ua.id = ub.aid SET ua.s = UPPER(ua.s);
UPDATE ua LEFT JOIN ub ON ua.id = ub.aid SET ua.s = LOWER(ua.s), ub.t = UPPER(ub.t);
SELECT ua.id, CONCAT('[', s, ']'), ub.id, CONCAT('[', t, ']') FROM ua LEFT JOIN ub ON ua.id = ub.aid ORDER BY ua.id, ub.id;
UPDATE ub RIGHT JOIN ua ON ua.id = ub.aid SET ub.t = CONCAT(ub.t, ' ');
UPDATE ua LEFT JOIN ub ON ua.id = ub.aid SET ua.s = 'TWO' WHERE ub.id IS NULL;
UPDATE ub RIGHT JOIN ua ON ua.id = ub.aid SET ub.t = IF(ub.id = 1, 'é ', ub.t) WHERE ua.id <= 2;
SELECT ua.id, CONCAT('[', s, ']'), ub.id, CONCAT('[', t, ']') FROM ua LEFT JOIN ub ON ua.id = ub.aid ORDER BY ua.id, ub.id;
UPDATE IGNORE ua JOIN ub ON ua.id = ub.id SET ua.s = UPPER(ua.s), ub.t = LOWER(ub.t);
UPDATE IGNORE ua LEFT JOIN ub ON ua.id = ub.aid SET ua.s = LOWER(ua.s) WHERE ua.id > 1;
UPDATE IGNORE ua LEFT JOIN ub ON ua.id = ub.aid SET ua.s = 'toolong' WHERE ua.id = 2;
SELECT ua.id, CONCAT('[', s, ']'), ub.id, CONCAT('[', t, ']') FROM ua LEFT JOIN ub ON ua.id = ub.aid ORDER BY ua.id, ub.id;
UPDATE ua JOIN ub ON ua.id = ub.id SET ua.s = UPPER(ua.s) WHERE ua.s > 'p' OR ub.t > 'p';
SELECT id, CONCAT('[', s, ']') FROM ua ORDER BY id;
