"""Huge transactions through PyMySQL (autocommit off) against a server
started with --txn-spill-bytes 1048576 (e2e.TestPyMySQLHugeTxn): the write
buffer spills to sorted runs under MYRIAD_SPILL_DIR many times per UPDATE.
MYRIAD_PID is the server's pid, for its resident memory."""

import os
import sys
import time

import pymysql

from myriadcheck import check, connect, failures

N = 100_000
PID = int(os.environ["MYRIAD_PID"])
SPILL_DIR = os.environ["MYRIAD_SPILL_DIR"]


def rss_mb():
    with open(f"/proc/{PID}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def spill_files():
    try:
        return len(os.listdir(SPILL_DIR))
    except FileNotFoundError:
        return 0


def one(cur, q):
    cur.execute(q)
    return cur.fetchone()


setup = connect(None, autocommit=True)
sc = setup.cursor()
sc.execute("CREATE DATABASE spill")
sc.execute("USE spill")
sc.execute("CREATE TABLE t (id INT PRIMARY KEY, k INT NOT NULL, pad VARCHAR(120) NOT NULL, KEY k_k (k))")
sc.execute("CREATE TABLE t2 (id INT PRIMARY KEY, k INT NOT NULL)")
pad = "p" * 100
for lo in range(0, N, 2000):
    sc.executemany("INSERT INTO t VALUES (%s, %s, %s)", [(i, i, pad) for i in range(lo, lo + 2000)])
BASE = N * (N - 1) // 2
check("rows loaded", one(sc, "SELECT SUM(k), COUNT(*) FROM t"), (BASE, N))

c = connect("spill")  # PyMySQL's default: autocommit off
other = connect("spill", autocommit=True)
cur, ocur = c.cursor(), other.cursor()

# Three UPDATEs of every row in one transaction: each spills many times.
# The transaction reads its own writes (point, range, index), others do not.
rss = [rss_mb()]
for i in range(1, 4):
    t0 = time.time()
    check(f"UPDATE {i} rows", cur.execute("UPDATE t SET k = k + 1"), N)
    rss.append(rss_mb())
    print(f"UPDATE {i}: {time.time() - t0:.1f} s, server RSS {rss[-1]:.0f} MB, {spill_files()} spill files")
    check(f"own writes after UPDATE {i}", one(cur, "SELECT SUM(k), COUNT(*) FROM t"), (BASE + i * N, N))
check("spilled during the transaction", spill_files() > 0, True)
check("point read of an own write", one(cur, "SELECT k FROM t WHERE id = 777"), (780,))
check("index read of an own write", one(cur, "SELECT id FROM t WHERE k = 50003"), (50000,))
check("old index entries hidden", one(cur, "SELECT COUNT(*) FROM t WHERE k < 3"), (0,))
check("others see the old rows", one(ocur, "SELECT SUM(k) FROM t"), (BASE,))
# Memory stays flat: an unbounded buffer grows by hundreds of bytes per row
# and UPDATE (~100 MB per UPDATE here); a spilling one by its 1 MiB buffer.
growth = rss[3] - rss[1]
print(f"server RSS before {rss[0]:.0f} MB, after each UPDATE {rss[1]:.0f} / {rss[2]:.0f} / {rss[3]:.0f} MB")
check(f"RSS flat across UPDATEs 2 and 3 (grew {growth:.0f} MB)", growth < 40, True)

# A failing statement after the spill is undone alone (its savepoint is
# newer than the last spill); the transaction goes on and commits.
try:
    cur.execute("INSERT INTO t VALUES (5, 0, 'dup')")
    check("duplicate insert fails", "no error", 1062)
except pymysql.err.IntegrityError as e:
    check("duplicate insert fails", e.args[0], 1062)
c.commit()
check("committed", one(ocur, "SELECT SUM(k), COUNT(*) FROM t"), (BASE + 3 * N, N))
check("spill files removed at COMMIT", spill_files(), 0)

# ROLLBACK of a spilled transaction.
cur.execute("UPDATE t SET k = k - 1000")
cur.execute("DELETE FROM t WHERE id < 50000")
check("spilled before ROLLBACK", spill_files() > 0, True)
check("own delete", one(cur, "SELECT COUNT(*) FROM t"), (N - 50000,))
c.rollback()
check("rolled back", one(cur, "SELECT SUM(k), COUNT(*) FROM t"), (BASE + 3 * N, N))
check("spill files removed at ROLLBACK", spill_files(), 0)
c.commit()

# A statement that fails after its own writes spilled cannot be undone
# alone: the whole transaction is rolled back and the statement fails with
# 1206 (not its own 1062, which would let the client believe its earlier
# statements were kept), with a warning saying so; the session is out of
# the transaction (the next statement starts a new one).
cur.execute("UPDATE t SET k = k + 1 WHERE id < 10")
try:
    cur.execute("INSERT INTO t2 SELECT id, k FROM t UNION ALL SELECT 0, 0")
    check("INSERT ... SELECT with a duplicate fails", "no error", 1206)
except pymysql.err.MySQLError as e:
    check("INSERT ... SELECT with a duplicate fails with 1206", e.args[0], 1206)
    check("1206 names the cause", "Duplicate entry" in e.args[1], True)
warnings = [w[1] for w in (cur.execute("SHOW WARNINGS") or []) and cur.fetchall()]
check("warning 1206: the whole transaction was rolled back", 1206 in warnings, True)
check("earlier UPDATE rolled back too", one(cur, "SELECT SUM(k) FROM t WHERE id < 10"), (45 + 30,))
check("nothing inserted", one(cur, "SELECT COUNT(*) FROM t2"), (0,))
cur.execute("INSERT INTO t2 VALUES (1, 1)")
c.commit()
check("the session goes on", one(ocur, "SELECT COUNT(*) FROM t2"), (1,))
check("spill files removed", spill_files(), 0)

if failures:
    print(f"{len(failures)} checks failed")
    sys.exit(1)
print("all checks passed")
