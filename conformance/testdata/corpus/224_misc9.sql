-- misc9: CASE/IF/IFNULL/COALESCE over an integer or DECIMAL branch and a
-- DOUBLE branch are DOUBLE, the DOUBLE keeping its fraction (GMS typed IF
-- as its first branch: IF(id <> 2, i, f) was a BIGINT, 2 for 1.5).
CREATE TABLE nb (id INT PRIMARY KEY, f DOUBLE, i INT, dc DECIMAL(5,2));
INSERT INTO nb VALUES (1, NULL, NULL, NULL), (2, 1.5, 3, 2.25), (3, 0.125, 4, 1.5);
SELECT id, IF(id <> 2, i, f), IF(id = 2, i, f), IF(id <> 2, dc, f), IF(id = 2, dc, f + 0.001) FROM nb ORDER BY id;
SELECT id, IF(id <> 2, 7, f), CASE WHEN id <> 2 THEN i ELSE f END, CASE id WHEN 3 THEN dc ELSE f END FROM nb ORDER BY id;
SELECT id, IFNULL(i, f), COALESCE(dc, f), IFNULL(f, dc), COALESCE(IF(id <> 2, i, f), 0), NULLIF(f, 1.5) FROM nb ORDER BY id;
SELECT id FROM nb WHERE IF(id <> 2, i, f) = 1.5;
SELECT SUM(IF(id <> 2, i, f)) FROM nb;
SELECT id, IFNULL(i, dc), COALESCE(i, 2.5), IF(id = 2, i, dc) FROM nb ORDER BY id;
-- Numbers, TRUE, YEAR and BIT into a JSON column: MySQL 8.0 refuses them
-- (Field_json::store(longlong/double/decimal) is unsupported_conversion,
-- 3140); MariaDB's JSON is LONGTEXT with a JSON_VALID check and stores
-- them.
CREATE TABLE tj (id INT PRIMARY KEY, j JSON);
CREATE TABLE u (id INT PRIMARY KEY, i INT, y YEAR, b BIT(8), dc DECIMAL(5,2), f DOUBLE, s VARCHAR(10));
INSERT INTO u VALUES (1, 5, 2024, b'101', 1.5, 2.5, '[1]');
INSERT INTO tj VALUES (1, '{"a": 1}');
-- mysql-differs: MySQL 8.0 refuses a number for a JSON column (Field_json::store(longlong) is unsupported_conversion)
-- expect-error: 3140
INSERT INTO tj VALUES (10, 1);
-- mysql-differs: MySQL 8.0 refuses a number for a JSON column (Field_json::store_decimal is unsupported_conversion)
-- expect-error: 3140
INSERT INTO tj VALUES (10, 1.5);
-- mysql-differs: MySQL 8.0 refuses a number for a JSON column (Field_json::store(double) is unsupported_conversion)
-- expect-error: 3140
INSERT INTO tj VALUES (10, 1e0);
-- mysql-differs: TRUE is the integer 1 in MySQL 8.0, refused for a JSON column
-- expect-error: 3140
INSERT INTO tj VALUES (10, TRUE);
-- mysql-differs: MySQL 8.0 refuses an INT column copied into a JSON column
-- expect-error: 3140
INSERT INTO tj SELECT 10, i FROM u;
-- mysql-differs: MySQL 8.0 refuses a YEAR column copied into a JSON column
-- expect-error: 3140
INSERT INTO tj SELECT 10, y FROM u;
-- mysql-differs: MySQL 8.0 refuses a DECIMAL column copied into a JSON column
-- expect-error: 3140
INSERT INTO tj SELECT 10, dc FROM u;
-- mysql-differs: MySQL 8.0 refuses a DOUBLE column copied into a JSON column
-- expect-error: 3140
INSERT INTO tj SELECT 10, f FROM u LIMIT 1;
-- mysql-differs: MySQL 8.0 refuses a number for a JSON column
-- expect-error: 3140
UPDATE tj SET j = 2 WHERE id = 1;
-- mysql-differs: MySQL 8.0 refuses a number for a JSON column
-- expect-error: 3140
INSERT INTO tj VALUES (1, '[]') ON DUPLICATE KEY UPDATE j = 3;
-- mysql-differs: MySQL 8.0 wrote none of the numbers above
-- expect: 1 | {"a": 1}
SELECT id, j FROM tj ORDER BY id;
INSERT INTO tj VALUES (2, '1');
INSERT INTO tj SELECT 5, s FROM u UNION ALL SELECT 6, i FROM u;
-- mysql-differs: MySQL 8.0 wrote none of the numbers above; the UNION is a VARCHAR, its '5' JSON text
-- expect: 1 | {"a": 1}
-- expect: 2 | 1
-- expect: 5 | [1]
-- expect: 6 | 5
SELECT id, j FROM tj ORDER BY id;
-- GROUP_CONCAT(...) OVER (...) is 1235 in both (was 1064).
CREATE TABLE gw (id INT PRIMARY KEY, g INT);
INSERT INTO gw VALUES (1, 1), (2, 1);
SELECT id, GROUP_CONCAT(id) OVER (ORDER BY id) FROM gw;
SELECT GROUP_CONCAT(DISTINCT id ORDER BY id SEPARATOR ';') OVER (PARTITION BY g) FROM gw;
SELECT GROUP_CONCAT(id) OVER FROM gw;
