-- tz3 (issue #9): the session time_zone's offset cases of branch tz3. The
-- DST changes themselves (skipped and repeated wall times) need named
-- zones, which the reference MariaDB has no tables for: they are in
-- server/timezone_dst_test.go. The harness starts each file at '+00:00'.

-- A copying ALTER (a column's type changing) computes every STORED
-- generated column again, in the ALTER session's zone; Myriad kept the
-- values their writers had computed.
CREATE TABLE g (id INT PRIMARY KEY, ts TIMESTAMP NULL, n INT, s DATE AS (DATE(ts)) STORED, h INT AS (HOUR(ts)) STORED);
SET time_zone = '+05:00';
INSERT INTO g (id, ts, n) VALUES (1, '2024-01-02 02:00:00', 1);
SET time_zone = '+00:00';
INSERT INTO g (id, ts, n) VALUES (2, '2024-01-01 22:00:00', 2);
SELECT id, s, h FROM g ORDER BY id;
ALTER TABLE g MODIFY n BIGINT;
SELECT id, s, h FROM g ORDER BY id;
SET time_zone = '-03:30';
ALTER TABLE g MODIFY n INT;
SELECT id, s, h FROM g ORDER BY id;
SET time_zone = '+00:00';
SELECT id, ts, s, h FROM g ORDER BY id;

-- FROM_UNIXTIME with a format, with a fraction, UNIX_TIMESTAMP of wall
-- times with fractions, under an offset (Myriad's own now, not GMS's).
SET time_zone = '+05:30';
SELECT FROM_UNIXTIME(1704067200, '%Y-%m-%d %H:%i:%s');
SELECT FROM_UNIXTIME(1704067200, 123), FROM_UNIXTIME(1704067200, NULL), FROM_UNIXTIME(NULL, '%H');
SELECT FROM_UNIXTIME(1704067200.25);
SELECT FROM_UNIXTIME(0), FROM_UNIXTIME(-1);
SELECT UNIX_TIMESTAMP('2024-01-01 05:30:00.5');
SELECT UNIX_TIMESTAMP(CAST('2024-01-01 05:30:00' AS DATETIME));
SELECT UNIX_TIMESTAMP('1970-01-01 05:30:00');
SELECT id, UNIX_TIMESTAMP(ts) FROM g ORDER BY id;
SELECT id FROM g ORDER BY ts DESC;
SELECT CONVERT_TZ('2024-01-01 05:30:00.5', '+05:30', '-01:00');
SET time_zone = '+00:00';
