-- uniontype (issue #9): result types of UNION, IF, CASE and CREATE TABLE
-- ... SELECT, aggregated as MySQL 8.0's Item_aggregate_type::join_types
-- and field_types_merge_rules (sql/field.cc) aggregate them.
CREATE TABLE e (id INT PRIMARY KEY, f FLOAT, dbl DOUBLE);
INSERT INTO e VALUES (1, 2.5, 1.5), (2, 0.5, NULL), (3, 0.25, 3.25);
-- A side that is an IF or CASE of an integer and a DECIMAL (Myriad: 1105).
SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT 3;
SELECT CASE WHEN id>1 THEN 1 ELSE 2.5 END FROM e UNION SELECT 3;
SELECT 3 UNION SELECT IF(id>1, 1, 2.5) FROM e;
SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT 1.5;
SELECT IF(id>1, 1, 2.5) FROM e UNION SELECT IF(id>1, 1, 2.55) FROM e;
SELECT IF(id>1, id, f) FROM e UNION SELECT 1;
SELECT CASE WHEN id>1 THEN id ELSE dbl END FROM e UNION ALL SELECT 3 UNION ALL SELECT IF(id>1, 1, 2.5) FROM e;
SELECT CASE WHEN id>1 THEN id ELSE f END x FROM e UNION SELECT 1;
SELECT x FROM (SELECT CASE WHEN id>1 THEN id ELSE f END x FROM e) dt ORDER BY x;
