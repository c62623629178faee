-- utf8mb4_0900_as_ci (UCA 9.0.0, MySQL only) compares UCA's levels one
-- after the other: every primary weight of the strings, then every
-- secondary one. A combining accent has only a secondary weight and a
-- precomposed letter weighs as its base letter's primary and its accents'
-- secondaries, so 'a' + U+0301 is 'á', and 'áb' sorts after 'ab' but before
-- 'ac' (the b and the c decide before the accent). Case is a tertiary
-- difference, ignored. MariaDB's utf8mb4_uca1400_as_ci (UCA 14.0.0) answers
-- the same for these letters (conformance.TestUCAMultiLevelAgainstMariaDB)
-- but MariaDB has no _0900_ collation, so MySQL 8.0's answers are recorded.
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci; MySQL 8.0 weighs a + U+0301 as a's primary and the acute's secondary, like the precomposed á, and compares all primaries before any secondary
-- expect: 1 | 1 | 1 | 0 | 1
SELECT _utf8mb4 X'61CC81' = 'á' COLLATE utf8mb4_0900_as_ci, 'ab' < 'áb' COLLATE utf8mb4_0900_as_ci, 'áb' < 'ac' COLLATE utf8mb4_0900_as_ci, 'a' = 'á' COLLATE utf8mb4_0900_as_ci, 'ÁB' = 'áb' COLLATE utf8mb4_0900_as_ci;
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci; UCA compares secondaries from the first (cote < coté < côte < côté), the acute before the grave, and ß's second s carries a secondary weight
-- expect: -1 | -1 | -1 | -1 | 1 | -1 | 0
SELECT STRCMP('cote' COLLATE utf8mb4_0900_as_ci, 'coté'), STRCMP('coté' COLLATE utf8mb4_0900_as_ci, 'côte'), STRCMP('côte' COLLATE utf8mb4_0900_as_ci, 'côté'), STRCMP('á' COLLATE utf8mb4_0900_as_ci, 'à'), STRCMP('ß' COLLATE utf8mb4_0900_as_ci, 'ss'), STRCMP('ß' COLLATE utf8mb4_0900_as_ci, 'st'), STRCMP('ﬁ' COLLATE utf8mb4_0900_as_ci, 'fi');
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect-affected: 0
CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_as_ci, KEY kc (c));
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect-affected: 12
INSERT INTO t VALUES (1, 'ab'), (2, 'áb'), (3, 'ac'), (4, _utf8mb4 X'61CC8162'), (5, 'a'), (6, 'á'), (7, _utf8mb4 X'61CC81'), (8, 'Áb'), (9, 'àb'), (10, 'b'), (11, 'aa'), (12, 'ä');
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci; MariaDB's uca1400_as_ci orders the same rows so
-- expect: 5
-- expect: 6
-- expect: 7
-- expect: 12
-- expect: 11
-- expect: 1
-- expect: 2
-- expect: 4
-- expect: 8
-- expect: 9
-- expect: 3
-- expect: 10
SELECT id FROM t ORDER BY c, id;
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect: 5
-- expect: 6
-- expect: 7
-- expect: 12
-- expect: 11
-- expect: 1
-- expect: 2
-- expect: 4
-- expect: 8
-- expect: 9
-- expect: 3
-- expect: 10
SELECT id FROM t FORCE INDEX (kc) WHERE c >= 'a' ORDER BY c, id;
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci; 'áb', 'a' + U+0301 + 'b' and 'Áb' are equal
-- expect: 2,4,8
SELECT GROUP_CONCAT(id ORDER BY id) FROM t WHERE c = 'áb';
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect: 2,4,8
SELECT GROUP_CONCAT(id ORDER BY id) FROM t IGNORE INDEX (kc) WHERE c = _utf8mb4 X'41CC8142';
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci; between 'ab' and 'ac' lie the accented a's followed by b
-- expect: 2,4,8,9
SELECT GROUP_CONCAT(id ORDER BY id) FROM t WHERE c > 'ab' AND c < 'ac';
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect: 9 | 1,1;2,3;3,1;5,1;6,2;9,1;10,1;11,1;12,1
SELECT COUNT(DISTINCT c), (SELECT GROUP_CONCAT(g ORDER BY m SEPARATOR ';') FROM (SELECT MIN(id) AS m, CONCAT(MIN(id), ',', COUNT(*)) AS g FROM t GROUP BY c) d) FROM t;
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect-affected: 0
CREATE TABLE u (c VARCHAR(20) COLLATE utf8mb4_0900_as_ci PRIMARY KEY);
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci
-- expect-affected: 3
INSERT INTO u VALUES ('á'), ('a'), ('áa');
-- mysql-differs: MariaDB has no utf8mb4_0900_as_ci; a + U+0301 is the key of 'á'
-- expect-error: 1062
INSERT INTO u VALUES (_utf8mb4 X'61CC81');
