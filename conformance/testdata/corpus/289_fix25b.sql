-- GROUP_CONCAT of a latin1 column is latin1 text (MySQL 8.0's
-- Item_func_group_concat aggregates its arguments' collations; MariaDB
-- 10.11 agrees): LENGTH 5 and HEX E9E92CE9E9 for 'éé,éé', COLLATION()
-- latin1_swedish_ci, compared under it. Myriad typed it utf8mb4_0900_bin
-- (9, C3A9..., a byte-wise comparison).
CREATE TABLE l (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1);
INSERT INTO l VALUES (1, 'éé'), (2, 'éé'), (3, 'É');
SELECT LENGTH(GROUP_CONCAT(v)), HEX(GROUP_CONCAT(v)), COLLATION(GROUP_CONCAT(v)) FROM l WHERE id < 3;
SELECT GROUP_CONCAT(v) = 'éé,éé', GROUP_CONCAT(v) = 'ÉÉ,ÉÉ' FROM l WHERE id < 3;
SELECT LENGTH(GROUP_CONCAT(v)), COLLATION(GROUP_CONCAT(v)) FROM l;
SELECT LENGTH(GROUP_CONCAT(DISTINCT v ORDER BY v)), HEX(GROUP_CONCAT(DISTINCT v ORDER BY v DESC)), COLLATION(GROUP_CONCAT(DISTINCT v ORDER BY v)) FROM l;
SELECT LENGTH(GROUP_CONCAT(v, v)), COLLATION(GROUP_CONCAT(v, v)) FROM l;
SELECT LENGTH(GROUP_CONCAT(v SEPARATOR 'é')), LENGTH(GROUP_CONCAT(id, v SEPARATOR 'é')), HEX(GROUP_CONCAT(id, v ORDER BY id)) FROM l;
SELECT x, LENGTH(x), HEX(x), COLLATION(x) FROM (SELECT GROUP_CONCAT(v ORDER BY id) AS x FROM l) d;
SELECT (SELECT LENGTH(GROUP_CONCAT(v)) FROM l WHERE id < 3), LENGTH((SELECT GROUP_CONCAT(v) FROM l WHERE id < 3));
SELECT GROUP_CONCAT(v) AS x FROM l GROUP BY id ORDER BY x, id;
SELECT LENGTH(CONCAT(GROUP_CONCAT(v), 'x')) FROM l;
-- A utf8mb4_general_ci column's GROUP_CONCAT is of that collation.
CREATE TABLE g (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_general_ci);
INSERT INTO g VALUES (1, 'a'), (2, 'B'), (3, 'ĉ');
SELECT COLLATION(GROUP_CONCAT(c)), GROUP_CONCAT(c ORDER BY id) = 'A,b' FROM g WHERE id < 3;
-- CONCAT_WS of latin1 columns is latin1 (Myriad: LONGTEXT utf8mb4, LENGTH
-- 9); CONCAT of a latin1 and a utf8mb4 column is utf8mb4 (Myriad typed it
-- latin1: HEX of 'ĉ' failed with 1105).
SELECT LENGTH(CONCAT_WS(',', v, v)), HEX(CONCAT_WS(',', v, v)), COLLATION(CONCAT_WS(',', v, v)), CONCAT_WS(',', v, v) = 'ÉÉ,ÉÉ' FROM l WHERE id = 1;
SELECT CONCAT_WS(NULL, v), CONCAT_WS(',', v, NULL, 'x'), LENGTH(CONCAT_WS('é', v, id)) FROM l WHERE id = 1;
SELECT LENGTH(CONCAT(v, c)), HEX(CONCAT(v, c)), COLLATION(CONCAT(v, c)), LENGTH(CONCAT(c, v)), LENGTH(CONCAT_WS('é', v, c)) FROM l, g WHERE l.id = 1 AND g.id = 3;
SELECT LENGTH(GROUP_CONCAT(v, c)), COLLATION(GROUP_CONCAT(v, c)) FROM l, g WHERE l.id = 1 AND g.id = 3;
-- Its field is a VARCHAR (was a BLOB).
SELECT CONCAT_WS(',', v, v) FROM l WHERE id = 1;

