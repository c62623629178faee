-- lead (session 16): LIKE ... ESCAPE '' is the default escape, a backslash
-- (GMS: a panic answered 1105); two characters and a per-row escape are
-- MySQL's 1210.
CREATE TABLE lk (id INT PRIMARY KEY, s VARCHAR(10), e VARCHAR(2), KEY (s));
INSERT INTO lk VALUES (1, 'a_c', ''), (2, 'abc', '|'), (3, 'a%', NULL);
SELECT 'abc' LIKE 'a%' ESCAPE '', 'a_c' LIKE 'a\\_c' ESCAPE '', 'abc' LIKE 'a\\_c' ESCAPE '';
SELECT id FROM lk WHERE s LIKE 'a%' ESCAPE '' ORDER BY id;
SELECT id FROM lk WHERE s LIKE 'a\\_c' ESCAPE '' ORDER BY id;
SELECT id FROM lk WHERE s NOT LIKE 'a\\%' ESCAPE '' ORDER BY id;
SELECT 'x' LIKE 'x' ESCAPE NULL, 'a%' LIKE 'a|%' ESCAPE '|', 'ab' LIKE 'a|%' ESCAPE '|';
SELECT 'ab' LIKE 'a_' ESCAPE 'ab';
SELECT id FROM lk WHERE s LIKE 'a|%' ESCAPE e;
