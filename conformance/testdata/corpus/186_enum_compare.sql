-- An ENUM or SET compared with a string compares the member's text under the
-- column's collation, with a number its index (GMS compared indexes for
-- both: e < 'm' on ENUM('zz','a','m') held for 'zz', e = '1' matched 'zz').
-- ORDER BY stays by index, as MySQL's.
CREATE TABLE ec (id INT PRIMARY KEY, e ENUM('zz','a','m','B'), s SET('q','b','a'), v VARCHAR(5), KEY ke (e));
INSERT INTO ec VALUES (1, 'zz', 'q', 'n'), (2, 'a', 'a,b', 'b'), (3, 'm', '', 'a'), (4, 'B', 'b', 'c'), (5, NULL, NULL, NULL);
SELECT id FROM ec WHERE e < 'm' ORDER BY id;
SELECT id FROM ec WHERE e > 'b' ORDER BY id;
SELECT id FROM ec WHERE e <= 'b' ORDER BY id;
SELECT id FROM ec WHERE e >= 'zz' ORDER BY id;
SELECT id FROM ec WHERE e BETWEEN 'a' AND 'n' ORDER BY id;
SELECT id FROM ec WHERE e NOT BETWEEN 'a' AND 'n' ORDER BY id;
SELECT id FROM ec WHERE e <> 'a' ORDER BY id;
SELECT id FROM ec WHERE e = '1' ORDER BY id;
SELECT id FROM ec WHERE e = 'b' ORDER BY id;
SELECT id FROM ec WHERE e IN ('m', 'b', 'x') ORDER BY id;
SELECT id FROM ec WHERE e NOT IN ('a', '2') ORDER BY id;
SELECT id FROM ec WHERE e = 2 ORDER BY id;
SELECT id FROM ec WHERE e < 3 ORDER BY id;
SELECT id, e < 'm', e > 'b', e BETWEEN 'a' AND 'n', e IN ('zz', '3'), e = 'A', e <=> 'm' FROM ec ORDER BY id;
SELECT id, s = 'a,b', s = 'b,a', s < 'b', s > 'a', s IN ('q', 'b'), s = '' FROM ec ORDER BY id;
SELECT id FROM ec WHERE s < 'b' ORDER BY id;
SELECT id, e FROM ec ORDER BY e, id;
SELECT id FROM ec FORCE INDEX (ke) WHERE e < 'm' ORDER BY id;
SELECT id FROM ec FORCE INDEX (ke) WHERE e >= 'b' AND e < 'zz' ORDER BY id;
SELECT id FROM ec FORCE INDEX (ke) WHERE e = 'm' ORDER BY id;
SELECT COUNT(*) FROM ec WHERE e > 'a';
SELECT id FROM ec WHERE e < v ORDER BY id;
SELECT id FROM ec WHERE e IN (SELECT v FROM ec) ORDER BY id;
SELECT id FROM ec WHERE e > ANY (SELECT 'm') ORDER BY id;
SELECT id, CASE WHEN e < 'm' THEN 1 ELSE 0 END FROM ec ORDER BY id;
