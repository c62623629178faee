#!/bin/bash
# Random-table vs hot-table inserts of one build, with a CPU profile of each,
# on a copy of a seed store.
#
#   SEED=/path/to/seed bench/random-insert-prof.sh BIN LABEL PORT
#
# SEED is a stopped server's --data-dir (`myriad bench provision --schemas
# 10000 --tables 100`, then 60 s of `myriad bench insert --schemas 10000
# --tables 100`). The copy is opened once and stopped, started again, left
# $WARM (default 20) s to warm the catalog (catalog.Warm), then 33 s of inserts into random
# tables of all 1M, then 33 s into the 100 hot tables, each with 30 s of
# /debug/pprof/profile written to $OUT/LABEL-all.prof and LABEL-hot.prof.
# Prints the rates, the server's CPU per insert (/proc ticks) and its RSS
# after each set. Alternate
# builds (A B B A) with the same SEED to compare them.
#
# Each start waits up to $READY_TIMEOUT (default 600) s for the server to
# answer: the first start of a seed written by an older build upgrades it
# (e.g. moves its AUTO_INCREMENT counters), which at 1M tables takes minutes.
set -u
BIN=$1; LABEL=$2; PORT=$3
SEED=${SEED:?set SEED to a stopped server data dir}
T=${OUT:-${TMPDIR:-/tmp}}
RUN=$T/prof-$LABEL
rm -rf "$RUN"; mkdir -p "$RUN"; cp -a "$SEED" "$RUN/data"
start() {
  "$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --metrics-addr 127.0.0.1:$((PORT+1)) --skip-ssl >> "$RUN/server.log" 2>&1 &
  echo $! > "$RUN/server.pid"
  echo "$LABEL: waiting up to ${READY_TIMEOUT:-600} s for the server on port $PORT (a seed from an older build is upgraded at its first start)" >&2
  if ! "$BIN" bench wait --port "$PORT" --timeout "${READY_TIMEOUT:-600}s" >/dev/null 2>&1; then
    echo "$LABEL: the server did not answer within ${READY_TIMEOUT:-600} s (raise READY_TIMEOUT); its log: $RUN/server.log" >&2
    kill "$(cat "$RUN/server.pid")" 2>/dev/null
    exit 1
  fi
}
stop() { kill "$(cat "$RUN/server.pid")"; while kill -0 "$(cat "$RUN/server.pid")" 2>/dev/null; do sleep 0.5; done; }
start; stop; start
sleep ${WARM:-20}
PID=$(cat "$RUN/server.pid")
for set in all hot; do
  if [ $set = all ]; then S=10000; TB=100; else S=100; TB=1; fi
  c0=$(awk '{print $14+$15}' /proc/$PID/stat)
  curl -s -o "$T/$LABEL-$set.prof" "http://127.0.0.1:$((PORT+1))/debug/pprof/profile?seconds=30" &
  CP=$!
  out=$("$BIN" bench insert --port "$PORT" --schemas $S --tables $TB --duration 33s --progress never 2>&1 | tail -1)
  c1=$(awk '{print $14+$15}' /proc/$PID/stat)
  n=$(echo "$out" | sed -n 's/.*inserts=\([0-9]*\).*/\1/p')
  if [ -z "$n" ] || [ "$n" -eq 0 ]; then
    echo "$LABEL $set: no inserts ($out)" >&2; wait $CP; stop; exit 1
  fi
  rss=$(awk '/VmRSS/{print int($2/1024)}' /proc/$PID/status)
  echo "$LABEL $set $out server_us_per_insert=$(( (c1-c0)*10000/n )) rss_mib=$rss"
  wait $CP
done
stop
rm -rf "$RUN"
