"""PyMySQL against a running Myriad server (run by e2e/pymysql_test.go).

The server's port is in MYRIAD_PORT. Exits 0 when every check passed; prints
each failed check and exits 1 otherwise.
"""

import datetime
import decimal
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


def connect(**kw):
    return pymysql.connect(host="127.0.0.1", port=PORT, user="root", password="",
                           charset="utf8mb4", connect_timeout=10, read_timeout=60,
                           write_timeout=60, **kw)


D = decimal.Decimal
# No negative TIME values: PyMySQL 1.0's escape_timedelta formats
# timedelta(hours=-1, minutes=-30) as '-2:30:00' (a client bug).
ROWS = [
    # name, note, data, blob, price, qty, ratio, created, created_us, day, t, flag
    ("plain", "hello", b"abc", b"blob", D("12.5000"), 7, 0.5,
     datetime.datetime(2024, 1, 2, 3, 4, 5), datetime.datetime(2024, 1, 2, 3, 4, 5, 123456),
     datetime.date(2024, 1, 2), datetime.timedelta(hours=3, minutes=4, seconds=5), 1),
    ("naïve café ☕ 日本語 😀", "ünïcödé 🎉 text", "é".encode("utf-8"), bytes(range(256)),
     D("-0.0001"), -(2**62), -1.25e-10,
     datetime.datetime(2024, 2, 29, 23, 59, 59), datetime.datetime(1999, 12, 31, 23, 59, 59, 999999),
     datetime.date(1970, 1, 1), datetime.timedelta(days=1, hours=2, seconds=1), 0),
    ("nulls", None, None, None, None, None, None, None, None, None, None, None),
    ("quotes ' \" \\ ; -- /* */ %s", "line1\nline2\ttab\r\x00nul", b"\x00\x01'\"\\\xff", b"",
     D("99999999.9999"), 2**63 - 1, 1e300,
     datetime.datetime(1000, 1, 1, 0, 0, 0), datetime.datetime(9999, 12, 31, 23, 59, 59, 1),
     datetime.date(9999, 12, 31), datetime.timedelta(hours=838, minutes=59, seconds=59), 1),
]


