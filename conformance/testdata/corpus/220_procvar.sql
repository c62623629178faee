-- procvar: a procedure's variables and parameters hold their declared
-- type's value (SET, SELECT ... INTO, DEFAULT, IN/OUT binding) and read
-- back typed; MySQL 8.0 and MariaDB 10.11 agree on these. Each CREATE
-- PROCEDURE is one line: the corpus ends a statement at a line's ';'.
CREATE TABLE pvt (id INT PRIMARY KEY, a DECIMAL(6,3), d DATETIME, s VARCHAR(10));
INSERT INTO pvt VALUES (1, 2.7, '2024-01-02 10:00:00', 'abc'), (2, 1.25, '2025-06-07 08:09:10', 'abcdef');
CREATE PROCEDURE pv1() BEGIN DECLARE v INT; SET v = 2.7; SELECT v; END;
CALL pv1();
CREATE PROCEDURE pv2() BEGIN DECLARE v INT; SELECT v; END;
CALL pv2();
-- (Not here: SELECT ... INTO, in server.TestProcedureVariableConversions;
-- after it MariaDB's CALL reports 1 affected row, Myriad 0, MySQL's count
-- not checked.)
CREATE PROCEDURE pv4() BEGIN DECLARE x VARCHAR(3); SELECT s INTO x FROM pvt WHERE id = 2; SELECT x; END;
CALL pv4();
CREATE PROCEDURE pv5() BEGIN DECLARE v INT DEFAULT 1 + 1; DECLARE w VARCHAR(5) DEFAULT CONCAT('a', 'b'); DECLARE m INT DEFAULT (SELECT MAX(id) FROM pvt); SELECT v, w, m; END;
CALL pv5();
CREATE PROCEDURE pv6() BEGIN DECLARE a, b DECIMAL(4,1) DEFAULT 1.25; DECLARE t TINYINT DEFAULT 2.5; SELECT a, b, t; END;
CALL pv6();
CREATE PROCEDURE pv7() BEGIN DECLARE v VARCHAR(3); SET v = 'abcdef'; SELECT v; END;
CALL pv7();
CREATE PROCEDURE pv8() BEGIN DECLARE v INT; SET v = 99999999999; SELECT v; END;
CALL pv8();
CREATE PROCEDURE pv9() BEGIN DECLARE v DATE DEFAULT '2024-01-02'; SELECT v + 1 AS n, v = '2024-01-02' AS e, v; END;
CALL pv9();
CREATE PROCEDURE pv10(IN d DATETIME, IN n INT, IN s VARCHAR(3), OUT o DECIMAL(5,2)) BEGIN SELECT d, n, s, o; SET o = 1.5; END;
CALL pv10('2024-01-02 10:00', 2.7, 'ab', @pvo);
SELECT @pvo;
CALL pv10('2024-01-02 10:00', 2.7, 'abcdef', @pvo);
CREATE PROCEDURE pv11() BEGIN SELECT id, s FROM pvt WHERE d > '2024-06-01'; END;
CALL pv11();
CREATE PROCEDURE pv12() BEGIN DECLARE i INT DEFAULT 0; DECLARE s VARCHAR(20) DEFAULT ''; WHILE i < 3 DO BEGIN DECLARE w INT DEFAULT i * 10; SET s = CONCAT(s, w, ','); SET i = i + 1; END; END WHILE; SELECT s, i; END;
CALL pv12();
