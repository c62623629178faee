"""Row locking through PyMySQL threads (run by e2e/pymysql_test.go).

The server's port is in MYRIAD_PORT. Exits 0 when every check passed.
"""

import sys
import threading
import time

import pymysql

from myriadcheck import PORT, check, failures
from myriadcheck import connect as _connect


def connect(**kw):
    return _connect("lk", **kw)


setup = pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="", autocommit=True)
with setup.cursor() as c:
    c.execute("CREATE DATABASE lk")
    c.execute("CREATE TABLE lk.counter (id INT PRIMARY KEY, n INT NOT NULL)")
    c.execute("INSERT INTO lk.counter VALUES (1, 0)")
    c.execute("CREATE TABLE lk.acct (id INT PRIMARY KEY, bal BIGINT NOT NULL)")
    c.executemany("INSERT INTO lk.acct VALUES (%s, 1000)", [(i,) for i in range(20)])


def run_threads(n, fn):
    errors = []

    def wrap(i):
        try:
            fn(i)
        except Exception as e:  # noqa: BLE001 - every error is a failure here
            errors.append(repr(e))

    ts = [threading.Thread(target=wrap, args=(i,)) for i in range(n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return errors


# 16 threads x 100 autocommit increments: no lost update, no error.
def incr(_):
    conn = connect(autocommit=True)
    with conn.cursor() as c:
        for _ in range(100):
            c.execute("UPDATE counter SET n = n + 1 WHERE id = 1")
    conn.close()


check("increments: errors", run_threads(16, incr), [])
with setup.cursor() as c:
    c.execute("SELECT n FROM lk.counter WHERE id = 1")
    check("increments: n", c.fetchone()[0], 1600)


# Bank: transfers locking both accounts FOR UPDATE in id order, no retry.
def bank(i):
    conn = connect()
    deadline = time.time() + 2
    k = 0
    while time.time() < deadline:
        k += 1
        x, y = (i * 3 + k) % 20, (i * 5 + k * 7 + 1) % 20
        if x == y:
            continue
        lo, hi = min(x, y), max(x, y)
        with conn.cursor() as c:
            conn.begin()
            c.execute("SELECT bal FROM acct WHERE id = %s FOR UPDATE", (lo,))
            a = c.fetchone()[0]
            c.execute("SELECT bal FROM acct WHERE id = %s FOR UPDATE", (hi,))
            b = c.fetchone()[0]
            amt = 1 + k % 7
            c.execute("UPDATE acct SET bal = %s WHERE id = %s", (a - amt, lo))
            c.execute("UPDATE acct SET bal = %s WHERE id = %s", (b + amt, hi))
            conn.commit()
    conn.close()


check("bank: errors", run_threads(16, bank), [])
with setup.cursor() as c:
    c.execute("SELECT SUM(bal) FROM lk.acct")
    check("bank: total", int(c.fetchone()[0]), 20000)


# Deadlock: two transactions lock rows 1 and 2 in opposite orders; exactly
# one gets 1213 within a second, the other commits.
a, b = connect(), connect()
ca, cb = a.cursor(), b.cursor()
a.begin()
b.begin()
ca.execute("UPDATE acct SET bal = bal + 1 WHERE id = 1")
cb.execute("UPDATE acct SET bal = bal + 1 WHERE id = 2")
results = {}


def second_a():
    try:
        ca.execute("UPDATE acct SET bal = bal + 1 WHERE id = 2")
        results["a"] = 0
    except pymysql.err.OperationalError as e:
        results["a"] = e.args[0]


start = time.time()
th = threading.Thread(target=second_a)
th.start()
time.sleep(0.2)
try:
    cb.execute("UPDATE acct SET bal = bal + 1 WHERE id = 1")
    results["b"] = 0
except pymysql.err.OperationalError as e:
    results["b"] = e.args[0]
    b.rollback()
th.join()
if results.get("a") == 1213:
    a.rollback()
    b.commit()
else:
    a.commit()
    b.rollback()
check("deadlock: one victim", sorted(results.values()), [0, 1213])
check("deadlock: within 1 s", time.time() - start < 1.2, True)

# NOWAIT and SKIP LOCKED.
a.begin()
ca.execute("SELECT * FROM acct WHERE id = 3 FOR UPDATE")
try:
    cb.execute("SELECT * FROM acct WHERE id = 3 FOR UPDATE NOWAIT")
    check("NOWAIT", "no error", 3572)
except pymysql.err.OperationalError as e:
    check("NOWAIT", e.args[0], 3572)
b.rollback()
cb.execute("SELECT id FROM acct WHERE id BETWEEN 2 AND 4 ORDER BY id FOR UPDATE SKIP LOCKED")
check("SKIP LOCKED", [r[0] for r in cb.fetchall()], [2, 4])
b.rollback()
a.rollback()

# innodb_lock_wait_timeout: 1205 after the timeout, the transaction lives on.
cb.execute("SET SESSION innodb_lock_wait_timeout = 1")
a.begin()
ca.execute("UPDATE acct SET bal = bal WHERE id = 5")
b.begin()
cb.execute("UPDATE acct SET bal = bal + 1 WHERE id = 6")
t0 = time.time()
try:
    cb.execute("UPDATE acct SET bal = bal + 1 WHERE id = 5")
    check("timeout", "no error", 1205)
except pymysql.err.OperationalError as e:
    check("timeout", e.args[0], 1205)
check("timeout: after ~1 s", 0.9 < time.time() - t0 < 5, True)
a.rollback()
b.commit()

# Visibility and KILL: while b waits for a's row lock, INNODB_LOCK_WAITS and
# INNODB_TRX say who waits for whom, SHOW ENGINE INNODB STATUS lists the
# wait and the deadlock above; KILL QUERY ends b's wait with 1317.
admin = connect(autocommit=True)
cadm = admin.cursor()
cb.execute("SET SESSION innodb_lock_wait_timeout = 50")
a.begin()
ca.execute("UPDATE acct SET bal = bal WHERE id = 7")
killed = {}


def waiting_b():
    try:
        b.begin()
        cb.execute("UPDATE acct SET bal = bal + 1 WHERE id = 7")
        killed["b"] = 0
    except pymysql.err.MySQLError as e:
        killed["b"] = e.args[0]


th = threading.Thread(target=waiting_b)
th.start()
who = None
for _ in range(500):
    cadm.execute(
        "SELECT r.trx_mysql_thread_id, r.trx_query, bl.trx_mysql_thread_id, l.lock_table, l.lock_data"
        " FROM information_schema.INNODB_LOCK_WAITS w"
        " JOIN information_schema.INNODB_TRX r ON r.trx_id = w.requesting_trx_id"
        " JOIN information_schema.INNODB_TRX bl ON bl.trx_id = w.blocking_trx_id"
        " JOIN information_schema.INNODB_LOCKS l ON l.lock_id = w.requested_lock_id")
    who = cadm.fetchall()
    if who:
        break
    time.sleep(0.01)
check("lock waits", [list(r) for r in who],
      [[b.thread_id(), "UPDATE acct SET bal = bal + 1 WHERE id = 7", a.thread_id(), "`lk`.`acct`", "7"]])
cadm.execute("SHOW ENGINE INNODB STATUS")
typ, _, status = cadm.fetchone()
check("status: type", typ, "InnoDB")
check("status: sections", ["LATEST DETECTED DEADLOCK" in status, "WE ROLL BACK TRANSACTION" in status,
                           "TRX HAS BEEN WAITING" in status], [True, True, True])
cadm.execute(f"KILL QUERY {b.thread_id()}")
th.join(10)
check("kill query: 1317", killed.get("b"), 1317)
b.rollback()
a.rollback()
cb.execute("SELECT bal FROM acct WHERE id = 7")  # b is usable after the kill
check("kill query: connection usable", cb.fetchone() is not None, True)
admin.close()

if failures:
    print(f"{len(failures)} check(s) failed")
    sys.exit(1)
print("all locking checks passed")
