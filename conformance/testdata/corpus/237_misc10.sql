-- misc10: MIN()/MAX() of ENUM and SET compare the members' text (MySQL's
-- manual, MAX(): "by their string value rather than by the string's
-- relative position in the set"; MIN likewise); GMS compared member
-- numbers. Result types as the reference reports them: VARCHAR without
-- GROUP BY and in a window, the ENUM/SET with GROUP BY.
CREATE TABLE mme (id INT PRIMARY KEY, k INT, s ENUM('b','a','c'), st SET('q','p'));
INSERT INTO mme VALUES (1, 1, 'b', 'p,q'), (2, 1, 'a', ''), (3, 2, 'c', 'q'), (4, 2, NULL, 'p');
SELECT MIN(s), MAX(s), MIN(st), MAX(st) FROM mme;
SELECT MIN(s), MAX(s) FROM mme WHERE id > 1;
SELECT k, MIN(s), MAX(s), MIN(st), MAX(st) FROM mme GROUP BY k ORDER BY k;
SELECT id, MIN(s) OVER (), MAX(st) OVER (PARTITION BY k) FROM mme ORDER BY id;
SELECT MIN(DISTINCT s), MAX(DISTINCT st) FROM mme;
SELECT k, MIN(s) FROM mme GROUP BY k HAVING MIN(s) = 'a';
SELECT (SELECT MAX(s) FROM mme) FROM mme WHERE id = 1;
CREATE TABLE mmn (e ENUM('x','y') NOT NULL, s SET('x','y') NOT NULL);
INSERT INTO mmn VALUES ('y', 'x,y');
SELECT e, s FROM mmn;
