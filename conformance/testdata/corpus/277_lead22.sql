-- INSERT ... SELECT from a UNION (or DISTINCT/LIMIT) stores its rows with
-- Field::store's conversions: a DOUBLE into an integer column rounds half
-- to even (Field_long::store(double) uses rint). Myriad rounded the UNION's
-- DOUBLEs half away from zero.
CREATE TABLE sd (id INT PRIMARY KEY, x DOUBLE);
INSERT INTO sd VALUES (1, 2.5), (2, 3.5), (3, -2.5), (4, 0.5);
CREATE TABLE st (id INT PRIMARY KEY AUTO_INCREMENT, v INT, u TINYINT UNSIGNED, b BIGINT, dt DATE, c VARCHAR(10));
INSERT INTO st (v) SELECT x FROM sd UNION ALL SELECT 4.5;
INSERT INTO st (v, u) SELECT x, x FROM sd WHERE x > 0 UNION SELECT 6.5, 0.5;
INSERT INTO st (v) (SELECT x FROM sd ORDER BY id LIMIT 1) UNION (SELECT 0.5e0);
INSERT INTO st (b) SELECT DISTINCT x FROM sd;
INSERT INTO st (b) SELECT x FROM sd ORDER BY id LIMIT 2;
INSERT INTO st (v) SELECT 2.5 UNION SELECT 3.5;
INSERT INTO st (v) SELECT -2.5 UNION ALL SELECT -3.5e0;
INSERT INTO st (dt, c) SELECT 20240102, 1e20 UNION SELECT 20240103.0, 2.5e0;
INSERT INTO st (v) SELECT * FROM (SELECT x FROM sd UNION SELECT 1.5) s;
INSERT INTO st (v) WITH w AS (SELECT x FROM sd) SELECT x FROM w UNION ALL SELECT 7.5;
SELECT id, v, u, b, dt, c FROM st ORDER BY id;
-- BIT_AND/BIT_OR/BIT_XOR read a non-binary string with val_int (its
-- integer prefix); Myriad read '3.5e2' as 350 and ' 12abc', '-1' as 0.
CREATE TABLE sb (id INT PRIMARY KEY, s VARCHAR(20), c CHAR(5));
INSERT INTO sb VALUES (1, '3.5e2', '1.9'), (2, ' 12abc', 'x'), (3, '7', '-1'), (4, NULL, '');
SELECT BIT_OR(s), BIT_AND(s), BIT_XOR(s), BIT_OR(c), BIT_AND(c), BIT_XOR(c) FROM sb;
SELECT id, BIT_OR(s), BIT_AND(c) FROM sb GROUP BY id ORDER BY id;
SELECT BIT_OR('3.5e2'), BIT_OR(' 12abc'), BIT_AND('-1'), BIT_XOR('');
SELECT BIT_OR('99999999999999999999'), BIT_AND('-99999999999999999999');
SELECT id, BIT_OR(s) OVER (ORDER BY id) FROM sb ORDER BY id;
-- GREATEST/LEAST of TIME values and strings compare as TIME (was 1105).
CREATE TABLE gt (id INT PRIMARY KEY, t TIME(1));
INSERT INTO gt VALUES (1, '12:30:00'), (2, '-01:00:00.5'), (3, NULL);
SELECT id, GREATEST(t, '10:00:00'), LEAST(t, '10:00:00'), GREATEST(t, '1 02:00:00'), GREATEST(t, '-2:00') FROM gt ORDER BY id;
SELECT GREATEST(TIME'10:00:00', '9:00'), LEAST('23:00', TIME'1:00:00.5'), GREATEST(TIME'00:00:01', '05:00', '04:00');
-- ADDTIME/SUBTIME read the 'D hh:mm:ss' day form and a number's fraction
-- (get_time); a DATETIME sum past 9999-12-31 is NULL. Myriad gave NULL
-- for the day form, dropped the fraction and returned year 10000.
SELECT ADDTIME('10:00:00', '1 01:00:00'), ADDTIME('2024-01-01 10:00:00', '1 1:0:0'), SUBTIME('10:00:00', '1 00:00:00'), ADDTIME(TIME'10:00:00', '2 0:0:1.5');
SELECT ADDTIME('10:00:00', 1.5), ADDTIME(TIME'10:00:00', 1.5), ADDTIME(CAST('2024-01-01 10:00:00' AS DATETIME), 1.25), ADDTIME('10:00:00', 1.5e0), SUBTIME(TIME'10:00:00', 130.5);
SELECT ADDTIME('9999-12-31 23:00:00', '2:00:00'), ADDTIME(TIMESTAMP'9999-12-31 23:00:00', '2:00:00'), SUBTIME('0001-01-01 00:00:00', '1:00:00'), TIMESTAMP('9999-12-31', '25:00:00');
CREATE TABLE at1 (id INT PRIMARY KEY, t TIME(1), d DATETIME, s VARCHAR(20));
INSERT INTO at1 VALUES (1, '10:00:00.5', '2024-01-01 10:00:00', '1 02:00:00'), (2, '-01:00:00', '9999-12-31 23:30:00', '0:30:00'), (3, NULL, NULL, NULL);
SELECT id, ADDTIME(t, s), SUBTIME(t, s), ADDTIME(d, s), ADDTIME(d, 1.5) FROM at1 ORDER BY id;
-- String functions count bytes in binary strings (my_charset_bin): Myriad
-- counted UTF-8 characters in LEFT/SUBSTRING/REVERSE/INSERT/LPAD/LOCATE.
CREATE TABLE bs (id INT PRIMARY KEY, d VARBINARY(20), b BLOB, t VARCHAR(20));
INSERT INTO bs VALUES (1, 'Éa', 'xÉy', 'Éa'), (2, 'ea', 'ab', 'ea'), (3, 'EA ', '', 'EA '), (4, NULL, NULL, NULL);
SELECT id, HEX(LEFT(d, 1)), HEX(SUBSTR(d, 1, 1)), HEX(RIGHT(d, 2)), HEX(MID(d, 2, 1)), HEX(REVERSE(d)), HEX(LPAD(d, 4, 'x')), HEX(INSERT(d, 1, 1, 'z')) FROM bs ORDER BY id;
SELECT id, LOCATE('a', d), INSTR(d, 'a'), POSITION('a' IN d), LOCATE('A', d), LOCATE(x'89', d), HEX(RPAD(d, 5, 'é')), HEX(SUBSTRING(d, -2)) FROM bs ORDER BY id;
SELECT id, HEX(LEFT(b, 2)), HEX(SUBSTRING(b, 2, 2)), LOCATE('y', b), HEX(REVERSE(b)), LENGTH(LEFT(b, 2)) FROM bs ORDER BY id;
SELECT HEX(LEFT(_binary'éa', 1)), HEX(SUBSTRING(CAST('éa' AS BINARY), 2)), LOCATE('é', _binary'aé'), HEX(REVERSE(_binary'é'));
SELECT id, LEFT(t, 1), SUBSTR(t, 2), LOCATE('a', t), REVERSE(t) FROM bs ORDER BY id;
SELECT id FROM bs WHERE LEFT(d, 1) = x'C3';
SELECT id, CHAR_LENGTH(CONCAT(d, 'é')), CONCAT(d, '') = 'ea', CONCAT(d, '') = 'EA', ORD(d), ORD(b) FROM bs ORDER BY id;
SELECT id, HEX(REPLACE(d, 'é', 'x')), HEX(CONCAT_WS(x'C3', d, 'é')), HEX(ELT(1, d, 'b')), HEX(SUBSTRING_INDEX(d, x'89', 1)) FROM bs ORDER BY id;
SELECT id FROM bs WHERE REPLACE(d, 'z', 'y') = 'ea';
SELECT id FROM bs WHERE CONCAT_WS('', d) = 'EA ';
SELECT id, CONCAT(d, 'x'), LEFT(d, 2), SUBSTRING(b, 1, 1) FROM bs WHERE id > 1 ORDER BY id;
-- SOUNDEX keeps a non-ASCII first letter as written (soundex_toupper).
SELECT SOUNDEX('é'), SOUNDEX('Éa'), SOUNDEX('ßa'), SOUNDEX('aé'), SOUNDEX(' ébert'), SOUNDEX('1ö2'), SOUNDEX('Ölaf');
-- VALUES(col) in the ODKU of INSERT ... SELECT is the SELECT's value for
-- col (Myriad refused it with 1105).
CREATE TABLE ou (id INT PRIMARY KEY, v INT, c INT DEFAULT 0);
CREATE TABLE os (id INT, v INT);
INSERT INTO os VALUES (1, 10), (2, 20), (1, 30);
INSERT INTO ou (id, v) SELECT id, v FROM os ON DUPLICATE KEY UPDATE v = VALUES(v) + ou.v, c = c + 1;
SELECT * FROM ou ORDER BY id;
INSERT INTO ou (v, id) SELECT v * 2, id FROM os WHERE id = 2 ON DUPLICATE KEY UPDATE v = VALUES(v), c = VALUES(id) + c;
SELECT * FROM ou ORDER BY id;
INSERT INTO ou (id, v) SELECT os.id, SUM(os.v) FROM os GROUP BY os.id ON DUPLICATE KEY UPDATE v = VALUES(v) - v;
SELECT * FROM ou ORDER BY id;
INSERT INTO ou (id, v) SELECT id, v FROM os UNION ALL SELECT 3, 3 ON DUPLICATE KEY UPDATE c = IF(VALUES(v) > 15, 100, c);
SELECT * FROM ou ORDER BY id;
INSERT INTO ou (id, v) SELECT id, v FROM os WHERE id = 1 LIMIT 1 ON DUPLICATE KEY UPDATE ou.c = ou.c + VALUES(v);
SELECT * FROM ou ORDER BY id;
INSERT INTO ou (id, v) WITH w AS (SELECT id, v FROM os) SELECT id, v FROM w ON DUPLICATE KEY UPDATE v = VALUES(v);
SELECT * FROM ou ORDER BY id;
-- A DECIMAL read as a TIME keeps its fraction ([H]HMMSS.ffffff): GMS
-- took the integer part (1.25 into a TIME(6) column was 00:00:01.000000,
-- TIME(1.25) 00:00:01.00, SECOND(12.75) right but MICROSECOND 0).
SELECT CAST(1.25e0 AS TIME(6)), CAST(12.000001 AS TIME(6)), CAST(99.5 AS TIME), CAST(8385959.5 AS TIME);
-- mysql-differs: MariaDB 10.11 truncates the fraction; MySQL 8.0 rounds it (TIME_TRUNCATE_FRACTIONAL off)
-- expect: 00:01:24 | 00:00:01.3 | -00:00:01.3
SELECT CAST(123.5 AS TIME), CAST(1.25 AS TIME(1)), CAST(-1.25 AS TIME(1));
CREATE TABLE tq (id INT PRIMARY KEY, t TIME, t6 TIME(6));
INSERT INTO tq VALUES (1, 123.4, 1.25), (2, 12, 12.000001), (3, NULL, -0.000001);
SELECT * FROM tq ORDER BY id;
SELECT id FROM tq WHERE t6 = 1.25;
UPDATE tq SET t6 = 2.5 WHERE id = 1;
SELECT t6 FROM tq WHERE id = 1;
SELECT TIME(1.25), TIME(123.5), HOUR(1.5), SECOND(12.75), MICROSECOND(1.25), MINUTE(130.5), TIME(NULL);
-- SUBSTRING(str FROM pos) without FOR was a syntax error (1064).
SELECT SUBSTRING('abcde' FROM 2), SUBSTRING('abcde' FROM -2), SUBSTRING('abcde' FROM 2 FOR 2), SUBSTRING('abcde' FROM (-2)), SUBSTR('abcde' FROM -3 FOR 2), MID('abcde' FROM 3);
SELECT SUBSTRING(CONCAT('a', 'bcd') FROM 1 + 1), SUBSTRING((SELECT 'xyz' FROM DUAL) FROM 2), SUBSTRING('a,b' FROM 2);
SELECT id, SUBSTRING(t FROM 2), SUBSTR(t FROM -1) FROM bs ORDER BY id;
SELECT MID('abcde' FROM 2 FOR 2), MID('abcde' FROM -3 FOR 1);
-- JSON_SEARCH walks objects in MySQL's member order (key length, then
-- bytes) and only over strings; GMS walked Go's random map order, so the
-- path of 'one' and the order of 'all' changed from call to call.
SELECT JSON_SEARCH('{"a":["x","y"],"b":"x"}', 'all', 'x'), JSON_SEARCH('["a%"]', 'one', 'a\\%'), JSON_SEARCH('["ab"]', 'one', 'A_');
SELECT JSON_SEARCH('[["x"],{"k":"x"}]', 'all', 'x', NULL, '$[1]'), JSON_SEARCH('{"a":["x","xy"],"b":{"a":"x"}}', 'all', 'x%', NULL, '$**.a'), JSON_SEARCH('{"a":"x"}', 'all', 'x', NULL, '$.a', '$');
SELECT JSON_SEARCH('["x"]', 'one', 'y'), JSON_SEARCH('["x"]', 'one', NULL), JSON_SEARCH('["x|"]', 'one', 'x||', '|'), JSON_SEARCH('"abc"', 'one', 'abc');
-- mysql-differs: MariaDB keeps the document's member order; MySQL stores members by key length, then bytes
-- expect: "$.a" | ["$.a", "$.c.d", "$.bb"]
SELECT JSON_SEARCH('{"bb":"x","a":"x","c":{"d":"x"}}', 'one', 'x'), JSON_SEARCH('{"bb":"x","a":"x","c":{"d":"x"}}', 'all', 'x');
-- mysql-differs: MySQL quotes a member name that is no identifier in a path; MariaDB prints it bare
-- expect: ["$.\"1\"", "$.\"a b\""]
SELECT JSON_SEARCH('{"a b":"x","1":"x"}', 'all', 'x');
-- mysql-differs: MySQL's JSON_SEARCH matches strings only (find_matches); MariaDB matches numbers too
-- expect: "$.b[1]"
SELECT JSON_SEARCH('{"a":1,"b":[1,"1"]}', 'all', '1');
-- TIMEDIFF reads a 'D hh:mm:ss' string as the TIME it is (was NULL).
SELECT TIMEDIFF('1 01:00:00', '01:00:00'), TIMEDIFF('10:00', '1 00:00'), TIMEDIFF('2 0:0:0.5', '-1 0:0:0'), TIMEDIFF('1 01:00:00', '2024-01-01 10:00:00');
SELECT TIMEDIFF('2024-01-02 00:00:00', '2024-01-01 12:00:00'), TIMEDIFF('10:00', '2024-01-01 10:00'), TIMEDIFF(TIME'10:00:00', '1 00:00:00'), TIMEDIFF(NULL, '1 00:00');
SELECT TIMEDIFF('12:00:00', '10:30:00.5'), TIMEDIFF('-1:00', '1:00'), TIMEDIFF('838:00:00', '-838:00:00');
-- AES_ENCRYPT/AES_DECRYPT (aes-128-ecb, MySQL's default) were missing (1305).
SELECT HEX(AES_ENCRYPT('text', 'key')), HEX(AES_ENCRYPT('', 'k')), HEX(AES_ENCRYPT('0123456789abcdef', 'a very long key that is more than sixteen bytes'));
SELECT AES_DECRYPT(AES_ENCRYPT('secret é', 'pw'), 'pw'), AES_DECRYPT('short', 'k'), AES_ENCRYPT(NULL, 'k'), AES_ENCRYPT('a', NULL);
SELECT HEX(AES_ENCRYPT(123, 456)), CAST(AES_DECRYPT(AES_ENCRYPT(1.5, 'k'), 'k') AS CHAR), LENGTH(AES_ENCRYPT(REPEAT('a', 33), 'k'));
-- A FLOAT(M,D)/DOUBLE(M,D) column read as a string has D decimals
-- (Field_double::val_str): CONCAT(f) was '1.5' and WHERE f LIKE '10.00'
-- found no row.
CREATE TABLE fd (id INT PRIMARY KEY, f DOUBLE(10,2), g FLOAT(7,3), h DOUBLE);
INSERT INTO fd VALUES (1, 1.5, 2.25, 1.5), (2, 10, -0.5, 10), (3, 123.456, 1, 0.1), (4, NULL, NULL, NULL);
SELECT CONCAT(f), LENGTH(f), f LIKE '10.00', CONCAT(g), UPPER(f), SUBSTRING(f, 1), CAST(f AS CHAR), f = '10.00', CONCAT(h) FROM fd ORDER BY id;
SELECT GROUP_CONCAT(f ORDER BY id), GROUP_CONCAT(g ORDER BY id SEPARATOR ';') FROM fd;
SELECT id FROM fd WHERE f LIKE '%.00' ORDER BY id;
SELECT id FROM fd WHERE CONCAT(f) = '1.50';
SELECT id, CONCAT_WS('-', f, g), REPLACE(f, '.', ','), LPAD(f, 8, '*'), SUBSTRING('abcdefghijklmnop', f), FORMAT(f, 3), HEX(f), ROUND(f, 1) FROM fd ORDER BY id;
SELECT id, f REGEXP '^1\\.50$', LOCATE('.', f), INSTR(f, '0'), QUOTE(f), LEFT(f, 3), RIGHT(g, 3), CAST(f AS CHAR(3)) FROM fd ORDER BY id;
SELECT CONCAT(a.f, ':', b.g) FROM fd a JOIN fd b ON a.id = b.id ORDER BY a.id;
SELECT (SELECT CONCAT(f) FROM fd x WHERE x.id = fd.id) FROM fd ORDER BY id;
SELECT CONCAT(f) c, COUNT(*) FROM fd GROUP BY c ORDER BY c;
-- An INT ZEROFILL column read as a string is padded to its width.
CREATE TABLE zfi (id INT PRIMARY KEY, a INT(5) ZEROFILL, b TINYINT(3) ZEROFILL);
INSERT INTO zfi VALUES (1, 42, 7), (2, 123456, 255), (3, NULL, 0);
SELECT id, a, CONCAT(a), LENGTH(a), a LIKE '000%', LPAD(a, 7, 'x'), CONCAT(b, '|'), CAST(b AS CHAR) FROM zfi ORDER BY id;
SELECT id FROM zfi WHERE CONCAT(a) = '00042';
-- A BIT column read as a string is its bytes (Field_bit::val_str): LENGTH
-- of a BIT(8) is 1 (was 3, the decimal digits), CONCAT gives the byte.
CREATE TABLE btc (id INT PRIMARY KEY, b8 BIT(8), b12 BIT(12), b1 BIT(1));
INSERT INTO btc VALUES (1, 255, 4095, 1), (2, 65, 256, 0), (3, NULL, NULL, NULL);
SELECT id, LENGTH(b8), HEX(CONCAT(b8)), HEX(CONCAT(b12)), LENGTH(b12), CHAR_LENGTH(b1), HEX(b8), HEX(b12), b8 + 0, CONCAT(b8) = 'A', b8 LIKE 'A' FROM btc ORDER BY id;
SELECT id, HEX(UPPER(b8)), HEX(LEFT(b12, 1)), HEX(REVERSE(b12)), HEX(CAST(b12 AS BINARY)), BIN(b12), OCT(b8) FROM btc ORDER BY id;
SELECT id FROM btc WHERE CONCAT(b8) = 'A';
SELECT HEX(GROUP_CONCAT(b8 ORDER BY id)) FROM btc;
-- CONCAT of bytes that are no UTF-8 is binary (was 1366).
SELECT HEX(CONCAT(x'FF', '')), HEX(CONCAT(_binary'a', x'FF', 1, 2.5)), HEX(CONCAT(CAST(x'FF' AS BINARY))), CONCAT(_binary'a', NULL);
-- An unqualified column two joined tables share is ambiguous (1052) in a
-- grouped SELECT too; GMS read it from the first table.
CREATE TABLE amt (id INT PRIMARY KEY, a INT, x INT);
CREATE TABLE amu (id INT PRIMARY KEY, a INT, y INT);
INSERT INTO amt VALUES (1, 10, 1), (2, 20, 2);
INSERT INTO amu VALUES (1, 100, 5), (2, 200, 6);
SELECT SUM(a) FROM amt JOIN amu ON amt.id = amu.id;
SELECT a, COUNT(*) FROM amt JOIN amu ON amt.id = amu.id GROUP BY amt.a;
SELECT amt.a, COUNT(*) FROM amt JOIN amu ON amt.id = amu.id GROUP BY a;
SELECT amt.a AS a, COUNT(*) FROM amt JOIN amu ON amt.id = amu.id GROUP BY a ORDER BY a;
SELECT COUNT(*) FROM amt JOIN amu ON amt.id = amu.id GROUP BY a;
SELECT COUNT(*) FROM amt JOIN amu ON amt.id = amu.id GROUP BY amt.id HAVING MAX(a) > 0;
SELECT SUM(x), SUM(y) FROM amt JOIN amu ON amt.id = amu.id;
SELECT SUM(a) FROM amt JOIN amu USING (id, a);
SELECT SUM(a) FROM amt NATURAL JOIN amu;
SELECT SUM(x) FROM amt JOIN amu ON amt.id = amu.id ORDER BY id;
SELECT SUM(a) FROM amt t1 JOIN amt t2 ON t1.id = t2.id;
SELECT (SELECT SUM(a) FROM amu) FROM amt ORDER BY id;
SELECT SUM(a) FROM amt WHERE id IN (SELECT id FROM amu);
SELECT SUM(a) FROM amt JOIN (SELECT id, y FROM amu) d ON amt.id = d.id;
SELECT SUM(a) FROM amt JOIN (SELECT id, a FROM amu) d ON amt.id = d.id;
SELECT SUM(a) FROM amt, amu WHERE amt.id = amu.id;
-- A strict INSERT of a string too long only by trailing spaces stores it
-- cut (Note 1265; a CHAR silently): GMS refused it with 1406.
CREATE TABLE sps (id INT PRIMARY KEY AUTO_INCREMENT, vc VARCHAR(3), c CHAR(3), vb VARBINARY(3));
INSERT INTO sps (vc) VALUES ('abc ');
INSERT INTO sps (vc) VALUES ('ab  '), ('é   ');
INSERT INTO sps (vc) VALUES ('abcd');
INSERT INTO sps (vc) VALUES ('abc x');
INSERT INTO sps (c) VALUES ('abc   ');
INSERT INTO sps (vb) VALUES ('abc ');
SELECT id, CONCAT('[', vc, ']'), CONCAT('[', c, ']'), HEX(vb) FROM sps ORDER BY id;
-- A DATETIME text read as a TIME is its time of day (str_to_time tries a
-- text of 12 characters or more as a DATETIME first): stored into a TIME
-- column it was refused (1105), in LEAST/GREATEST it was NULL.
CREATE TABLE tdt (id INT PRIMARY KEY, t TIME, t2 TIME(2));
INSERT INTO tdt VALUES (1, '2024-01-01 10:11:12', '2024-1-1T01:02');
INSERT INTO tdt VALUES (2, '20240101101112', NULL);
SELECT * FROM tdt ORDER BY id;
SELECT id, t = '2024-05-05 10:11:12', LEAST(t, '2024-01-01 00:00:00'), GREATEST(t, '2024-01-01 23:00:00') FROM tdt ORDER BY id;
UPDATE tdt SET t = '1999-12-31 23:59:59' WHERE id = 2;
SELECT t FROM tdt WHERE id = 2;
-- CAST(x AS CHAR(n)) keeps n characters, not n bytes (with warning 1292).
SELECT CAST('ééé' AS CHAR(2)), CAST('abcdef' AS CHAR(3)), CONVERT('ééé', CHAR(1)), CAST('é' AS CHAR(1)), CAST(123456 AS CHAR(3)), CAST('ab' AS CHAR(5));
CREATE TABLE ccn (id INT PRIMARY KEY, s VARCHAR(10));
INSERT INTO ccn VALUES (1, 'ñandú'), (2, 'ab'), (3, NULL);
SELECT id, CAST(s AS CHAR(3)), LENGTH(CAST(s AS CHAR(3))), CONVERT(s, CHAR(1)) FROM ccn ORDER BY id;
SELECT id FROM ccn WHERE CAST(s AS CHAR(2)) = 'ña';
-- A date alone read as a TIME is its leading digits (str_to_time: a text
-- shorter than 12 characters is a TIME): TIME('2020-10-24') is 00:20:20.
SELECT TIME('2020-10-24'), CAST('2020-10-24' AS TIME), TIME('2020-10-24 10:11:12'), CAST('0000-00-00' AS TIME), TIME('24-1-1'), HOUR('2020-10-24'), MINUTE('2020-10-24');
-- The oracles' NoREC finding (seed 1795916938923067366): a LIKE 'a%' over
-- a CASE whose condition compares PAD SPACE strings; GMS's prefix range
-- kept the comparison inside the CASE unpadded ('a' = 'a ' false).
CREATE TABLE nrl (id INT PRIMARY KEY, c VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO nrl VALUES (4, 'a'), (11, 'a '), (12, 'a'), (13, 'b');
SELECT id FROM (SELECT id, c, LAG(c) OVER (PARTITION BY c ORDER BY id) AS w FROM nrl) d WHERE (CASE WHEN w = c THEN w END) LIKE 'a%' ORDER BY id;
SELECT COUNT(*) FROM (SELECT id, c, LAG(c) OVER (PARTITION BY c ORDER BY id) AS w FROM nrl) d WHERE (CASE WHEN w <> c THEN NULL ELSE w END) LIKE 'a%';
SELECT id FROM nrl WHERE (CASE WHEN c = 'a' THEN c END) LIKE 'a%' ORDER BY id;
