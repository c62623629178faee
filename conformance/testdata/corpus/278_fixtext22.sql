-- A FLOAT(M,D)/DOUBLE(M,D) column read as a string is its value with D
-- decimals (Field_double::val_str): CONCAT(f) was '1.5' where MySQL
-- writes '1.50', and `WHERE f LIKE '10.00'` found no row (issue #9).
CREATE TABLE d (id INT PRIMARY KEY, f DOUBLE(10,2), g FLOAT(7,3));
INSERT INTO d VALUES (1, 1.5, 2.25), (2, 10, -0.5), (3, 123.456, 1), (4, NULL, NULL);
SELECT CONCAT(f), LENGTH(f), f LIKE '10.00', CONCAT(g), UPPER(f), SUBSTRING(f, 1), CAST(f AS CHAR) FROM d ORDER BY id;
SELECT id FROM d WHERE f LIKE '10.00';
SELECT id FROM d WHERE g LIKE '%.250' OR CONCAT(f) = '123.46' ORDER BY id;
SELECT GROUP_CONCAT(f ORDER BY id), GROUP_CONCAT(g ORDER BY id SEPARATOR '/') FROM d;
SELECT CONCAT_WS('-', f, g), LEFT(f, 3), RIGHT(g, 3), LPAD(f, 8, '*'), RPAD(g, 8, f), REPLACE(f, '0', 'x') FROM d ORDER BY id;
SELECT TRIM(f), REVERSE(f), INSTR(f, '.'), LOCATE('0', f), QUOTE(f), MD5(f), SHA1(g) FROM d ORDER BY id;
SELECT f REGEXP '^1\\.50$', f RLIKE '0$', CHAR_LENGTH(g), OCTET_LENGTH(g), LOWER(g), SUBSTRING_INDEX(f, '.', 1) FROM d ORDER BY id;
SELECT CONVERT(f, CHAR), CONCAT(d.f), MID(g, 2), SUBSTR(f, 2, 3) FROM d ORDER BY id;
SELECT CONCAT(x.f, '|', y.g) FROM d x JOIN d y ON x.id = y.id ORDER BY x.id;
SELECT (SELECT CONCAT(f) FROM d WHERE id = 2), id FROM d WHERE id IN (SELECT id FROM d WHERE f LIKE '1%') ORDER BY id;
SELECT CONCAT(f) c FROM d GROUP BY f ORDER BY c;
-- Numeric positions and comparisons keep the number.
SELECT ROUND(f), FORMAT(f, 1), HEX(f), f = '10.00', f + 0, SUBSTRING('abcdef', f) FROM d ORDER BY id;
-- A string IF/CASE/COALESCE/IFNULL reads the column with val_str.
SELECT IF(1, f, 'x'), CASE WHEN id = 1 THEN f ELSE 'x' END, CASE id WHEN 2 THEN g WHEN 1 THEN 'y' END, COALESCE(f, 'n'), IFNULL(g, 'n') FROM d ORDER BY id;
-- A DOUBLE IF/CASE over the column has its largest D as decimals
-- (Item_func_if/Item_func_case aggregate their values' decimals).
SELECT IF(1, f, 2), CASE WHEN 1 THEN f END, CASE id WHEN 1 THEN g ELSE f END, IF(id = 1, NULL, f), IF(1, f, 1.5e0), CASE WHEN 1 THEN f ELSE 2.125 END FROM d ORDER BY id;
-- A UNION's decimals are the largest of its branches', not fixed when a
-- branch's are not (Item_aggregate_type); Myriad printed the first
-- branch's column with its D.
SELECT f FROM d UNION SELECT 1.5e0 ORDER BY 1;
SELECT f FROM d UNION SELECT 2 ORDER BY 1;
SELECT f FROM d UNION ALL SELECT 2.125 ORDER BY 1;
SELECT f FROM d WHERE id < 3 UNION ALL SELECT g FROM d WHERE id = 1 ORDER BY 1;
SELECT g FROM d WHERE id < 3 UNION ALL SELECT f FROM d WHERE id = 1 ORDER BY 1;
SELECT f, g FROM d WHERE id = 1 UNION SELECT NULL, 1 ORDER BY 1;
(SELECT f FROM d WHERE id = 1) UNION (SELECT f * 2 FROM d WHERE id = 2) ORDER BY 1;
SELECT f FROM d WHERE id = 2 UNION SELECT 1e0 UNION SELECT 3 ORDER BY 1;
SELECT f AS x FROM d WHERE id = 1 UNION SELECT f + 1 FROM d WHERE id = 2 ORDER BY 1;
SELECT CONCAT(f) FROM d WHERE id = 1 UNION SELECT f FROM d WHERE id = 2 ORDER BY 1;
-- INSERT ... SELECT and UPDATE store into a TEXT or BLOB column the
-- column's val_str (field_conv_slow: Field_blob::store(const Field *)),
-- into a VARCHAR the double in its shortest form.
CREATE TABLE w (id INT PRIMARY KEY AUTO_INCREMENT, s VARCHAR(20), t TEXT, b BLOB);
INSERT INTO w SELECT id, f, g, f FROM d;
INSERT INTO w (s, t) SELECT g, f AS x FROM d WHERE id < 3;
SELECT * FROM w ORDER BY id;
UPDATE w JOIN d USING (id) SET w.s = d.g, w.t = d.g, w.b = d.f;
SELECT * FROM w ORDER BY id;
CREATE TABLE u (id INT PRIMARY KEY, f2 DOUBLE(10,2), t TEXT, s VARCHAR(10));
INSERT INTO u VALUES (1, 1.5, NULL, NULL), (2, 20, NULL, NULL);
UPDATE u SET t = f2, s = f2;
SELECT * FROM u ORDER BY id;
