-- winagg (issue #9): window functions over empty windows (OVER (), a named
-- empty window, frames alone), aggregates as window functions over every
-- kind of frame, JSON_ARRAYAGG/JSON_OBJECTAGG and BIT_* over windows.
-- FIRST_VALUE/LAST_VALUE/LAG/LEAD OVER () dropped the connection; the
-- values over an unordered window read the rows in primary-key order.

CREATE TABLE w (id INT PRIMARY KEY, g INT, x INT);
INSERT INTO w VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30);
CREATE TABLE v (id INT PRIMARY KEY, g INT, k INT, x INT);
INSERT INTO v VALUES (1, 1, 1, 10), (2, 1, 1, 20), (3, 1, 2, NULL), (4, 1, 3, 40), (5, 2, 1, 50), (6, 2, NULL, 60), (7, 2, NULL, 70), (8, 3, 5, NULL);

-- Empty windows.
SELECT id, FIRST_VALUE(x) OVER () FROM w ORDER BY id;
SELECT id, LAST_VALUE(x) OVER () FROM w ORDER BY id;
SELECT id, NTH_VALUE(x, 2) OVER () FROM w ORDER BY id;
SELECT id, FIRST_VALUE(x) OVER w, LAST_VALUE(x) OVER w FROM w WINDOW w AS () ORDER BY id;
-- mysql-differs: MySQL 8.0 reads an unordered window's partition in the order the rows arrive (primary-key order here); MariaDB's partition sort is not stable and gives 20 | 10 in some runs
-- expect: 1 | 10 | 20
-- expect: 2 | 10 | 20
-- expect: 3 | 30 | 30
SELECT id, FIRST_VALUE(x) OVER (PARTITION BY g), LAST_VALUE(x) OVER (PARTITION BY g) FROM w ORDER BY id;
SELECT id, FIRST_VALUE(x) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), LAST_VALUE(x) OVER (RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM w ORDER BY id;
-- mysql-differs: MySQL's ROW_NUMBER is BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT BIGINT
SELECT id, ROW_NUMBER() OVER (), NTILE(2) OVER () FROM w ORDER BY id;
-- mysql-differs: MySQL ranks a window without ORDER BY (every row a peer: rank 1, percent rank 0, cumulative distribution 1); MariaDB refuses RANK, DENSE_RANK, PERCENT_RANK and CUME_DIST there (4018)
-- expect: 1 | 1 | 1 | 0 | 1
-- expect: 2 | 1 | 1 | 0 | 1
-- expect: 3 | 1 | 1 | 0 | 1
SELECT id, RANK() OVER (), DENSE_RANK() OVER (), PERCENT_RANK() OVER (), CUME_DIST() OVER () FROM w ORDER BY id;
SELECT id, SUM(x) OVER (), AVG(x) OVER (), COUNT(x) OVER (), COUNT(*) OVER (), MIN(x) OVER (), MAX(x) OVER () FROM w ORDER BY id;
SELECT id, SUM(x) OVER w, COUNT(*) OVER w FROM w WINDOW w AS () ORDER BY id;
-- MariaDB refuses LAG/LEAD without ORDER BY (4018); MySQL reads the rows as they come.
-- mysql-differs: MySQL runs LAG and LEAD over a window without ORDER BY (rows in their order, here the primary key's); MariaDB refuses them (4018)
-- expect: 1 | NULL | 20
-- expect: 2 | 10 | 30
-- expect: 3 | 20 | NULL
SELECT id, LAG(x) OVER (), LEAD(x) OVER () FROM w ORDER BY id;

-- Value functions with RANGE frames (by the key's value, peers together).
SELECT id, FIRST_VALUE(k) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM v ORDER BY id;
SELECT id, LAST_VALUE(k) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM v ORDER BY id;
SELECT id, LAST_VALUE(k) OVER (PARTITION BY g ORDER BY k RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING) FROM v ORDER BY id;
SELECT id, FIRST_VALUE(k) OVER (ORDER BY k DESC RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM v ORDER BY id;
SELECT id, NTH_VALUE(k, 4) OVER (ORDER BY k) FROM v ORDER BY id;
SELECT id, NTH_VALUE(k, 3) OVER (PARTITION BY g ORDER BY k) FROM v ORDER BY id;
SELECT id, NTH_VALUE(k, 2) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM v ORDER BY id;

-- Aggregates over windows and frames.
SELECT id, SUM(x) OVER (PARTITION BY g), AVG(x) OVER (PARTITION BY g), COUNT(x) OVER (PARTITION BY g), MIN(x) OVER (PARTITION BY g), MAX(x) OVER (PARTITION BY g) FROM v ORDER BY id;
SELECT id, SUM(x) OVER (ORDER BY k), AVG(x) OVER (ORDER BY k), COUNT(*) OVER (ORDER BY k), MIN(x) OVER (ORDER BY k), MAX(x) OVER (ORDER BY k) FROM v ORDER BY id;
SELECT id, SUM(x) OVER (PARTITION BY g ORDER BY k), COUNT(x) OVER (PARTITION BY g ORDER BY k DESC) FROM v ORDER BY id;
SELECT id, SUM(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), AVG(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), COUNT(x) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING) FROM v ORDER BY id;
SELECT id, SUM(x) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING), MIN(x) OVER (ORDER BY k RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING), MAX(x) OVER (ORDER BY k RANGE BETWEEN 2 FOLLOWING AND 3 FOLLOWING) FROM v ORDER BY id;
SELECT id, SUM(x) OVER (RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), COUNT(*) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM v ORDER BY id;
-- Rounded: MariaDB prints a window STD/VARIANCE of INT with 4 decimals (MySQL: the DOUBLE's).
SELECT id, ROUND(STDDEV(x) OVER (PARTITION BY g), 1), ROUND(VARIANCE(x) OVER (ORDER BY k), 1), ROUND(STDDEV_SAMP(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), 1), ROUND(VAR_SAMP(x) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING), 1) FROM v ORDER BY id;
SELECT id, GROUP_CONCAT(x) OVER (PARTITION BY g) FROM v ORDER BY id;
SELECT id, SUM(DISTINCT x) OVER (PARTITION BY g) FROM v ORDER BY id;

-- BIT_* as window functions. MariaDB agrees where no row leaves the frame.
SELECT id, BIT_OR(x) OVER (), BIT_AND(x) OVER (), BIT_XOR(x) OVER () FROM v ORDER BY id;
SELECT id, BIT_OR(x) OVER (PARTITION BY g), BIT_AND(x) OVER (PARTITION BY g), BIT_XOR(x) OVER (PARTITION BY g) FROM v ORDER BY id;
SELECT id, BIT_OR(x) OVER (ORDER BY k), BIT_AND(x) OVER (ORDER BY k), BIT_XOR(x) OVER (ORDER BY k, id) FROM v ORDER BY id;
-- mysql-differs: a row that left the frame no longer counts (MySQL); MariaDB 10.11's BIT_* window functions keep it (id 8's frame holds only a NULL: 0)
-- expect: 1 | 62 | 44
-- expect: 2 | 62 | 44
-- expect: 3 | 62 | 4
-- expect: 4 | 40 | 40
-- expect: 5 | 62 | 44
-- expect: 6 | 126 | 122
-- expect: 7 | 126 | 122
-- expect: 8 | 0 | 0
SELECT id, BIT_OR(x) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING), BIT_XOR(x) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM v ORDER BY id;
-- mysql-differs: a row that left the frame no longer counts (MySQL); MariaDB 10.11's BIT_AND window function keeps it (id 5's frame is 40, 50: 32)
-- expect: 1 | 10
-- expect: 2 | 0
-- expect: 3 | 20
-- expect: 4 | 40
-- expect: 5 | 32
-- expect: 6 | 48
-- expect: 7 | 4
-- expect: 8 | 70
SELECT id, BIT_AND(x) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM v ORDER BY id;

