-- JSON: constructors, extraction, path operators, modification, search,
-- comparison and ordering of JSON values.
SELECT JSON_OBJECT('a', 1, 'b', 'x', 'c', NULL);
SELECT JSON_ARRAY(1, 'a', NULL, TRUE, 1.5);
SELECT JSON_EXTRACT('{"a": {"b": [10, 20, 30]}}', '$.a.b[1]');
SELECT JSON_EXTRACT('{"a": {"b": [10, 20, 30]}}', '$.a.b[*]');
SELECT JSON_EXTRACT('{"a": 1}', '$.z');
-- mysql-differs: MySQL returns the matches in the order of the paths (its manual: JSON_EXTRACT('[10, 20, [30, 40]]', '$[1]', '$[0]') is [20, 10]); MariaDB in document order
-- expect: [2, 1]
SELECT JSON_EXTRACT('[1, [2, 3]]', '$[1][0]', '$[0]');
SELECT JSON_UNQUOTE(JSON_EXTRACT('{"a": "hi"}', '$.a'));
SELECT JSON_UNQUOTE('"a\\tb"');
SELECT JSON_TYPE('1'), JSON_TYPE('1.5'), JSON_TYPE('"s"'), JSON_TYPE('[]'), JSON_TYPE('{}'), JSON_TYPE('null'), JSON_TYPE('true');
SELECT JSON_VALID('{"a":1}'), JSON_VALID('{a:1}'), JSON_VALID(NULL), JSON_VALID('');
SELECT JSON_LENGTH('[1,2,3]'), JSON_LENGTH('{"a":1,"b":2}'), JSON_LENGTH('1'), JSON_LENGTH('{"a":[1,2]}', '$.a');
SELECT JSON_DEPTH('[]'), JSON_DEPTH('[1,[2]]'), JSON_DEPTH('{"a":{"b":1}}');
-- mysql-differs: MySQL stores a JSON object's keys sorted by length, then bytewise, and prints ', ' and ': ' separators; MariaDB keeps the text
-- expect: ["a", "b"] | ["c"] | NULL
SELECT JSON_KEYS('{"b":1,"a":2}'), JSON_KEYS('{"a":{"c":1}}', '$.a'), JSON_KEYS('[1]');
SELECT JSON_CONTAINS('[1,2,3]', '2'), JSON_CONTAINS('{"a":1,"b":2}', '{"a":1}'), JSON_CONTAINS('[1,2]', '[1,3]');
SELECT JSON_CONTAINS_PATH('{"a":1}', 'one', '$.a', '$.b'), JSON_CONTAINS_PATH('{"a":1}', 'all', '$.a', '$.b');
SELECT JSON_SEARCH('["abc","def","abc"]', 'one', 'abc'), JSON_SEARCH('["abc","def","abc"]', 'all', 'abc');
SELECT JSON_SET('{"a":1}', '$.a', 2, '$.b', 3), JSON_INSERT('{"a":1}', '$.a', 2, '$.b', 3), JSON_REPLACE('{"a":1}', '$.a', 2, '$.b', 3);
SELECT JSON_REMOVE('{"a":1,"b":2}', '$.a'), JSON_REMOVE('[1,2,3]', '$[1]');
SELECT JSON_ARRAY_APPEND('[1,2]', '$', 3), JSON_ARRAY_INSERT('[1,2]', '$[0]', 0);
SELECT JSON_MERGE_PATCH('{"a":1,"b":2}', '{"b":null,"c":3}'), JSON_MERGE_PRESERVE('{"a":1}', '{"a":2}');
SELECT JSON_QUOTE('a"b'), JSON_QUOTE(NULL);
SELECT JSON_OBJECT('k', JSON_ARRAY(1, 2)), JSON_ARRAY(JSON_OBJECT('x', 1));
-- mysql-differs: MySQL 8.0 parses JSON text into typed values (rapidjson: 1.50 and 1e2 are doubles, -0 the integer 0) and prints a double without a fraction with ".0" (Json_wrapper::to_string); MariaDB keeps the text
-- expect: 1.5 | 100.0 | 0
SELECT JSON_EXTRACT('{"a":1.50}', '$.a'), JSON_EXTRACT('{"a":1e2}', '$.a'), JSON_EXTRACT('{"a":-0}', '$.a');
SELECT JSON_EXTRACT('{"a":"x"}', '$.a') = 'x', JSON_UNQUOTE(JSON_EXTRACT('{"a":"x"}', '$.a')) = 'x';
SELECT JSON_EXTRACT('[1,2]', '$[0]') + 1, JSON_EXTRACT('{"a":"5"}', '$.a') + 1;
SELECT JSON_ARRAY() = JSON_ARRAY(), JSON_OBJECT() IS NULL;
SELECT JSON_EXTRACT('{"a":1}', '$.a') = 1, JSON_EXTRACT('{"a":true}', '$.a') = TRUE;
SELECT JSON_OVERLAPS('[1,2]', '[2,3]'), JSON_OVERLAPS('[1]', '[3]');
SELECT 2 MEMBER OF ('[1,2,3]'), 'a' MEMBER OF ('["a"]');
-- mysql-differs: MySQL's JSON_PRETTY indents by two spaces per level (its manual's examples), MariaDB's by four
-- expect: {\n  "a": 1\n}
SELECT JSON_PRETTY('{"a":1}');
-- mysql-differs: MariaDB 10.11 has no JSON_STORAGE_SIZE (1305); MySQL's is 8 here
-- expect: 1
SELECT JSON_STORAGE_SIZE('[1]') > 0;
CREATE TABLE j (id INT PRIMARY KEY, doc JSON);
INSERT INTO j VALUES (1, '{"name": "a", "n": 1, "tags": ["x", "y"]}'), (2, '{"name": "b", "n": 2.5, "tags": []}'), (3, '[1, 2, 3]'), (4, NULL), (5, '"str"'), (6, '{"name": null, "n": -1}');
-- mysql-differs: MySQL's JSON type refuses invalid text with 3140; MariaDB's JSON is LONGTEXT with a CHECK (4025)
-- expect-error: 3140
INSERT INTO j VALUES (7, '{bad json}');
-- mysql-differs: MySQL stores a JSON object's keys sorted by length, then bytewise, and prints ', ' and ': ' separators; MariaDB keeps the text
-- expect: 1 | {"n": 1, "name": "a", "tags": ["x", "y"]}
-- expect: 2 | {"n": 2.5, "name": "b", "tags": []}
-- expect: 3 | [1, 2, 3]
-- expect: 4 | NULL
-- expect: 5 | "str"
-- expect: 6 | {"n": -1, "name": null}
SELECT id, doc FROM j ORDER BY id;
-- mysql-differs: MariaDB 10.11 has no -> / ->> operators or CAST(... AS JSON)
-- expect: 1 | "a" | a
-- expect: 2 | "b" | b
-- expect: 3 | NULL | NULL
-- expect: 4 | NULL | NULL
-- expect: 5 | NULL | NULL
-- expect: 6 | null | null
SELECT id, doc->'$.name', doc->>'$.name' FROM j ORDER BY id;
SELECT id, JSON_EXTRACT(doc, '$.n') FROM j ORDER BY id;
-- mysql-differs: MariaDB 10.11 has no -> / ->> operators or CAST(... AS JSON)
-- expect: 1
SELECT id FROM j WHERE doc->>'$.name' = 'a';
SELECT id FROM j WHERE JSON_EXTRACT(doc, '$.n') > 1 ORDER BY id;
SELECT id, JSON_LENGTH(doc, '$.tags') FROM j ORDER BY id;
SELECT id, JSON_TYPE(doc) FROM j ORDER BY id;
SELECT id FROM j WHERE JSON_CONTAINS(doc, '"x"', '$.tags');
SELECT COUNT(*) FROM j WHERE doc IS NULL;
-- mysql-differs: MariaDB 10.11 has no -> / ->> operators or CAST(... AS JSON); a JSON null is not SQL NULL
-- expect: 1 | 0 | 0
-- expect: 6 | 0 | 1
SELECT id, JSON_EXTRACT(doc, '$.name') IS NULL, JSON_EXTRACT(doc, '$.name') = CAST('null' AS JSON) FROM j WHERE id IN (1, 6) ORDER BY id;
UPDATE j SET doc = JSON_SET(doc, '$.n', 10) WHERE id = 1;
-- mysql-differs: MySQL stores a JSON object's keys sorted by length, then bytewise, and prints ', ' and ': ' separators; MariaDB keeps the text
-- expect: {"n": 10, "name": "a", "tags": ["x", "y"]}
SELECT doc FROM j WHERE id = 1;
UPDATE j SET doc = JSON_ARRAY_APPEND(doc, '$', 4) WHERE id = 3;
SELECT doc FROM j WHERE id = 3;
-- mysql-differs: MariaDB 10.11 has no -> / ->> operators or CAST(... AS JSON); SUM of the unquoted strings is DOUBLE
-- expect: 11.5
SELECT SUM(doc->>'$.n') FROM j;
-- mysql-differs: MariaDB 10.11 has no -> / ->> operators or CAST(... AS JSON); JSON numbers order as numbers
-- expect: 6
-- expect: 2
-- expect: 1
SELECT id FROM j WHERE doc->'$.n' IS NOT NULL ORDER BY doc->'$.n';
SELECT JSON_EXTRACT(doc, '$.tags[0]') FROM j WHERE id = 1;
-- mysql-differs: MySQL stores a JSON object's keys sorted by length, then bytewise, and prints ', ' and ': ' separators; MariaDB keeps the text
-- expect: [1, 2]
SELECT JSON_ARRAYAGG(id) FROM j WHERE id < 3;
-- JSON_LENGTH of an empty array or object is 0, of a missing path NULL.
SELECT JSON_LENGTH('[]'), JSON_LENGTH('{}'), JSON_LENGTH('{"tags":[]}', '$.tags'), JSON_LENGTH('{"a":1}', '$.b'), JSON_LENGTH('[1,[2,3]]', '$[1]');
