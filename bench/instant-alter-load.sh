#!/usr/bin/env bash
# Instant ADD/DROP COLUMN (three pairs, 2 s apart) while sysbench
# oltp_read_write runs with 4 threads on a ROWS-row table: the time of each
# ALTER, sysbench's per-3-s throughput and its error count, then myriad
# check on the stopped store.
#
#   ROWS=1000000 TIME=30 bench/instant-alter-load.sh
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
BIN=${BIN:-$(mktemp -d /tmp/instant-load-bin.XXXXXX)/myriad}
go build -o "$BIN" ./cmd/myriad
ROWS=${ROWS:-100000}
D=$(mktemp -d /tmp/instant-load.XXXXXX)
P=$((40000 + RANDOM % 20000))
WORK=$D
start_myriad "$BIN" "$D/data" "$P"
SPID=$MYRIAD_PID
SB="sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --tables=1 --table-size=$ROWS"
mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
$SB prepare >/dev/null
$SB --threads=4 --time=${TIME:-30} --report-interval=3 --mysql-ignore-errors=all run > $D/sb.out 2>&1 &
SB_PID=$!
sleep 8
/usr/bin/python3 - $P <<'PY'
import sys, time, pymysql
c = pymysql.connect(host="127.0.0.1", port=int(sys.argv[1]), user="root", database="sbtest", autocommit=True)
for i in range(3):
    for s in ["ALTER TABLE sbtest1 ADD COLUMN x%d INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT" % i, "ALTER TABLE sbtest1 DROP COLUMN x%d, ALGORITHM=INSTANT" % i]:
        t = time.perf_counter()
        try:
            c.cursor().execute(s); print("%-70s %.1f ms" % (s, (time.perf_counter() - t) * 1000))
        except Exception as e:
            print(s, "ERROR", e)
        time.sleep(2)
PY
wait $SB_PID
grep -E "^\[|errors|transactions:|ignored|reconnects" $D/sb.out
kill $SPID; wait $SPID
$BIN check --data-dir $D/data | tail -1
rm -rf $D
