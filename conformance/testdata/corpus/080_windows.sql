-- Window functions: ranking, offsets, frames, partitions with ties and NULLs.
CREATE TABLE w (id INT PRIMARY KEY, grp VARCHAR(5), v INT, x DECIMAL(6,2));
INSERT INTO w VALUES (1, 'a', 10, 1.50), (2, 'a', 20, 2.50), (3, 'a', 20, NULL), (4, 'b', 5, 3.00), (5, 'b', NULL, 4.25), (6, 'c', 7, 0.00), (7, 'a', 30, 1.00), (8, 'b', 5, 2.00);
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (ORDER BY id) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, RANK() OVER (ORDER BY v) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, DENSE_RANK() OVER (ORDER BY v) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, RANK() OVER (PARTITION BY grp ORDER BY v DESC) FROM w ORDER BY id;
-- mysql-differs: MySQL prints a DOUBLE with its shortest exact digits; MariaDB with 10 decimals here
-- expect: 1 | 0.5714285714285714
-- expect: 2 | 0.7142857142857143
-- expect: 3 | 0.7142857142857143
-- expect: 4 | 0.14285714285714285
-- expect: 5 | 0
-- expect: 6 | 0.42857142857142855
-- expect: 7 | 1
-- expect: 8 | 0.14285714285714285
SELECT id, PERCENT_RANK() OVER (ORDER BY v) FROM w ORDER BY id;
-- mysql-differs: MySQL's CUME_DIST is a DOUBLE of unfixed decimals (Item_cume_dist::resolve_type: set_data_type_double), printed in its shortest form; MariaDB prints 10 decimals (0.6250000000)
-- expect: 1 | 0.625
-- expect: 2 | 0.875
-- expect: 3 | 0.875
-- expect: 4 | 0.375
-- expect: 5 | 0.125
-- expect: 6 | 0.5
-- expect: 7 | 1
-- expect: 8 | 0.375
SELECT id, CUME_DIST() OVER (ORDER BY v) FROM w ORDER BY id;
SELECT id, NTILE(3) OVER (ORDER BY id) FROM w ORDER BY id;
SELECT id, LAG(v) OVER (ORDER BY id) FROM w ORDER BY id;
-- mysql-differs: MariaDB 10.11 rejects the default argument of LEAD/LAG
-- expect: 1 | 20
-- expect: 2 | 5
-- expect: 3 | NULL
-- expect: 4 | 7
-- expect: 5 | 30
-- expect: 6 | 5
-- expect: 7 | -1
-- expect: 8 | -1
SELECT id, LEAD(v, 2, -1) OVER (ORDER BY id) FROM w ORDER BY id;
-- mysql-differs: MariaDB 10.11 rejects the default argument of LEAD/LAG
-- expect: 1 | 0
-- expect: 2 | 10
-- expect: 3 | 20
-- expect: 4 | 0
-- expect: 5 | 5
-- expect: 6 | 0
-- expect: 7 | 20
-- expect: 8 | NULL
SELECT id, LAG(v, 1, 0) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, FIRST_VALUE(v) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, LAST_VALUE(v) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, LAST_VALUE(v) OVER (PARTITION BY grp ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM w ORDER BY id;
SELECT id, NTH_VALUE(v, 2) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY id) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (PARTITION BY grp) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY v) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY v, id ROWS UNBOUNDED PRECEDING) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM w ORDER BY id;
SELECT id, AVG(v) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM w ORDER BY id;
SELECT id, COUNT(v) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, COUNT(*) OVER () FROM w ORDER BY id;
SELECT id, MAX(v) OVER (PARTITION BY grp) - v FROM w ORDER BY id;
SELECT id, MIN(x) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, SUM(x) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, AVG(x) OVER (PARTITION BY grp) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY v RANGE BETWEEN 5 PRECEDING AND CURRENT ROW) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: VARCHAR INT UNSIGNED BIGINT
SELECT grp, v, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY v, id) rn FROM w ORDER BY grp, rn;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT VARCHAR UNSIGNED BIGINT
SELECT * FROM (SELECT id, grp, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY v DESC, id) rn FROM w) t WHERE rn = 1 ORDER BY grp;
SELECT id, v, SUM(v) OVER win, MAX(v) OVER win FROM w WINDOW win AS (PARTITION BY grp ORDER BY id) ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: VARCHAR DECIMAL UNSIGNED BIGINT
SELECT grp, SUM(v), RANK() OVER (ORDER BY SUM(v) DESC) FROM w GROUP BY grp ORDER BY grp;
SELECT grp, SUM(v) AS s, SUM(SUM(v)) OVER () AS tot, MAX(COUNT(*)) OVER (PARTITION BY grp > 'a') AS m FROM w WHERE v > 5 GROUP BY grp HAVING COUNT(*) >= 1 ORDER BY s DESC;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (ORDER BY v DESC, id) FROM w ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, DENSE_RANK() OVER (PARTITION BY grp ORDER BY x) FROM w ORDER BY id;
SELECT id, LEAD(x) OVER (PARTITION BY grp ORDER BY id) - x FROM w ORDER BY id;
SELECT id, v / SUM(v) OVER (PARTITION BY grp) FROM w ORDER BY id;
SELECT DISTINCT grp, COUNT(*) OVER (PARTITION BY grp) FROM w ORDER BY grp;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT UNSIGNED BIGINT
SELECT id, RANK() OVER (ORDER BY grp), ROW_NUMBER() OVER (ORDER BY grp DESC, id) FROM w ORDER BY id;
SELECT id, FIRST_VALUE(id) OVER (ORDER BY v DESC, id) FROM w ORDER BY id;
SELECT id, SUM(v) OVER (ORDER BY id RANGE UNBOUNDED PRECEDING) FROM w ORDER BY id;
SELECT id, COUNT(*) OVER (ORDER BY x) FROM w ORDER BY id;
SELECT id, NTILE(2) OVER (PARTITION BY grp ORDER BY id) FROM w ORDER BY id;
SELECT id, LAG(id, 3) OVER (ORDER BY id) FROM w ORDER BY id;
SELECT id, SUM(id) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING) FROM w ORDER BY id;
-- Named windows: OVER w takes w's ORDER BY and with it the default frame
-- (RANGE UNBOUNDED PRECEDING to CURRENT ROW), also through a chain of names
-- and when the reference adds the ORDER BY.
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT DECIMAL UNSIGNED BIGINT
SELECT id, SUM(v) OVER (win ORDER BY id), ROW_NUMBER() OVER w2 FROM w WINDOW win AS (PARTITION BY grp), w2 AS (win ORDER BY v DESC, id) ORDER BY id;
SELECT id, SUM(v) OVER w2, COUNT(*) OVER w2 FROM w WINDOW w1 AS (PARTITION BY grp), w2 AS (w1 ORDER BY id) ORDER BY id;
SELECT id, SUM(v) OVER (win ROWS 1 PRECEDING) FROM w WINDOW win AS (ORDER BY id) ORDER BY id;
SELECT id, AVG(v) OVER win FROM w WINDOW win AS (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) ORDER BY id;
-- mysql-differs: MySQL's ER_WINDOW_NO_SUCH_WINDOW (MariaDB has its own number)
-- expect-error: 3579
SELECT id, SUM(v) OVER nope FROM w;
