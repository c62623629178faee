"""Shared by the PyMySQL scripts of e2e/pymysql_test.go: the server's port
(MYRIAD_PORT), a connection helper and the check/failure bookkeeping.
Imported from the scripts' own directory (python puts it first on sys.path).
"""

import os

import pymysql

PORT = int(os.environ["MYRIAD_PORT"])
failures = []


def check(what, got, want):
    if got != want:
        failures.append(what)
        print(f"FAIL {what}:\n  got:  {got!r}\n  want: {want!r}")
    else:
        print(f"ok   {what}")


def connect(database, **kw):
    return pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="",
                           database=database, connect_timeout=10, read_timeout=120, **kw)
