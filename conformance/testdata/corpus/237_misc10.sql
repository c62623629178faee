-- misc10: MIN()/MAX() of ENUM and SET compare the members' text (MySQL's
-- manual, MAX(): "by their string value rather than by the string's
-- relative position in the set"; MIN likewise); GMS compared member
-- numbers. Result types as the reference reports them: VARCHAR without
-- GROUP BY and in a window, the ENUM/SET with GROUP BY.
CREATE TABLE mme (id INT PRIMARY KEY, k INT, s ENUM('b','a','c'), st SET('q','p'));
INSERT INTO mme VALUES (1, 1, 'b', 'p,q'), (2, 1, 'a', ''), (3, 2, 'c', 'q'), (4, 2, NULL, 'p');
SELECT MIN(s), MAX(s), MIN(st), MAX(st) FROM mme;
SELECT MIN(s), MAX(s) FROM mme WHERE id > 1;
SELECT k, MIN(s), MAX(s), MIN(st), MAX(st) FROM mme GROUP BY k ORDER BY k;
SELECT id, MIN(s) OVER (), MAX(st) OVER (PARTITION BY k) FROM mme ORDER BY id;
SELECT MIN(DISTINCT s), MAX(DISTINCT st) FROM mme;
SELECT k, MIN(s) FROM mme GROUP BY k HAVING MIN(s) = 'a';
SELECT (SELECT MAX(s) FROM mme) FROM mme WHERE id = 1;
CREATE TABLE mmn (e ENUM('x','y') NOT NULL, s SET('x','y') NOT NULL);
INSERT INTO mmn VALUES ('y', 'x,y');
SELECT e, s FROM mmn;
-- HEX of a DOUBLE, FLOAT or DECIMAL rounds half away from zero and
-- saturates to BIGINT UNSIGNED (Item_func_hex); GMS gave 8000000000000000
-- out of range. BIN is CONV(N, 10, 2) of N's text.
CREATE TABLE hxn (id INT PRIMARY KEY, d DECIMAL(30,2), f DOUBLE, r FLOAT);
INSERT INTO hxn VALUES (1, 2.50, 2.5, 2.5), (2, -1.50, -1.5, -1.5), (3, 123456789012345678901234.50, 1e20, 3.4e38);
SELECT HEX(CAST(3.4e38 AS FLOAT)), HEX(1e20), HEX(-1e20), HEX(1e19);
SELECT HEX(-1.5), HEX(2.5), HEX(-2.5), HEX(1.5e0), HEX(2.5e0);
SELECT HEX(18446744073709551616), HEX(-9223372036854775809), HEX(18446744073709551615);
SELECT HEX(d), HEX(f), HEX(r) FROM hxn ORDER BY id;
SELECT BIN(d), CONV(d, 10, 16), OCT(d) FROM hxn ORDER BY id;
SELECT BIN(2.5), BIN(-1.5), BIN(5), BIN(NULL), BIN('12x');
-- SELECT ... INTO @v of all of a table's columns (GMS drops the Project):
-- a temporal value's text, as with a partial select list.
CREATE TABLE ivd (dt DATE);
INSERT INTO ivd VALUES ('2024-01-02');
CREATE TABLE ivt (id INT PRIMARY KEY, dt DATETIME(2), tm TIME);
INSERT INTO ivt VALUES (1, '2024-01-02 03:04:05.5', '10:11:12'), (2, '2024-03-04 00:00:00', '-01:00:00');
-- setup
SELECT dt INTO @ivv FROM ivd;
SELECT @ivv, @ivv + 0;
-- setup
SELECT * INTO @iva, @ivb, @ivc FROM ivt WHERE id = 1;
SELECT @iva, @ivb, @ivc;
-- setup
SELECT * INTO @iva, @ivb, @ivc FROM ivt ORDER BY id DESC LIMIT 1;
SELECT @iva, @ivb, @ivc;
-- A BIGINT column joined with a DOUBLE compares as DOUBLE (above 2^53 one
-- DOUBLE equals several BIGINTs); exactKey made the join key the one equal
-- BIGINT. No index on b: MariaDB's ref access through one converts the key.
CREATE TABLE jkb (id INT PRIMARY KEY, b BIGINT);
CREATE TABLE jkd (id INT PRIMARY KEY, d DOUBLE);
INSERT INTO jkb VALUES (1, 9007199254740993), (2, 9007199254740992), (3, 5), (4, 9007199254740994);
INSERT INTO jkd VALUES (1, 9007199254740992e0), (2, 5.0), (3, 5.5);
SELECT 9007199254740993 = 9007199254740992e0;
SELECT jkb.id, jkd.id FROM jkb JOIN jkd ON jkb.b = jkd.d ORDER BY 1, 2;
SELECT jkb.id, jkd.id FROM jkd JOIN jkb ON jkd.d = jkb.b ORDER BY 1, 2;
SELECT jkb.id, jkd.id FROM jkb LEFT JOIN jkd ON jkb.b = jkd.d ORDER BY 1, 2;
SELECT jkb.id, jkd.id FROM jkb JOIN jkd ON jkb.id + 9007199254740992 = jkd.d ORDER BY 1, 2;
SELECT id FROM jkb WHERE b = 9007199254740992e0;
SELECT id, b = 9007199254740992e0, b > 9007199254740992e0, b <=> 9007199254740992e0 FROM jkb ORDER BY id;
-- SUM/AVG of YEAR and BIT are exact DECIMALs (integers to MySQL); they
-- were DOUBLE.
CREATE TABLE ybz (id INT PRIMARY KEY, k INT, bt BIT(4), y YEAR);
INSERT INTO ybz VALUES (1, 1, b'0101', 2024), (2, 1, b'0011', 1999), (3, 2, b'1000', 2000), (4, 2, NULL, NULL);
SELECT SUM(y), AVG(y), SUM(bt), AVG(bt) FROM ybz;
SELECT k, AVG(y), AVG(bt) FROM ybz GROUP BY k ORDER BY k;
SELECT id, AVG(y) OVER () FROM ybz WHERE id = 1;
