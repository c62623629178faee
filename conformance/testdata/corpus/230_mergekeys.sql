-- lead (session 16): a join on expressions of two primary keys was a merge
-- join over the key scans, which are sorted by the columns, not by the
-- expressions: `a.id % 2 = b.id % 2` answered 4 of 8 rows.
CREATE TABLE mja (id INT PRIMARY KEY, k INT, KEY (k));
CREATE TABLE mjb (id INT PRIMARY KEY, k INT, KEY (k));
INSERT INTO mja VALUES (1, 10), (2, 20), (3, 30), (4, 40);
INSERT INTO mjb VALUES (1, 40), (2, 30), (3, 20), (4, 10);
SELECT mja.id, mjb.id FROM mja JOIN mjb ON mja.id % 2 = mjb.id % 2 ORDER BY 1, 2;
SELECT mja.id, mjb.id FROM mja LEFT JOIN mjb ON mja.id % 2 = mjb.id % 2 ORDER BY 1, 2;
SELECT COUNT(*) FROM mja JOIN mjb ON mja.id + 1 = mjb.id;
SELECT COUNT(*) FROM mja JOIN mjb ON -mja.k = -mjb.k;
SELECT COUNT(*) FROM mja JOIN mjb ON 50 - mja.k = mjb.k;
SELECT mja.id FROM mja WHERE mja.id % 2 IN (SELECT mjb.id % 2 FROM mjb) ORDER BY 1;
SELECT mja.id FROM mja WHERE NOT EXISTS (SELECT 1 FROM mjb WHERE mjb.id % 3 = mja.id % 3) ORDER BY 1;
