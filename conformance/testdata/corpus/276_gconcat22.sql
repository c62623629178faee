-- gconcat22 (issue #9): GROUP_CONCAT's cut at group_concat_max_len.
CREATE TABLE gc (a INT, s VARCHAR(20) CHARSET utf8mb4);
INSERT INTO gc VALUES (1, 'abcd'), (1, 'abc'), (2, 'xyz');
SET SESSION group_concat_max_len = 5;
SELECT HEX(GROUP_CONCAT(DISTINCT a SEPARATOR '--')) FROM gc;
SELECT GROUP_CONCAT(s ORDER BY s) FROM gc;
