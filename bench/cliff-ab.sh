#!/bin/bash
# Random vs hot-table inserts of one build on a copy of a seed store.
#
#   SEED=/tmp/seed-data bench/cliff-ab.sh BIN LABEL PORT
#
# SEED is a stopped server's --data-dir (e.g. `myriad bench provision
# --schemas 10000 --tables 100`, then some `myriad bench insert`). The copy
# is opened once and stopped (a build that converts the store on open does
# it then), started again, left 20 s to warm the catalog, then measured with
# `myriad bench cliff`; the server's CPU ticks over the run are printed.
# Alternate builds (A B B A) with the same SEED to compare them.
set -u
BIN=$1; LABEL=$2; PORT=$3
SEED=${SEED:?set SEED to a stopped server data dir}
RUN=${TMPDIR:-/tmp}/cliff-ab-$LABEL
rm -rf "$RUN"; mkdir -p "$RUN"; cp -a "$SEED" "$RUN/data"
start() {
  "$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --metrics-addr 127.0.0.1:$((PORT+1)) --skip-ssl >> "$RUN/server.log" 2>&1 &
  echo $! > "$RUN/server.pid"
  "$BIN" bench wait --port "$PORT" >/dev/null 2>&1
}
stop() { kill "$(cat "$RUN/server.pid")"; while kill -0 "$(cat "$RUN/server.pid")" 2>/dev/null; do sleep 0.5; done; }
start
# A store with AUTO_INCREMENT counters in the old place: wait for the move.
for _ in $(seq 1 300); do
  grep -q "moved AUTO_INCREMENT\|moving AUTO_INCREMENT counters stopped" "$RUN/server.log" && break
  grep -q "moving AUTO_INCREMENT" "$RUN/server.log" || break
  sleep 1
done
grep "AUTO_INCREMENT" "$RUN/server.log"
stop
start
sleep 20
PID=$(cat "$RUN/server.pid")
c0=$(awk '{print $14+$15}' /proc/$PID/stat)
"$BIN" bench cliff --port "$PORT" --schemas 10000 --tables 100 --duration 40s --rounds 2 2>&1 | tail -4
c1=$(awk '{print $14+$15}' /proc/$PID/stat)
echo "$LABEL server_cpu_ticks=$((c1-c0)) rss_kb=$(awk '/VmRSS/{print $2}' /proc/$PID/status)"
stop
rm -rf "$RUN"
