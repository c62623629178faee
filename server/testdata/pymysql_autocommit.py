# Run by TestPyMySQLAutocommit: PyMySQL decides from the handshake's status
# flags whether to send SET autocommit=0, and its default is autocommit off.
import os
import sys

import pymysql

port = int(os.environ["MYRIAD_PORT"])


def connect(**kw):
    return pymysql.connect(host="127.0.0.1", port=port, user="root", **kw)


def check(cond, what):
    if not cond:
        print("FAIL:", what)
        sys.exit(1)


IN_TRANS, AUTOCOMMIT = 0x0001, 0x0002

c = connect()  # autocommit=False
cur = c.cursor()
cur.execute("SELECT @@autocommit")
check(cur.fetchone()[0] == 0, "connect() left the session in autocommit")
check(not c.get_autocommit(), "server status says autocommit")
cur.execute("CREATE DATABASE IF NOT EXISTS ac")
cur.execute("USE ac")
cur.execute("CREATE TABLE ac.t (id INT PRIMARY KEY)")
cur.execute("INSERT INTO ac.t VALUES (1)")
check(c.server_status & IN_TRANS, "no SERVER_STATUS_IN_TRANS after INSERT")
c.rollback()
check(not c.server_status & IN_TRANS, "SERVER_STATUS_IN_TRANS after ROLLBACK")
cur.execute("SELECT COUNT(*) FROM ac.t")
check(cur.fetchone()[0] == 0, "rolled-back row still there")

cur.execute("INSERT INTO ac.t VALUES (2)")
other = connect(autocommit=True, database="ac")
check(other.get_autocommit(), "autocommit=True connection: no SERVER_STATUS_AUTOCOMMIT")
ocur = other.cursor()
ocur.execute("SELECT COUNT(*) FROM ac.t")
check(ocur.fetchone()[0] == 0, "uncommitted row visible to another session")
c.commit()
ocur.execute("SELECT COUNT(*) FROM ac.t")
check(ocur.fetchone()[0] == 1, "committed row not visible")
ocur.execute("INSERT INTO ac.t VALUES (3)")
check(not other.server_status & IN_TRANS, "autocommit INSERT left a transaction open")
other.close()
c.close()

# A handshake with autocommit on, then toggling it: the OK packets follow.
d = connect(autocommit=True, database="ac")
d.autocommit(False)
check(not d.server_status & AUTOCOMMIT, "SET autocommit=0: OK still says autocommit")
dcur = d.cursor()
dcur.execute("DELETE FROM ac.t")
d.rollback()
dcur.execute("SELECT COUNT(*) FROM ac.t")
check(dcur.fetchone()[0] == 2, "rolled-back DELETE took effect")
d.autocommit(True)
check(d.server_status & AUTOCOMMIT, "SET autocommit=1: OK says no autocommit")
d.close()
print("ok")
