-- misc19: stored bodies (views, triggers, procedures) read as the same
-- statements typed directly: typed temporal literals, 0b literals, ROW(),
-- INTERVAL(N, ...), compound and SQL_TSI_ units, TRIM(LEADING FROM s),
-- "--" not followed by a space, and @v := expr in a body.
CREATE TABLE sb (id INT PRIMARY KEY, x INT, d DATE);
INSERT INTO sb VALUES (1, 10, '2024-01-02');
CREATE VIEW sbv1 AS SELECT DATE '2024-01-02' + 0 AS x, 1--1 AS y, interval(5, 1, 10) AS i, ROW(1, 2) = ROW(1, 2) AS r;
SELECT * FROM sbv1;
CREATE VIEW sbv2 AS SELECT DATE_ADD(d, INTERVAL '1:30' HOUR_MINUTE) AS dd, DATE_ADD(d, INTERVAL 1 SQL_TSI_DAY) AS de, CAST(TRIM(LEADING FROM '  x') AS CHAR) AS t, CAST((x > 3) IS UNKNOWN AS CHAR) AS u, CAST(0b101 + 0 AS CHAR) AS b FROM sb;
SELECT * FROM sbv2;
CREATE TRIGGER sbtr BEFORE UPDATE ON sb FOR EACH ROW SET new.x = new.x--0b11, new.d = DATE '2024-03-04' + INTERVAL 1 SQL_TSI_DAY;
UPDATE sb SET x = x + 1 WHERE id = 1;
SELECT * FROM sb;
CREATE PROCEDURE sbp(OUT r INT) BEGIN SELECT @sbu := 4 INTO r; SET r = r--1; END;
-- (setup: after SELECT ... INTO MariaDB's CALL reports 1 affected row,
-- Myriad 0; see 220_procvar.sql)
-- setup
CALL sbp(@sbr);
SELECT @sbr, @sbu;
CREATE PROCEDURE sbq() BEGIN SELECT DATE '2024-01-02' + 0 AS x, CAST(TRIM(LEADING FROM '  x') AS CHAR) AS t, interval(5, 1, 10) AS i; END;
CALL sbq();
-- BENCHMARK(count, expr): 0 after count evaluations; NULL for a NULL or
-- negative count. MySQL's type is BIGINT (Item_int_func), MariaDB's INT.
-- mysql-differs: MySQL 8.0's BENCHMARK is an Item_int_func (BIGINT); MariaDB's is INT
-- expect: 0 | NULL | NULL | 0
-- expect-types: BIGINT BIGINT BIGINT BIGINT
SELECT BENCHMARK(3, 1 + 1), BENCHMARK(NULL, 1), BENCHMARK(-1, 1), BENCHMARK(1.7, 'a');
SET @bc = 0;
-- mysql-differs: MySQL 8.0's BENCHMARK is an Item_int_func (BIGINT); MariaDB's is INT
-- expect: 0
-- expect-types: BIGINT
SELECT BENCHMARK(4, @bc := @bc + 1);
SELECT @bc;
-- RELEASE_LOCK of a lock nobody holds is NULL (released already, or never
-- taken), as MySQL's manual says and MariaDB answers.
SELECT RELEASE_LOCK('m19_none');
SELECT GET_LOCK('m19_a', 0);
SELECT RELEASE_LOCK('m19_a');
SELECT RELEASE_LOCK('m19_a');
-- Chained comparisons read left-associatively: (a = b) = c.
SELECT 1 = 1 = 1, 1 < 2 < 3, 3 > 2 > 1, 1 = 2 = 0, NULL = 1 = 1, 'a' = 'a' = 1;
CREATE TABLE cc (a INT, b INT, c INT);
INSERT INTO cc VALUES (1,1,1),(1,2,0),(2,2,0),(1,2,1);
SELECT a, b, c, a = b = c, a <=> b <> c FROM cc ORDER BY a, b, c;
SELECT * FROM cc WHERE a = b = c ORDER BY a, b, c;
SELECT * FROM cc WHERE a < b < c ORDER BY a, b, c;
-- GREATEST/LEAST of strings: VARCHAR of the longest argument, in the
-- arguments' collation.
CREATE TABLE gls (a VARCHAR(3) COLLATE utf8mb4_bin, b CHAR(4) COLLATE utf8mb4_bin);
INSERT INTO gls VALUES ('a', 'B'), ('c', 'a');
SELECT GREATEST(a, b), LEAST(a, b), LEAST(a, 'zzzzz') FROM gls ORDER BY a;
CREATE TABLE glt AS SELECT GREATEST(a, b) AS g, LEAST(a, 'zzzzz') AS l FROM gls;
SELECT column_name, column_type, collation_name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'glt' ORDER BY ordinal_position;
-- GROUP_CONCAT of CONCAT ordered by its columns (issue #9 item 4: works).
CREATE TABLE gcc (a VARCHAR(5), b VARCHAR(5));
INSERT INTO gcc VALUES ('y', '2'), ('x', '1'), ('x', '0');
SELECT GROUP_CONCAT(CONCAT(a, b) ORDER BY a, b) FROM gcc;
SELECT GROUP_CONCAT(CONCAT(a, b) ORDER BY a DESC, b SEPARATOR '|') FROM gcc;
