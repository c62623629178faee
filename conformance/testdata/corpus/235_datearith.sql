-- datearith (issue #9): date arithmetic.
-- DATEDIFF and TIMESTAMPDIFF over spans beyond Go's time.Duration (±292
-- years): Myriad's DATEDIFF('9999-12-31','0001-01-01') was 106752 and
-- TIMESTAMPDIFF(SECOND, ...) 9223372036.
SELECT DATEDIFF('9999-12-31','0001-01-01'), DATEDIFF('0001-01-01','9999-12-31');
SELECT TIMESTAMPDIFF(SECOND,'0001-01-01','9999-12-31'), TIMESTAMPDIFF(SECOND,'9999-12-31','0001-01-01');
SELECT TIMESTAMPDIFF(MICROSECOND,'0001-01-01','9999-12-31 23:59:59.999999');
SELECT TIMESTAMPDIFF(MINUTE,'0001-01-01','9999-12-31'), TIMESTAMPDIFF(HOUR,'0001-01-01','9999-12-31'), TIMESTAMPDIFF(DAY,'0001-01-01','9999-12-31'), TIMESTAMPDIFF(WEEK,'0001-01-01','9999-12-31');
SELECT TIMESTAMPDIFF(MONTH,'0001-01-01','9999-12-31'), TIMESTAMPDIFF(QUARTER,'0001-01-01','9999-12-31'), TIMESTAMPDIFF(YEAR,'0001-01-01','9999-12-31');
CREATE TABLE spans (id INT PRIMARY KEY, a DATETIME(6), b DATETIME(6));
INSERT INTO spans VALUES (1, '0001-01-01 00:00:00.000001', '9999-12-31 23:59:59.999999'), (2, '2024-01-01 10:00:00.5', '2023-12-31 09:59:59.75');
SELECT id, TIMESTAMPDIFF(MICROSECOND,a,b), TIMESTAMPDIFF(SECOND,b,a), TIMESTAMPDIFF(MONTH,b,a), TIMESTAMPDIFF(YEAR,a,b), TIMESTAMPDIFF(HOUR,b,a), DATEDIFF(a,b) FROM spans ORDER BY id;
SELECT TIMESTAMPDIFF(SECOND,'2024-01-01 00:00:00.9','2024-01-01 00:00:01.1'), TIMESTAMPDIFF(SECOND,'2024-01-01 00:00:01.1','2024-01-01 00:00:00.9'), TIMESTAMPDIFF(MICROSECOND,'2024-01-01 00:00:00.9','2024-01-01');
SELECT TIMESTAMPDIFF(MONTH,'2024-01-31','2024-02-29'), TIMESTAMPDIFF(MONTH,'2024-01-31 10:00:00','2024-03-31 09:59:59'), TIMESTAMPDIFF(YEAR,'2000-02-29','2024-02-28');
SELECT DATEDIFF('2024-01-02 23:59:59.999999','2024-01-01'), DATEDIFF(20240105, 20240101);
SELECT TIMESTAMPDIFF(MINUTE, TIME'10:00:00', TIME'12:30:00'), DATEDIFF(TIME'25:00:00', CURDATE()), TIMESTAMPDIFF(SECOND, CURDATE(), TIME'-10:00:00.5');
-- A zero month or day, the zero date and a string that is no date are NULL
-- (warning 1292; MySQL reads the arguments with TIME_NO_ZERO_DATE and no
-- TIME_FUZZY_DATE, so check_date refuses a zero part whatever the
-- sql_mode); Myriad failed the statement with 1292.
SELECT DATEDIFF('2024-01-00','2024-01-01'), TIMESTAMPDIFF(DAY,'2024-00-05','2024-01-05'), DATEDIFF('0000-00-00','2024-01-01'), DATEDIFF('abc','2024-01-01'), DATEDIFF('2024-02-30','2024-01-01');
-- STR_TO_DATE's %f: at most six digits, read as a fraction ('5' is
-- .500000; Myriad dropped it, or read 5 µs), DATETIME(6)/TIME(6) with %f,
-- DATETIME/TIME without; input that ends before the format is the parts
-- read (Myriad: NULL); a seventh digit is trailing input (warning 1292).
SELECT STR_TO_DATE('2024-01-02 03:04:05.5','%Y-%m-%d %H:%i:%s.%f'), STR_TO_DATE('2024-01-02 03:04:05','%Y-%m-%d %H:%i:%s'), STR_TO_DATE('2024-01-02','%Y-%m-%d');
SELECT STR_TO_DATE('03:04:05.123','%H:%i:%s.%f'), STR_TO_DATE('03:04:05','%H:%i:%s'), STR_TO_DATE('05.000007','%s.%f');
SELECT STR_TO_DATE('2024-01-02 03:04:05.1234567','%Y-%m-%d %H:%i:%s.%f'), STR_TO_DATE('10:11:12.1234567','%H:%i:%s.%f');
SELECT STR_TO_DATE('10:11:12','%H:%i:%s.%f'), STR_TO_DATE('10:11:12.','%H:%i:%s.%f'), STR_TO_DATE('2024-01-02','%Y-%m-%d %H:%i:%s');
SELECT STR_TO_DATE('2024-01-02xyz','%Y-%m-%d'), STR_TO_DATE('10:11:12xyz','%H:%i:%s');
CREATE TABLE fmts (id INT PRIMARY KEY, s VARCHAR(40), f VARCHAR(40));
INSERT INTO fmts VALUES (1, '2024-01-02 03:04:05.25', '%Y-%m-%d %H:%i:%s.%f'), (2, '2024-01-02', '%Y-%m-%d');
SELECT id, STR_TO_DATE(s, f), STR_TO_DATE(s, '%Y-%m-%d %H:%i:%s.%f') FROM fmts ORDER BY id;
-- TIME() and CAST(... AS TIME) of the day form 'D hh[:mm[:ss[.f]]]'
-- (Myriad's TIME('1 02:03:04') was NULL); beyond 838:59:59 it is clamped
-- with warning 1292 (CAST('35 00:00:00' AS TIME) was 00:00:35).
SELECT TIME('1 02:03:04'), TIME('1 02:03'), TIME('1 02'), TIME('-1 02:03:04'), TIME('34 22:59:59'), TIME('35 00:00:00');
SELECT TIME('1 02:03:04.25'), TIME(' 1 2:3:4 '), TIME('0 0:0:1');
SELECT CAST('1 02:03:04' AS TIME), CAST('1 02:03' AS TIME), CAST('1 02' AS TIME), CAST('-1 02:03:04.5' AS TIME(1)), CAST('35 00:00:00' AS TIME);
CREATE TABLE dayform (id INT PRIMARY KEY, t TIME(2));
INSERT INTO dayform VALUES (1,'1 02:03:04'),(2,'1 02:03'),(3,'1 02'),(4,'-1 02:03:04.5'),(5,'34 22:59:59');
UPDATE dayform SET t = '2 01:00:00' WHERE id = 3;
SELECT id, t, TIME(t), t + 0 FROM dayform ORDER BY id;
-- TIMESTAMPADD / DATE_ADD of a string with a DECIMAL interval of seconds
-- is a string: MySQL 8.0 prints it with six fractional digits when the
-- fraction is not zero and none otherwise
-- (Item_temporal_hybrid_func::val_str_ascii: a MYSQL_TYPE_STRING result
-- uses DATETIME_MAX_DECIMALS or 0, not the interval's decimals), which is
-- Myriad's answer; MariaDB follows the interval's scale.
-- mysql-differs: MySQL's string result has 6 fractional digits (val_str_ascii), MariaDB the interval's scale
-- expect: 2024-01-01 00:00:01.500000 | 2024-01-01 00:00:01.500000 | 2024-01-01 00:00:01.250000 | 2024-01-01 00:00:01
SELECT TIMESTAMPADD(SECOND, 1.5, '2024-01-01 00:00:00'), DATE_ADD('2024-01-01', INTERVAL 1.5 SECOND), DATE_ADD('2024-01-01 00:00:00.25', INTERVAL 1 SECOND), DATE_ADD('2024-01-01 00:00:00.5', INTERVAL 0.5 SECOND);
-- A temporal argument gives DATETIME(n)/TIME(n), n the larger of its and
-- the interval's digits; other units round the interval to an integer.
SELECT TIMESTAMPADD(SECOND, 1.5, TIMESTAMP'2024-01-01 00:00:00'), DATE_ADD(TIMESTAMP'2024-01-01 00:00:00', INTERVAL 1.25 SECOND), DATE_ADD(DATE'2024-01-01', INTERVAL 1.5 SECOND), TIMESTAMPADD(MINUTE, 1.5, TIMESTAMP'2024-01-01 00:00:00');
SELECT DATE_SUB(TIMESTAMP'2024-01-01 00:00:00.5', INTERVAL 0.5 SECOND), TIMESTAMPADD(SECOND, 1.5, TIME'10:00:00'), TIMESTAMPADD(SECOND, '1.5', DATE'2024-01-01');
