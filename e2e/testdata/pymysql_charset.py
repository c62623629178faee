"""PyMySQL's charset= and the NO_BACKSLASH_ESCAPES status flag against a
running Myriad server (e2e/pymysql_test.go).

The character set a client asks for in its handshake is the session's, as in
MySQL and MariaDB: it sends its text in it and reads results in it. Expected
values are MariaDB 10.11's answers to the same statements. The server's port
is in MYRIAD_PORT. Exits 0 when every check passed.
"""

import os
import sys

import pymysql

PORT = int(os.environ["MYRIAD_PORT"])
failures = []


def check(what, got, want):
    if got != want:
        failures.append(what)
        print(f"FAIL {what}:\n  got:  {got!r}\n  want: {want!r}")
    else:
        print(f"ok   {what}")


def connect(charset, **kw):
    return pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="",
                           charset=charset, autocommit=True, connect_timeout=10,
                           read_timeout=60, write_timeout=60, **kw)


SESSION = ("SELECT @@character_set_client, @@character_set_connection, "
           "@@character_set_results, @@collation_connection")

u8 = connect("utf8mb4")
cur = u8.cursor()
cur.execute("CREATE DATABASE cs")
cur.execute("CREATE TABLE cs.t (id INT PRIMARY KEY, s VARCHAR(20) CHARACTER SET utf8mb4, "
            "l VARCHAR(20) CHARACTER SET latin1, v VARBINARY(20))")
cur.execute(SESSION)
check("utf8mb4 session", cur.fetchone(), ("utf8mb4", "utf8mb4", "utf8mb4", "utf8mb4_general_ci"))

# A latin1 client: its text arrives as latin1 bytes and is stored as the
# same characters; it reads latin1, '?' for characters latin1 lacks.
l1 = connect("latin1")
lc = l1.cursor()
lc.execute(SESSION)
check("latin1 session", lc.fetchone(), ("latin1", "latin1", "latin1", "latin1_swedish_ci"))
lc.execute("INSERT INTO cs.t (id, s, l) VALUES (1, %s, %s)", ("é", "ü"))
cur.execute("SELECT s, l, HEX(s), HEX(l) FROM cs.t WHERE id = 1")
check("latin1 text stored as characters", cur.fetchone(), ("é", "ü", "C3A9", "FC"))
cur.execute("INSERT INTO cs.t (id, s) VALUES (2, 'a😀é')")
lc.execute("SELECT s, %s FROM cs.t WHERE id = 2", ("Ä",))
check("latin1 reads with '?' for what latin1 lacks", lc.fetchone(), ("a?é", "Ä"))
lc.execute("SELECT s FROM cs.t WHERE s = %s", ("é",))
check("latin1 literal compares as its character", lc.fetchall(), (("é",),))
# Bytes sent with the _binary introducer keep their bytes.
b1 = connect("latin1", binary_prefix=True)
b1.cursor().execute("INSERT INTO cs.t (id, v) VALUES (3, %s)", (b"\xe9\xff\x00'",))
cur.execute("SELECT HEX(v) FROM cs.t WHERE id = 3")
check("latin1 client's _binary bytes", cur.fetchone(), ("E9FF0027",))

# utf8 (utf8mb3): four-byte characters come back as '?'.
m3 = connect("utf8")
mc = m3.cursor()
mc.execute(SESSION)
check("utf8 session", mc.fetchone(), ("utf8mb3", "utf8mb3", "utf8mb3", "utf8mb3_general_ci"))
mc.execute("SELECT s FROM cs.t WHERE id = 2")
check("utf8mb3 reads", mc.fetchone(), ("a?é",))

# SET NAMES after the handshake still wins.
lc.execute("SET NAMES utf8mb4 COLLATE utf8mb4_bin")
lc.execute(SESSION)
check("SET NAMES after the handshake", lc.fetchone(), ("utf8mb4", "utf8mb4", "utf8mb4", "utf8mb4_bin"))

# SERVER_STATUS_NO_BACKSLASH_ESCAPES follows sql_mode: PyMySQL quotes by it.
check("escape by default", u8.escape("foo'bar"), "'foo\\'bar'")
cur.execute("SET sql_mode = 'NO_BACKSLASH_ESCAPES'")
check("escape under NO_BACKSLASH_ESCAPES", u8.escape("foo'bar"), "'foo''bar'")
cur.execute("SELECT %s", ("a'b\\c",))
check("a quote and a backslash round trip", cur.fetchone(), ("a'b\\c",))
cur.execute("SET sql_mode = DEFAULT")
check("escape after the mode is gone", u8.escape("foo'bar"), "'foo\\'bar'")

cur.execute("DROP DATABASE cs")
if failures:
    print(f"{len(failures)} failed: {failures}")
    sys.exit(1)
print("all charset checks passed")
