-- ENUM and SET values read by string functions, LIKE and REGEXP as their
-- members' text (GMS handed them the stored index or bit set: CONCAT(e)
-- was '2', LENGTH(e) 1, e LIKE 'y%' 0).
CREATE TABLE es (id INT PRIMARY KEY, e ENUM('x','yy','zzz'), s SET('p','qq','r'));
INSERT INTO es VALUES (1, 'yy', 'p,qq'), (2, 'x', ''), (3, NULL, NULL), (4, 'zzz', 'r,p');
SELECT id, CONCAT('[', e, '|', s, ']'), UPPER(e), LOWER(s), LENGTH(e), CHAR_LENGTH(s) FROM es ORDER BY id;
SELECT id, CONCAT_WS(',', e, s), LEFT(e, 1), SUBSTRING(s, 2), REPLACE(e, 'y', 'w'), REVERSE(s) FROM es ORDER BY id;
SELECT id, e LIKE 'y%', s LIKE '%q%', e REGEXP '^z', e NOT LIKE 'x' FROM es ORDER BY id;
SELECT id, LOCATE('q', s), INSTR(s, 'r'), HEX(e), MD5(e), STRCMP(e, 'yy') FROM es ORDER BY id;
SELECT id, COALESCE(e, 'none'), IFNULL(s, 'none'), IFNULL(e, 1), COALESCE(NULL, s), REPEAT(e, 2), LPAD(e, 4, '-'), TRIM(e) FROM es ORDER BY id;
SELECT id, e = 'yy', e IN ('x', 'zzz') FROM es ORDER BY id;
SELECT id FROM es WHERE CONCAT(e, s) LIKE '%p%' ORDER BY id;
SELECT CONCAT(e, '-') AS c, COUNT(*) FROM es GROUP BY CONCAT(e, '-') ORDER BY c;
