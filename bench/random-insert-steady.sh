#!/bin/bash
# Random-table vs hot-table inserts of one build in a steady state, on a copy
# of a seed store (see bench/random-insert-prof.sh for SEED): start, wait
# $WARM (default 60) s for catalog.Warm, 60 s of inserts into random tables
# of all 1M (not measured: the caches, memtable and collector settle), then
# 33 s into random tables and 33 s into the 100 hot ones, each measured as
# the server's CPU per insert (/proc ticks) and its RSS after the step.
#
# With METRICS_PORT set, the server serves /metrics there and every
# ${SAMPLE:-5} s a line goes to $OUT/mem-LABEL.tsv: seconds since start,
# the step, VmRSS, Pebble's block cache and memtables, the catalog's
# definitions and record tier, the plan cache, and Go's heap (in use,
# obtained from the OS, live objects), all in MiB; a heap profile is kept as
# $OUT/heap-LABEL-STEP.pb.gz after each step (mem1m, docs/BENCHMARKS.md).
#
#   SEED=/path/to/seed [METRICS_PORT=N] bench/random-insert-steady.sh BIN LABEL PORT
set -u
BIN=$1; LABEL=$2; PORT=$3
SEED=${SEED:?set SEED to a stopped server data dir}
T=${OUT:-${TMPDIR:-/tmp}}
RUN=$T/steady-$LABEL
MP=${METRICS_PORT:-}
rm -rf "$RUN"; mkdir -p "$RUN"; cp -a "$SEED" "$RUN/data"
extra=()
[ -n "$MP" ] && extra=(--metrics-addr "127.0.0.1:$MP")
"$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --skip-ssl --log-level debug "${extra[@]}" > "$RUN/server.log" 2>&1 &
PID=$!
echo warm > "$RUN/step"
if [ -n "$MP" ]; then
  (
    t0=$(date +%s)
    printf 'sec\tstep\trss\tblock_cache\tmemtable\tcatalog_defs\trecord_tier\tplan_cache\tgo_heap_inuse\tgo_heap_sys\tgo_heap_alloc\n'
    while kill -0 $PID 2>/dev/null; do
      m=$(curl -s "http://127.0.0.1:$MP/metrics")
      h=$(curl -s "http://127.0.0.1:$MP/debug/pprof/heap?debug=1" | tail -40)
      mib() { awk -v k="$1" '$1==k {printf "%d", $2/1048576; exit}'; }
      hv() { awk -v k="# $1" 'index($0,k" = ")==1 {split($0,a," = "); printf "%d", a[2]/1048576; exit}'; }
      rss=$(awk '/VmRSS/{printf "%d", $2/1024}' /proc/$PID/status 2>/dev/null)
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' $(( $(date +%s)-t0 )) "$(cat "$RUN/step" 2>/dev/null)" "$rss" \
        "$(echo "$m" | mib myriad_block_cache_bytes)" "$(echo "$m" | mib myriad_memtable_bytes)" \
        "$(echo "$m" | mib myriad_table_definition_cache_bytes)" "$(echo "$m" | mib myriad_table_record_tier_bytes)" \
        "$(echo "$m" | mib myriad_plan_cache_bytes)" \
        "$(echo "$h" | hv HeapInuse)" "$(echo "$h" | hv HeapSys)" "$(echo "$h" | hv HeapAlloc)"
      sleep "${SAMPLE:-5}"
    done
  ) > "$T/mem-$LABEL.tsv" 2>/dev/null &
fi
heap() { [ -n "$MP" ] && curl -s -o "$T/heap-$LABEL-$1.pb.gz" "http://127.0.0.1:$MP/debug/pprof/heap"; }
"$BIN" bench wait --port "$PORT" > /dev/null 2>&1
sleep "${WARM:-60}"
grep -c 'catalog warmed' "$RUN/server.log" | sed "s/^/$LABEL warmed=/"
heap warm
echo prefill > "$RUN/step"
"$BIN" bench insert --port "$PORT" --schemas 10000 --tables 100 --duration 60s --progress never 2>&1 | tail -1 | sed "s/^/$LABEL prefill /"
heap prefill
for set in all hot; do
  echo $set > "$RUN/step"
  if [ $set = all ]; then S=10000; TB=100; else S=100; TB=1; fi
  c0=$(awk '{print $14+$15}' /proc/$PID/stat)
  out=$("$BIN" bench insert --port "$PORT" --schemas $S --tables $TB --duration 33s --progress never 2>&1 | tail -1)
  c1=$(awk '{print $14+$15}' /proc/$PID/stat)
  n=$(echo "$out" | sed -n 's/.*inserts=\([0-9]*\).*/\1/p')
  rss=$(awk '/VmRSS/{print int($2/1024)}' /proc/$PID/status)
  echo "$LABEL $set $out server_us_per_insert=$(( (c1-c0)*10000/n )) rss_mib=$rss"
  heap $set
done
if [ -n "${KEEP:-}" ]; then echo "$LABEL server left running: pid $PID"; exit 0; fi
kill $PID; while kill -0 $PID 2>/dev/null; do sleep 0.5; done
rm -rf "$RUN"
