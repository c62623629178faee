-- json3: JSON kinds where GMS read JSON itself (issue #9). MySQL 8.0 reads JSON
-- text with rapidjson (1.0 and 1e2 are DOUBLEs, printed 1.0 and 100.0) and casts
-- or stores a JSON number into a number with Json_wrapper::coerce_decimal and
-- coerce_int (a DECIMAL inside JSON exactly); MariaDB keeps JSON as text.
CREATE TABLE s (id INT PRIMARY KEY, doc TEXT);
INSERT INTO s VALUES (1, '{"a": 1.0, "b": 1e2}'), (2, '[1.0, 1e2]');
CREATE TABLE j (id INT PRIMARY KEY, doc JSON);
INSERT INTO j SELECT * FROM s WHERE id = 2 ORDER BY id LIMIT 1;
INSERT INTO j SELECT 10, '1.0' UNION ALL SELECT 11, '1e2';
-- mysql-differs: MySQL stores the parsed document and prints its doubles with .0 (an INSERT ... SELECT with LIMIT or UNION too); MariaDB keeps the text
-- expect: [1.0, 100.0]
SELECT doc FROM j WHERE id = 2;
-- mysql-differs: MySQL prints the stored DOUBLEs 1.0 and 100.0; MariaDB keeps the text 1e2
-- expect: 1.0 | 100.0
SELECT (SELECT doc FROM j WHERE id = 10), (SELECT doc FROM j WHERE id = 11);
-- A DECIMAL inside JSON (an SQL DECIMAL put into a document) cast or stored exactly.
SELECT CAST(JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a') AS DECIMAL(30,1));
SELECT CAST(JSON_EXTRACT(JSON_OBJECT('a', 9007199254740993.4), '$.a') AS SIGNED);
CREATE TABLE n (id INT PRIMARY KEY, d DECIMAL(30,1), i BIGINT);
INSERT INTO n VALUES (1, JSON_EXTRACT(JSON_OBJECT('a', 12345678901234567.5), '$.a'), JSON_EXTRACT(JSON_OBJECT('a', 9007199254740993.4), '$.a'));
SELECT * FROM n;
-- mysql-differs: MySQL's coerce_int rint()s a JSON DOUBLE (half to even: 2.5 is 2, 3.5 is 4); MariaDB casts the text '3.5' as a string (3)
-- expect: 2 | 4 | -2
SELECT CAST(JSON_EXTRACT('[2.5]', '$[0]') AS SIGNED), CAST(JSON_EXTRACT('[3.5]', '$[0]') AS SIGNED), CAST(JSON_EXTRACT('[-2.5]', '$[0]') AS SIGNED);
-- mysql-differs: MySQL 8.0's JSON_PRETTY puts each member on its own line indented two spaces, keys by length, doubles with .0; MariaDB's JSON_PRETTY indents four and keeps 1e2
-- expect: {\n  "a": 1,\n  "bb": [\n    100.0\n  ]\n}
SELECT JSON_PRETTY('{"bb": [1e2], "a": 1}');
-- mysql-differs: MariaDB 10.11 has no JSON_STORAGE_SIZE (1305); MySQL stores the DOUBLE 1e2 in 8 bytes and the integer 100 in 2
-- expect: 9 | 3
SELECT JSON_STORAGE_SIZE('1e2'), JSON_STORAGE_SIZE('100');
-- mysql-differs: MySQL refuses a wildcard path in JSON_CONTAINS (ER_INVALID_JSON_PATH_WILDCARD); MariaDB searches it
-- expect-error: 3149
SELECT JSON_CONTAINS('[1, [2]]', '2', '$[*]');