def main():
    conn = connect(autocommit=True)
    cur = conn.cursor()
    cur.execute("DROP DATABASE IF EXISTS py_e2e")
    cur.execute("CREATE DATABASE py_e2e")
    cur.execute("USE py_e2e")
    cur.execute("""
        CREATE TABLE items (
          id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
          name VARCHAR(100) NOT NULL,
          note TEXT,
          data VARBINARY(300),
          blob_col BLOB,
          price DECIMAL(12,4),
          qty BIGINT,
          ratio DOUBLE,
          created DATETIME,
          created_us DATETIME(6),
          day DATE,
          t TIME,
          flag BOOLEAN,
          UNIQUE KEY uk_name (name)
        )""")
    cols = "name, note, data, blob_col, price, qty, ratio, created, created_us, day, t, flag"
    insert = f"INSERT INTO items ({cols}) VALUES ({', '.join(['%s'] * 12)})"

    # One row with execute (lastrowid), the rest with executemany (PyMySQL
    # rewrites it into one multi-row INSERT).
    n = cur.execute(insert, ROWS[0])
    check("execute rowcount", n, 1)
    check("lastrowid", cur.lastrowid, 1)
    n = cur.executemany(insert, ROWS[1:])
    check("executemany rowcount", n, len(ROWS) - 1)

    cur.execute(f"SELECT id, {cols} FROM items ORDER BY id")
    got = cur.fetchall()
    check("row count", len(got), len(ROWS))
    for i, (row, want) in enumerate(zip(got, ROWS)):
        check(f"row {i + 1} id", row[0], i + 1)
        for name, g, w in zip(cols.split(", "), row[1:], want):
            check(f"row {i + 1} {name}", g, w)

    # Parameters in WHERE, including unicode and bytes.
    cur.execute("SELECT id FROM items WHERE name = %s", (ROWS[1][0],))
    check("select by unicode name", cur.fetchall(), ((2,),))
    cur.execute("SELECT id FROM items WHERE data = %s", (ROWS[3][2],))
    check("select by bytes", cur.fetchall(), ((4,),))
    cur.execute("SELECT id FROM items WHERE price > %s AND flag = %s ORDER BY id", (D("1"), True))
    check("select by decimal and bool", cur.fetchall(), ((1,), (4,)))
    cur.execute("SELECT id FROM items WHERE note IS NULL")
    check("select IS NULL", cur.fetchall(), ((3,),))
    cur.execute("SELECT CHAR_LENGTH(name), LENGTH(name) FROM items WHERE id = 2")
    check("char and byte length of unicode", cur.fetchall(), ((18, 31),))

    # Dict cursor and column metadata.
    dcur = conn.cursor(pymysql.cursors.DictCursor)
    dcur.execute("SELECT id, name AS label, price FROM items WHERE id = %s", (1,))
    check("dict cursor", dcur.fetchall(), [{"id": 1, "label": "plain", "price": D("12.5000")}])
    check("description names", [d[0] for d in dcur.description], ["id", "label", "price"])

    # Duplicate key: IntegrityError with MySQL's error number.
    try:
        cur.execute(insert, ("plain",) + (None,) * 11)
        check("duplicate raises IntegrityError", "no error", "IntegrityError")
    except pymysql.err.IntegrityError as e:
        check("IntegrityError args[0]", e.args[0], 1062)
        print(f"     ({e.args[1]})")
    except pymysql.MySQLError as e:
        check("duplicate raises IntegrityError", type(e).__name__ + str(e.args), "IntegrityError")

    # Other errors map to their classes too.
    try:
        cur.execute("SELECT * FROM no_such_table")
        check("missing table raises", "no error", "ProgrammingError")
    except pymysql.err.ProgrammingError as e:
        check("ProgrammingError args[0]", e.args[0], 1146)
    except pymysql.MySQLError as e:
        check("missing table raises ProgrammingError", type(e).__name__ + str(e.args), "ProgrammingError")

    # Transactions: rollback discards, commit keeps; another connection sees
    # only committed rows.
    tconn = connect(autocommit=False, database="py_e2e")
    other = connect(autocommit=True, database="py_e2e")
    tcur, ocur = tconn.cursor(), other.cursor()
    tconn.begin()
    tcur.execute("INSERT INTO items (name, qty) VALUES (%s, %s)", ("rolled back", 1))
    tcur.execute("UPDATE items SET qty = qty + 1000 WHERE id = 1")
    tcur.execute("SELECT COUNT(*) FROM items")
    check("own uncommitted insert visible", tcur.fetchone(), (len(ROWS) + 1,))
    ocur.execute("SELECT COUNT(*) FROM items WHERE name = 'rolled back'")
    check("uncommitted insert invisible to others", ocur.fetchone(), (0,))
    tconn.rollback()
    ocur.execute("SELECT COUNT(*), SUM(qty = 7) FROM items WHERE name = 'rolled back' OR id = 1")
    check("rollback discarded insert and update", ocur.fetchone(), (1, D(1)))

    tconn.begin()
    tcur.execute("INSERT INTO items (name, qty) VALUES (%s, %s)", ("committed", 2))
    tconn.commit()
    ocur.execute("SELECT qty FROM items WHERE name = 'committed'")
    check("commit visible to others", ocur.fetchall(), ((2,),))

    # A failing statement inside a transaction does not undo earlier ones.
    tconn.begin()
    tcur.execute("INSERT INTO items (name) VALUES ('before error')")
    try:
        tcur.execute("INSERT INTO items (name) VALUES ('plain')")
    except pymysql.err.IntegrityError:
        pass
    tconn.commit()
    ocur.execute("SELECT COUNT(*) FROM items WHERE name = 'before error'")
    check("statement error keeps the transaction", ocur.fetchone(), (1,))

    tconn.close()
    other.close()
    cur.execute("DROP DATABASE py_e2e")
    conn.close()

    if failures:
        print(f"{len(failures)} checks failed: {', '.join(failures)}")
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
