-- Hexadecimal and bit-value literals compared with numbers are the
-- BIGINT UNSIGNED their bytes spell (Item_hex_string: STRING_RESULT, so
-- agg_cmp_type makes the comparison REAL); beside strings they are bytes.
-- Myriad read them as text everywhere: WHERE bit_col = b'1' found nothing.
CREATE TABLE bf (id INT PRIMARY KEY, flag BIT(1), m BIT(12), n INT, s VARCHAR(10), y YEAR, KEY (m), KEY (n));
INSERT INTO bf VALUES (1, b'1', b'101', 65, 'A', 2001), (2, b'0', b'111111111111', 5, '10', 2024), (3, NULL, 0, NULL, NULL, NULL), (4, 1, 256, 66, 'abc', 1999);
SELECT id FROM bf WHERE flag = b'1' ORDER BY id;
SELECT id FROM bf WHERE flag <> b'1' ORDER BY id;
SELECT id FROM bf WHERE flag = 1 ORDER BY id;
SELECT id FROM bf WHERE m = b'101';
SELECT id FROM bf WHERE m = 0x0FFF;
SELECT id FROM bf WHERE m = b'100000000';
SELECT id FROM bf WHERE m IN (b'101', 256) ORDER BY id;
SELECT id FROM bf WHERE m > b'101' ORDER BY id;
SELECT id FROM bf WHERE m BETWEEN b'1' AND b'11111111' ORDER BY id;
SELECT id FROM bf WHERE n = 0x41;
SELECT id FROM bf WHERE 0x05 = n;
SELECT id FROM bf WHERE n IN (0x41, 0x42) ORDER BY id;
SELECT id FROM bf WHERE n NOT IN (0x41, 0x42) ORDER BY id;
SELECT id FROM bf WHERE n BETWEEN 0x00 AND b'1000001' ORDER BY id;
SELECT id FROM bf WHERE s = 0x41;
SELECT id FROM bf WHERE s = 0x3130;
SELECT id FROM bf WHERE s IN (x'3130', x'616263') ORDER BY id;
SELECT id FROM bf WHERE y = 0x07D1;
SELECT 0b101 = 5, 0x41 = 65, 0x41 > 64, 0x41 IN (65), 0b1 = TRUE, 5 = 0b101, 65 = 0x41;
SELECT 0x41 = 'A', b'1000001' = 'A', 0x41 IN ('A', 66), 65 IN (0x41, 'x'), 0x41 BETWEEN 60 AND 70, 'A' BETWEEN 0x40 AND 0x42;
SELECT 0x41 <=> 65, NULL <=> 0x41, 0x41 <> 65, 0x41 != 'A', 0xFFFFFFFFFFFFFFFF = 18446744073709551615;
SELECT CASE 0x41 WHEN 65 THEN 'y' ELSE 'n' END, CASE 0x41 WHEN 'A' THEN 'y' ELSE 'n' END, CASE x'41' WHEN x'41' THEN 1 END;
-- mysql-differs: MySQL's x'41' is Item_hex_string like 0x41 (MariaDB reads x'41' as a string only)
-- expect: 1 | y
SELECT x'41' = 65, CASE 65 WHEN x'41' THEN 'y' END;
-- mysql-differs: a BIT(1) column compared with x'01' is numeric in MySQL (Field_bit is INT_RESULT); MariaDB finds row 2
-- expect: 1
SELECT GROUP_CONCAT(id ORDER BY id) FROM bf WHERE flag = x'01' AND id < 4;
-- Unary minus reads a temporal as its number (Item_func_neg in numeric
-- context) and a BIT as its unsigned integer: GMS answered 0 for a
-- DATETIME with a fraction or a temporal literal, and failed -bit with 1105.
CREATE TABLE ng (id INT PRIMARY KEY, d DATE, dt DATETIME, ts DATETIME(3), tm TIME, b BIT(8));
INSERT INTO ng VALUES (1, '2024-02-29', '2024-02-29 10:11:12', '2024-02-29 10:11:12.345', '-01:30:00', b'11111111'), (2, NULL, NULL, NULL, NULL, NULL), (3, '1999-12-31', '1999-12-31 23:59:59', '1999-12-31 12:00:00.5', '838:59:59', b'0');
-- mysql-differs: MySQL types the negation of a temporal without a fraction BIGINT (Item::numeric_context_result_type is INT_RESULT); MariaDB DECIMAL
-- expect-types: INT BIGINT BIGINT DECIMAL BIGINT BIGINT BIGINT
-- expect: 1 | -20240229 | -20240229101112 | -20240229101112.345 | 13000 | 20240229 | -13000
SELECT id, -d, -dt, -ts, -tm, - -d, -(-tm) FROM ng WHERE id = 1;
SELECT -b + 0 FROM ng ORDER BY id;
-- mysql-differs: MySQL types the negation of a temporal without a fraction BIGINT (Item::numeric_context_result_type is INT_RESULT); MariaDB DECIMAL
-- expect-types: BIGINT BIGINT DECIMAL DECIMAL BIGINT
-- expect: -20240102 | -100000 | -20240102030405.5 | -100000.25 | 10000
SELECT -DATE'2024-01-02', -TIME'10:00:00', -TIMESTAMP'2024-01-02 03:04:05.5', -CAST('10:00:00.25' AS TIME(2)), -TIME'-01:00:00';
-- mysql-differs: MySQL types the negation of a temporal without a fraction BIGINT (Item::numeric_context_result_type is INT_RESULT); MariaDB DECIMAL
-- expect-types: BIGINT DECIMAL
-- expect: -20240229 | -19991231120000.500
SELECT -MAX(d), -MIN(ts) FROM ng;
SELECT id FROM ng WHERE -ts < -20000000000000 ORDER BY id;
-- A FLOAT(M,D)/DOUBLE(M,D) column compared with an integer or DECIMAL
-- constant is equal within 5/10^(max decimals + 1) (compare_real_fixed):
-- a FLOAT(10,4) holding 0.1 holds 0.10000000149..., and GMS's exact
-- comparison missed the row. BETWEEN and IN compare exactly, as in MySQL.
CREATE TABLE fx (id INT PRIMARY KEY, f FLOAT(10,4), g FLOAT, p DOUBLE(8,2), KEY (f));
INSERT INTO fx VALUES (1, 1.1, 1.1, 19.99), (2, 0.1, 0.1, 0.1), (3, 123456.7891, 3, 3), (4, NULL, NULL, NULL), (5, -999999.9999, 0.00001, -0.01);
SELECT id FROM fx WHERE f = 0.1;
SELECT id FROM fx WHERE f = 1.1;
SELECT id FROM fx WHERE 123456.7891 = f;
SELECT id FROM fx WHERE f = -999999.9999;
SELECT id FROM fx WHERE f <> 0.1 ORDER BY id;
SELECT id FROM fx WHERE f > 1.1 ORDER BY id;
SELECT id FROM fx WHERE f >= 1.1 ORDER BY id;
SELECT id FROM fx WHERE f < 1.1 ORDER BY id;
SELECT id FROM fx WHERE f <= 0.1 ORDER BY id;
SELECT id FROM fx WHERE f <=> 0.1;
SELECT id FROM fx WHERE NOT (f = 0.1) ORDER BY id;
SELECT id FROM fx WHERE p = 19.99;
SELECT id FROM fx WHERE p = -0.01;
SELECT id FROM fx WHERE f = 1;
SELECT id FROM fx WHERE g = 0.1;
SELECT id FROM fx WHERE f = 0.1e0;
SELECT id FROM fx WHERE f BETWEEN 0.1 AND 1.1 ORDER BY id;
SELECT id FROM fx WHERE f IN (0.1, 1.1) ORDER BY id;
SELECT id, f = 0.1, f <=> 0.1, f < 0.1, p = 19.99 FROM fx ORDER BY id;
SELECT COUNT(*) FROM fx x JOIN fx y ON x.id = y.id WHERE x.f = 0.1;
SELECT id FROM fx WHERE id IN (SELECT id FROM fx WHERE f = 1.1);
UPDATE fx SET g = 7 WHERE f = 1.1;
DELETE FROM fx WHERE f = 0.1;
SELECT id, g FROM fx ORDER BY id;
-- MINUTE, SECOND and MICROSECOND of a negative TIME are its magnitude's
-- (GMS read it as a time of day before midnight: MINUTE('-10:20:30') 39).
CREATE TABLE tp (id INT PRIMARY KEY, tm TIME(6));
INSERT INTO tp VALUES (1, '-10:20:30.25'), (2, '-838:59:59'), (3, '100:01:02'), (4, NULL), (5, '-00:00:00.000001');
SELECT id, HOUR(tm), MINUTE(tm), SECOND(tm), MICROSECOND(tm) FROM tp ORDER BY id;
SELECT MINUTE('-10:20:30'), SECOND('-10:20:30'), HOUR('-10:20:30'), MICROSECOND('-10:20:30.5'), MINUTE('2024-03-05'), MINUTE('10:20:30');
SELECT MINUTE(TIME'-10:20:30'), SECOND(CAST('-10:20:30' AS TIME)), MINUTE(-102030), MINUTE('-838:59:59'), SECOND('-00:00:01');
SELECT MINUTE(SEC_TO_TIME(-3661)), SECOND(SEC_TO_TIME(-3661)), HOUR(SEC_TO_TIME(-3661)), MINUTE(TIMEDIFF('10:00:00', '12:20:30'));
SELECT MINUTE(-102030.5), MICROSECOND(-102030.5), SECOND(-59), MINUTE('-10:20'), SECOND('-30');
