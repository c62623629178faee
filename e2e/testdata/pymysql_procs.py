"""Stored procedures, DO and EXPLAIN through PyMySQL (run by
e2e/pymysql_test.go): CALL's result sets with nextset() (PyMySQL's default
connection has no multi-statements), callproc with OUT parameters read
back, SIGNAL as an OperationalError with MySQL's number and message, DO,
EXPLAIN FORMAT=JSON parsed with json. Exits 0 when every check passed.
"""

import json
import sys

import pymysql

from myriadcheck import PORT, check, failures
from myriadcheck import connect as _connect

setup = pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="", autocommit=True)
with setup.cursor() as c:
    c.execute("CREATE DATABASE procs")
    c.execute("CREATE TABLE procs.t (a INT PRIMARY KEY, b VARCHAR(10))")
    c.execute("INSERT INTO procs.t VALUES (1, 'x'), (2, 'y'), (3, 'z')")

conn = _connect("procs", autocommit=True)
with conn.cursor() as c:
    c.execute("""CREATE PROCEDURE sets(lo INT, OUT total INT)
BEGIN
  SELECT a, b FROM t WHERE a >= lo ORDER BY a;
  SELECT COUNT(*) INTO total FROM t;
  SELECT total AS total;
END""")
    c.execute("""CREATE PROCEDURE fail(v INT)
BEGIN
  IF v < 0 THEN
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'negative';
  END IF;
  SELECT v;
END""")

    # execute + nextset: every SELECT is a result set, then the CALL's OK.
    c.execute("CALL sets(2, @total)")
    sets = [c.fetchall()]
    while c.nextset():
        sets.append(c.fetchall())
    check("CALL result sets", sets, [((2, "y"), (3, "z")), ((3,),), ()])
    c.execute("SELECT @total")
    check("OUT parameter", c.fetchone(), (3,))

    # callproc passes parameters through @_sets_N and reads them back.
    c.callproc("sets", (3, 0))
    check("callproc first set", c.fetchall(), ((3, "z"),))
    while c.nextset():
        pass
    c.execute("SELECT @_sets_1")
    check("callproc OUT", c.fetchone(), (3,))

    try:
        c.execute("CALL fail(-1)")
        check("SIGNAL raised", None, "OperationalError")
    except pymysql.err.OperationalError as e:
        check("SIGNAL", (e.args[0], e.args[1]), (1644, "negative"))
    c.execute("CALL fail(4)")
    check("CALL after SIGNAL", c.fetchall(), ((4,),))
    while c.nextset():
        pass

    c.execute("DO 1 + 1")
    check("DO has no result", c.description, None)

    c.execute("EXPLAIN FORMAT=JSON SELECT * FROM t WHERE a = 2")
    doc = json.loads(c.fetchone()[0])
    table = doc["query_block"]["table"]
    check("EXPLAIN JSON", (table["table_name"], table["access_type"], table["key"], table["rows_examined_per_scan"]),
          ("t", "const", "PRIMARY", 1))
    c.execute("EXPLAIN SELECT * FROM t WHERE a > 1")
    row = c.fetchone()
    check("EXPLAIN", (row[2], row[4], row[6]), ("t", "range", "PRIMARY"))

# DO inside a body sends no result set (branch gosql).
with conn.cursor() as c:
    c.execute("CREATE PROCEDURE with_do() BEGIN DO GET_LOCK('pd', 0); SELECT IS_FREE_LOCK('pd') AS f; DO RELEASE_LOCK('pd'); END")
    c.execute("CALL with_do()")
    sets = [c.fetchall()]
    while c.nextset():
        if c.description:
            sets.append(c.fetchall())
    check("CALL with DO in the body", sets, [((0,),)])

# LOAD DATA LOCAL INFILE: refused while local_infile is OFF (3948), then
# read with MySQL's escapes once it is ON.
import os
import tempfile

with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    f.write("1\ttab\\there\t\\N\n2\t\\N\t7\n")
    path = f.name
local = _connect("procs", autocommit=True, local_infile=True)
with local.cursor() as c:
    c.execute("CREATE TABLE ld (id INT PRIMARY KEY, v VARCHAR(20), n INT)")
    try:
        c.execute(f"LOAD DATA LOCAL INFILE '{path}' INTO TABLE ld")
        check("LOAD DATA LOCAL with local_infile OFF", "loaded", "3948")
    except pymysql.err.MySQLError as e:
        check("LOAD DATA LOCAL with local_infile OFF", e.args[0], 3948)
    c.execute("SET GLOBAL local_infile = 1")
    c.execute(f"LOAD DATA LOCAL INFILE '{path}' INTO TABLE ld")
    check("LOAD DATA LOCAL affected rows", c.rowcount, 2)
    c.execute("SELECT id, v, n FROM ld ORDER BY id")
    check("LOAD DATA LOCAL rows", c.fetchall(), ((1, "tab\there", None), (2, None, 7)))
    c.execute("SET GLOBAL local_infile = 0")
os.unlink(path)

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
