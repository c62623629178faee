-- like9c: x IN (...) with DECIMAL elements compares x with each element
-- exactly (MySQL's in_decimal / cmp_item_decimal), never after rounding x
-- to the element's scale. The randomized oracles' NoREC finding (seed
-- 1795820666853450683): (c0 * c0) NOT IN (0.1, -3) with c0 = 0.25 was
-- false in the select list and true in WHERE.
CREATE TABLE dcin (id INT PRIMARY KEY, c0 DECIMAL(8,2), f DOUBLE, i INT);
INSERT INTO dcin VALUES (1, 0.25, 0.0625, 1), (2, -3.00, 0.1, 7), (3, NULL, NULL, NULL);
SELECT id, (c0 * c0) NOT IN (0.1, -3), (c0 * c0) IN (0.0625, 9), c0 IN (0.3, 7), c0 IN (0.250, -3) FROM dcin ORDER BY id;
SELECT id FROM dcin WHERE (c0 * c0) NOT IN (0.1, -3) ORDER BY id;
SELECT id FROM dcin WHERE c0 IN (0.3, -3.0) ORDER BY id;
SELECT id, f IN (0.1, 7), f IN (0.06, 0.0625), i IN (1.4, 7), i IN (1.0, 2) FROM dcin ORDER BY id;
SELECT id FROM dcin WHERE f NOT IN (0.06, 5) ORDER BY id;
SELECT id, (c0 * c0) IN (NULL, 0.1), (c0 * c0) = ANY (SELECT 0.1), (c0 * c0) NOT IN (SELECT 0.1 UNION SELECT 9) FROM dcin ORDER BY id;

-- like9c: a UNION with its own ORDER BY or LIMIT drops duplicates under
-- its columns' collation too ('a' and 'A' in a _ci column are one row).
CREATE TABLE uo (id INT PRIMARY KEY, a VARCHAR(8) COLLATE utf8mb4_general_ci);
INSERT INTO uo VALUES (1, 'a'), (2, 'A'), (3, 'b'), (4, 'B');
SELECT IFNULL(a, 'q') g FROM uo UNION SELECT 'a' ORDER BY 1;
SELECT a FROM uo UNION SELECT 'c' ORDER BY 1 DESC;
SELECT a FROM uo UNION SELECT 'A' ORDER BY 1 LIMIT 1;
SELECT a FROM uo UNION SELECT 'A' ORDER BY 1 LIMIT 1 OFFSET 1;
SELECT COUNT(*) FROM (SELECT a FROM uo UNION SELECT 'x' LIMIT 5) d;
SELECT id, f IN (0.06250000000000000001, 7), f IN (0.0625000001, 7), f IN (0.1000000000000000055511151231257827, 9) FROM dcin ORDER BY id;
SELECT id FROM dcin WHERE f IN (0.06250000000000000001, 0.1000000000000000055511151231257827) ORDER BY id;
