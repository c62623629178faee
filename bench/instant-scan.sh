#!/usr/bin/env bash
# Full-scan cost of rows written before an instant ALTER (decoded through
# the newer definition) vs rows in the current format, on 1,000,000 sysbench
# rows: bench/instant-scan.sh
set -u
BIN=$(mktemp -d /tmp/instant-scan-bin.XXXXXX)/myriad
cd "$(dirname "$0")/.." && go build -o $BIN ./cmd/myriad
. bench/lib.sh
D=$(mktemp -d /tmp/instant-scan.XXXXXX)
P=$((40000 + RANDOM % 20000))
start_myriad "$BIN" "$D/data" "$P"
SPID=$MYRIAD_PID
mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --tables=1 --table-size=1000000 prepare >/dev/null
/usr/bin/python3 - $P <<'PY'
import sys, time, pymysql
c = pymysql.connect(host="127.0.0.1", port=int(sys.argv[1]), user="root", database="sbtest", autocommit=True)
def scan(label):
    best = 1e9
    for i in range(3):
        t = time.perf_counter()
        cur = c.cursor(); cur.execute("SELECT SUM(k), SUM(LENGTH(c)) FROM sbtest1"); cur.fetchall()
        best = min(best, time.perf_counter() - t)
    print("%-45s full scan best of 3: %.0f ms" % (label, best * 1000))
scan("rows in the current format")
c.cursor().execute("ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7 FIRST, DROP COLUMN pad, ALGORITHM=INSTANT")
scan("rows one version old (ADD FIRST + DROP)")
c.cursor().execute("ALTER TABLE sbtest1 ADD COLUMN y INT, ALGORITHM=COPY")
scan("after ALGORITHM=COPY rewrote them")
PY
kill $SPID; wait $SPID
rm -rf $D
