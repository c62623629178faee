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
#   MODE=pk: primary key changes instead, each while a light writer runs
#     (WRATE single-row transactions/s, default 20: an UPDATE by id, an
#     INSERT, a DELETE of a row it inserted): a change of key
#     (DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)), DROP PRIMARY KEY (the
#     table becomes keyless; id keeps a key for its AUTO_INCREMENT), ADD
#     PRIMARY KEY (id) on the keyless table. Per ALTER: time, rows/s, RSS,
#     the writer's tps before / during / after, its errors and slowest
#     transaction during the ALTER. PK_ALTERS="A;B": other ALTER TABLE
#     sbtest1 clauses, separated by ';', instead of those three.
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

# writer PORT OUT: the light writer, until killed; one line per second
# "t ok errors max_latency_ms" into OUT.
writer() {
/usr/bin/python3 - "$@" <<'PY' &
import sys, time, random, pymysql
port, out, rate = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", autocommit=True)
cur = c.cursor()
rows = int(sys.argv[4])
f = open(out, "w", buffering=1)
start = time.time(); sec, ok, err, worst, mine = 0, 0, 0, 0.0, []
while True:
    t = time.time()
    s = int(t - start)
    if s != sec:
        f.write("%d %d %d %.1f\n" % (sec, ok, err, worst * 1000)); sec, ok, err, worst = s, 0, 0, 0.0
    op = random.random()
    try:
        if op < 0.6:
            cur.execute("UPDATE sbtest1 SET c = %s WHERE id = %s", ("w%d" % random.randrange(1 << 30), random.randint(1, rows)))
        elif op < 0.8 or not mine:
            cur.execute("INSERT INTO sbtest1 (k, c, pad) VALUES (%s, 'writer', 'writer')", (random.randint(1, rows),))
            mine.append(cur.lastrowid)
        else:
            cur.execute("DELETE FROM sbtest1 WHERE id = %s", (mine.pop(random.randrange(len(mine))),))
        ok += 1
    except Exception as e:
        err += 1
        print("writer:", e, file=sys.stderr)
    worst = max(worst, time.time() - t)
    time.sleep(max(0, 1 / rate - (time.time() - t)))
PY
WRITER_PID=$!
}

# wtps OUT START END: the writer's tps before, during and after [START, END].
wtps() {
/usr/bin/python3 - "$@" <<'PY'
import sys
out, a, b = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
pre, dur, post, errs, worst = [], [], [], 0, 0.0
for l in open(out):
    t, ok, err, w = l.split(); t, ok, err, w = int(t), int(ok), int(err), float(w)
    if t < a: pre.append(ok)
    elif t <= b:
        dur.append(ok); errs += err; worst = max(worst, w)
    else: post.append(ok)
mean = lambda x: sum(x) / len(x) if x else float("nan")
print("writer tps before %.1f / during %.1f / after %.1f; errors during %d; slowest transaction during %.0f ms" % (mean(pre), mean(dur), mean(post), errs, worst))
PY
}

# side_pk NAME PID PORT: the primary key changes, each with the writer.
side_pk() {
  local name=$1 pid=$2 port=$3 stmt i=0
  local alters=("DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)" "DROP PRIMARY KEY, ADD KEY idk (id)" "ADD PRIMARY KEY (id), DROP KEY idk")
  [ -n "${PK_ALTERS:-}" ] && IFS=';' read -r -a alters <<<"$PK_ALTERS"
  for stmt in "${alters[@]}"; do
    i=$((i + 1))
    echo "== $name: ALTER TABLE sbtest1 $stmt, writer at ${WRATE:-20} tx/s"
    local start
    start=$(date +%s.%N)
    writer "$port" "$WORK/$name.w$i" "${WRATE:-20}" "$ROWS" 2>>"$WORK/$name.werr"
    sleep 10
    alter "$port" "$pid" "$ROWS" "ALTER TABLE sbtest1 $stmt" "$start" | tee "$WORK/$name.alter$i"
    sleep 10
    kill "$WRITER_PID"; wait "$WRITER_PID" 2>/dev/null
    read -r _ a b < <(grep '^window' "$WORK/$name.alter$i")
    wtps "$WORK/$name.w$i" "$a" "$b"
  done
  mariadb -h127.0.0.1 -P"$port" -uroot -e "SHOW CREATE TABLE sbtest.sbtest1\G" | grep -E "KEY|id"
  [ -s "$WORK/$name.werr" ] && sort "$WORK/$name.werr" | uniq -c | head -5
}
[ "${MODE:-}" = pk ] && side() { side_pk "$@"; }

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
