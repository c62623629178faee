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
