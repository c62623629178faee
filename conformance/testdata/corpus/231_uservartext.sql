-- lead (session 16): a user variable set from a temporal value holds its
-- text (MySQL's manual: converted to a binary string); GMS kept the Go time
-- and printed DATETIME(6).
CREATE TABLE uvt (id INT PRIMARY KEY, dd DATE, dt DATETIME(2), tm TIME);
INSERT INTO uvt VALUES (1, '2024-01-02', '2024-01-02 03:04:05.67', '10:11:12'), (2, '2024-03-04', '2024-03-04 00:00:00', '-01:00:00');
-- setup
SET @d = CAST('2024-01-02' AS DATE), @t = CAST('10:00:00.5' AS TIME(1)), @y = TIMESTAMP('2024-01-02 10:00:00.25');
SELECT @d, @t, @y, CONCAT(@d), LENGTH(@y);
-- setup
SET @e = (SELECT dt FROM uvt WHERE id = 2), @m = (SELECT tm FROM uvt WHERE id = 2);
SELECT @e, @m;
-- setup
SELECT dd, dt INTO @d2, @e2 FROM uvt WHERE id = 1;
SELECT @d2, @e2;
SELECT id FROM uvt WHERE dt >= @e ORDER BY id;
