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
