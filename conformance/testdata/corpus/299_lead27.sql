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
