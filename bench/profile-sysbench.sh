#!/usr/bin/env bash
# CPU profile of a Myriad build under one sysbench workload (docs/PROFILES.md):
# a fresh data directory, 4 tables x 10,000 rows, THREADS threads, prepared
# statements unless SB_ARGS says otherwise; a PROF_SECONDS profile from
# --metrics-addr's /debug/pprof/profile taken 5 s into the run, then
# `go tool pprof -top -cum` into OUT.top (and OUT.pprof). CONTENTION=1 also
# takes the mutex and block profiles over the same window (OUT.mutex.top,
# OUT.block.top, by delay).
#
#   BIN=/tmp/myriad-before OUT=/tmp/before WORKLOAD=oltp_write_only bench/profile-sysbench.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:?a myriad binary}
OUT=${OUT:?output prefix}
WORKLOAD=${WORKLOAD:-oltp_write_only}
THREADS=${THREADS:-4}
PROF_SECONDS=${PROF_SECONDS:-12}
SB_ARGS=${SB_ARGS:-}
WORK=$(mktemp -d /tmp/myriad-profile.XXXXXX)
PORT=${PORT:-$((20000 + RANDOM % 30000))}
. bench/lib.sh
start_myriad "$BIN" "$WORK/data" "$PORT" --durability async --log-level error --metrics-addr "127.0.0.1:$((PORT + 1))"
mariadb -h127.0.0.1 -P"$PORT" -uroot -e "CREATE DATABASE sbtest"
sb() { sysbench "$1" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=root \
  --mysql-password= --mysql-db=sbtest --tables=4 --table-size=10000 "${@:2}"; }
sb oltp_read_write --threads=4 prepare >/dev/null
(sleep 5; curl -s "http://127.0.0.1:$((PORT + 1))/debug/pprof/profile?seconds=$PROF_SECONDS" >"$OUT.pprof") &
prof=$!
if [ "${CONTENTION:-}" = 1 ]; then
  for k in mutex block; do
    (sleep 5; curl -s "http://127.0.0.1:$((PORT + 1))/debug/pprof/$k?seconds=$PROF_SECONDS" >"$OUT.$k.pprof") &
    prof="$prof $!"
  done
fi
sb "$WORKLOAD" --threads="$THREADS" --time=$((PROF_SECONDS + 8)) --report-interval=0 $SB_ARGS run |
  awk '/transactions:/ {print "tps", $3}' | tr -d '('
wait $prof
go tool pprof -top -cum -nodecount=60 "$BIN" "$OUT.pprof" >"$OUT.top" 2>/dev/null
if [ "${CONTENTION:-}" = 1 ]; then
  for k in mutex block; do
    go tool pprof -top -cum -nodecount=40 "$BIN" "$OUT.$k.pprof" >"$OUT.$k.top" 2>/dev/null || true
  done
fi
stop_server "$MYRIAD_PID"
rm -rf "$WORK"
