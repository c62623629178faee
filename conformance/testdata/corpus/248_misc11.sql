-- misc11: GROUP_CONCAT(... ORDER BY e) sorts an ENUM by member number and a
-- SET by its bits (as ORDER BY e does); Myriad sorted the members' text.
CREATE TABLE gce (id INT PRIMARY KEY, k INT, e ENUM('c','a','b'), s SET('z','y','x'), KEY (e));
INSERT INTO gce VALUES (1, 1, 'a', 'x'), (2, 1, 'b', 'y,x'), (3, 2, 'c', 'z'), (4, 2, NULL, ''), (5, 1, 'a', 'z,y'), (6, 2, 'b', 'y');
SELECT GROUP_CONCAT(e ORDER BY e), GROUP_CONCAT(e ORDER BY e DESC) FROM gce;
SELECT GROUP_CONCAT(id ORDER BY e, id), GROUP_CONCAT(DISTINCT e ORDER BY e) FROM gce;
SELECT GROUP_CONCAT(s ORDER BY s SEPARATOR '|'), GROUP_CONCAT(id ORDER BY s DESC, id) FROM gce;
SELECT k, GROUP_CONCAT(e ORDER BY e SEPARATOR '') FROM gce GROUP BY k ORDER BY k;
SELECT GROUP_CONCAT(e, '-', id ORDER BY e, id) FROM gce;
SELECT id, e FROM gce ORDER BY e, id;
SELECT id, e FROM gce ORDER BY e DESC, id;
SELECT id, e, s FROM gce ORDER BY s DESC, id;
SELECT DISTINCT e FROM gce ORDER BY e;
SELECT e, COUNT(*) FROM gce GROUP BY e ORDER BY e;
SELECT e FROM gce FORCE INDEX (e) WHERE e IS NOT NULL ORDER BY e DESC LIMIT 3;
SELECT id FROM gce WHERE e > 'a' ORDER BY e, id;
-- CONV/BIN/OCT read the argument's text: a DOUBLE's is MySQL's ("1e20"),
-- read by strtoull up to the 'e'; OCT is CONV(N, 10, 8).
SELECT CONV(1e20, 10, 2), CONV('1e20', 10, 2), CONV(1e20, 10, 10), CONV(1e19, 10, -10), CONV(9.3e18, 10, -10);
SELECT CONV(18446744073709551616, 10, 2), CONV(-1.5, 10, 2), CONV(-1.5e0, 10, 10);
SELECT CONV(123456789012345.6e0, 10, 10), CONV(1e15, 10, 10), CONV(-9223372036854775809, 10, -10);
SELECT OCT(1e20), OCT('1e20'), OCT(18446744073709551616), OCT(-1), OCT(2.5), OCT(8), OCT(NULL), OCT('-1.5');
SELECT BIN(1e20), BIN(1.5e15), BIN(-2.5e0), BIN('1e20');
CREATE TABLE cvt (id INT PRIMARY KEY, f DOUBLE, r FLOAT, d DECIMAL(25,1));
INSERT INTO cvt VALUES (1, 1e20, 1e20, 18446744073709551616.0), (2, -1.5, -1.5, -1.5), (3, 9.3e18, 255, 255.9);
SELECT id, CONV(f, 10, 10), OCT(f), BIN(r), CONV(d, 10, 16), OCT(d) FROM cvt ORDER BY id;
-- SET of an unknown name is 1193 whatever the scope; a missing column on
-- the right of a user-variable assignment stays 1054.
SET nosuch = 5;
SET nosuch = DEFAULT;
SET autocommit = 1, nosuch = 2;
SET SESSION nosuch = 1;
SET @@session.nosuch = 1;
SET GLOBAL nosuch = 1;
SELECT @@nosuch;
SELECT @@global.nosuch;
-- An ENUM or SET put into a JSON value is its member's text (GMS put the
-- stored number in); JSON_QUOTE(e) failed with 1105.
CREATE TABLE jen (id INT PRIMARY KEY, e ENUM('c','a','b'), s SET('z','y','x'));
INSERT INTO jen VALUES (1, 'a', 'x'), (2, 'b', 'y,x'), (3, NULL, '');
SELECT id, JSON_ARRAY(e, s), JSON_EXTRACT(JSON_OBJECT('k', s), '$.k'), JSON_QUOTE(e), JSON_QUOTE(s) FROM jen ORDER BY id;
SELECT JSON_SET('{}', '$.a', e), JSON_INSERT('[]', '$[0]', s), JSON_ARRAY_APPEND('[1]', '$', e) FROM jen WHERE id = 2;
SELECT JSON_EXTRACT(JSON_ARRAYAGG(e), '$[1]'), JSON_EXTRACT(JSON_OBJECTAGG(id, s), '$."2"') FROM jen;
SELECT JSON_UNQUOTE(JSON_EXTRACT(JSON_ARRAY(s), '$[0]')) FROM jen WHERE id = 2;
-- mysql-differs: MariaDB 10.11 has no CAST(... AS JSON); MySQL 8.0 makes the member a JSON string
-- expect: "b" | STRING
SELECT CAST(e AS JSON), JSON_TYPE(CAST(s AS JSON)) FROM jen WHERE id = 2;
-- A DECIMAL compared with a DOUBLE compares as DOUBLE (column with column,
-- IN lists with a DOUBLE element, joins, expressions, select lists); both
-- were widened to DECIMAL(65,30).
CREATE TABLE ddc (id INT PRIMARY KEY, d DECIMAL(20,18), f DOUBLE, KEY (d));
INSERT INTO ddc VALUES (1, 0.1, 0.1), (2, 0.100000000000000005, 0.1), (3, 0.100000000000000006, 0.2), (4, 0.3, 0.30000000000000004), (5, 0.30000000000000004, 0.3);
SELECT id, d = f, d < f, d > f, d <=> f FROM ddc ORDER BY id;
SELECT id FROM ddc WHERE d = f ORDER BY id;
SELECT a.id, b.id FROM ddc a JOIN ddc b ON a.d = b.f ORDER BY 1, 2;
SELECT id FROM ddc WHERE d IN (0.1e0, 0.3) ORDER BY id;
SELECT id FROM ddc IGNORE INDEX (d) WHERE d IN (0.1e0, 0.3e0) ORDER BY id;
SELECT id FROM ddc WHERE d + 0 = 0.1e0 ORDER BY id;
SELECT id FROM ddc WHERE f = 0.100000000000000005 ORDER BY id;
SELECT id, d = 0.1e0, 0.1e0 <=> d, d < 0.1e0 FROM ddc ORDER BY id;
SELECT SUM(d = 0.1e0) FROM ddc;
-- mysql-differs: MySQL 8.0 folds a DECIMAL column against a constant in WHERE into a DECIMAL comparison (sql_const_folding.cc, analyze_decimal_field_constant); MariaDB compares as DOUBLE
-- expect: 1
SELECT id FROM ddc IGNORE INDEX (d) WHERE d = 0.1e0 ORDER BY id;
SELECT id FROM ddc WHERE d = 0.1e0 ORDER BY id;
-- mysql-differs: MySQL 8.0 folds a DECIMAL column against a constant in WHERE into a DECIMAL comparison (sql_const_folding.cc); MariaDB compares as DOUBLE
-- expect: 2
-- expect: 3
-- expect: 4
-- expect: 5
SELECT id FROM ddc WHERE d > 0.1e0 ORDER BY id;
