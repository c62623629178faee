#!/bin/bash
# Random-table vs hot-table inserts of one build in a steady state, on a copy
# of a seed store (see bench/random-insert-prof.sh for SEED): start, wait
# $WARM (default 60) s for catalog.Warm, 60 s of inserts into random tables
# of all 1M (not measured: the caches, memtable and collector settle), then
# 33 s into random tables and 33 s into the 100 hot ones, each measured as
# the server's CPU per insert (/proc ticks) and its RSS after the step.
#
#   SEED=/path/to/seed bench/random-insert-steady.sh BIN LABEL PORT
set -u
BIN=$1; LABEL=$2; PORT=$3
SEED=${SEED:?set SEED to a stopped server data dir}
T=${OUT:-${TMPDIR:-/tmp}}
RUN=$T/steady-$LABEL
rm -rf "$RUN"; mkdir -p "$RUN"; cp -a "$SEED" "$RUN/data"
"$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --skip-ssl --log-level debug > "$RUN/server.log" 2>&1 &
PID=$!
"$BIN" bench wait --port "$PORT" > /dev/null 2>&1
sleep "${WARM:-60}"
grep -c 'catalog warmed' "$RUN/server.log" | sed "s/^/$LABEL warmed=/"
"$BIN" bench insert --port "$PORT" --schemas 10000 --tables 100 --duration 60s --progress never 2>&1 | tail -1 | sed "s/^/$LABEL prefill /"
for set in all hot; do
  if [ $set = all ]; then S=10000; TB=100; else S=100; TB=1; fi
  c0=$(awk '{print $14+$15}' /proc/$PID/stat)
  out=$("$BIN" bench insert --port "$PORT" --schemas $S --tables $TB --duration 33s --progress never 2>&1 | tail -1)
  c1=$(awk '{print $14+$15}' /proc/$PID/stat)
  n=$(echo "$out" | sed -n 's/.*inserts=\([0-9]*\).*/\1/p')
  rss=$(awk '/VmRSS/{print int($2/1024)}' /proc/$PID/status)
  echo "$LABEL $set $out server_us_per_insert=$(( (c1-c0)*10000/n )) rss_mib=$rss"
done
kill $PID; while kill -0 $PID 2>/dev/null; do sleep 0.5; done
rm -rf "$RUN"
