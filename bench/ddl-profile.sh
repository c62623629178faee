#!/bin/bash
# CREATE TABLE rate and a CPU profile of the fast path on a fresh server.
#
#   bench/ddl-profile.sh BIN LABEL PORT
#
# Provisions 20,000 tables (16 connections), then profiles 15 s while
# provisioning 40,000 more; writes $TMPDIR/ddl-LABEL.prof and prints the
# rates and the server's CPU per table of the second step.
set -u
BIN=$1; LABEL=$2; PORT=$3
T=${TMPDIR:-/tmp}
RUN=$T/ddl-profile-$LABEL
rm -rf "$RUN"; mkdir -p "$RUN"
"$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --metrics-addr 127.0.0.1:$((PORT+1)) --skip-ssl > "$RUN/server.log" 2>&1 &
SPID=$!
"$BIN" bench wait --port "$PORT" >/dev/null 2>&1
"$BIN" bench provision --port "$PORT" --schemas 200 --tables 100 2>&1 | tail -1
c0=$(awk '{print $14+$15}' /proc/$SPID/stat)
curl -s -o "$T/ddl-$LABEL.prof" "http://127.0.0.1:$((PORT+1))/debug/pprof/profile?seconds=15" &
CPID=$!
"$BIN" bench provision --port "$PORT" --schemas 400 --tables 100 --first 201 2>&1 | tail -1
c1=$(awk '{print $14+$15}' /proc/$SPID/stat)
echo "$LABEL server_cpu_us_per_table=$(( (c1-c0)*10000/40000 ))"
wait $CPID
kill $SPID; while kill -0 $SPID 2>/dev/null; do sleep 0.5; done
rm -rf "$RUN"
