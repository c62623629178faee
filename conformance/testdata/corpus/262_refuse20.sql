-- Strings equal under a _ci/_ai collation are window peers and one
-- partition (issue #9 listed this as open; Myriad's window operator already
-- compares under the collation: server/refuse20_test.go guards it).
CREATE TABLE w (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_general_ci, b VARCHAR(10) COLLATE utf8mb4_bin);
INSERT INTO w VALUES (1,'a','a'),(2,'A','A'),(3,'b','b'),(4,'a ','a'),(5,'B','B'),(6,NULL,NULL);
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT UNSIGNED BIGINT BIGINT
SELECT id, RANK() OVER (ORDER BY s), DENSE_RANK() OVER (ORDER BY s DESC), COUNT(*) OVER (ORDER BY s) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT BIGINT UNSIGNED BIGINT
SELECT id, COUNT(*) OVER (PARTITION BY s), RANK() OVER (PARTITION BY id > 2 ORDER BY s) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK and DENSE_RANK are BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, RANK() OVER (ORDER BY b) FROM w ORDER BY id;
SELECT id, SUM(id) OVER (ORDER BY s RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM w ORDER BY id;
CREATE TABLE e (id INT PRIMARY KEY, s VARCHAR(10) COLLATE utf8mb4_general_ci);
INSERT INTO e VALUES (1,'e'),(2,'é'),(3,'E'),(4,'f');
-- mysql-differs: MySQL's RANK is BIGINT UNSIGNED and FIRST_VALUE keeps its argument's INT; MariaDB's are BIGINT; MySQL prints PERCENT_RANK and CUME_DIST in their shortest form (set_data_type_double), MariaDB with 10 decimals
-- expect-types: INT UNSIGNED BIGINT DOUBLE DOUBLE DECIMAL INT
-- expect: 1 | 1 | 0 | 0.75 | 10 | 4
-- expect: 2 | 1 | 0 | 0.75 | 10 | 4
-- expect: 3 | 1 | 0 | 0.75 | 10 | 4
-- expect: 4 | 4 | 1 | 1 | 4 | 4
SELECT id, RANK() OVER (ORDER BY s), PERCENT_RANK() OVER (ORDER BY s), CUME_DIST() OVER (ORDER BY s), SUM(id) OVER (ORDER BY s RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING), FIRST_VALUE(id) OVER (ORDER BY s DESC) FROM e ORDER BY id;
