-- datefn (issue #9): MONTH/YEAR/QUARTER/DAYOFWEEK of a date with a zero
-- month or day. MySQL 8.0 reads function arguments with TIME_FUZZY_DATE
-- and takes only NO_ZERO_DATE from sql_mode (str_to_datetime_with_warn), so
-- a zero part is read; Myriad answered NULL (and 1 for '0000-00-00').
SELECT MONTH('2024-00-05'), YEAR('2024-00-00'), QUARTER('2024-00-05'), QUARTER('2024-05-00');
SELECT MONTH(20240005), YEAR(20240305), MONTH(20240305), DAYOFWEEK(20241128), DAYOFWEEK('2024-11-28');
SELECT DAYOFWEEK('2024-00-05');
-- The corpus runs without NO_ZERO_DATE: the zero date's parts are 0 (under
-- MySQL's default sql_mode they are NULL with 1292; server
-- TestZeroPartDateFunctions checks that).
SELECT MONTH('0000-00-00'), MONTH(0), YEAR('0000-00-00'), QUARTER('0000-00-00');
SELECT DAYOFWEEK('0000-00-00');
