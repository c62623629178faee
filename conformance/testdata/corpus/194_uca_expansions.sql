-- UCA expansions: under the UCA collations a character can weigh as several
-- ('ß' as "ss", 'ﬁ' as "fi", 'æ' as "ae" from UCA 5.2.0 on), so comparison,
-- keys, grouping, ordering and UNIQUE all see 'ß' = 'ss'. LIKE matches
-- character by character, so 'ß' LIKE 'ss' is false (MySQL 8.0 manual,
-- "String Comparison Functions and Operators").
SELECT 'ß' = 'ss' COLLATE utf8mb4_unicode_ci, 'ß' = 'SS' COLLATE utf8mb4_unicode_520_ci;
SELECT 'Straße' = 'STRASSE' COLLATE utf8mb4_unicode_ci, 'ﬁx' = 'fix' COLLATE utf8mb4_unicode_ci;
SELECT 'æ' = 'ae' COLLATE utf8mb4_unicode_ci, 'æ' = 'ae' COLLATE utf8mb4_unicode_520_ci, 'Ŀ' = 'L·' COLLATE utf8mb4_unicode_ci;
SELECT 'ßa' < 'st' COLLATE utf8mb4_unicode_ci, 'ß' > 's' COLLATE utf8mb4_unicode_ci, 'ß ' = 'ss' COLLATE utf8mb4_unicode_ci;
SELECT STRCMP('ß' COLLATE utf8mb4_unicode_ci, 'ss'), STRCMP('ßz' COLLATE utf8mb4_unicode_520_ci, 'ssa');
SELECT 'ß' LIKE 'ss' COLLATE utf8mb4_unicode_ci, 'ß' LIKE 's%' COLLATE utf8mb4_unicode_ci, 'ßa' LIKE 'ß%' COLLATE utf8mb4_unicode_ci;
SELECT 'ss' IN ('ß' COLLATE utf8mb4_unicode_ci, 'x'), 'ss' BETWEEN 'ß' COLLATE utf8mb4_unicode_ci AND 'ß';
CREATE TABLE u (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_unicode_ci, d VARCHAR(20) COLLATE utf8mb4_unicode_520_ci, KEY kc (c), KEY kd (d));
INSERT INTO u VALUES (1, 'ß', 'ß'), (2, 'ss', 'ss'), (3, 'st', 'st'), (4, 's', 's'), (5, 'ßa', 'ßa'), (6, 'Æ', 'Æ'), (7, 'ae', 'ae'), (8, 'SS', 'SS'), (9, 'ﬁ', 'ﬁ'), (10, 'fi', 'fi');
SELECT id FROM u WHERE c = 'ss' ORDER BY id;
SELECT id FROM u IGNORE INDEX (kc) WHERE c = 'ss' ORDER BY id;
SELECT id FROM u WHERE d = 'ae' ORDER BY id;
SELECT id FROM u WHERE c = 'ae' ORDER BY id;
SELECT id FROM u WHERE c > 'ss' ORDER BY id;
SELECT id FROM u WHERE c BETWEEN 'ss' AND 'ssa' ORDER BY id;
SELECT id FROM u WHERE c IN ('ß', 'fi') ORDER BY id;
SELECT id FROM u WHERE c LIKE 's%' ORDER BY id;
SELECT id FROM u WHERE c LIKE 'ß%' ORDER BY id;
SELECT id FROM u WHERE c LIKE 'ss' ORDER BY id;
SELECT MIN(id), COUNT(*) FROM u GROUP BY c ORDER BY MIN(id);
SELECT MIN(id), COUNT(*) FROM u GROUP BY d ORDER BY MIN(id);
SELECT COUNT(DISTINCT c), COUNT(DISTINCT d) FROM u;
SELECT id FROM u WHERE id IN (3, 4, 5, 7, 6) ORDER BY c, id;
SELECT id FROM u WHERE id IN (3, 4, 5, 7, 6) ORDER BY d, id;
SELECT x.id, y.id FROM u x JOIN u y ON x.c = y.c AND x.id < y.id ORDER BY x.id, y.id;
CREATE TABLE uq (c VARCHAR(20) COLLATE utf8mb4_unicode_ci PRIMARY KEY);
INSERT INTO uq VALUES ('Straße');
-- 'STRASSE' is the same key as 'Straße': 1062.
INSERT INTO uq VALUES ('STRASSE');
SELECT c FROM uq WHERE c = 'strasse';
CREATE TABLE uq2 (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_unicode_520_ci, UNIQUE KEY (c));
INSERT INTO uq2 VALUES (1, 'ﬁ');
INSERT INTO uq2 VALUES (2, 'FI');
INSERT INTO uq2 VALUES (3, 'æ');
INSERT INTO uq2 VALUES (4, 'AE');
SELECT id FROM uq2 ORDER BY id;
-- utf8mb4_0900_ai_ci (UCA 9.0.0, MySQL only) expands as well.
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; MySQL 8.0 expands ß, æ and ﬁ (UCA 9.0.0 DUCET)
-- expect: 1 | 1 | 1 | 0
SELECT 'ß' = 'ss' COLLATE utf8mb4_0900_ai_ci, 'æ' = 'AE' COLLATE utf8mb4_0900_ai_ci, 'ﬁ' = 'fi' COLLATE utf8mb4_0900_ai_ci, 'ß' LIKE 'ss' COLLATE utf8mb4_0900_ai_ci;
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect-affected: 0
CREATE TABLE n (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY (c));
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect-affected: 3
INSERT INTO n VALUES (1, 'ß'), (2, 'st'), (3, 'Æ');
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; 'SS' is 'ß' there
-- expect-error: 1062
INSERT INTO n VALUES (4, 'SS');
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; 'ae' is 'Æ' there
-- expect-error: 1062
INSERT INTO n VALUES (5, 'ae');
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect: 1
SELECT id FROM n WHERE c = 'ss';
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect: 3
-- expect: 1
-- expect: 2
SELECT id FROM n ORDER BY c;
