-- JSON numbers keep their kind (MySQL 8.0's json_dom.cc): JSON text is read by
-- rapidjson, a number with a fraction or an exponent is a Json_double, one
-- without a Json_int (a Json_uint past 2^32-1, a double past 2^64); an SQL
-- DECIMAL becomes a Json_decimal with its scale, an SQL DOUBLE a Json_double.
-- A double prints as my_gcvt prints it, with ".0" added when that has no point
-- and no exponent (Json_wrapper::to_string); MariaDB keeps JSON as text.
-- mysql-differs: MySQL reads 1.50 as the double 1.5 and 1e2 as the double 100 (printed 100.0); MariaDB keeps the text
-- expect: 1.5 | 100.0 | 1e15 | 0.0000000000000015 | 1e-16
SELECT JSON_EXTRACT('[1.50]', '$[0]'), JSON_EXTRACT('[1e2]', '$[0]'), JSON_EXTRACT('[1e15]', '$[0]'), JSON_EXTRACT('[1.5e-15]', '$[0]'), JSON_EXTRACT('[1e-16]', '$[0]');
SELECT JSON_EXTRACT('{"a":9007199254740993}', '$.a'), JSON_EXTRACT('[18446744073709551615, -9223372036854775808]', '$[0]');
-- mysql-differs: MySQL reads -0 as the integer 0 (rapidjson's Int(0)); MariaDB keeps the text
-- expect: 0 | [0, 1]
SELECT JSON_EXTRACT('[-0]', '$[0]'), JSON_EXTRACT('[-0, 1]', '$');
-- mysql-differs: MySQL's JSON_TYPE is the parsed kind (rapidjson reports a positive integer past 2^32-1 through Uint64, a Json_uint); MariaDB's reads the text
-- expect: INTEGER | DOUBLE | DOUBLE | INTEGER | UNSIGNED INTEGER | INTEGER | DOUBLE
SELECT JSON_TYPE('1'), JSON_TYPE('1.0'), JSON_TYPE('1e2'), JSON_TYPE('-0'), JSON_TYPE('4294967296'), JSON_TYPE('-4294967296'), JSON_TYPE('18446744073709551616');
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON); MySQL's keeps a DECIMAL's scale and prints a DOUBLE with .0
-- expect: 1.50 | 100.0 | 7 | [1.0, 2, 32.5]
SELECT CAST(1.50 AS JSON), CAST(1e2 AS JSON), CAST(7 AS JSON), CAST('[1.0, 2, 3.25e1]' AS JSON);
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON)
-- expect: DECIMAL | DOUBLE | INTEGER | DOUBLE
SELECT JSON_TYPE(CAST(1.50 AS JSON)), JSON_TYPE(CAST(1e2 AS JSON)), JSON_TYPE(CAST(7 AS JSON)), JSON_TYPE(CAST('1.0' AS JSON));
-- mysql-differs: MySQL's JSON_OBJECT/JSON_ARRAY keep a DECIMAL's scale and print a DOUBLE with .0 and ', '/': ' separators
-- expect: {"d": 1.50, "f": 100.0, "i": 3} | [1.50, 2.5, -4, 0.000]
SELECT JSON_OBJECT('d', 1.50, 'f', 1e2, 'i', 3), JSON_ARRAY(1.50, 2.5e0, -4, 0.000);
-- mysql-differs: MySQL prints the double 100 as 100.0 (also unquoted)
-- expect: 100.0 | 1.5 | 9007199254740993
SELECT JSON_UNQUOTE(JSON_EXTRACT('{"a":1e2}', '$.a')), JSON_UNQUOTE(JSON_EXTRACT('[1.50]', '$[0]')), JSON_UNQUOTE(JSON_EXTRACT('[9007199254740993]', '$[0]'));
-- mysql-differs: MySQL prints the documents it parsed (doubles with .0, a DECIMAL argument with its scale, ', ' and ': ' separators)
-- expect: {"a": 1.0, "b": 2, "c": 1.50} | [100.0, 3] | {"a": 1.0, "b": 2}
SELECT JSON_SET('{"a":1.0,"b":2}', '$.c', 1.50), JSON_ARRAY_APPEND('[1e2]', '$', 3), JSON_MERGE_PATCH('{"a":1.0}', '{"b":2}');
-- Numbers compare by their values, whatever their kinds.
-- mysql-differs: MySQL compares two JSON values as JSON (Json_wrapper::compare: numbers by value, 1.0 = 1); MariaDB compares JSON_EXTRACT's results as strings
-- expect: 1 | 1 | 1 | 1
SELECT JSON_EXTRACT('[1.0]', '$[0]') = JSON_EXTRACT('[1]', '$[0]'), JSON_EXTRACT('[9007199254740993]', '$[0]') > JSON_EXTRACT('[9007199254740992]', '$[0]'), JSON_EXTRACT('[2.5]', '$[0]') > 2, JSON_EXTRACT('[2.5]', '$[0]') < 2.6;
SELECT JSON_CONTAINS('[1, 2.5]', '2.5'), JSON_CONTAINS('[1, 2]', '1.0'), JSON_OVERLAPS('[1.0]', '[1]');
CREATE TABLE jn (id INT PRIMARY KEY, doc JSON);
INSERT INTO jn VALUES (1, '{"a": 1.0, "b": 9007199254740993, "c": 1e2, "d": -0}'), (2, '[1.50, 2]'), (3, JSON_OBJECT('x', 1.50, 'y', 1e2));
-- mysql-differs: MySQL stores the parsed document and prints it (doubles with .0, keys sorted by length, then bytewise); MariaDB keeps the text
-- expect: 1 | {"a": 1.0, "b": 9007199254740993, "c": 100.0, "d": 0}
-- expect: 2 | [1.5, 2]
-- expect: 3 | {"x": 1.50, "y": 100.0}
SELECT id, doc FROM jn ORDER BY id;
-- mysql-differs: MySQL's JSON_TYPE is the stored kind; MariaDB's reads the text
-- expect: 1 | DOUBLE | UNSIGNED INTEGER | DOUBLE | NULL
-- expect: 3 | NULL | NULL | NULL | DECIMAL
SELECT id, JSON_TYPE(JSON_EXTRACT(doc, '$.a')), JSON_TYPE(JSON_EXTRACT(doc, '$.b')), JSON_TYPE(JSON_EXTRACT(doc, '$.c')), JSON_TYPE(JSON_EXTRACT(doc, '$.x')) FROM jn WHERE id <> 2 ORDER BY id;
SELECT id FROM jn WHERE JSON_EXTRACT(doc, '$.b') = 9007199254740993;
SELECT id FROM jn WHERE JSON_EXTRACT(doc, '$.b') = 9007199254740992;
UPDATE jn SET doc = JSON_SET(doc, '$.e', 2.50) WHERE id = 1;
UPDATE jn SET doc = '[7.0]' WHERE id = 2;
-- mysql-differs: MySQL stores the parsed document and prints it (doubles with .0, a DECIMAL with its scale); MariaDB keeps the text
-- expect: {"a": 1.0, "b": 9007199254740993, "c": 100.0, "d": 0, "e": 2.50}
-- expect: [7.0]
SELECT doc FROM jn WHERE id < 3 ORDER BY id;
-- A JSON value in a numeric function or operator is read as a DOUBLE
-- (Json_wrapper::coerce_real); GMS answered NULL for ROUND and ABS.
CREATE TABLE jr (id INT PRIMARY KEY, doc JSON);
INSERT INTO jr VALUES (1, '{"n": 2.46, "i": -3, "s": "4.5"}'), (2, '{"n": 1.5, "i": 7, "s": "8"}');
SELECT id, ROUND(JSON_EXTRACT(doc, '$.n'), 1), ABS(JSON_EXTRACT(doc, '$.i')), FLOOR(JSON_EXTRACT(doc, '$.n')), CEIL(JSON_EXTRACT(doc, '$.n')), TRUNCATE(JSON_EXTRACT(doc, '$.n'), 1), SIGN(JSON_EXTRACT(doc, '$.i')) FROM jr ORDER BY id;
SELECT id, JSON_EXTRACT(doc, '$.n') + 0, JSON_EXTRACT(doc, '$.i') * 2, ROUND(JSON_UNQUOTE(JSON_EXTRACT(doc, '$.s')), 1) FROM jr ORDER BY id;
SELECT SUM(JSON_EXTRACT(doc, '$.n')), AVG(JSON_EXTRACT(doc, '$.i')) FROM jr;
-- mysql-differs: MySQL reads a JSON true as 1 (coerce_real); MariaDB's JSON_EXTRACT returns the text 'true', which is 0 as a number
-- expect: 1 | 1
SELECT ABS(JSON_EXTRACT('[true]', '$[0]')), JSON_EXTRACT('[true]', '$[0]') + 0;
-- String functions read a JSON value as the text MySQL prints for it.
-- mysql-differs: MySQL prints the DOUBLE 100 in a JSON value as 100.0 (Json_wrapper::to_string); MariaDB keeps the text 1e2
-- expect: 100.0x | 5 | 100. | 1
SELECT CONCAT(JSON_EXTRACT('[1e2]', '$[0]'), 'x'), LENGTH(JSON_EXTRACT('[1e2]', '$[0]')), SUBSTRING(JSON_EXTRACT('[1e2]', '$[0]'), 1, 4), JSON_EXTRACT('[1e2]', '$[0]') LIKE '100.%';
SELECT CONCAT(JSON_EXTRACT(doc, '$.n'), 'x'), UPPER(JSON_EXTRACT(doc, '$.s')), LENGTH(JSON_EXTRACT(doc, '$.i')) FROM jr ORDER BY id;
-- mysql-differs: MySQL's JSON_ARRAYAGG prints its document (', ' between elements, a DECIMAL with its scale); MariaDB joins the texts with ','
-- expect: [2.46, 1.5] | [1.50, 1.50]
SELECT JSON_ARRAYAGG(JSON_EXTRACT(doc, '$.n')), JSON_ARRAYAGG(1.50) FROM jr;
SELECT JSON_ARRAYAGG(id), JSON_OBJECTAGG(id, 1) FROM jr WHERE id > 5;
-- JSON_CONTAINS / JSON_OVERLAPS compare numbers by value.
SELECT JSON_CONTAINS('{"a": [1, 2, {"b": 1.0}]}', '{"a": [{"b": 1}]}'), JSON_CONTAINS('{"a": 1}', '1.0', '$.a'), JSON_CONTAINS('[1, [2, 3]]', '[3, 1]'), JSON_OVERLAPS('[1, 3]', '[2, 3.0]'), JSON_OVERLAPS('5', '[5]');
-- mysql-differs: MySQL compares JSON numbers exactly (Json_wrapper::compare); MariaDB as doubles, where 2^53+1 equals 2^53
-- expect: 0 | 0
SELECT JSON_CONTAINS('[9007199254740993]', '9007199254740992.0'), JSON_OVERLAPS('[9007199254740993]', '[9007199254740992.0]');
-- mysql-differs: MySQL's JSON_CONTAINS is NULL when the path finds nothing (json_contains in item_json_func.cc); MariaDB answers 0
-- expect: NULL
SELECT JSON_CONTAINS('{"a": 1}', '1', '$.b');
