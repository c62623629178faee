#!/usr/bin/env bash
# Instruction counts per sysbench transaction (docs/PROFILES.md "perf27"):
# repeatable where wall-clock and CPU time are not (a shared machine). A
# Myriad build runs under valgrind --tool=callgrind on a copy of DATA0 (a
# data directory sysbench prepared: 4 tables x 10,000 rows), is warmed with
# WARM oltp_read_write events, then each WORKLOADS entry (name:events) runs
# single-threaded with a fixed seed between a zeroing and a dump of the
# counters: OUT.<pid>.<n>, one file per workload in order. Summarize them
# with bench/callgrind-self.py.
#
#   BIN=/tmp/myriad DATA0=/tmp/d0 OUT=/tmp/cg-base bench/callgrind-sysbench.sh
#
# Go's asynchronous preemption signals trip callgrind (an assertion in its
# signal handling), hence GODEBUG=asyncpreemptoff=1.
set -euo pipefail
BIN=${BIN:?a myriad binary}
DATA0=${DATA0:?a prepared data directory}
OUT=${OUT:?output prefix}
PORT=${PORT:-23502}
WARM=${WARM:-100}
WORKLOADS=${WORKLOADS:-oltp_insert:2000 oltp_write_only:500 oltp_read_write:300}
D=$(mktemp -d /tmp/myriad-callgrind.XXXXXX)
cp -a "$DATA0/." "$D/"
SB="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=root --mysql-ssl=off --tables=4
  --table-size=10000 --threads=1 --time=0 --rand-seed=1 --db-ps-mode=auto"
GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file="$OUT.%p" --dump-instr=no \
  "$BIN" serve --data-dir "$D" --port "$PORT" --durability async --skip-ssl >"$OUT.log" 2>&1 &
VPID=$!
trap 'kill $VPID 2>/dev/null; rm -rf "$D"' EXIT
for _ in $(seq 1 900); do
  mariadb -h127.0.0.1 -P"$PORT" -uroot --skip-ssl -e 'SELECT 1' >/dev/null 2>&1 && break
  sleep 1
done
# shellcheck disable=SC2086
sysbench oltp_read_write $SB --events="$WARM" run >"$OUT.warm.log"
for w in $WORKLOADS; do
  name=${w%%:*} n=${w##*:}
  callgrind_control -z $VPID >/dev/null
  # shellcheck disable=SC2086
  sysbench "$name" $SB --events="$n" run >"$OUT.$name.log"
  callgrind_control -d "$name" $VPID >/dev/null
  echo "$name events=$n transactions=$(awk '/transactions:/ {print $2}' "$OUT.$name.log")"
done
kill $VPID
wait $VPID || true
ls "$OUT".$VPID.*
