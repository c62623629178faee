"""Isolation levels through PyMySQL (run by e2e/pymysql_test.go).

PyMySQL connections start with autocommit off, as ORMs use them: every
statement runs in a transaction that lasts until commit(). The server's
port is in MYRIAD_PORT. Exits 0 when every check passed.
"""

import sys
import threading
import time

import pymysql

from myriadcheck import PORT, check, failures
from myriadcheck import connect as _connect


def connect(**kw):
    return _connect("iso", **kw)


def one(conn, q, args=None):
    with conn.cursor() as c:
        c.execute(q, args)
        return c.fetchone()[0]


setup = pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="", autocommit=True)
with setup.cursor() as c:
    c.execute("CREATE DATABASE iso")
    c.execute("CREATE TABLE iso.t (id INT PRIMARY KEY, n INT NOT NULL)")
    c.execute("INSERT INTO iso.t VALUES (1, 0), (2, 0)")

writer = connect(autocommit=True)

# Default level: REPEATABLE READ keeps the transaction's first snapshot.
reader = connect()
check("default level", one(reader, "SELECT @@transaction_isolation"), "REPEATABLE-READ")
reader.commit()
first = one(reader, "SELECT n FROM t WHERE id = 1")
one(writer, "SELECT 1")
with writer.cursor() as c:
    c.execute("UPDATE t SET n = 1 WHERE id = 1")
check("REPEATABLE READ keeps its snapshot", one(reader, "SELECT n FROM t WHERE id = 1"), first)
reader.commit()
check("after commit the new value", one(reader, "SELECT n FROM t WHERE id = 1"), 1)
reader.commit()

# READ COMMITTED: the next statement of the same transaction sees a commit.
rc = connect(init_command="SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
check("session level", one(rc, "SELECT @@tx_isolation"), "READ-COMMITTED")
before = one(rc, "SELECT n FROM t WHERE id = 1")
with writer.cursor() as c:
    c.execute("UPDATE t SET n = n + 10 WHERE id = 1")
check("READ COMMITTED sees a concurrent commit", one(rc, "SELECT n FROM t WHERE id = 1"), before + 10)
with rc.cursor() as c:
    c.execute("UPDATE t SET n = 100 WHERE id = 2")
check("READ COMMITTED sees its own write", one(rc, "SELECT SUM(n) FROM t"), before + 10 + 100)
rc.rollback()
check("rolled back", one(writer, "SELECT n FROM t WHERE id = 2"), 0)

# SERIALIZABLE: a plain SELECT in the transaction makes a writer wait for commit().
ser = connect(init_command="SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE")
one(ser, "SELECT n FROM t WHERE id = 2")
blocked = {}
connected = threading.Event()


def write():
    w = connect(autocommit=True)
    start = time.monotonic()
    connected.set()
    with w.cursor() as c:
        c.execute("UPDATE t SET n = 7 WHERE id = 2")
    blocked["waited"] = time.monotonic() - start


th = threading.Thread(target=write)
th.start()
connected.wait(30)
time.sleep(0.5)
check("writer waits for the SERIALIZABLE reader", th.is_alive(), True)
ser.commit()
th.join(30)
check("writer went on after commit", blocked.get("waited", 0) >= 0.4, True)
check("written", one(writer, "SELECT n FROM t WHERE id = 2"), 7)

# Lock wait timeout against a SERIALIZABLE reader: 1205.
one(ser, "SELECT n FROM t WHERE id = 1")
w = connect(autocommit=True)
with w.cursor() as c:
    c.execute("SET SESSION innodb_lock_wait_timeout = 1")
    try:
        c.execute("UPDATE t SET n = 0 WHERE id = 1")
        check("1205 after the timeout", "no error", 1205)
    except pymysql.err.OperationalError as e:
        check("1205 after the timeout", e.args[0], 1205)
ser.commit()

if failures:
    print(f"{len(failures)} failed: {failures}")
    sys.exit(1)
print("all isolation checks passed")
