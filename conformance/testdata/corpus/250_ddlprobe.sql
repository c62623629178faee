-- ddlprobe (issue #9): schema introspection that migration tools act on.
-- Prefix key parts: information_schema.STATISTICS's SUB_PART is the
-- prefix length, NULL for a whole column of the same index (GMS gave 0).
CREATE TABLE ix (id INT PRIMARY KEY, b INT, h VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci, KEY k_prefix (h(10)), UNIQUE KEY uk (b, h(5)));
SELECT INDEX_NAME, SEQ_IN_INDEX, COLUMN_NAME, NON_UNIQUE, SUB_PART, NULLABLE, INDEX_TYPE FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'ix' ORDER BY INDEX_NAME, SEQ_IN_INDEX;
-- Column comments with quotes and backslashes are stored and read back
-- as written (SHOW CREATE TABLE prints them escaped: server/ddlprobe_test.go).
CREATE TABLE cm (id INT PRIMARY KEY, b INT COMMENT 'it''s "b" \\ end', c INT COMMENT '');
SELECT COLUMN_NAME, COLUMN_COMMENT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'cm' ORDER BY ORDINAL_POSITION;
-- ENUM and SET with quoted values: COLUMN_TYPE doubles the quotes (GMS
-- printed them raw), DATE has no DATETIME_PRECISION (GMS: 0), a DECIMAL
-- default keeps its declared scale (GMS: 1.5).
CREATE TABLE en (id INT PRIMARY KEY, k ENUM('a','b''c','d,e') CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci DEFAULT 'b''c', l SET('x','y''z') CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci, m DATE, c DECIMAL(10,2) DEFAULT 1.50, z DECIMAL(6,3) DEFAULT '-2');
SELECT COLUMN_NAME, COLUMN_TYPE, DATA_TYPE, DATETIME_PRECISION, CHARACTER_SET_NAME, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'en' AND COLUMN_NAME <> 'id' ORDER BY ORDINAL_POSITION;
SELECT COLUMN_NAME, COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'en' AND DATA_TYPE = 'decimal' ORDER BY ORDINAL_POSITION;
-- mysql-differs: MySQL 8.0 gives a string column's COLUMN_DEFAULT unquoted (b'c; its manual's COLUMNS table: "the default value for the column"), MariaDB 10.3+ quotes it ('b''c')
-- expect: b'c
SELECT COLUMN_DEFAULT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'en' AND COLUMN_NAME = 'k';
