-- The session time_zone (issue #9): TIMESTAMP values are stored as UTC and
-- read and written in the session's zone, DATETIME never converts, NOW()
-- and its kin, UNIX_TIMESTAMP and FROM_UNIXTIME follow the zone. The
-- harness starts each file at '+00:00'. Offsets only: the reference
-- MariaDB has no zone tables loaded, so its names are 1298 (Myriad's come
-- from Go's tz database; server/timezone_test.go covers them).
CREATE TABLE t (id INT PRIMARY KEY, ts TIMESTAMP NULL, dt DATETIME NULL, KEY (ts));
INSERT INTO t VALUES (1, '2024-01-01 12:00:00', '2024-01-01 12:00:00'), (2, '2024-07-01 23:30:00', '2024-07-01 23:30:00'), (3, NULL, NULL);
CREATE TABLE k (ts TIMESTAMP PRIMARY KEY, n INT);
INSERT INTO k VALUES ('2024-03-01 00:00:00', 1), ('2024-03-01 01:00:00', 2);

SET time_zone = '+5:00';
SELECT @@time_zone, @@session.time_zone;
SELECT id, ts, dt FROM t ORDER BY id;
SELECT id FROM t WHERE ts = '2024-01-01 17:00:00';
SELECT id FROM t IGNORE INDEX (ts) WHERE ts = '2024-01-01 17:00:00';
SELECT id FROM t WHERE ts = '2024-01-01 12:00:00';
SELECT id FROM t WHERE dt = '2024-01-01 12:00:00';
SELECT id FROM t WHERE ts >= '2024-07-02 04:30:00';
SELECT id FROM t WHERE ts > '2024-07-02 04:30:00';
SELECT id FROM t WHERE ts BETWEEN '2024-01-01 17:00:00' AND '2024-07-02 04:30:00' ORDER BY id;
SELECT id FROM t WHERE ts < '2024-01-01 17:00:00';
SELECT id, UNIX_TIMESTAMP(ts), UNIX_TIMESTAMP(dt) FROM t ORDER BY id;
SELECT MIN(ts), MAX(ts), COUNT(ts) FROM t;
SELECT ts, n FROM k ORDER BY ts;
SELECT n FROM k WHERE ts = '2024-03-01 06:00:00';
SELECT UNIX_TIMESTAMP('2024-01-01 05:00:00'), FROM_UNIXTIME(1704067200);
SELECT TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(), NOW()), TIMESTAMPDIFF(MINUTE, UTC_TIMESTAMP(6), CURRENT_TIMESTAMP(6));
SELECT CURDATE() = DATE(NOW()), CURTIME() = TIME(NOW());
SELECT DATE_FORMAT(CONVERT_TZ('2024-01-01 12:00:00', '+00:00', '-3:30'), '%Y-%m-%d %H:%i:%s');
SELECT DATE_FORMAT(CONVERT_TZ(dt, '+05:00', '+00:00'), '%Y-%m-%d %H:%i:%s') FROM t WHERE id = 1;
SELECT CONVERT_TZ('2024-01-01 12:00:00', '+00:00', '+15:00');

-- Writes under +05:00, read back under -03:30 and UTC.
INSERT INTO t VALUES (4, '2024-01-01 17:00:00', '2024-01-01 17:00:00');
UPDATE t SET ts = '2024-02-01 10:00:00' WHERE id = 2;
UPDATE k SET n = 20 WHERE ts = '2024-03-01 06:00:00';
DELETE FROM k WHERE ts = '2024-03-01 05:00:00';
INSERT INTO k VALUES ('2024-03-01 06:00:00', 3) ON DUPLICATE KEY UPDATE n = n + 1;
SET time_zone = '-03:30';
SELECT id, ts, dt FROM t ORDER BY id;
SELECT ts, n FROM k ORDER BY ts;
SELECT id FROM t WHERE ts = '2024-01-01 08:30:00' ORDER BY id;
SET time_zone = '+00:00';
SELECT id, ts, dt FROM t ORDER BY id;
SELECT ts, n FROM k ORDER BY ts;

-- DEFAULT CURRENT_TIMESTAMP is NOW() in the writer's zone: the current
-- instant.
CREATE TABLE d (id INT PRIMARY KEY, ts TIMESTAMP DEFAULT CURRENT_TIMESTAMP, dt DATETIME DEFAULT CURRENT_TIMESTAMP);
SET time_zone = '+10:00';
INSERT INTO d (id) VALUES (1);
SELECT TIMESTAMPDIFF(MINUTE, ts, dt) FROM d;
SET time_zone = '+00:00';
SELECT ABS(TIMESTAMPDIFF(SECOND, ts, NOW())) < 60, TIMESTAMPDIFF(MINUTE, ts, dt) FROM d;

-- ALTERs convert through the ALTER session's zone: DATETIME to TIMESTAMP,
-- TIMESTAMP to DATETIME. (A constant TIMESTAMP default given under a zone
-- other than UTC is refused by Myriad, so c's is given in UTC.)
CREATE TABLE a (id INT PRIMARY KEY, dt DATETIME NULL, ts TIMESTAMP NULL);
SET time_zone = '+05:00';
INSERT INTO a VALUES (1, '2024-01-01 17:00:00', '2024-01-01 17:00:00');
ALTER TABLE a MODIFY dt TIMESTAMP NULL;
ALTER TABLE a MODIFY ts DATETIME NULL;
SET time_zone = '+00:00';
ALTER TABLE a ADD COLUMN c TIMESTAMP NOT NULL DEFAULT '2024-02-01 00:00:00';
SELECT dt, ts, c FROM a;
SET time_zone = '+05:00';
SELECT dt, ts, c FROM a;
SET time_zone = '+00:00';

-- The TIMESTAMP range is checked on the UTC value, not the wall time.
CREATE TABLE r (id INT PRIMARY KEY, ts TIMESTAMP NULL);
SET time_zone = '+05:00';
INSERT INTO r VALUES (1, '1970-01-01 00:00:01');
INSERT INTO r VALUES (1, '1970-01-01 05:00:01');
UPDATE r SET ts = '1970-01-01 04:00:00' WHERE id = 1;
SET time_zone = '-05:00';
INSERT INTO r VALUES (2, '2038-01-18 22:14:08');
INSERT INTO r VALUES (2, '2038-01-18 22:14:07');
SET time_zone = '+00:00';
SELECT id, ts FROM r ORDER BY id;

-- A STORED generated column over a TIMESTAMP is computed from the
-- writer's wall time; one an ALTER adds, in the ALTER session's zone.
CREATE TABLE g (id INT PRIMARY KEY, ts TIMESTAMP NULL, s DATE AS (DATE(ts)) STORED);
INSERT INTO g (id, ts) VALUES (1, '2024-01-01 22:00:00');
SET time_zone = '+05:00';
INSERT INTO g (id, ts) VALUES (2, '2024-01-02 02:00:00');
SELECT id, ts, s FROM g ORDER BY id;
SET time_zone = '+00:00';
SELECT id, ts, s FROM g ORDER BY id;
CREATE TABLE g2 (id INT PRIMARY KEY, ts TIMESTAMP NULL);
INSERT INTO g2 VALUES (1, '2024-01-01 22:00:00');
SET time_zone = '+05:00';
-- setup
ALTER TABLE g2 ADD COLUMN a DATE AS (DATE(ts)) STORED;
SELECT id, ts, a FROM g2;
SET time_zone = '+00:00';
SELECT id, ts, a FROM g2;

-- CONVERT_TZ is DATETIME with its argument's precision.
SELECT CONVERT_TZ('2024-01-01 12:00:00', '+00:00', '+05:00');
SELECT CONVERT_TZ('2024-01-01 12:00:00.5', '+00:00', '+05:00');
SELECT CONVERT_TZ(CAST('2024-01-01 12:00:00.123456' AS DATETIME(3)), '+00:00', '-01:00');
SELECT CONVERT_TZ(DATE '2024-01-01', '+00:00', '+05:00');

-- Refused zones.
SET time_zone = '+15:00';
SET time_zone = 'nowhere';
SELECT @@time_zone;
SET time_zone = 'SYSTEM';
SELECT @@time_zone;
