-- 217_show (branch midstream): SHOW statements' result metadata, where
-- MariaDB 10.11 answers as MySQL 8.0. SHOW WARNINGS' columns are
-- Level VARCHAR(7), Code INT UNSIGNED, Message VARCHAR(512); GMS typed them
-- TEXT, INT and TEXT.
SELECT CAST('x' AS SIGNED);
SHOW WARNINGS;
SELECT 1 + 'a', CAST('y' AS SIGNED);
SHOW WARNINGS;
