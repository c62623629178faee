"""PyMySQL's kill() (COM_PROCESS_KILL) against a running Myriad server
(e2e/pymysql_test.go): the named connection is closed, as KILL CONNECTION,
and the killer's connection goes on. PyMySQL's own test_issue_36 does this.
The server's port is in MYRIAD_PORT. Exits 0 when every check passed.
"""

import os
import sys

import pymysql

PORT = int(os.environ["MYRIAD_PORT"])


def connect():
    return pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="",
                           connect_timeout=10, read_timeout=60, write_timeout=60)


killer, victim = connect(), connect()
killer.kill(victim.thread_id())
try:
    victim.cursor().execute("SELECT 1")
except pymysql.err.OperationalError as e:
    print("ok   the killed connection is gone:", e)
else:
    print("FAIL the killed connection still answers")
    sys.exit(1)
c = killer.cursor()
c.execute("SELECT 1")
if c.fetchone() != (1,):
    print("FAIL the killer's connection")
    sys.exit(1)
print("ok   the killer's connection goes on")
