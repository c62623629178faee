-- winpeer (issue #9): window partitions and peers across America/New_York's
-- repeated 01:30 of 2026-11-01 (05:30 UTC EDT, 06:30 UTC EST). MySQL 8.0
-- sorts a window's TIMESTAMP column by its stored value but tells
-- partitions and peers apart by comparing each row's wall time with the
-- previous row's (Cached_item_temporal, sql/item_buff.cc; Window::
-- setup_ordering_cached_items, sql/window.cc): the two instants are one
-- partition and peers where they are neighbours in that order. MariaDB
-- 10.11 compares the stored values (two peer groups).

CREATE TABLE n (id INT PRIMARY KEY, ts TIMESTAMP NULL, g INT);
INSERT INTO n VALUES (1, '2026-11-01 05:30:00', 1), (2, '2026-11-01 06:30:00', 1), (3, '2026-11-01 07:00:00', 1), (4, '2026-11-01 04:00:00', 2), (5, NULL, 2);
CREATE TABLE s (id INT PRIMARY KEY, ts TIMESTAMP NULL);
INSERT INTO s VALUES (1, '2026-11-01 05:30:00'), (2, '2026-11-01 06:15:00'), (3, '2026-11-01 06:30:00');
SET time_zone = 'America/New_York';

-- Neighbours: one peer group, one partition.
-- mysql-differs: MySQL compares neighbouring rows' wall times (Cached_item_temporal): 01:30 EDT and 01:30 EST are peers; MariaDB compares stored values. MySQL's RANK is BIGINT UNSIGNED
-- expect-types: INT UNSIGNED BIGINT
-- expect: 1 | 3
-- expect: 2 | 3
-- expect: 3 | 5
-- expect: 4 | 2
-- expect: 5 | 1
SELECT id, RANK() OVER (ORDER BY ts) FROM n ORDER BY id;
-- mysql-differs: MySQL compares neighbouring rows' wall times (Cached_item_temporal): 01:30 EDT and 01:30 EST are peers; MariaDB compares stored values. MySQL's DENSE_RANK is BIGINT UNSIGNED
-- expect-types: INT UNSIGNED BIGINT
-- expect: 1 | 3
-- expect: 2 | 3
-- expect: 3 | 4
-- expect: 4 | 2
-- expect: 5 | 1
SELECT id, DENSE_RANK() OVER (ORDER BY ts) FROM n ORDER BY id;
-- mysql-differs: MySQL compares neighbouring rows' wall times (Cached_item_temporal): 01:30 EDT and 01:30 EST are peers; MariaDB compares stored values
-- expect: 1 | 0.8
-- expect: 2 | 0.8
-- expect: 3 | 1
-- expect: 4 | 0.4
-- expect: 5 | 0.2
SELECT id, CUME_DIST() OVER (ORDER BY ts) FROM n ORDER BY id;
-- mysql-differs: MySQL compares neighbouring rows' wall times (Cached_item_temporal): 01:30 EDT and 01:30 EST are peers; MariaDB compares stored values
-- expect: 1 | 0.5
-- expect: 2 | 0.5
-- expect: 3 | 1
-- expect: 4 | 0.25
-- expect: 5 | 0
SELECT id, PERCENT_RANK() OVER (ORDER BY ts) FROM n ORDER BY id;
-- mysql-differs: MySQL's RANGE frame ends at the current row's last peer by wall time (01:30 EDT and 01:30 EST are peers); MariaDB compares stored values
-- expect: 1 | 12
-- expect: 2 | 12
-- expect: 3 | 15
-- expect: 4 | 9
-- expect: 5 | 5
SELECT id, SUM(id) OVER (ORDER BY ts) FROM n ORDER BY id;
-- mysql-differs: MySQL's RANGE frame ends at the current row's last peer by wall time (01:30 EDT and 01:30 EST are peers); MariaDB compares stored values
-- expect: 1 | 2
-- expect: 2 | 2
-- expect: 3 | 3
-- expect: 4 | 4
-- expect: 5 | 5
SELECT id, LAST_VALUE(id) OVER (ORDER BY ts RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM n ORDER BY id;
-- mysql-differs: MySQL's RANGE frame starts at the current row's first peer by wall time (01:30 EDT and 01:30 EST are peers); MariaDB compares stored values
-- expect: 1 | 1
-- expect: 2 | 1
-- expect: 3 | 3
-- expect: 4 | 4
-- expect: 5 | 5
SELECT id, FIRST_VALUE(id) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM n ORDER BY id;
-- mysql-differs: MySQL finds partition borders by neighbouring rows' wall times (Cached_item_temporal): 01:30 EDT and 01:30 EST are one partition; MariaDB compares stored values
-- expect: 1 | 2
-- expect: 2 | 2
-- expect: 3 | 1
-- expect: 4 | 1
-- expect: 5 | 1
SELECT id, COUNT(*) OVER (PARTITION BY ts) FROM n ORDER BY id;
-- mysql-differs: MySQL compares neighbouring rows' wall times (Cached_item_temporal): 01:30 EDT and 01:30 EST are peers; MariaDB compares stored values
-- expect: 1 | 3
-- expect: 2 | 3
-- expect: 3 | 6
-- expect: 4 | 9
-- expect: 5 | 5
SELECT id, SUM(id) OVER (PARTITION BY g ORDER BY ts) FROM n ORDER BY id;

-- The order stays the stored one (all three agree).
-- mysql-differs: MySQL's ROW_NUMBER is BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (ORDER BY ts) FROM n ORDER BY id;
SELECT id, LAG(id) OVER (ORDER BY ts) FROM n ORDER BY id;

-- A row between them (01:15 EST): two peer groups, two partitions; all
-- three agree.
-- mysql-differs: MySQL's RANK is BIGINT UNSIGNED; MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, RANK() OVER (ORDER BY ts) FROM s ORDER BY id;
SELECT id, COUNT(*) OVER (PARTITION BY ts) FROM s ORDER BY id;
