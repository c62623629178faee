-- jsoncol (issue #9): DATE, DATETIME, TIMESTAMP and TIME values written
-- into a JSON column. MySQL 8.0 refuses them with 3140: Field_json's
-- store_time is unsupported_conversion() ("not a JSON text, may need
-- CAST"), and a temporal column copied in is stored through its text,
-- which is no JSON document. MariaDB's JSON is LONGTEXT with a
-- JSON_VALID check, which the text fails (4025). CAST(x AS JSON) is
-- MySQL's way in. Where a JSON function reads a document, a temporal
-- argument is 3146 in MySQL (is_convertible_to_json).

CREATE TABLE u (id INT PRIMARY KEY, ts TIMESTAMP(1) NULL, dt DATETIME(1), d DATE, tm TIME(2));
INSERT INTO u VALUES (1, '2026-11-01 05:30:00.5', '2026-11-01 01:30:00.5', '2026-11-01', '-01:30:00.25');
CREATE TABLE t (id INT PRIMARY KEY, j JSON, dt DATETIME(1));
INSERT INTO t VALUES (1, '{"a": 1}', '2026-11-01 01:30:00.5'), (2, '[]', NULL);
SET time_zone = 'America/New_York';

-- mysql-differs: MySQL's Field_json::store_time refuses a temporal value with 3140; MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) VALUES (10, CAST('2026-11-01 01:30:00.5' AS DATETIME(1)));
-- mysql-differs: MySQL's Field_json::store_time refuses a temporal value with 3140; MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) VALUES (10, DATE '2026-01-02');
-- mysql-differs: MySQL's Field_json::store_time refuses a temporal value with 3140; MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) VALUES (10, TIME '10:00:00');
-- mysql-differs: MySQL's Field_json::store_time refuses a temporal value with 3140; MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (j, id, dt) VALUES (CURDATE(), 10, NULL);
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) SELECT 10, dt FROM u;
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) SELECT 10, ts FROM u;
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) SELECT 10, tm FROM u LIMIT 1;
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) SELECT 10, d FROM u UNION ALL SELECT 11, d FROM u;
-- mysql-differs: MySQL's Field_json::store_time refuses a temporal value with 3140; MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
REPLACE INTO t (id, j) VALUES (1, NOW());
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
UPDATE t SET j = dt WHERE id = 1;
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
UPDATE t JOIN u ON t.id = u.id SET t.j = u.d;
-- mysql-differs: MySQL stores a temporal column's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails (4025)
-- expect-error: 3140
INSERT INTO t (id, j) VALUES (1, '[]') ON DUPLICATE KEY UPDATE j = t.dt;
-- mysql-differs: MySQL prints a stored document in its normal form ({"a": 1}); MariaDB keeps the text
-- expect: 1 | {"a": 1} | 2026-11-01 01:30:00.5
-- expect: 2 | [] | NULL
SELECT id, j, dt FROM t ORDER BY id;

-- A NULL temporal is SQL NULL; CAST(x AS JSON) stores the value's text.
UPDATE t SET j = dt WHERE id = 2;
SELECT id, j FROM t WHERE id = 2;
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON); MySQL's is the value's text with six fractional digits, a TIMESTAMP as the session's wall time
-- expect-affected: 1
INSERT INTO t (id, j) SELECT 30, CAST(ts AS JSON) FROM u;
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON)
-- expect-affected: 1
UPDATE t SET j = (SELECT CAST(tm AS JSON) FROM u) WHERE id = 1;
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON); MySQL's is the value's text with six fractional digits
-- expect: 1 | "-01:30:00.250000"
-- expect: 2 | NULL
-- expect: 30 | "2026-11-01 01:30:00.500000"
SELECT id, j FROM t ORDER BY id;

-- A column list in another order than the table's, or naming fewer
-- columns: the JSON column's text is read as a document, the VARCHAR's
-- kept as it is.
CREATE TABLE tt (id INT PRIMARY KEY, j JSON, s VARCHAR(20), n INT);
INSERT INTO tt (id, s, j) VALUES (1, '{"a":1}', '[1e2]');
INSERT INTO tt (s, j, id) SELECT '[1.0]', '{"b":1e1}', 2;
INSERT INTO tt (j, id) VALUES ('[2.5e0]', 3);
-- mysql-differs: MySQL stores the parsed document and prints its doubles with .0; MariaDB keeps the text
-- expect: 1 | [100.0] | {"a":1} | NULL
-- expect: 2 | {"b": 10.0} | [1.0] | NULL
-- expect: 3 | [2.5] | NULL | NULL
SELECT id, j, s, n FROM tt ORDER BY id;

-- ALTER TABLE's copy of a temporal column into JSON stores its text.
-- mysql-differs: MySQL's copy stores the DATETIME's text, which is no JSON document (3140); MariaDB's JSON_VALID check fails
-- expect-error: 3140
ALTER TABLE u MODIFY dt JSON;
SELECT id, dt FROM u;

-- JSON functions reading a document.
-- mysql-differs: MySQL refuses a temporal argument where a document is read (is_convertible_to_json, 3146); MariaDB reads its text
-- expect-error: 3146
SELECT JSON_MERGE_PATCH('{}', dt) FROM u;
-- mysql-differs: MySQL refuses a temporal argument where a document is read (is_convertible_to_json, 3146); MariaDB reads its text
-- expect-error: 3146
SELECT JSON_MERGE_PRESERVE(d, '[1]') FROM u;
-- mysql-differs: MySQL refuses a temporal argument where a document is read (is_convertible_to_json, 3146); MariaDB reads its text
-- expect-error: 3146
SELECT JSON_EXTRACT(ts, '$') FROM u;
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON); MySQL's are the values' texts with six fractional digits
-- expect: [1, "2026-11-01 01:30:00.500000", "-01:30:00.250000"]
SELECT JSON_MERGE_PRESERVE('[1]', CAST(ts AS JSON), CAST(tm AS JSON)) FROM u;
-- A document built by JSON_OBJECT from a DATE merges as its text.
SELECT JSON_MERGE_PATCH('{"a": 1}', JSON_OBJECT('b', d)) FROM u;
SET time_zone = '+00:00';
