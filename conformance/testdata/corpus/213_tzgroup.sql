-- tzrep (issue #9): GROUP BY, DISTINCT, COUNT(DISTINCT), UNION, windows
-- and an indexed IN over a TIMESTAMP holding both instants of America/
-- New_York's repeated 01:30 of 2026-11-01 (05:30 UTC EDT, 06:30 UTC EST).
-- MySQL's temporary tables key on the column's stored value and its
-- filesort sorts by it; an expression over the column is a wall time. The
-- rows are chosen so that no two rows of one wall time are neighbours in
-- stored order (there MySQL 8.0's window peers, Cached_item_temporal,
-- compare wall times and MariaDB's stored values).

CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL, g INT);
INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00', 1), (2, '2026-11-01 06:30:00', 1), (3, '2026-11-01 06:15:00', 2), (4, NULL, 2);
CREATE TABLE ti (id INT PRIMARY KEY, ts TIMESTAMP NULL, KEY (ts));
INSERT INTO ti SELECT id, ts FROM t1;
SET time_zone = 'America/New_York';

SELECT UNIX_TIMESTAMP(ts), COUNT(*), MAX(id) FROM t1 GROUP BY ts ORDER BY 1;
SELECT COUNT(*) FROM (SELECT ts FROM t1 GROUP BY ts) d;
SELECT COUNT(*) FROM (SELECT ts FROM ti GROUP BY ts) d;
SELECT COUNT(DISTINCT ts) FROM t1;
SELECT g, COUNT(DISTINCT ts) FROM t1 GROUP BY g ORDER BY g;
-- unordered
SELECT DISTINCT ts FROM t1;
SELECT UNIX_TIMESTAMP(ts) FROM (SELECT DISTINCT ts FROM t1) d ORDER BY 1;
SELECT COUNT(*) FROM (SELECT DISTINCT ts FROM ti) d;
-- unordered
SELECT ts FROM t1 WHERE id = 1 UNION SELECT ts FROM t1 WHERE id = 2;
SELECT COUNT(*) FROM (SELECT ts FROM t1 UNION SELECT ts FROM t1) u;

-- An expression over the column keys on its wall time.
SELECT DATE(ts), COUNT(*) FROM t1 GROUP BY DATE(ts) ORDER BY 1;
SELECT ts + INTERVAL 0 SECOND x, COUNT(*) FROM t1 GROUP BY x ORDER BY x;
SELECT COUNT(DISTINCT ts + INTERVAL 0 SECOND) FROM t1;

-- Windows sort by the stored value.
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (ORDER BY ts) FROM t1 ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, RANK() OVER (ORDER BY ts) FROM t1 ORDER BY id;
SELECT id, LAG(id) OVER (ORDER BY ts) FROM t1 ORDER BY id;
-- mysql-differs: MySQL's RANK, DENSE_RANK and ROW_NUMBER are BIGINT UNSIGNED (unsigned_flag); MariaDB's BIGINT
-- expect-types: INT UNSIGNED BIGINT
SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY ts DESC) FROM t1 ORDER BY id;
SELECT id, COUNT(*) OVER (PARTITION BY ts) FROM t1 ORDER BY id;

-- IN on an indexed TIMESTAMP looks each constant up as its earlier
-- instant; without an index the scan compares wall times.
SELECT id FROM ti WHERE ts IN ('2026-11-01 01:30:00', '2026-11-01 01:15:00') ORDER BY id;
SELECT id FROM t1 WHERE ts IN ('2026-11-01 01:30:00', '2026-11-01 01:15:00') ORDER BY id;

-- tzrep2: GROUP_CONCAT keeps its values in a temporary table of the
-- column's stored values: DISTINCT keeps both instants of 01:30, ORDER BY
-- sorts by them; an expression of the column is its wall time.
SELECT GROUP_CONCAT(DISTINCT ts ORDER BY ts) FROM t1;
SELECT GROUP_CONCAT(DISTINCT ts ORDER BY ts DESC SEPARATOR ';') FROM t1;
SELECT GROUP_CONCAT(id ORDER BY ts) FROM t1;
SELECT g, GROUP_CONCAT(DISTINCT ts ORDER BY ts) FROM t1 GROUP BY g ORDER BY g;
SELECT GROUP_CONCAT(DISTINCT ts + INTERVAL 0 SECOND ORDER BY ts + INTERVAL 0 SECOND) FROM t1;

