-- lead (session 16): a TIME plus or minus an INTERVAL is a TIME with the
-- larger of the argument's and the interval's fractional digits
-- (Item_date_add_interval::resolve_type, get_time_internal). GMS answered
-- `t + INTERVAL 1 SECOND` with a DATETIME on today's date (fraction lost)
-- and DATE_ADD(t, ...) with six fractional digits.
CREATE TABLE ti (id INT PRIMARY KEY, t TIME(2), t0 TIME);
INSERT INTO ti VALUES (1, '10:00:00.25', '23:59:59'), (2, '-01:00:00.50', '-00:00:01'), (3, NULL, '838:00:00');
SELECT id, t + INTERVAL 1 SECOND FROM ti ORDER BY id;
SELECT id, t - INTERVAL 1 MINUTE FROM ti ORDER BY id;
-- mysql-differs: MySQL's get_time_internal adds microseconds and sec_to_time makes 0 a positive 00:00:00; MariaDB keeps the argument's sign (-00:00:00)
-- expect: 1 | 24:00:00
-- expect: 2 | 00:00:00
-- expect: 3 | 838:00:01
SELECT id, t0 + INTERVAL 1 SECOND FROM ti ORDER BY id;
SELECT id, DATE_ADD(t, INTERVAL 1 HOUR) FROM ti ORDER BY id;
SELECT id, DATE_SUB(t0, INTERVAL 2 HOUR) FROM ti ORDER BY id;
SELECT id, DATE_ADD(t, INTERVAL 1 DAY) FROM ti ORDER BY id;
SELECT id, ADDDATE(t0, INTERVAL '1:30' HOUR_MINUTE) FROM ti ORDER BY id;
SELECT id, SUBDATE(t, INTERVAL '1.5' SECOND) FROM ti ORDER BY id;
SELECT id, t0 + INTERVAL 1.25 SECOND FROM ti ORDER BY id;
SELECT id, t + INTERVAL 250 MICROSECOND FROM ti ORDER BY id;
SELECT id, INTERVAL 3 SECOND + t0 FROM ti ORDER BY id;
SELECT TIME'10:00:00' + INTERVAL 1 SECOND, TIME'10:00:00.5' - INTERVAL 1 HOUR;
SELECT TIME'-00:30:00' + INTERVAL 1 HOUR, TIME'00:30:00' - INTERVAL 1 HOUR;
SELECT id, t0 + INTERVAL 900 HOUR FROM ti ORDER BY id;
SELECT TIME'838:59:59' + INTERVAL 1 SECOND, TIME'-838:59:59' - INTERVAL 1 SECOND, TIME'838:59:58' + INTERVAL 1 SECOND;
SELECT COUNT(*) FROM ti WHERE t0 + INTERVAL 1 SECOND > TIME'23:00:00';
SELECT id FROM ti WHERE t + INTERVAL 1 HOUR = TIME'11:00:00.25';
-- mysql-differs: MySQL types a TIME plus an interval of months as TIME (resolve_type looks only at the argument's type) and answers NULL with warning 1441; MariaDB types it DATETIME
-- expect: NULL
-- expect-types: TIME
SELECT t + INTERVAL 1 MONTH FROM ti WHERE id = 1;
-- mysql-differs: as above, a year
-- expect: NULL
-- expect-types: TIME
SELECT DATE_ADD(t0, INTERVAL 1 YEAR) FROM ti WHERE id = 1;
SELECT id, t + INTERVAL NULL SECOND IS NULL FROM ti ORDER BY id;
