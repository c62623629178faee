#!/bin/bash
# CREATE TABLE rate and server/client CPU per table at ~100K existing tables
# on a fresh store: 100,000 tables (1,000 schemas x 100) first, then 100,000
# more measured, both at 16 connections.
#
#   OUT=/tmp bench/ddl-at-100k.sh BIN LABEL PORT
set -u
BIN=$1; LABEL=$2; PORT=$3
T=${OUT:-${TMPDIR:-/tmp}}
RUN=$T/ddl100k-$LABEL
rm -rf "$RUN"; mkdir -p "$RUN"
"$BIN" serve --data-dir "$RUN/data" --port "$PORT" --durability async --metrics-addr 127.0.0.1:$((PORT+1)) --skip-ssl > "$RUN/server.log" 2>&1 &
SPID=$!
"$BIN" bench wait --port "$PORT" >/dev/null 2>&1
"$BIN" bench provision --port "$PORT" --schemas 1000 --tables 100 --progress never 2>&1 | tail -1 | sed "s/^/$LABEL base /"
c0=$(awk '{print $14+$15}' /proc/$SPID/stat)
out=$(/usr/bin/time -f "client %U %S" "$BIN" bench provision --port "$PORT" --schemas 1000 --tables 100 --first 1001 --progress never 2>&1)
c1=$(awk '{print $14+$15}' /proc/$SPID/stat)
echo "$out" | grep provision | sed "s/^/$LABEL /"
cli=$(echo "$out" | awk '/^client/{print ($2+$3)*1e6/100000}')
echo "$LABEL server_cpu_us_per_table=$(( (c1-c0)*10000/100000 )) client_cpu_us_per_table=$cli"
kill $SPID; while kill -0 $SPID 2>/dev/null; do sleep 0.5; done
rm -rf "$RUN"
