-- wrong24 (issue #9): identical rows of a keyless table in a multi-table
-- DELETE's count, string functions over DECIMAL and DATETIME(n), CURDATE()'s
-- type, dates against DECIMAL columns, the row of a multi-row INSERT's 1264.
CREATE TABLE kp (id INT);
CREATE TABLE kc (pid INT);
INSERT INTO kp VALUES (1), (1), (2), (3), (3);
INSERT INTO kc VALUES (1), (2), (2), (3), (3);
DELETE kp, kc FROM kp JOIN kc ON kc.pid = kp.id WHERE kp.id = 1;
SELECT ROW_COUNT();
DELETE kp, kc FROM kp JOIN kc ON kc.pid = kp.id WHERE kp.id = 2;
DELETE kp FROM kp JOIN kc ON kc.pid = kp.id;
SELECT id FROM kp ORDER BY id;
SELECT pid FROM kc ORDER BY pid;

CREATE TABLE st (id INT PRIMARY KEY, x INT, d DECIMAL(10,2), dt DATETIME(6), d3 DATETIME(3), dd DATE);
INSERT INTO st VALUES (1, 1, 1.10, '2024-01-01 00:00:00.100000', '2024-01-01 00:00:00.120', '2024-01-01'), (2, 2, 2.25, '2024-01-01 00:00:01', '2024-01-01 00:00:01', '2024-01-02');
SELECT CONCAT_WS(',', AVG(x), AVG(d)), LENGTH(AVG(x)), CHAR_LENGTH(AVG(d)), SUBSTRING(AVG(x), 1, 10), LEFT(AVG(x), 3), REPLACE(AVG(x), '.', ','), LPAD(AVG(x), 8, '*'), UPPER(AVG(x)), REVERSE(AVG(x)) FROM st;
SELECT AVG(x) LIKE '1.5000', QUOTE(AVG(x)), REGEXP_REPLACE(AVG(x), '0', 'z'), COALESCE(AVG(x), 'a'), LOCATE('0', AVG(x)), MD5(AVG(x)), HEX(AVG(x)), LPAD('a', AVG(x) + 1, '*') FROM st;
SELECT CONCAT_WS(',', dt, d3, dd), LENGTH(dt), CHAR_LENGTH(d3), SUBSTRING(dt, 12), REPLACE(dt, '-', '/'), RPAD(d3, 25, '*'), LENGTH(dd), HEX(dd), QUOTE(dt) FROM st ORDER BY id;
SELECT GROUP_CONCAT(dt ORDER BY dt DESC), GROUP_CONCAT(d3 ORDER BY id), GROUP_CONCAT(d ORDER BY d DESC) FROM st;
SELECT LENGTH(CAST('2024-01-01 00:00:00.100000' AS DATETIME(6))), CONCAT_WS('|', CAST('2024-01-01' AS DATE), 1/3);

SELECT CURDATE(), CURRENT_DATE, CURDATE() = DATE(NOW()), LENGTH(CURDATE()), CURDATE() + INTERVAL 0 DAY = CURDATE();
SELECT CURDATE() IN (CURDATE() + 0, '2000-01-01'), CURDATE() IN ('2000-01-01', CURDATE() + 0), CURDATE() IN (1, DATE_FORMAT(CURDATE(), '%Y-%m-%d')), CURDATE() IN (1, 2), CURDATE() IN (1, NULL, '2000-01-01'), CURDATE() = CURDATE() + 0, CURRENT_DATE = DATE_FORMAT(NOW(), '%Y-%m-%d');

-- A date or datetime against a DECIMAL column: MySQL compares a temporal
-- with a non-constant number as numbers (YYYYMMDD, YYYYMMDDhhmmss).
CREATE TABLE dn (id INT PRIMARY KEY, dc DECIMAL(20,6), dd DATE);
INSERT INTO dn VALUES (1, 240101, '2024-01-01'), (2, 20240101, '2024-01-01'), (3, 20240101.5, '2024-01-01'), (4, 20240101000000, '2024-01-01');
-- mysql-differs: MySQL 8.0 compares a temporal with a non-constant number as DOUBLE (manual 14.3 "Type Conversion in Expression Evaluation": only a temporal column against a constant converts the constant; "In all other cases, the arguments are compared as floating-point (double-precision) numbers"); MariaDB compares as datetimes (240101 is 2024-01-01 to it)
-- expect: 1 | 0 | 0 | 0 | 0
-- expect: 2 | 1 | 1 | 0 | 0
-- expect: 3 | 0 | 0 | 1 | 0
-- expect: 4 | 0 | 0 | 1 | 1
SELECT id, CAST('2024-01-01' AS DATE) = dc, dd = dc, dd < dc, TIMESTAMP('2024-01-01') = dc FROM dn ORDER BY id;

CREATE TABLE ir (a TINYINT, b INT UNSIGNED, d DECIMAL(4,2));
INSERT INTO ir VALUES (1, 1, 1), (2, 2, 2), (300, 3, 3);
INSERT INTO ir (b, a) VALUES (1, 1), (-2, 2);
INSERT INTO ir (d) VALUES (1), (2), (123.4);
SELECT COUNT(*) FROM ir;

-- wrong24b: LOCATE/POSITION/INSTR aggregate their strings' collations as a
-- comparison does: two columns of different collations are 1267.
CREATE TABLE lc (a VARCHAR(10) COLLATE utf8mb4_general_ci, b VARCHAR(10) COLLATE utf8mb4_unicode_ci);
INSERT INTO lc VALUES ('x', 'yx');
SELECT LOCATE(a, b) FROM lc;
SELECT POSITION(a IN b) FROM lc;
SELECT INSTR(a, b) FROM lc;
SELECT LOCATE('x' COLLATE utf8mb4_general_ci, 'yx' COLLATE utf8mb4_unicode_ci);
SELECT LOCATE('x', b), INSTR(b, a COLLATE utf8mb4_unicode_ci), LOCATE(a, b COLLATE utf8mb4_general_ci) FROM lc;
