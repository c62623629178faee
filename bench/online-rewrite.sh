#!/usr/bin/env bash
# ALTER TABLE sbtest1 MODIFY k BIGINT on a ROWS-row sysbench table, Myriad
# (online rewrite job) and MariaDB side by side: once idle (time, rows/s,
# the server's RSS before and its peak during, sampled every 50 ms), then
# 30 s into a TIME-s sysbench oltp_read_write run with 4 threads (time,
# sysbench's mean tps in the 3-s reports before / during / after the ALTER,
# its error count). myriad check runs on the stopped store.
#
#   ROWS=1000000 TIME=150 bench/online-rewrite.sh
#   BIN_OLD=/path/to/older/myriad: also the same idle ALTER by that binary on
#     the same data (the one-transaction rebuild before rewrite jobs)
#   SKIP_MARIADB=1 / SKIP_MYRIAD=1: one side only
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
BIN=${BIN:-$(mktemp -d /tmp/online-rewrite-bin.XXXXXX)/myriad}
go build -o "$BIN" ./cmd/myriad
ROWS=${ROWS:-100000}
TIME=${TIME:-150}
WORK=$(mktemp -d /tmp/online-rewrite.XXXXXX)
P=$((40000 + RANDOM % 20000))

# alter PORT PID ROWS STATEMENT [SB_START]: runs the statement, prints its
# time, rows/s, affected rows and the server's RSS; with SB_START (epoch
# seconds) also the statement's start and end offsets into the sysbench run.
alter() {
/usr/bin/python3 - "$@" <<'PY'
import sys, time, threading, pymysql
port, pid, rows, stmt = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
sb = float(sys.argv[5]) if len(sys.argv) > 5 else None
def rss():
    for l in open("/proc/%s/status" % pid):
        if l.startswith("VmRSS:"):
            return int(l.split()[1]) // 1024
peak, before, done = [0], rss(), [False]
def sample():
    while not done[0]:
        peak[0] = max(peak[0], rss()); time.sleep(0.05)
th = threading.Thread(target=sample, daemon=True); th.start()
c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", autocommit=True)
t0 = time.time(); t = time.perf_counter()
try:
    n = c.cursor().execute(stmt)
    el = time.perf_counter() - t
    print("%-50s %.2f s, %.0f rows/s, %d rows affected" % (stmt, el, rows / el, n))
except Exception as e:
    el = time.perf_counter() - t
    print(stmt, "ERROR", e)
done[0] = True; th.join()
print("RSS before %d MB, peak during %d MB (+%d MB)" % (before, peak[0], peak[0] - before))
if sb is not None:
    print("window %.1f %.1f" % (t0 - sb, t0 - sb + el))
PY
}

# tps SB_OUT START END: mean tps of sysbench's reports before, during and
# after [START, END] (seconds into the run).
tps() {
/usr/bin/python3 - "$@" <<'PY'
import re, sys
out, a, b = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
pre, dur, post = [], [], []
for l in open(out):
    m = re.match(r"\[ (\d+)s \].*tps: ([\d.]+)", l)
    if not m:
        continue
    t, v = int(m.group(1)), float(m.group(2))
    (pre if t <= a else dur if t - 3 < b else post).append(v)
mean = lambda x: sum(x) / len(x) if x else float("nan")
print("sysbench tps before %.1f (%d reports) / during %.1f (%d) / after %.1f (%d)" % (mean(pre), len(pre), mean(dur), len(dur), mean(post), len(post)))
PY
}

# side NAME PID PORT: the idle ALTERs and the one under load.
side() {
  local name=$1 pid=$2 port=$3
  local SB="sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$port --mysql-user=root --tables=1 --table-size=$ROWS"
  echo "== $name: idle"
  alter "$port" "$pid" "$ROWS" "ALTER TABLE sbtest1 MODIFY k BIGINT NOT NULL DEFAULT '0'"
  alter "$port" "$pid" "$ROWS" "ALTER TABLE sbtest1 MODIFY k INT NOT NULL DEFAULT '0'"
  echo "== $name: under sysbench oltp_read_write, 4 threads (ALTER at 30 s)"
  local start
  start=$(date +%s.%N)
  $SB --threads=4 --time="$TIME" --report-interval=3 --mysql-ignore-errors=all run >"$WORK/$name.sb" 2>&1 &
  local sbpid=$!
  sleep 30
  alter "$port" "$pid" "$ROWS" "ALTER TABLE sbtest1 MODIFY k BIGINT NOT NULL DEFAULT '0'" "$start" | tee "$WORK/$name.alter"
  wait $sbpid
  read -r _ a b < <(grep '^window' "$WORK/$name.alter")
  tps "$WORK/$name.sb" "$a" "$b"
  grep -E "errors:|ignored|reconnects" "$WORK/$name.sb"
}

if [ -z "${SKIP_MYRIAD:-}" ]; then
  start_myriad "$BIN" "$WORK/data" "$P"
  mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
  sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --tables=1 --table-size=$ROWS prepare >/dev/null
  side myriad "$MYRIAD_PID" "$P"
  stop_server "$MYRIAD_PID"
  "$BIN" check --data-dir "$WORK/data" | tail -1
  if [ -n "${BIN_OLD:-}" ]; then
    echo "== myriad before rewrite jobs ($BIN_OLD): idle, one transaction"
    start_myriad "$BIN_OLD" "$WORK/data" "$P"
    alter "$P" "$MYRIAD_PID" "$ROWS" "ALTER TABLE sbtest1 MODIFY k INT NOT NULL DEFAULT '0'"
    stop_server "$MYRIAD_PID"
  fi
fi
if [ -z "${SKIP_MARIADB:-}" ]; then
  M=$((P + 1))
  start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$M" --innodb-buffer-pool-size=1G
  mariadb -h127.0.0.1 -P$M -uroot -e "CREATE DATABASE sbtest"
  sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$M --mysql-user=root --tables=1 --table-size=$ROWS prepare >/dev/null
  side mariadb "$MARIADB_PID" "$M"
  stop_server "$MARIADB_PID"
fi
rm -rf "$WORK"