-- FLOAT(M,D) decimals and INT ZEROFILL padding through a view over a
-- NATURAL join, a column USING merges (the left table's; a RIGHT join's
-- right table's), and unqualified columns of a view over a join (MySQL
-- and MariaDB print 3.50 and 00042; Myriad printed 3.5 and 42). The
-- driver reads a numeric column's text as a number, so the printed digits
-- are compared here as CONCAT's text (the server tests read the wire).
CREATE TABLE t (id INT PRIMARY KEY, f FLOAT(6,2), z INT(5) ZEROFILL);
CREATE TABLE u (id INT PRIMARY KEY, g FLOAT(7,3), y INT(6) ZEROFILL);
INSERT INTO t VALUES (1, 3.5, 42), (2, -1.25, 3);
INSERT INTO u VALUES (1, 2.25, 7), (2, 0.5, 12345);
CREATE VIEW vn AS SELECT * FROM t NATURAL JOIN u;
CREATE VIEW vn2 AS SELECT f, g, z, y FROM t NATURAL JOIN u;
CREATE VIEW vu AS SELECT id, f, g, z FROM t JOIN u USING (id);
CREATE VIEW vz AS SELECT z, y FROM t JOIN u ON t.id = u.id;
CREATE VIEW vz2 AS SELECT z AS zz, f * 2 AS f2 FROM t JOIN u ON t.id = u.id;
SELECT * FROM vn ORDER BY id;
SELECT CONCAT(f), CONCAT(g), CONCAT(z), CONCAT(y), LENGTH(z) FROM vn ORDER BY id;
SELECT CONCAT(f), CONCAT(z) FROM vn2 ORDER BY f;
SELECT CONCAT(z), CONCAT(y) FROM vz ORDER BY z;
SELECT CONCAT(f), CONCAT(z) FROM t NATURAL JOIN u ORDER BY f;
SELECT f, g, z, y FROM vn2 ORDER BY f;
SELECT * FROM vu ORDER BY id;
SELECT z, y FROM vz ORDER BY z;
SELECT zz, f2 FROM vz2 ORDER BY zz;
SELECT f, z FROM (SELECT f, z FROM t NATURAL JOIN u) d ORDER BY f;
SELECT f FROM (SELECT * FROM t NATURAL JOIN u) d ORDER BY f;
CREATE TABLE a1 (id INT, f FLOAT(6,2), z INT(4) ZEROFILL);
CREATE TABLE b1 (id INT, f FLOAT(7,3), z INT(6) ZEROFILL, k INT);
INSERT INTO a1 VALUES (1, 3.5, 5);
INSERT INTO b1 VALUES (1, 3.5, 5, 1), (2, 4.5, 6, 2);
CREATE VIEW w1 AS SELECT f, z FROM a1 JOIN b1 USING (f, z);
CREATE VIEW w2 AS SELECT f, z FROM a1 RIGHT JOIN b1 USING (f, z);
CREATE VIEW w3 AS SELECT * FROM a1 NATURAL LEFT JOIN b1;
CREATE VIEW w4 AS SELECT * FROM a1 NATURAL RIGHT JOIN b1;
SELECT * FROM w1;
SELECT * FROM w2 ORDER BY f;
SELECT * FROM w3;
SELECT * FROM w4 ORDER BY k;
SELECT f, z FROM a1 RIGHT JOIN b1 USING (f, z) ORDER BY k;
SELECT f FROM (SELECT f FROM a1 JOIN b1 USING (f)) d;
SELECT CONCAT(f), CONCAT(z) FROM w1;
SELECT CONCAT(f), CONCAT(z) FROM w2 ORDER BY f;
SELECT CONCAT(f), CONCAT(z) FROM a1 RIGHT JOIN b1 USING (f, z) ORDER BY k;
SELECT CONCAT(f) FROM (SELECT * FROM a1 NATURAL JOIN b1) d;
-- A LATERAL derived table's columns over its outer table's.
-- mysql-differs: MariaDB 10.11 has no LATERAL derived tables (MySQL 8.0.14+ does; the columns are t.f, a FLOAT(6,2), and t.z, an INT(5) ZEROFILL, whose text the derived table keeps)
-- expect: -1.25 | 00003 | 5
-- expect: 3.50 | 00042 | 5
SELECT CONCAT(d.f2), CONCAT(d.z2), LENGTH(d.z2) FROM t, LATERAL (SELECT t.f AS f2, t.z AS z2) d ORDER BY d.f2;
