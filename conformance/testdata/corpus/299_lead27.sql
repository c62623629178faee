-- Session 27, lead: cte_max_recursion_depth (default 1000) bounds a
-- recursive CTE's iterations as MySQL's FollowTailIterator counts them: the
-- 1000th iteration may read row 1000, the 1001st fails with 3636.
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 1000) SELECT COUNT(*), MAX(n) FROM r;
-- mysql-differs: MySQL stops at cte_max_recursion_depth (1000) iterations with 3636; MariaDB has no such variable
-- expect-error: 3636
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 1001) SELECT COUNT(*) FROM r;
-- mysql-differs: MySQL stops at cte_max_recursion_depth (1000) iterations with 3636; MariaDB has no such variable
-- expect-error: 3636
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 5000) SELECT COUNT(*) FROM r;
WITH RECURSIVE r AS (SELECT 1 AS n UNION SELECT n FROM r) SELECT COUNT(*) FROM r;
WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 40) SELECT COUNT(*) FROM r a JOIN r b ON a.n <= b.n;
-- information_schema.COLUMNS.EXTRA of ON UPDATE and generated columns:
-- MySQL 8.0 prints "on update CURRENT_TIMESTAMP[(n)]", after
-- DEFAULT_GENERATED only with an expression default, and VIRTUAL GENERATED
-- for a VIRTUAL column (Myriad printed "DEFAULT_GENERATED on update
-- (CURRENT_TIMESTAMP)" and STORED GENERATED).
CREATE TABLE ou (a TIMESTAMP NULL ON UPDATE CURRENT_TIMESTAMP, b DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), c TIMESTAMP DEFAULT CURRENT_TIMESTAMP, d INT, e INT AS (d + 1) VIRTUAL, f INT AS (d + 2) STORED, g DATETIME DEFAULT '2024-01-01 00:00:00' ON UPDATE CURRENT_TIMESTAMP);
-- mysql-differs: MySQL 8.0 names the function CURRENT_TIMESTAMP and marks expression defaults DEFAULT_GENERATED; MariaDB prints current_timestamp() and no DEFAULT_GENERATED
-- expect: a | on update CURRENT_TIMESTAMP
-- expect: b | DEFAULT_GENERATED on update CURRENT_TIMESTAMP(3)
-- expect: c | DEFAULT_GENERATED
-- expect: d |
-- expect: e | VIRTUAL GENERATED
-- expect: f | STORED GENERATED
-- expect: g | on update CURRENT_TIMESTAMP
SELECT column_name, extra FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'ou' ORDER BY ordinal_position;
