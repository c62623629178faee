-- SHOW statements with WHERE or LIKE answer only the rows the filter keeps
-- (build3b). SHOW INDEX/KEYS ... WHERE is refused by Myriad (1235: GMS
-- ignores the WHERE and answered every index), so it is checked in
-- server/showwhere_test.go rather than here, where MySQL's filtered answer
-- would be recorded. Statements whose unfiltered output differs from
-- MariaDB's (int(11), SHOW INDEX's columns, column
-- types of SHOW COLLATION/CHARACTER SET/PROCEDURE STATUS) are left to the
-- server test too.
CREATE TABLE sw_t (id INT PRIMARY KEY, a INT, b VARCHAR(10), KEY ka (a), KEY kb (b));
CREATE TABLE sw_u (x INT);
CREATE TABLE sw_v (b VARCHAR(10), c VARCHAR(5), d VARCHAR(3), KEY kb (b), KEY kd (d));
SHOW TABLES WHERE Tables_in_c_204_showwhere_sql = 'sw_u';
SHOW TABLES LIKE 'sw_u';
SHOW TABLES LIKE 'sw\_%';
SHOW TABLES WHERE Tables_in_c_204_showwhere_sql > 'sw_t';
SHOW COLUMNS FROM sw_t LIKE 'b';
SHOW FIELDS FROM sw_v WHERE `Key` = 'MUL';
SHOW COLUMNS FROM sw_v WHERE Field <> 'c';
SHOW COLUMNS FROM sw_t WHERE Field = 'nope';
SHOW VARIABLES LIKE 'auto_increment_incremen_';
SHOW VARIABLES WHERE Variable_name = 'auto_increment_offset';
SHOW TRIGGERS WHERE `Trigger` = 'nope';
SHOW VARIABLES LIKE 'autocommit';
SHOW VARIABLES WHERE Variable_name = 'unique_checks' AND Value = 'ON';
