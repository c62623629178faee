-- datefn (issue #9): MONTH/YEAR/QUARTER/DAYOFWEEK of a date with a zero
-- month or day. MySQL 8.0 reads function arguments with TIME_FUZZY_DATE
-- and takes only NO_ZERO_DATE from sql_mode (str_to_datetime_with_warn), so
-- a zero part is read; Myriad answered NULL (and 1 for '0000-00-00').
SELECT MONTH('2024-00-05'), YEAR('2024-00-00'), QUARTER('2024-00-05'), QUARTER('2024-05-00');
SELECT MONTH(20240005), YEAR(20240305), MONTH(20240305), DAYOFWEEK(20241128), DAYOFWEEK('2024-11-28');
SELECT DAYOFWEEK('2024-00-05');
-- Without NO_ZERO_DATE the zero date's parts are 0. (This file ran under
-- 219_modgen.sql's sql_mode until digits26 gave each file a fresh session.)
SET sql_mode = 'STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO';
SELECT MONTH('0000-00-00'), MONTH(0), YEAR('0000-00-00'), QUARTER('0000-00-00');
SELECT DAYOFWEEK('0000-00-00');
SET sql_mode = DEFAULT;
-- mysql-differs: under MySQL's default sql_mode (NO_ZERO_DATE) a zero date text's parts are NULL with 1292, a number's zero date is read without it (server TestZeroPartDateFunctions); MariaDB reads 0
-- expect: NULL | 0 | NULL | NULL
SELECT MONTH('0000-00-00'), MONTH(0), YEAR('0000-00-00'), QUARTER('0000-00-00');
SELECT DAYOFWEEK('0000-00-00');