-- JSON_ARRAYAGG and JSON_OBJECTAGG over windows: MariaDB refuses both as
-- window functions (1235); MySQL 8.0 aggregates each row's frame (the whole
-- partition without ORDER BY).
-- mysql-differs: MySQL runs JSON_ARRAYAGG as a window function over the whole partition; MariaDB refuses it (1235)
-- expect: 1 | [10, 20, 30]
-- expect: 2 | [10, 20, 30]
-- expect: 3 | [10, 20, 30]
SELECT id, JSON_ARRAYAGG(x) OVER () FROM w ORDER BY id;
-- mysql-differs: MySQL runs JSON_ARRAYAGG as a window function over the whole partition; MariaDB refuses it (1235)
-- expect: 1 | [10, 20]
-- expect: 2 | [10, 20]
-- expect: 3 | [30]
SELECT id, JSON_ARRAYAGG(x) OVER (PARTITION BY g) FROM w ORDER BY id;
-- mysql-differs: MySQL runs JSON_ARRAYAGG as a window function, RANGE to the current row's last peer by default; MariaDB refuses it (1235)
-- expect: 1 | [10]
-- expect: 2 | [10, 20]
-- expect: 3 | [10, 20, 30]
SELECT id, JSON_ARRAYAGG(x) OVER (ORDER BY id) FROM w ORDER BY id;
-- mysql-differs: MySQL runs JSON_ARRAYAGG as a window function, RANGE to the current row's last peer by default; MariaDB refuses it (1235)
-- expect: 1 | [1, 1, 1]
-- expect: 2 | [1, 1, 1]
-- expect: 3 | [1, 1, 1, 2]
-- expect: 4 | [1, 1, 1, 2, 3]
-- expect: 5 | [1, 1, 1]
-- expect: 8 | [1, 1, 1, 2, 3, 5]
SELECT id, JSON_ARRAYAGG(k) OVER (ORDER BY k) FROM v WHERE k IS NOT NULL ORDER BY id;
-- mysql-differs: MySQL runs JSON_ARRAYAGG as a window function; an empty frame is NULL; MariaDB refuses it (1235)
-- expect: 1 | [20]
-- expect: 2 | [30]
-- expect: 3 | NULL
SELECT id, JSON_ARRAYAGG(x) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING) FROM w ORDER BY id;
-- mysql-differs: MySQL runs JSON_OBJECTAGG as a window function over the whole partition; MariaDB refuses it (1235)
-- expect: 1 | {"1": 10, "2": 20}
-- expect: 2 | {"1": 10, "2": 20}
-- expect: 3 | {"3": 30}
SELECT id, JSON_OBJECTAGG(id, x) OVER (PARTITION BY g) FROM w ORDER BY id;
-- mysql-differs: MySQL runs JSON_OBJECTAGG as a window function; a key met again takes the later row's value; MariaDB refuses it (1235)
-- expect: 1 | {"1": 10}
-- expect: 2 | {"1": 20}
-- expect: 3 | {"1": 20, "2": 30}
SELECT id, JSON_OBJECTAGG(g, x) OVER (ORDER BY id) FROM w ORDER BY id;
-- mysql-differs: MySQL runs JSON_OBJECTAGG as a window function; MariaDB refuses it (1235)
-- expect-error: 3158
SELECT id, JSON_OBJECTAGG(IF(id = 2, NULL, id), x) OVER () FROM w ORDER BY id;
