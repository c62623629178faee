-- Session 25 (lead): date arithmetic into year 0, numbers past every DATETIME.
-- mysql-differs: MySQL's get_date_from_daynr makes a day number of year 0 the zero date (MariaDB NULL)
-- expect: 0000-00-00
SELECT DATE_ADD('0001-01-01', INTERVAL -1 DAY);
-- mysql-differs: MySQL's get_date_from_daynr makes a day number of year 0 the zero date (MariaDB NULL)
-- expect: 0000-00-00 10:00:00
SELECT DATE_ADD('0001-01-01 10:00:00', INTERVAL -1 DAY);
-- mysql-differs: MySQL's get_date_from_daynr makes a day number of year 0 the zero date (MariaDB NULL)
-- expect: 0000-00-00
SELECT DATE_ADD(DATE '0001-01-01', INTERVAL -1 DAY);
SELECT DATE_SUB('0001-01-01', INTERVAL 1 YEAR);
SELECT DATE_SUB(DATE '0001-03-01', INTERVAL 1 YEAR);
SELECT DATE_SUB('0001-05-01', INTERVAL 5 MONTH);
SELECT DATE_SUB('0001-05-01 10:00:00', INTERVAL 1 YEAR);
SELECT DATE_ADD(DATE '0001-01-01', INTERVAL -367 DAY);
SELECT DATE_ADD('0000-00-00', INTERVAL 1 DAY);
SELECT CAST('0000-05-05' AS DATE), CAST('0000-01-02' AS DATE);
CREATE TABLE dc (id INT PRIMARY KEY, d DATE, dt DATETIME(2), KEY (d));
INSERT INTO dc VALUES (1, '2026-11-01', '2026-11-01 10:00:00.5'), (2, '1999-01-01', '1999-01-01 00:00:00');
-- mysql-differs: MySQL's convert_constant_item cannot store 1e20 into the DATE column, so it compares as numbers (MariaDB reads it as the zero date)
-- expect: 1 | 0 | 1 | 1
SELECT d < 1e20, d > 1e20, 1e20 > d, dt < 1e20 FROM dc WHERE id = 1;
-- mysql-differs: MySQL's convert_constant_item cannot store 1e20 into the DATE column, so it compares as numbers (MariaDB reads it as the zero date)
-- expect: 2
SELECT COUNT(*) FROM dc WHERE d < 1e20;
SELECT COUNT(*) FROM dc WHERE d < 20000101;
SELECT COUNT(*) FROM dc WHERE d > 19990101;
-- A table option with ALGORITHM=COPY copies the table (rows counted, STORED
-- generated columns over TIMESTAMPs computed again).
CREATE TABLE tgc (id INT AUTO_INCREMENT PRIMARY KEY, ts TIMESTAMP NULL, g VARCHAR(30) AS (CAST(ts AS CHAR)) STORED);
SET time_zone = '+00:00';
INSERT INTO tgc (ts) VALUES ('2024-01-01 10:00:00'), ('2024-06-01 10:00:00');
SET time_zone = '+05:00';
ALTER TABLE tgc COMMENT 'x', ALGORITHM=COPY;
SELECT g FROM tgc ORDER BY id;
SET time_zone = '+03:00';
ALTER TABLE tgc AUTO_INCREMENT = 100, ALGORITHM=COPY;
SELECT g FROM tgc ORDER BY id;
SET time_zone = '+02:00';
ALTER TABLE tgc CHARACTER SET utf8mb4, ALGORITHM=COPY;
SELECT g FROM tgc ORDER BY id;
ALTER TABLE tgc COMMENT 'y';
INSERT INTO tgc (ts) VALUES (NULL);
SELECT MAX(id) FROM tgc;
SET time_zone = '+00:00';
-- A BIGINT column vs a string constant with text after its number: DOUBLEs.
CREATE TABLE bbt (id INT PRIMARY KEY, b BIGINT, KEY kb (b));
INSERT INTO bbt VALUES (1, 9007199254740993), (2, 9007199254740992), (3, 9007199254740994);
-- mysql-differs: MySQL's convert_constant_item keeps only a constant the column stores without a warning, so it compares DOUBLEs (MariaDB compares DECIMALs)
-- expect: 1,2
SELECT GROUP_CONCAT(id ORDER BY id) FROM bbt WHERE b = '9007199254740993abc';
-- mysql-differs: MySQL's convert_constant_item keeps only a constant the column stores without a warning, so it compares DOUBLEs (MariaDB compares DECIMALs)
-- expect: 1,2
SELECT GROUP_CONCAT(id ORDER BY id) FROM bbt IGNORE INDEX (kb) WHERE '9007199254740993abc' = b;
SELECT GROUP_CONCAT(id ORDER BY id) FROM bbt WHERE b = '9007199254740994x';
SELECT GROUP_CONCAT(id ORDER BY id) FROM bbt WHERE b = '9007199254740993';
-- A date function's string result in numeric context is the date's number.
SELECT DATE_ADD('2024-01-01', INTERVAL 1 DAY) + 0, DATE_ADD('2024-01-01 10:00:00.5', INTERVAL 1 DAY) + 0;
SELECT -DATE_ADD('2024-01-01', INTERVAL 1 DAY), ABS(DATE_SUB('2024-01-03', INTERVAL 1 DAY)), DATE_ADD('2024-01-01', INTERVAL 1 DAY) DIV 100;
SELECT ADDTIME('2024-01-01 10:00:00', '1:00') + 0, ADDTIME('10:00:00', '1:00') + 0, SUBTIME('2024-01-01 10:00:00', '1:00') * 1;
SELECT TIMESTAMPADD(DAY, 1, '2024-01-01') + 0, SUM(DATE_ADD('2024-01-01', INTERVAL 1 DAY)), FLOOR(DATE_ADD('2024-01-01', INTERVAL 1 DAY));
SELECT CAST(DATE_ADD('2024-01-01', INTERVAL 1 DAY) AS DECIMAL(12,2)), DATE_ADD('2024-01-01', INTERVAL 1 DAY) = 20240102;
-- mysql-differs: MySQL's Item_temporal_hybrid_func reads val_int from the date's decimal (MariaDB takes the text's prefix, 2024)
-- expect: 20240102
SELECT CAST(DATE_ADD('2024-01-01', INTERVAL 1 DAY) AS SIGNED);
-- JSON dates and times keep their type (MariaDB's JSON is text: its JSON_TYPE says STRING).
-- mysql-differs: MySQL's JSON keeps a DATE/TIME/DATETIME scalar's type (MariaDB's JSON is text)
-- expect: DATE | TIME | DATETIME
SELECT JSON_TYPE(JSON_EXTRACT(JSON_ARRAY(DATE '2026-11-01'), '$[0]')), JSON_TYPE(JSON_EXTRACT(JSON_ARRAY(TIME '10:00:00'), '$[0]')), JSON_TYPE(JSON_EXTRACT(JSON_ARRAY(TIMESTAMP '2026-11-01 10:00:00'), '$[0]'));
-- mysql-differs: MySQL compares a JSON DATE with a JSON string by type, unequal (MariaDB's JSON is text)
-- expect: 0
SELECT JSON_ARRAY(DATE '2026-11-01') = JSON_ARRAY('2026-11-01');
SELECT JSON_UNQUOTE(JSON_EXTRACT(JSON_OBJECT('t', DATE '2026-11-01'), '$.t')), JSON_VALUE(JSON_OBJECT('t', DATE '2026-11-01'), '$.t');
SELECT JSON_MERGE_PATCH(JSON_OBJECT('n', 1.50, 's', 'x'), '{"s": null, "z": 1}');
SELECT JSON_MERGE_PATCH('{"a":1,"b":2}', '{"b":null,"c":{"d":null,"e":[1]}}'), JSON_MERGE_PATCH('[1]', '{"a":1}', '[2]'), JSON_MERGE_PATCH('{"a":1}', NULL);
CREATE TABLE jt (id INT PRIMARY KEY, d DATE, doc JSON);
INSERT INTO jt VALUES (1, '2026-11-01', JSON_OBJECT('t', DATE '2026-11-01', 's', 'x'));
-- mysql-differs: MySQL's JSON keeps its object keys sorted (MariaDB's JSON is the text as written)
-- expect: {"s": "x", "t": "2026-11-01"} | 2026-11-01
SELECT doc, JSON_UNQUOTE(JSON_EXTRACT(doc, '$.t')) FROM jt;
SELECT t.t, t.s FROM jt, JSON_TABLE(jt.doc, '$' COLUMNS (t DATE PATH '$.t', s VARCHAR(10) PATH '$.s')) AS t;
-- GROUP_CONCAT's ORDER BY sorts JSON values in JSON's order.
CREATE TABLE jg (id INT PRIMARY KEY, doc JSON);
INSERT INTO jg VALUES (1, '"b"'), (2, '1'), (3, '[1]'), (4, 'true');
-- mysql-differs: MySQL orders JSON values by JSON type then value (numbers < strings < arrays < booleans); MariaDB's JSON is text
-- expect: 2,1,3,4
SELECT GROUP_CONCAT(id ORDER BY doc) FROM jg;
-- mysql-differs: MySQL orders JSON values by JSON type then value (numbers < strings < arrays < booleans); MariaDB's JSON is text
-- expect: 2
-- expect: 1
-- expect: 3
-- expect: 4
SELECT id FROM jg ORDER BY doc;
-- String functions of a latin1 column are latin1: LENGTH counts its bytes.
CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(20) CHARACTER SET latin1);
INSERT INTO l1 VALUES (1, 'éé');
SELECT LENGTH(REPLACE(v, 'x', 'y')), LENGTH(LPAD(v, 4, 'a')), LENGTH(RPAD(v, 4, 'a')), LENGTH(LEFT(v, 1)), LENGTH(RIGHT(v, 1)), LENGTH(REPEAT(v, 2)), LENGTH(INSERT(v, 1, 1, 'x')) FROM l1;
SELECT LENGTH(SUBSTRING_INDEX(v, 'x', 1)), LENGTH(ELT(1, v)), HEX(REPLACE(v, 'x', 'y')), REPLACE(v, 'é', 'ü'), LPAD(v, 4, 'a') FROM l1;
