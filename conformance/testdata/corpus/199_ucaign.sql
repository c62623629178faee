-- UCA ignorable characters: the UCA collations skip U+0000 and the other
-- control characters, zero-width joiners, the byte order mark and, at the
-- primary strength, combining accents, in comparisons, keys, grouping and
-- ordering; the soft hyphen is ignorable from UCA 6.0.0 on (4.0.0 and 5.2.0
-- weigh it as a hyphen). LIKE matches character by character.
SELECT 'a\0' = 'a' COLLATE utf8mb4_unicode_ci, 'a\0b' = 'ab' COLLATE utf8mb4_unicode_520_ci, '\0' = '' COLLATE utf8mb4_unicode_ci;
SELECT _utf8mb4 X'61E2808D62' = 'ab' COLLATE utf8mb4_unicode_ci, _utf8mb4 X'EFBBBF6162' = 'AB' COLLATE utf8mb4_unicode_520_ci;
SELECT _utf8mb4 X'61CC81' = 'a' COLLATE utf8mb4_unicode_ci, _utf8mb4 X'61CC81' = 'á' COLLATE utf8mb4_unicode_520_ci;
SELECT _utf8mb4 X'61C2AD62' = 'ab' COLLATE utf8mb4_unicode_ci, _utf8mb4 X'61C2AD62' < 'ab' COLLATE utf8mb4_unicode_520_ci;
SELECT 'a\0c' > 'ab' COLLATE utf8mb4_unicode_ci, 'a\tb' < 'ab' COLLATE utf8mb4_unicode_ci, 'a \0' = 'a' COLLATE utf8mb4_unicode_ci;
SELECT STRCMP('a\0b' COLLATE utf8mb4_unicode_ci, 'AB'), STRCMP(_utf8mb4 X'D0B8CC86' COLLATE utf8mb4_unicode_ci, _utf8mb4 X'D0B9');
SELECT 'a\0b' LIKE 'ab' COLLATE utf8mb4_unicode_ci, 'a\0b' LIKE 'a_b' COLLATE utf8mb4_unicode_ci, 'a\0b' LIKE 'a%b' COLLATE utf8mb4_unicode_ci;
SELECT 'ab' IN ('a\0b' COLLATE utf8mb4_unicode_ci, 'x'), 'ab' BETWEEN 'a\0b' COLLATE utf8mb4_unicode_ci AND 'a\0b';
CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_unicode_ci, d VARCHAR(20) COLLATE utf8mb4_unicode_520_ci, KEY kc (c), KEY kd (d));
INSERT INTO t VALUES (1, 'a', 'a'), (2, 'a\0', 'a\0'), (3, _utf8mb4 X'61E2808D', _utf8mb4 X'61E2808D'), (4, _utf8mb4 X'61CC81', _utf8mb4 X'61CC81'), (5, 'á', 'á'), (6, 'b', 'b'), (7, '\0b', '\0b'), (8, 'ab', 'ab'), (9, 'a\0b', 'a\0b'), (10, _utf8mb4 X'61C2AD62', _utf8mb4 X'61C2AD62');
SELECT id FROM t WHERE c = 'a' ORDER BY id;
SELECT id FROM t IGNORE INDEX (kc) WHERE c = 'A\0' ORDER BY id;
SELECT id FROM t WHERE d = 'ab' ORDER BY id;
SELECT id FROM t IGNORE INDEX (kd) WHERE d = 'ab' ORDER BY id;
SELECT id FROM t WHERE c > 'a' ORDER BY id;
SELECT id FROM t WHERE c BETWEEN 'a\0' AND 'a\0\0' ORDER BY id;
SELECT id FROM t WHERE c IN ('b\0', 'zz') ORDER BY id;
SELECT id FROM t WHERE c LIKE 'a%' ORDER BY id;
SELECT id FROM t WHERE c LIKE 'ab%' ORDER BY id;
SELECT id FROM t WHERE d LIKE 'a_b' ORDER BY id;
SELECT MIN(id), COUNT(*) FROM t GROUP BY c ORDER BY MIN(id);
SELECT MIN(id), COUNT(*) FROM t GROUP BY d ORDER BY MIN(id);
SELECT COUNT(DISTINCT c), COUNT(DISTINCT d) FROM t;
SELECT id FROM t WHERE id IN (2, 6, 8, 10) ORDER BY c, id;
SELECT x.id, y.id FROM t x JOIN t y ON x.c = y.c AND x.id < y.id WHERE x.id > 5 ORDER BY x.id, y.id;
CREATE TABLE uq (c VARCHAR(20) COLLATE utf8mb4_unicode_ci PRIMARY KEY);
INSERT INTO uq VALUES ('x');
-- 'x\0' and 'x' + a combining grave are the same key as 'x': 1062.
INSERT INTO uq VALUES ('x\0');
INSERT INTO uq VALUES (_utf8mb4 X'78CC80');
-- The soft hyphen weighs under UCA 4.0.0.
INSERT INTO uq VALUES (_utf8mb4 X'78C2AD');
SELECT HEX(c) FROM uq ORDER BY c;
-- Hangul syllables weigh of their own under UCA 4.0.0 and 5.2.0.
SELECT _utf8mb4 X'EAB080' COLLATE utf8mb4_unicode_ci = _utf8mb4 X'E18480E185A1', _utf8mb4 X'EAB080' COLLATE utf8mb4_unicode_520_ci = _utf8mb4 X'E18480E185A1';
-- utf8mb4_0900_ai_ci (UCA 9.0.0, MySQL only): the soft hyphen and the bidi
-- isolates are ignorable too, and a Hangul syllable weighs as its jamo
-- (MySQL 8.0 strings/ctype-uca.cc, my_decompose_hangul_syllable). MySQL has
-- no contractions in its root collations: 'и' + breve is 'и', not 'й'.
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; MySQL 8.0 ignores U+0000, U+00AD, U+2066..U+2069 and the acute (UCA 9.0.0 DUCET)
-- expect: 1 | 1 | 1 | 1 | 0
SELECT 'a\0' = 'a' COLLATE utf8mb4_0900_ai_ci, _utf8mb4 X'61C2AD62' = 'ab' COLLATE utf8mb4_0900_ai_ci, _utf8mb4 X'E281A66162E281A9' = 'ab' COLLATE utf8mb4_0900_ai_ci, _utf8mb4 X'61CC81' = 'á' COLLATE utf8mb4_0900_ai_ci, 'a\0' = 'a ' COLLATE utf8mb4_0900_ai_ci;
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; MySQL 8.0 decomposes Hangul syllables into jamo and has no root contractions
-- expect: 1 | 1 | 0 | 1
SELECT _utf8mb4 X'EAB080' = _utf8mb4 X'E18480E185A1' COLLATE utf8mb4_0900_ai_ci, _utf8mb4 X'ED959C' = _utf8mb4 X'E18492E185A1E186AB' COLLATE utf8mb4_0900_ai_ci, _utf8mb4 X'D0B8CC86' = _utf8mb4 X'D0B9' COLLATE utf8mb4_0900_ai_ci, _utf8mb4 X'D0B8CC86' = _utf8mb4 X'D0B8' COLLATE utf8mb4_0900_ai_ci;
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect-affected: 0
CREATE TABLE n (id INT PRIMARY KEY, c VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY (c));
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect-affected: 3
INSERT INTO n VALUES (1, 'x'), (2, _utf8mb4 X'EAB080'), (3, 'y\0z');
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; 'x' + soft hyphen is 'x' there
-- expect-error: 1062
INSERT INTO n VALUES (4, _utf8mb4 X'78C2AD');
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; the jamo are the syllable there
-- expect-error: 1062
INSERT INTO n VALUES (5, _utf8mb4 X'E18480E185A1');
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci
-- expect: 3
SELECT id FROM n WHERE c = 'yz';
-- mysql-differs: MariaDB has no utf8mb4_0900_ai_ci; LIKE compares character by character (U+0000 is not 'z')
-- expect: 0
SELECT COUNT(*) FROM n WHERE c LIKE 'yz%';
