#!/usr/bin/env bash
# Online CREATE INDEX on a ROWS-row sysbench table: once idle (build time,
# rows/s, the server's RSS before and its peak during the build, sampled
# every 50 ms), then while sysbench oltp_read_write runs with 4 threads
# (build time, sysbench's per-3-s throughput before/during/after, its error
# count), then myriad check on the stopped store.
#
#   ROWS=1000000 TIME=90 bench/online-index.sh
#   SKIP_IDLE=1 DELAY_MS=20 ...: only the build under load, throttled by
#   myriad_ddl_batch_delay_ms
#   DATA=/path/to/data ROWS=10000000 SKIP_LOAD=1 ...: the idle build only,
#   on a data directory sysbench already prepared (a 10M-row prepare takes
#   most of an hour; the directory is used in place)
set -u
cd "$(dirname "$0")/.."
BIN=${BIN:-$(mktemp -d /tmp/online-index-bin.XXXXXX)/myriad}
go build -o "$BIN" ./cmd/myriad
ROWS=${ROWS:-100000}
TIME=${TIME:-90}
D=$(mktemp -d /tmp/online-index.XXXXXX)
P=$((40000 + RANDOM % 20000))
DATA=${DATA:-$D/data}
$BIN serve --data-dir $DATA --port $P > $D/log 2>&1 &
SPID=$!
for i in $(seq 100); do mariadb -h127.0.0.1 -P$P -uroot -e "SELECT 1" >/dev/null 2>&1 && break; sleep 0.2; done
SB="sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --tables=1 --table-size=$ROWS"
if [ "$DATA" = "$D/data" ]; then
mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
$SB prepare >/dev/null
fi
build() { # $1: statement; prints its time, rows/s and the RSS it added
/usr/bin/python3 - $P $SPID $ROWS "$1" <<'PY'
import sys, time, threading, pymysql
port, pid, rows, stmt = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
def rss():
    for l in open("/proc/%s/status" % pid):
        if l.startswith("VmRSS:"):
            return int(l.split()[1]) // 1024
peak, before, done = [0], rss(), [False]
def sample():
    while not done[0]:
        peak[0] = max(peak[0], rss()); time.sleep(0.05)
th = threading.Thread(target=sample, daemon=True); th.start()
t = time.perf_counter()
try:
    c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", autocommit=True)
    t = time.perf_counter()
    c.cursor().execute(stmt)
    el = time.perf_counter() - t
    print("%-45s %.2f s, %.0f rows/s" % (stmt, el, rows / el))
except Exception as e:
    print(stmt, "ERROR", e)
done[0] = True; th.join()
print("RSS before %d MB, peak during %d MB (+%d MB)" % (before, peak[0], peak[0] - before))
PY
}
if [ -z "${SKIP_IDLE:-}" ]; then
echo "== idle"
build "CREATE INDEX c_idle ON sbtest1 (c)"
mariadb -h127.0.0.1 -P$P -uroot sbtest -e "DROP INDEX c_idle ON sbtest1"
fi
if [ -z "${SKIP_LOAD:-}" ]; then
mariadb -h127.0.0.1 -P$P -uroot -e "SET GLOBAL myriad_ddl_batch_delay_ms = ${DELAY_MS:-0}"
echo "== under sysbench oltp_read_write, 4 threads (index build starts at 30 s)"
$SB --threads=4 --time=$TIME --report-interval=3 --mysql-ignore-errors=all run > $D/sb.out 2>&1 &
SB_PID=$!
sleep 30
build "CREATE INDEX c_load ON sbtest1 (c)"
wait $SB_PID
grep -E "^\[|errors|transactions:|ignored|reconnects" $D/sb.out
fi
kill $SPID; wait $SPID
$BIN check --data-dir $DATA | tail -1
rm -rf $D
