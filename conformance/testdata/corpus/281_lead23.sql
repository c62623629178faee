-- A string read as a TIME argument follows str_to_time: a date alone is
-- its leading number (00:20:20), a value beyond 838:59:59 is clamped, text
-- after the time is dropped with a warning. Myriad answered NULL (TIME_TO_SEC,
-- TIMEDIFF), a DATETIME (ADDTIME) or the hours modulo 24 (TIME_FORMAT).
SELECT TIME_TO_SEC('2020-10-24'), SEC_TO_TIME(TIME_TO_SEC('2020-10-24'));
SELECT TIMEDIFF('2020-10-24', '10:00:00'), TIMEDIFF('2020-10-24 00:00:00', '2020-10-23');
SELECT TIMEDIFF('2020-10-24 00:00:00', '2020-10-23 12:00:00'), TIMEDIFF('2020-10-24 00:00:00', '2020-09-23 12:00:00');
SELECT ADDTIME('2020-10-24', '01:00:00'), SUBTIME('2020-10-24', '1:00'), ADDTIME('2020-10-24 10:11', '1:00');
SELECT TIME_FORMAT('2020-10-24', '%H:%i:%s'), TIME_FORMAT('900:00:00', '%H');
SELECT TIME_TO_SEC('900:00:00'), TIME_TO_SEC('20201024'), TIME('8390000'), TIME('900:00:00');
SELECT TIME_TO_SEC('10:11:12abc'), TIME('10:11:12  x'), TIME(' 10:11:12 '), MINUTE(' 10:11:12 ');
SELECT TIME_TO_SEC('12:34:56.'), TIME('-2020-10-24'), HOUR('-2020-10-24');
SELECT TIME_TO_SEC('12:5'), TIME_TO_SEC('1234'), TIME('1 02'), TIME('10  11:12'), TIME('1 02:03');
SELECT TIME_TO_SEC('2020-10-24 10:11:12'), TIME_TO_SEC('10:61:00') IS NULL, TIME('10:61:00');
SELECT CAST('2020-10-24' AS TIME), CAST(' 10:11:12 ' AS TIME), CAST('900:00:00' AS TIME);
-- SELECT DISTINCT ordered by something outside its select list: MySQL
-- refuses it (3065, 3066); Myriad sorted by some row's value.
CREATE TABLE dord (id INT PRIMARY KEY, a INT, b INT);
INSERT INTO dord VALUES (1, 1, 3), (2, 2, 1), (3, 1, 2);
-- mysql-differs: MySQL 5.7+ refuses ORDER BY a column outside a DISTINCT select list (3065); MariaDB 10.11 sorts by some row's value
-- expect-error: 3065
SELECT DISTINCT a FROM dord ORDER BY b;
-- mysql-differs: MySQL 5.7+ refuses ORDER BY a column outside a DISTINCT select list (3065); MariaDB 10.11 sorts by some row's value
-- expect-error: 3065
SELECT DISTINCT a + 1 FROM dord ORDER BY a;
-- mysql-differs: MySQL 5.7+ refuses ORDER BY a column outside a DISTINCT select list (3065); MariaDB 10.11 sorts by some row's value
-- expect-error: 3065
SELECT DISTINCT x.a FROM dord x ORDER BY x.b DESC;
-- mysql-differs: MySQL 5.7+ refuses ORDER BY an aggregate outside a DISTINCT select list (3066); MariaDB 10.11 answers
-- expect-error: 3066
SELECT DISTINCT a FROM dord GROUP BY a ORDER BY COUNT(*);
SELECT DISTINCT a FROM dord ORDER BY -a;
SELECT DISTINCT a + 1 FROM dord ORDER BY a + 1 DESC;
SELECT DISTINCT a AS x FROM dord ORDER BY x;
SELECT DISTINCT a FROM dord ORDER BY dord.a DESC;
SELECT DISTINCT a, COUNT(*) FROM dord GROUP BY a ORDER BY COUNT(*);
SELECT DISTINCT * FROM dord ORDER BY b;
SELECT DISTINCT a FROM dord ORDER BY 1 DESC;
SELECT a, b FROM dord ORDER BY b;
-- An INT ZEROFILL or FLOAT(M,D) column read through a view or a derived
-- table keeps its text in string contexts; under a column or table alias
-- its text-protocol value is padded.
CREATE TABLE zfa (id INT PRIMARY KEY, z INT(5) ZEROFILL, f FLOAT(7,2));
INSERT INTO zfa VALUES (1, 42, 3.5), (2, 123456, 10);
CREATE VIEW zfv AS SELECT id, z, f AS g FROM zfa;
SELECT id, CONCAT(z), LENGTH(z), z LIKE '000%', CONCAT(g) FROM zfv ORDER BY id;
SELECT CONCAT(z), CONCAT(f) FROM (SELECT id, z, f FROM zfa) s ORDER BY id;
SELECT CONCAT(y) FROM (SELECT x AS y, id FROM (SELECT z AS x, id FROM zfa) a) b ORDER BY id;
SELECT z AS x FROM zfa ORDER BY id;
SELECT a.z AS x, a.f AS y FROM zfa AS a ORDER BY a.id;
SELECT z FROM zfa a ORDER BY id;
-- An expression over FLOAT(M,D) columns read as a string prints the
-- decimals MySQL derives for it; Myriad printed the shortest DOUBLE ('7').
CREATE TABLE fx (id INT PRIMARY KEY, f FLOAT(7,2), d DOUBLE(8,3));
INSERT INTO fx VALUES (1, 3.5, 2.25), (2, -1.25, 10);
SELECT id, CONCAT(IF(id = 1, f, 2)), CONCAT(IFNULL(f, 2)), CONCAT(COALESCE(f, 2)), CONCAT(GREATEST(f, 1)) FROM fx ORDER BY id;
SELECT id, CONCAT(f * 2), CONCAT(-f), CONCAT(f + 1.555), CONCAT(d + f), CONCAT(f / 3) FROM fx ORDER BY id;
SELECT CONCAT(MAX(f)), CONCAT(AVG(f)), CONCAT(SUM(d)), CONCAT(MIN(d)) FROM fx;
SELECT id, CONCAT(MAX(f)) FROM fx GROUP BY id ORDER BY id;
SELECT CONCAT(m), CONCAT(x) FROM (SELECT MAX(f) m, MAX(f * 2) x FROM fx) s;
SELECT id, LENGTH(f * 1), f * 1 LIKE '%.50', CONCAT(ROUND(f, 1)), CONCAT(CASE WHEN id = 1 THEN f ELSE 0 END) FROM fx ORDER BY id;
SELECT id, CONCAT(x) FROM (SELECT id, f * 2 AS x FROM fx) s ORDER BY id;
-- A datetime text with the hour only, or hour and minute, is read with
-- the rest 0 (was NULL); UNIX_TIMESTAMP of a DOUBLE or DECIMAL datetime
-- number keeps its fraction (was 0).
SELECT '2024-01-31 10' + INTERVAL 1 DAY, '2024-01-31 10:30' + INTERVAL 1 DAY, DATE('2024-01-31 10');
SELECT DATE_ADD('2024-01-31 23', INTERVAL 2 HOUR), DATEDIFF('2024-02-01 10', '2024-01-31');
SET time_zone = '+00:00';
SELECT UNIX_TIMESTAMP(20240305e0), UNIX_TIMESTAMP(20240101123456.25), UNIX_TIMESTAMP(240101123456.5e0);
SET time_zone = 'SYSTEM';
-- YEAR: INSERT ... SELECT '0000' stores YEAR 0000 (was 2000); a YEAR read
-- as a string has four digits (CAST(y AS CHAR) of YEAR 0 was '0').
CREATE TABLE y23 (id INT PRIMARY KEY, y YEAR);
INSERT INTO y23 SELECT 1, '0000';
INSERT INTO y23 SELECT 2, 0;
INSERT INTO y23 SELECT 3, '0';
INSERT INTO y23 VALUES (4, '0000'), (5, 0), (6, '0'), (7, 1999);
SELECT id, y, CAST(y AS CHAR), CONCAT(y, ''), LENGTH(y), y + 0 FROM y23 ORDER BY id;
-- A FLOAT(M,D) column with an INT column prints the FLOAT's decimals.
CREATE TABLE fk23 (id INT PRIMARY KEY, a FLOAT(7,4), k INT);
INSERT INTO fk23 VALUES (1, 13.37, 1), (2, -2.5, 3);
SELECT a + k, a * k, k - a FROM fk23 ORDER BY id;
SELECT a FROM fk23 UNION SELECT k FROM fk23;
SELECT k FROM fk23 UNION ALL SELECT a FROM fk23;
-- ST_DISTANCE measures to edges and is 0 inside a polygon (GMS measured
-- between vertices: 2.5 for a point 2 below an edge, 1.41 inside).
SELECT ST_Distance(ST_GeomFromText('POINT(1.5 -2)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))'));
SELECT ST_Distance(ST_GeomFromText('POINT(1 1)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))'));
SELECT ST_Distance(ST_GeomFromText('POINT(1.5 -2)'), ST_GeomFromText('LINESTRING(0 0,3 0)'));
SELECT ST_Distance(ST_GeomFromText('LINESTRING(0 5,3 5)'), ST_GeomFromText('LINESTRING(0 0,3 0)'));
SELECT ST_Distance(ST_GeomFromText('LINESTRING(0 5,3 5)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))'));
SELECT ST_Distance(ST_GeomFromText('POINT(0 5)'), ST_GeomFromText('MULTIPOINT(0 0,3 0)'));
SELECT ST_Distance(ST_GeomFromText('POINT(2 1)'), ST_GeomFromText('POLYGON((0 0,4 0,4 4,0 4,0 0),(1 1,3 1,3 3,1 3,1 1))'));
SELECT ST_Distance(ST_GeomFromText('POLYGON((10 10,12 10,12 12,10 10))'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))'));
SELECT ST_Distance(ST_GeomFromText('LINESTRING(-1 1,5 1)'), ST_GeomFromText('POLYGON((0 0,3 0,3 3,0 0))'));
SELECT ST_Distance(ST_GeomFromText('MULTIPOINT(10 10,1 -1)'), ST_GeomFromText('LINESTRING(0 0,3 0)'));
SELECT ST_Distance(ST_GeomFromText('POINT(0 0)'), ST_GeomFromText('POINT(3 4)'));
SELECT ST_Distance(ST_GeomFromText('GEOMETRYCOLLECTION(POINT(9 9),LINESTRING(5 5,6 6))'), ST_GeomFromText('POINT(0 0)'));
SELECT ST_Distance(NULL, ST_GeomFromText('POINT(2 2)'));
-- PI() has 6 decimals, which MySQL prints in results and strings.
SELECT PI(), PI() * 2, PI() + 0.0000, -PI(), PI() / 2;
SELECT CONCAT(PI()), CONCAT(PI() * 2), LENGTH(PI());
-- A date text followed by other characters is read with a warning by
-- the date functions (was NULL).
SELECT DATE('2024-03-05x'), DATE('2024-03-05 10:00:00x'), DAYOFMONTH('2024-03-05x'), YEAR('2024-03-05 garbage'), TO_DAYS('2024-03-05x');
SELECT DATE('x2024-03-05'), DATE('2024-13-05x');
-- A folded string constant that is a non-integer number, compared with an
-- indexed BIGINT column, is compared as a DOUBLE (the oracles' TLP finding,
-- seed 1795926682651984308: NOT (c3 = IFNULL(-1.50, 'A')) skipped c3 = -2).
CREATE TABLE tlp23 (id INT PRIMARY KEY, c3 BIGINT, KEY k3 (c3));
INSERT INTO tlp23 VALUES (1, 2), (2, -1), (3, NULL), (6, -2), (11, -2), (7, -3);
SELECT id FROM tlp23 WHERE NOT (IFNULL(-1.50, 'A') = c3) ORDER BY id;
SELECT id FROM tlp23 WHERE c3 <> IFNULL(-1.50, 'A') ORDER BY id;
SELECT id FROM tlp23 WHERE c3 < IFNULL(-1.50, 'A') ORDER BY id;
SELECT id FROM tlp23 WHERE c3 = '-2.0' ORDER BY id;
SELECT id FROM tlp23 WHERE c3 IN ('-2.0', 5) ORDER BY id;
SELECT id FROM tlp23 WHERE NOT (c3 = '-1.50') ORDER BY id;
-- A DOUBLE of fixed decimals prints its shortest digits padded with
-- zeros, as my_fcvt does (was the binary value's expansion ...793116).
SELECT PI() + 0.000000000000000000, CONCAT(PI() + 0.000000000000000000), PI() + 0;
