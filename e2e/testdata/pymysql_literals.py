"""Typed temporal and DECIMAL literals, DATE comparisons, through PyMySQL
(run by e2e/literals_test.go): DATE/TIME/TIMESTAMP 'str' arrive as
date/timedelta/datetime and compute as MySQL's numbers; 1525 for an
invalid one; DECIMAL literals and DATE constants (PyMySQL interpolates
parameters into the text) compare exactly through indexes. Exits 0 when
every check passed.
"""

import datetime
import decimal
import sys

import pymysql

from myriadcheck import PORT, check, failures
from myriadcheck import connect as _connect

setup = pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="", autocommit=True)
with setup.cursor() as c:
    c.execute("CREATE DATABASE lits")
    c.execute("CREATE TABLE lits.d (id INT PRIMARY KEY, d DATE, KEY (d))")
    c.execute("INSERT INTO lits.d VALUES (1, '2024-01-01'), (2, '2024-01-02'), (3, '2024-01-03')")
    c.execute("CREATE TABLE lits.n (id INT PRIMARY KEY, a DECIMAL(5,0), b DECIMAL(10,2), KEY (a), KEY (b))")
    c.execute("INSERT INTO lits.n VALUES (1, 1, 1.00), (2, 2, 1.01), (3, 3, 1.02)")

conn = _connect("lits", autocommit=True)
with conn.cursor() as c:
    c.execute("SELECT DATE '2024-01-02', TIME '10:00:00', TIMESTAMP '2024-01-02 10:00:00.5'")
    check("typed literals", c.fetchone(),
          (datetime.date(2024, 1, 2), datetime.timedelta(hours=10), datetime.datetime(2024, 1, 2, 10, 0, 0, 500000)))
    check("column name", c.description[0][0], "DATE '2024-01-02'")
    c.execute("SELECT DATE '2024-01-02' + 0, TIMESTAMP '2024-01-02 10:00:00' + 0, DATE '2024-01-02' = 20240102")
    check("in arithmetic", c.fetchone(), (20240102, 20240102100000, 1))
    try:
        c.execute("SELECT DATE '2024-02-30'")
        check("invalid DATE literal", "no error", 1525)
    except pymysql.err.MySQLError as e:
        check("invalid DATE literal", e.args[0], 1525)

    def ids(q, *args):
        c.execute(q, args)
        return [r[0] for r in c.fetchall()]

    check("DECIMAL index = 1.5", ids("SELECT id FROM n WHERE a = 1.5"), [])
    check("DECIMAL index > 1.5", ids("SELECT id FROM n WHERE a > 1.5 ORDER BY id"), [2, 3])
    check("DECIMAL parameter", ids("SELECT id FROM n WHERE b = %s", decimal.Decimal("1.005")), [])
    check("DECIMAL NOT BETWEEN", ids("SELECT id FROM n WHERE a NOT BETWEEN 1.5 AND 2.5 ORDER BY id"), [1, 3])
    check("DATE index < DATETIME string", ids("SELECT id FROM d WHERE d < %s ORDER BY id", "2024-01-02 10:00"), [1, 2])
    check("DATE index = DATETIME string", ids("SELECT id FROM d WHERE d = %s", "2024-01-02 00:00:00.000001"), [])
    check("DATE index = number", ids("SELECT id FROM d WHERE d = %s", 20240102), [2])
    check("DATE index BETWEEN numbers", ids("SELECT id FROM d WHERE d BETWEEN %s AND %s ORDER BY id", 20240101, 20240102), [1, 2])
    check("DATE index > datetime", ids("SELECT id FROM d WHERE d > %s ORDER BY id", datetime.datetime(2024, 1, 2, 0, 0, 1)), [3])

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
