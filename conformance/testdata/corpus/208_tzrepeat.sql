-- tz4 (issue #9): TIMESTAMPs in America/New_York's repeated hour of
-- 2026-11-01 (01:30 is 05:30 UTC EDT and 06:30 UTC EST) and its skipped
-- hour of 2026-03-08 (02:30 does not exist). The reference MariaDB gets
-- the zone's tables from the harness (servers_test.go loadZones); only
-- statements where MariaDB answers as MySQL 8.0 are here.

CREATE TABLE t1 (id INT PRIMARY KEY, ts TIMESTAMP NULL);
INSERT INTO t1 VALUES (1, '2026-11-01 05:30:00'), (2, '2026-11-01 06:30:00'), (3, '2026-11-01 06:15:00');
SET time_zone = 'America/New_York';
SELECT id, ts, UNIX_TIMESTAMP(ts) FROM t1 ORDER BY id;

-- INSERT ... SELECT and CREATE TABLE ... SELECT copy the stored instant.
CREATE TABLE t2 (id INT PRIMARY KEY, ts TIMESTAMP NULL);
INSERT INTO t2 SELECT id, ts FROM t1;
SELECT id, UNIX_TIMESTAMP(ts) FROM t2 ORDER BY id;
CREATE TABLE t3 AS SELECT id, ts FROM t1;
SELECT id, UNIX_TIMESTAMP(ts) FROM t3 ORDER BY id;

-- An indexed equality looks the constant up as its earlier instant: one
-- row; without an index the scan compares wall times: both.
CREATE TABLE ti (id INT PRIMARY KEY, ts TIMESTAMP NULL, KEY (ts));
INSERT INTO ti SELECT id, ts FROM t1;
SELECT id FROM ti WHERE ts = '2026-11-01 01:30:00' ORDER BY id;
SELECT id FROM t1 WHERE ts = '2026-11-01 01:30:00' ORDER BY id;

-- A skipped wall time: 1292 under the strict default, adjusted (with
-- warning 1299) otherwise.
INSERT INTO t1 VALUES (4, '2026-03-08 02:30:00');
SET sql_mode = '';
INSERT INTO t1 VALUES (4, '2026-03-08 02:30:00');
SET sql_mode = DEFAULT;
SELECT id, ts, UNIX_TIMESTAMP(ts) FROM t1 WHERE id = 4;
SET time_zone = '+00:00';
SELECT id, ts FROM t1 ORDER BY id;
