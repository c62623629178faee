#!/bin/bash
# CREATE TABLE rate, server and client CPU per table, and a CPU profile at
# ~1M existing tables, on a copy of a seed store (see
# bench/random-insert-prof.sh for SEED).
#
#   SEED=/path/to/seed bench/ddl-at-1m.sh BIN LABEL PORT
#
# After 15 s of warm-up and 5,000 tables (the fast path's templates), 150,000
# tables at 16 connections (`myriad bench provision --first 10051`); 10 s of
# profile to $OUT/ddl-LABEL.prof. Alternate builds with the same SEED.
set -u
BIN=$1; LABEL=$2; PORT=$3
SEED=${SEED:?set SEED to a stopped server data dir}
T=${OUT:-${TMPDIR:-/tmp}}
RUN=$T/ddl-$LABEL
rm -rf "$RUN"; mkdir -p "$RUN"; cp -a "$SEED" "$RUN/data"
"$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --metrics-addr 127.0.0.1:$((PORT+1)) --skip-ssl > "$RUN/server.log" 2>&1 &
SPID=$!
"$BIN" bench wait --port "$PORT" >/dev/null 2>&1
sleep 15
"$BIN" bench provision --port "$PORT" --schemas 50 --tables 100 --first 10001 --progress never 2>&1 | tail -1 | sed "s/^/$LABEL warm /"
c0=$(awk '{print $14+$15}' /proc/$SPID/stat)
curl -s -o "$T/ddl-$LABEL.prof" "http://127.0.0.1:$((PORT+1))/debug/pprof/profile?seconds=10" &
CPID=$!
out=$(/usr/bin/time -f "client %U %S" "$BIN" bench provision --port "$PORT" --schemas 1500 --tables 100 --first 10051 --progress never 2>&1)
c1=$(awk '{print $14+$15}' /proc/$SPID/stat)
echo "$out" | tail -2 | sed "s/^/$LABEL /"
cli=$(echo "$out" | awk '/^client/{print ($2+$3)*1e6/150000}')
echo "$LABEL server_cpu_us_per_table=$(( (c1-c0)*10000/150000 )) client_cpu_us_per_table=$cli"
wait $CPID
kill $SPID; while kill -0 $SPID 2>/dev/null; do sleep 0.5; done
rm -rf "$RUN"
