-- Session 27, view27: information_schema.VIEWS.CHECK_OPTION and IS_UPDATABLE
-- by MySQL's rules (Myriad answered NONE for every view and judged
-- IS_UPDATABLE by GMS's rules), WITH LOCAL CHECK OPTION accepted (was 1105).
CREATE TABLE t (id INT PRIMARY KEY, a INT);
CREATE TABLE u (id INT PRIMARY KEY, c INT);
CREATE VIEW w1 AS SELECT * FROM t LIMIT 1;
CREATE VIEW w2 AS SELECT t.id, u.c FROM t JOIN u ON t.id = u.id;
CREATE VIEW w3 AS SELECT t.id, u.c FROM t LEFT JOIN u ON t.id = u.id;
CREATE VIEW w4 AS SELECT * FROM (SELECT * FROM t) d;
CREATE VIEW w5 AS SELECT id, (SELECT 1) s FROM t;
CREATE VIEW w6 AS SELECT id FROM t WHERE a IN (SELECT a FROM t);
CREATE VIEW w7 AS SELECT id FROM t WHERE a IN (SELECT c FROM u);
CREATE VIEW w8 AS SELECT 1 x;
CREATE VIEW w9 AS SELECT id, a FROM w1;
CREATE VIEW w10 AS SELECT id, a, a AS a2 FROM t;
CREATE ALGORITHM=TEMPTABLE VIEW w11 AS SELECT * FROM t;
CREATE VIEW w12 AS SELECT * FROM t ORDER BY a;
CREATE VIEW w13 AS SELECT id, ROW_NUMBER() OVER () r FROM t;
CREATE VIEW w14 AS SELECT id, 1 one FROM t;
CREATE VIEW w15 AS SELECT * FROM t UNION ALL SELECT * FROM t;
CREATE VIEW w16 AS SELECT * FROM w2;
CREATE VIEW w17 AS SELECT * FROM t WHERE a > 0 WITH LOCAL CHECK OPTION;
CREATE VIEW w18 AS SELECT * FROM w17 WITH CHECK OPTION;
CREATE VIEW w19 AS SELECT * FROM t WHERE a > 0 WITH CASCADED CHECK OPTION;
CREATE VIEW w20 AS SELECT DISTINCT a FROM t;
CREATE VIEW w21 AS SELECT a, COUNT(*) n FROM t GROUP BY a;
CREATE VIEW w22 AS SELECT a FROM t GROUP BY a HAVING a > 1;
CREATE VIEW w23 AS SELECT SUM(a) s FROM t;
-- mysql-differs: MySQL marks a view over a non-updatable view (w1 has LIMIT) not updatable ("Reference to nonupdatable view in the FROM clause"); MariaDB says YES. MySQL 8.0's CHECK_OPTION and IS_UPDATABLE are ENUM columns of its data dictionary (MariaDB: VARCHAR)
-- expect-types: VARCHAR ENUM ENUM
-- expect: w1 | NONE | NO
-- expect: w2 | NONE | YES
-- expect: w3 | NONE | YES
-- expect: w4 | NONE | YES
-- expect: w5 | NONE | YES
-- expect: w6 | NONE | YES
-- expect: w7 | NONE | YES
-- expect: w8 | NONE | NO
-- expect: w9 | NONE | NO
-- expect: w10 | NONE | YES
-- expect: w11 | NONE | NO
-- expect: w12 | NONE | YES
-- expect: w13 | NONE | NO
-- expect: w14 | NONE | YES
-- expect: w15 | NONE | NO
-- expect: w16 | NONE | YES
-- expect: w17 | LOCAL | YES
-- expect: w18 | CASCADED | YES
-- expect: w19 | CASCADED | YES
-- expect: w20 | NONE | NO
-- expect: w21 | NONE | NO
-- expect: w22 | NONE | NO
-- expect: w23 | NONE | NO
SELECT table_name, check_option, is_updatable FROM information_schema.views WHERE table_schema = DATABASE() ORDER BY LENGTH(table_name), table_name;
SELECT table_name, CONCAT(check_option), CONCAT(is_updatable) FROM information_schema.views WHERE table_schema = DATABASE() AND table_name IN ('w1', 'w8', 'w11', 'w13', 'w15', 'w17', 'w18', 'w19', 'w20') ORDER BY LENGTH(table_name), table_name;
SELECT view_definition LIKE '%check%' FROM information_schema.views WHERE table_schema = DATABASE() AND table_name = 'w17';
