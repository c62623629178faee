-- probe19a (issue #9): silent wrong answers of functions found by
-- differential probing. TIME_TO_SEC reads its argument as a TIME.
CREATE TABLE tt (id INT PRIMARY KEY, tm TIME, dt DATETIME);
INSERT INTO tt VALUES (1, '-01:00:00', '2024-01-01 10:00:00'), (2, '838:59:59', NULL), (3, '00:00:01', '2024-02-29 23:59:59');
SELECT TIME_TO_SEC('838:59:59'), TIME_TO_SEC('-01:00:00'), TIME_TO_SEC('1 10:00:00'), TIME_TO_SEC('10:00'), TIME_TO_SEC(NULL);
SELECT TIME_TO_SEC(123456), TIME_TO_SEC(-100), TIME_TO_SEC(TIME '-838:59:59'), TIME_TO_SEC('2024-01-01 10:00:00');
SELECT id, TIME_TO_SEC(tm), TIME_TO_SEC(dt) FROM tt ORDER BY id;
SELECT id FROM tt WHERE TIME_TO_SEC(tm) < 0 ORDER BY id;
-- mysql-differs: MySQL 8.0's TIME_TO_SEC is an integer function (Item_func_time_to_sec : Item_int_func), MariaDB keeps the fraction as a DECIMAL
-- expect: 43200 | 12 | 36000
-- expect-types: BIGINT BIGINT BIGINT
SELECT TIME_TO_SEC('12:00:00.5'), TIME_TO_SEC(12.5), TIME_TO_SEC('2024-01-01 10:00:00.5');
SELECT SEC_TO_TIME(99999999999999999999) > 0, SEC_TO_TIME(-99999999999999999999) < 0;
-- Bit operators and BIT_COUNT read their operands as MySQL's Item_func_bit.
CREATE TABLE bo (id INT PRIMARY KEY, u BIGINT UNSIGNED, d DECIMAL(5,1), f DOUBLE, i BIGINT);
INSERT INTO bo VALUES (1, 18446744073709551615, -1.5, 1e19, -9223372036854775808), (2, 9223372036854775808, 2.5, 0.5, 7), (3, NULL, NULL, NULL, NULL);
SELECT 18446744073709551615 | 0, 18446744073709551615 & 18446744073709551614, 18446744073709551615 ^ 1, 18446744073709551615 >> 60;
SELECT 1.5 | 0, -1.5 | 0, 1e19 | 0, 2.5 & 7, 0.4 | 0, -0.5 | 0;
SELECT 1 << 64, 1 << 63, -1 >> 1, 4 >> 1, 5 & NULL, 18446744073709551615 << 1;
SELECT id, u | 0, d | 0, f | 0, i | 0, u & i, u >> 63, ~u FROM bo ORDER BY id;
SELECT id, BIT_COUNT(u), BIT_COUNT(d), BIT_COUNT(f), BIT_COUNT(i) FROM bo ORDER BY id;
SELECT BIT_COUNT(18446744073709551615), BIT_COUNT(-1), BIT_COUNT(7), BIT_COUNT(1.5), BIT_COUNT('15'), BIT_COUNT(NULL), BIT_COUNT(b'1011'), BIT_COUNT(1e19);
SELECT id FROM bo WHERE u | 0 = 18446744073709551615 ORDER BY id;
-- ABS of BIGINT's smallest value does not fit.
SELECT ABS(-9223372036854775807), ABS(-5), ABS(-1.5);
-- expect-error: 1690
-- mysql-differs: same answer; expect-error checks the number (Item_func_abs::int_op raises ER_DATA_OUT_OF_RANGE)
SELECT ABS(-9223372036854775808);
SELECT id, ABS(i) FROM bo WHERE id > 1 ORDER BY id;
-- QUOTE writes Control+Z as \Z.
SELECT HEX(QUOTE(CHAR(26))), HEX(QUOTE(CONCAT('a\\', CHAR(26), 'b'))), QUOTE('Don''t'), QUOTE(NULL), QUOTE('a\\b');
-- RAND(N) is MySQL's generator: a constant seed starts one sequence per
-- statement; a column seed reseeds on every row.
CREATE TABLE rs (id INT PRIMARY KEY, s INT);
INSERT INTO rs VALUES (1, 5), (2, 5), (3, 7), (4, NULL);
SELECT RAND(1), RAND(0), RAND(-1), RAND(3.7), RAND(NULL), RAND('5'), RAND(18446744073709551615), RAND(4294967297);
SELECT id, RAND(1), RAND(s), RAND(id) FROM rs ORDER BY id;
SELECT id, RAND(1) FROM rs ORDER BY id;
SELECT ROUND(SUM(RAND(3)), 10) FROM rs;
-- EXTRACT of a negative TIME is negative.
CREATE TABLE tp (id INT PRIMARY KEY, tm TIME, j JSON);
INSERT INTO tp VALUES (1, '-01:02:03', '{"a": "x\\"y", "b": [1], "c": 2, "d": {"e": "é"}}'), (2, '10:20:30', NULL), (3, NULL, '{"a": "plain"}');
SELECT EXTRACT(HOUR FROM TIME '-01:02:03'), EXTRACT(MINUTE_SECOND FROM TIME '-01:02:03'), EXTRACT(HOUR_SECOND FROM '-01:02:03'), EXTRACT(MICROSECOND FROM '-00:00:05.25'), EXTRACT(SECOND FROM '-00:00:05');
SELECT id, EXTRACT(HOUR FROM tm), EXTRACT(MINUTE FROM tm), EXTRACT(SECOND FROM tm), EXTRACT(HOUR_MINUTE FROM tm) FROM tp ORDER BY id;
-- TIME_FORMAT's date specifiers: zeros, or NULL where a date is needed.
-- mysql-differs: MySQL's make_date_time prints the zero year, month and day of a TIME (sql/item_timefunc.cc); MariaDB answers NULL
-- expect: 0000 00 00 0 00 0|12 | 0000-00-00 07:08:09
SELECT TIME_FORMAT('12:34:56', '%Y %y %m %c %d %e|%H'), TIME_FORMAT('2024-05-06 07:08:09', '%Y-%m-%d %T');
SELECT TIME_FORMAT('12:34:56', '%D'), TIME_FORMAT(TIME '10:00:00', '%W'), TIME_FORMAT('12:34:56', '%j'), TIME_FORMAT('12:34:56', '%M'), TIME_FORMAT('12:34:56', '%U %H'), TIME_FORMAT('12:34:56', '%w');
SELECT id, TIME_FORMAT(tm, '%H:%i:%s'), TIME_FORMAT(tm, '%x') FROM tp ORDER BY id;
-- JSON_VALUE unquotes a string; an array or object is NULL.
SELECT JSON_VALUE('{"a":"1.50"}', '$.a'), JSON_VALUE('{"a":[1]}', '$.a'), JSON_VALUE('{"a":{"b":1}}', '$.a'), JSON_VALUE('{"a":1}', '$.a'), JSON_VALUE('{"a":null}', '$.a'), JSON_VALUE('{"a":"é"}', '$.a');
SELECT id, JSON_VALUE(j, '$.a'), JSON_VALUE(j, '$.b'), JSON_VALUE(j, '$.c') + 1, JSON_VALUE(j, '$.d'), JSON_VALUE(j, '$.d.e') FROM tp ORDER BY id;
SELECT id FROM tp WHERE JSON_VALUE(j, '$.a') = 'plain' ORDER BY id;
-- LEFT and RIGHT of numbers; CHAR(... USING latin1).
CREATE TABLE sa (id INT PRIMARY KEY, i INT, u BIGINT UNSIGNED, d DECIMAL(6,2));
INSERT INTO sa VALUES (1, 123456, 18446744073709551615, -12.50), (2, NULL, 0, 0.05);
SELECT LEFT(123456, 3), RIGHT(123456, 2), LEFT(12.5e0, 2), RIGHT(-12, 1), LEFT(1.50, 3), RIGHT(18446744073709551615, 3);
SELECT id, LEFT(i, 2), RIGHT(u, 3), LEFT(d, 4), RIGHT(d, 2) FROM sa ORDER BY id;
SELECT HEX(CHAR(0xE4 USING latin1)), HEX(CHAR(65, 0xE4 USING latin1)), CHAR(0xE9 USING latin1), LENGTH(CHAR(0xE9 USING latin1)), CHAR_LENGTH(CHAR(0xE9 USING latin1)), CHARSET(CHAR(0xE9 USING latin1)), CHAR(0xE9 USING latin1) = 'é', CHAR(0x80 USING latin1);
-- TRUNCATE: an unsigned literal stays unsigned; a DECIMAL's scale is D.
CREATE TABLE trn (id INT PRIMARY KEY, d DECIMAL(5,2), u BIGINT UNSIGNED);
INSERT INTO trn VALUES (1, 1.25, 18446744073709551615), (2, -9.99, 5);
SELECT TRUNCATE(18446744073709551615, -1), TRUNCATE(18446744073709551615, 0), TRUNCATE(18446744073709551614, -19), TRUNCATE(18446744073709551615, -20);
SELECT TRUNCATE(1.5, 3), TRUNCATE(-0.001, 2), TRUNCATE(123, -1), TRUNCATE(1.999, 0);
SELECT id, TRUNCATE(d, 4), TRUNCATE(d, 1), TRUNCATE(d, -1), TRUNCATE(u, -2) FROM trn ORDER BY id;
-- mysql-differs: MySQL caps the scale of ROUND/TRUNCATE at DECIMAL_MAX_SCALE 30 (Item_func_round::resolve_type), MariaDB at 38
-- expect: 1.500000000000000000000000000000
SELECT TRUNCATE(1.5, 31);
-- STR_TO_DATE refuses a part out of its range.
SELECT STR_TO_DATE('12:60:00', '%H:%i:%s'), STR_TO_DATE('13:00 PM', '%h:%i %p'), STR_TO_DATE('00:30 AM', '%h:%i %p'), STR_TO_DATE('24:00:00', '%H:%i:%s'), STR_TO_DATE('10:00:60', '%H:%i:%s');
SELECT STR_TO_DATE('2024-13-01', '%Y-%m-%d'), STR_TO_DATE('2024-12-32', '%Y-%m-%d'), STR_TO_DATE('2024-01-01 10:61:12', '%Y-%m-%d %T'), STR_TO_DATE('2024-01-01 10:11:12', '%Y-%m-%d %T');
SELECT STR_TO_DATE('12:30 AM', '%h:%i %p'), STR_TO_DATE('12:30 PM', '%h:%i %p'), STR_TO_DATE('23:59:59', '%H:%i:%s'), STR_TO_DATE('2024-12-31', '%Y-%m-%d'), STR_TO_DATE('1:2:3', '%k:%i:%s'), STR_TO_DATE('10:11:12 PM', '%r');