-- tzrep2: a UNION with its own ORDER BY / LIMIT deduplicates on the stored
-- value and sorts by it; a side that is an expression makes the column a
-- wall time.
SELECT ts FROM t1 UNION SELECT ts FROM t1 ORDER BY ts;
SELECT ts FROM t1 UNION SELECT ts FROM t1 ORDER BY ts DESC LIMIT 2;
SELECT ts FROM t1 UNION SELECT ts FROM t1 ORDER BY ts LIMIT 2 OFFSET 1;
SELECT id, ts FROM t1 UNION ALL SELECT id, ts FROM t1 WHERE id = 1 ORDER BY ts, id;
SELECT COUNT(*) FROM (SELECT ts FROM t1 UNION SELECT ts + INTERVAL 0 SECOND FROM t1 ORDER BY ts) u;

-- tzrep2: ORDER BY an expression of the column sorts its wall time; the
-- column itself, in a derived table or a subquery too, its stored value.
-- mysql-differs: MySQL's filesort sorts an expression of a TIMESTAMP (IFNULL, COALESCE, MAX's temporary-table field stored from its wall time) by its wall time, only Item_field by the stored value; MariaDB keeps the instant through them
-- expect: 4
-- expect: 3
-- expect: 1
-- expect: 2
SELECT id FROM t1 ORDER BY IFNULL(ts, ts), id;
-- mysql-differs: MySQL's filesort sorts an expression of a TIMESTAMP (IFNULL, COALESCE, MAX's temporary-table field stored from its wall time) by its wall time, only Item_field by the stored value; MariaDB keeps the instant through them
-- expect: 1
-- expect: 2
-- expect: 3
-- expect: 4
SELECT id FROM t1 ORDER BY COALESCE(ts, ts) DESC, id;
-- mysql-differs: MySQL's filesort sorts an expression of a TIMESTAMP (IFNULL, COALESCE, MAX's temporary-table field stored from its wall time) by its wall time, only Item_field by the stored value; MariaDB keeps the instant through them
-- expect: 4
-- expect: 3
-- expect: 1
-- expect: 2
SELECT id FROM (SELECT id, IFNULL(ts, ts) x FROM t1) d ORDER BY x, id;
-- mysql-differs: MySQL's filesort sorts an expression of a TIMESTAMP (IFNULL, COALESCE, MAX's temporary-table field stored from its wall time) by its wall time, only Item_field by the stored value; MariaDB keeps the instant through them
-- expect: NULL
-- expect: 2026-11-01 01:15:00
-- expect: 2026-11-01 01:30:00
-- expect: 2026-11-01 01:30:00
SELECT MAX(ts) m FROM t1 GROUP BY id ORDER BY m, id;
SELECT id FROM (SELECT id, ts FROM t1) d ORDER BY ts;
SELECT id FROM (SELECT id, ts FROM t1 ORDER BY ts LIMIT 2) d ORDER BY id;
SELECT (SELECT id FROM t1 ORDER BY ts DESC LIMIT 1);
-- mysql-differs: MySQL's UNIX_TIMESTAMP has the stored instant of an Item_field only; IFNULL(ts, ts) is its wall time, whose earlier instant it answers (Item::get_timeval); MariaDB keeps the instant
-- expect: 1793511001 | 1793511000
-- expect: 1793511001 | 1793511000
-- expect: 1793510101 | 1793510100
-- expect: NULL | NULL
SELECT UNIX_TIMESTAMP(ts + INTERVAL 1 SECOND), UNIX_TIMESTAMP(IFNULL(ts, ts)) FROM t1 ORDER BY id;
