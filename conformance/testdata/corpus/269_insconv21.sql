-- insconv21 (issue #9): ALTER TABLE ... MODIFY a DOUBLE into an integer
-- column rounds with rint (Field_long::store(double)); a DECIMAL half away
-- from zero.
CREATE TABLE ad (id INT PRIMARY KEY, d DOUBLE, m DECIMAL(4,1));
INSERT INTO ad VALUES (1, 2.5, 2.5), (2, 3.5, 3.5), (3, -2.5, -2.5), (4, 0.5, 0.5);
ALTER TABLE ad MODIFY d INT, MODIFY m INT;
SELECT id, d, m FROM ad ORDER BY id;
CREATE TABLE ac (id INT PRIMARY KEY, d DOUBLE);
INSERT INTO ac VALUES (1, 2.5), (2, 0.5), (3, 1.5);
ALTER TABLE ac ALGORITHM=COPY, MODIFY d BIGINT;
SELECT id, d FROM ac ORDER BY id;
