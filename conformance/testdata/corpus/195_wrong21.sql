-- A date or datetime expression compared with a number compares as numbers
-- (YYYYMMDD, YYYYMMDDhhmmss); GMS compared CURDATE()'s text by its numeric
-- prefix (CURDATE() = 20261127 was 0) and a number column with a DATE
-- column as dates.
CREATE TABLE dn (id INT PRIMARY KEY, d DATE, dt DATETIME, n INT);
INSERT INTO dn VALUES (1, '2026-11-27', '2026-11-27 10:30:00', 20261127), (2, '2026-11-28', '2026-11-28 00:00:00', 20261127), (3, NULL, NULL, NULL);
SELECT CURDATE() = CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED), CURDATE() IN (CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED), 1), CURDATE() <=> CAST(DATE_FORMAT(CURDATE(), '%Y%m%d') AS UNSIGNED);
SELECT CURDATE() < 20000101, NOW() > 20000101, CURDATE() BETWEEN 20000101 AND 30000101, CURDATE() > 5;
SELECT DATE_ADD('2026-11-27', INTERVAL 1 DAY) = 20261128, DATE_ADD('2026-11-27', INTERVAL 1 DAY) IN (20261128, 3), DATE('2026-11-27 10:00') <=> 20261127, TIMESTAMP('2026-11-27 10:30:00') = 20261127103000, DATE_ADD('2026-11-27 10:30:00', INTERVAL 1 SECOND) = 20261127103001;
SELECT id, d = n, d < n, d <=> n, d IN (n, 5), d BETWEEN n AND n, DATE_ADD(d, INTERVAL 0 DAY) = n, d = 20261127, dt = 20261127103000 FROM dn ORDER BY id;
SELECT id FROM dn WHERE d = n;
SELECT id FROM dn WHERE DATE(dt) <= n ORDER BY id;
-- mysql-differs: MySQL 8.0 converts a number constant to the type of a field only (Item_bool_func2::convert_constant_arg); a date function against a number compares as DOUBLE (item_cmp_type), where MariaDB compares datetimes
-- expect: 1 | 0 | 0 | 0
SELECT DATE('2026-11-27') < 20261127.5, DATE('2026-11-27') = 20261127000000, TIMESTAMP('2026-11-27 10:30:00') < 20261128, TIMESTAMP('2026-11-27 10:30:00') BETWEEN 20261127 AND 20261128;
-- A simple CASE or a mixed IN whose operand reads a subquery or RAND()
-- compares as the plain-column case (PAD SPACE, string against number as
-- DOUBLE), the operand evaluated once per row; GMS compared them
-- uncorrected.
CREATE TABLE co (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_general_ci, k VARCHAR(10) COLLATE utf8mb4_unicode_ci);
INSERT INTO co VALUES (1, 'a', 'A'), (2, '2.0', 'b'), (3, NULL, NULL);
SELECT id, CASE c WHEN 'a ' THEN 1 WHEN 2 THEN 2 ELSE 0 END, CASE (SELECT c) WHEN 'a ' THEN 1 WHEN 2 THEN 2 ELSE 0 END, CASE (SELECT c FROM co x WHERE x.id = co.id) WHEN 'A ' THEN 'one' WHEN 2 THEN (SELECT COUNT(*) FROM co y WHERE y.id <= co.id) ELSE 'none' END FROM co ORDER BY id;
SELECT id, c IN ('a ', 2), (SELECT c) IN ('a ', 2), (SELECT x.c FROM co x WHERE x.id = co.id) IN ('A ', 2, (SELECT 'zz' FROM co y WHERE y.id = co.id)), (SELECT c) NOT IN ('a ', 2) FROM co ORDER BY id;
SELECT id FROM co WHERE CASE (SELECT k) WHEN 'a' THEN 1 ELSE 0 END = 1 ORDER BY id;
SELECT id FROM co WHERE (SELECT c) IN ('A  ', 2) ORDER BY id;
SELECT CASE FLOOR(RAND()*0) WHEN '0' THEN 'z' WHEN 1 THEN 'o' ELSE 'x' END, CASE CONCAT(FLOOR(RAND()*0), '.0') WHEN 0 THEN 'z' ELSE 'x' END, CONCAT(FLOOR(RAND()*0), '.0') IN (0, 'q');
SELECT id, CASE CONCAT(c, FLOOR(RAND()*0)) WHEN 'a0 ' THEN 'pad' WHEN 2 THEN 'num' ELSE '-' END FROM co ORDER BY id;
SELECT SUM(CASE (SELECT c) WHEN 'a ' THEN 1 ELSE 0 END) FROM co;
