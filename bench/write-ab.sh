#!/usr/bin/env bash
# Server CPU per transaction and tps of Myriad builds under one sysbench
# write workload, builds alternated round by round (docs/BENCHMARKS.md,
# "Session 8: write path"): for each round and each BIN, a fresh data
# directory, 4 tables x 10,000 rows, WARM warm-up transactions, then EVENTS
# transactions at THREADS threads; the server's utime+stime from
# /proc/PID/stat over those EVENTS. PROF=1 also takes a CPU profile of the
# first PROF_SECONDS of the measured part into OUT.<n>.pprof (n = the build's position in BINS).
#
#   BINS="/tmp/before /tmp/after" WORKLOAD=oltp_write_only bench/write-ab.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BINS=${BINS:?myriad binaries, space-separated}
WORKLOAD=${WORKLOAD:-oltp_write_only}
THREADS=${THREADS:-1}
EVENTS=${EVENTS:-3000}
WARM=${WARM:-300}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-23180}
PROF=${PROF:-0}
PROF_SECONDS=${PROF_SECONDS:-10}
OUT=${OUT:-/tmp/write-ab}
SB_ARGS=${SB_ARGS:-}
WORK=$(mktemp -d /tmp/myriad-writeab.XXXXXX)
. bench/lib.sh
tick=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Go heap allocations so far (runtime.MemStats.Mallocs, which the heap
# profile's text form ends with): less sensitive to the machine's load than
# CPU time.
mallocs() { curl -s "http://127.0.0.1:$((PORT + 1))/debug/pprof/heap?debug=1" | awk '/^# Mallocs = / {printf "%d", $4}'; }
for round in $(seq "$ROUNDS"); do
  n=0
  for BIN in $BINS; do
    n=$((n + 1))
    rm -rf "$WORK/data" "$WORK/data.log"
    start_myriad "$BIN" "$WORK/data" "$PORT" --durability async --log-level error --metrics-addr "127.0.0.1:$((PORT + 1))"
    mariadb -h127.0.0.1 -P"$PORT" -uroot -e "CREATE DATABASE sbtest"
    sb() { sysbench "$1" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=root \
      --mysql-password= --mysql-db=sbtest --tables=4 --table-size=10000 "${@:2}"; }
    sb oltp_read_write --threads=4 prepare >/dev/null
    sb "$WORKLOAD" --threads="$THREADS" --events="$WARM" --time=0 $SB_ARGS run >/dev/null
    prof=""
    if [ "$PROF" = 1 ]; then
      (curl -s "http://127.0.0.1:$((PORT + 1))/debug/pprof/profile?seconds=$PROF_SECONDS" >"$OUT.$n.pprof") &
      prof=$!
      sleep 0.2
    fi
    m0=$(mallocs)
    c0=$(cpu "$MYRIAD_PID")
    tps=$(sb "$WORKLOAD" --threads="$THREADS" --events="$EVENTS" --time=0 --report-interval=0 $SB_ARGS run |
      awk '/transactions:/ {print $3}' | tr -d '(')
    c1=$(cpu "$MYRIAD_PID")
    m1=$(mallocs)
    [ -n "$prof" ] && wait "$prof" || true
    stop_server "$MYRIAD_PID"
    echo "round $round bin $BIN tps $tps cpu_us_per_txn $(echo "($c1 - $c0) * 1000000 / $tick / $EVENTS" | bc) mallocs_per_txn $(( (m1 - m0) / EVENTS )) load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
rm -rf "$WORK"
