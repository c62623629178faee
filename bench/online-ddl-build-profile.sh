#!/usr/bin/env bash
# Where the foreground's throughput goes during an online index build
# (issue #13): Myriad on a copy of a loaded sysbench table under
# `sysbench oltp_read_write --threads=4`, three CPU profiles of the server
# of PROF seconds each: before the build, during it (from 3 s into it) and
# after it (from 5 s after its end); sysbench's tps and the server's
# CPU-seconds per transaction in each window; the throttle's log lines.
#
#   MYRIAD_BASE=DIR bench/online-ddl-build-profile.sh
#
# MYRIAD_BASE: a Myriad data directory holding sbtest.sbtest1 with ROWS
# rows (bench/online-ddl-side-by-side.sh's BASE_CACHE keeps one as
# BASE_CACHE/myriad-ROWS); ROWS (default 300000); WARMUP (default 30 s);
# PROF (default 15 s); PORT (default 23240; the metrics/pprof listener is
# PORT+1); BIN (default: built); OUT (default: a new temporary directory;
# kept: the profiles, the server log, sysbench's output); SET: SQL run
# before the load (e.g. "SET GLOBAL myriad_ddl_backfill_foreground_pct = 95").
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
ROWS=${ROWS:-300000}
WARMUP=${WARMUP:-30}
PROF=${PROF:-15}
PORT=${PORT:-23240}
OUT=${OUT:-$(mktemp -d /tmp/ixprof.XXXXXX)}
mkdir -p "$OUT"
WORK=$OUT
BIN=${BIN:-$OUT/myriad-bin}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
rm -rf "$OUT/data"; cp -a "$MYRIAD_BASE" "$OUT/data"
start_myriad "$BIN" "$OUT/data" "$PORT" --durability async --log-level info --metrics-addr "127.0.0.1:$((PORT + 1))"
[ -z "${SET:-}" ] || mariadb -h127.0.0.1 -P$PORT -uroot -e "$SET"
sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=root \
  --mysql-db=sbtest --tables=1 --table-size=$ROWS --threads=4 --time=100000 --report-interval=1 \
  --mysql-ignore-errors=all run > "$OUT/sb.out" 2>&1 &
SBPID=$!
T0=$(now)
cpu() { awk '{print $14+$15}' /proc/$MYRIAD_PID/stat; }  # clock ticks
sec() { echo "$(now) - $T0" | bc -l | cut -d. -f1; }
# window NAME: a PROF-s profile, with the seconds it covers and the server's CPU.
window() {
  local s c0 c1
  s=$(sec); c0=$(cpu)
  curl -s -o "$OUT/$1.prof" "http://127.0.0.1:$((PORT + 1))/debug/pprof/profile?seconds=$PROF"
  c1=$(cpu)
  echo "$1 $s $(sec) $c0 $c1" >> "$OUT/windows"
}
sleep "$WARMUP"
window before
IX0=$(sec)
( mariadb -h127.0.0.1 -P$PORT -uroot sbtest -e "CREATE INDEX kc ON sbtest1 (c) ALGORITHM=INPLACE LOCK=NONE" \
  && echo "$(sec)" > "$OUT/ixend" ) &
IXPID=$!
sleep 3
window during
wait $IXPID
IX1=$(cat "$OUT/ixend")
sleep 5
window after
kill -TERM $SBPID 2>/dev/null; wait $SBPID 2>/dev/null
stop_server "$MYRIAD_PID"
echo "CREATE INDEX from $IX0 s to $IX1 s: $((IX1 - IX0)) s, $((ROWS / (IX1 - IX0 > 0 ? IX1 - IX0 : 1))) rows/s; load $(cut -d' ' -f1-3 /proc/loadavg)"
tick=$(getconf CLK_TCK)
while read -r name s e c0 c1; do
  awk -v n="$name" -v s="$s" -v e="$e" -v cpu="$(( (c1 - c0) ))" -v tick="$tick" '
    match($0, /^\[ ([0-9]+)s \] thds: [0-9]+ tps: ([0-9.]+)/, m) && m[1] > s && m[1] <= e { t += m[2]; k++ }
    END { printf "%-7s s %d-%d: %.1f tps, server %.2f CPU-s/s, %.2f server CPU-ms per txn\n", n, s, e, t / k, cpu / tick / (e - s), cpu / tick * 1000 / t }
  ' "$OUT/sb.out"
done < "$OUT/windows"
grep "backfill throttle" "$OUT/data.log" | sed 's/^.*msg="backfill throttle" //' | cut -c1-220
echo "profiles in $OUT"
