#!/usr/bin/env bash
# Server CPU per transaction of Myriad builds and MariaDB side by side, and
# whether the run was CPU-bound or waiting (docs/BENCHMARKS.md "insert4t"):
# every server runs at once on its own fresh data directory (Myriad
# `--durability async`, MariaDB innodb_flush_log_at_trx_commit=0 with bench
# oltp's options), 4 tables x 10,000 rows; the sysbench runs alternate
# between them round by round, each WARM events of warm-up and then EVENTS
# events. Per run it prints tps, the server's utime+stime (/proc/PID/stat)
# per event, sysbench's own CPU per event, and the machine's idle share over
# the run (/proc/stat), and the server's read and write system calls per
# event (/proc/PID/io): a server that leaves the cores idle while its
# clients wait is serialized, not short of CPU.
#
#   BINS="/tmp/before /tmp/after" WORKLOAD=oltp_insert THREADS=4 bench/insert-cpu.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BINS=${BINS:?myriad binaries, space-separated}
WORKLOAD=${WORKLOAD:-oltp_insert}
THREADS=${THREADS:-4}
EVENTS=${EVENTS:-20000}
WARM=${WARM:-1000}
ROUNDS=${ROUNDS:-3}
PORT=${PORT:-23190}
MARIADB=${MARIADB:-1}
SB_ARGS=${SB_ARGS:-}
WORK=$(mktemp -d /tmp/myriad-insertcpu.XXXXXX)
BIN=${BINS%% *}
. bench/lib.sh
tick=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# idle and total jiffies of the whole machine (the cpu line of /proc/stat).
# read and write system calls so far (/proc/PID/io): one write per OK
# packet is the floor both servers share.
sysc() { awk '/^syscr/ {r = $2} /^syscw/ {w = $2} END {print r, w}' "/proc/$1/io"; }
machine() { awk '/^cpu / {t = 0; for (i = 2; i <= NF; i++) t += $i; print $5 + $6, t}' /proc/stat; }
names=() ports=() spids=()
n=0
for b in $BINS; do
  n=$((n + 1))
  p=$((PORT + 2 * n))
  start_myriad "$b" "$WORK/myriad$n" "$p" --durability async --log-level error
  names+=("myriad$n:$b") ports+=("$p") spids+=("$MYRIAD_PID")
done
if [ "$MARIADB" = 1 ]; then
  start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$PORT" --innodb-buffer-pool-size=1G \
    --innodb-flush-log-at-trx-commit=0 --max-connections=1000
  names+=(mariadb) ports+=("$PORT") spids+=("$MARIADB_PID")
fi
sb() { sysbench "$1" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$2" --mysql-user=root \
  --mysql-password= --mysql-db=sbtest --tables=4 --table-size=10000 "${@:3}"; }
for i in "${!ports[@]}"; do
  mariadb -h127.0.0.1 -P"${ports[$i]}" -uroot -e "CREATE DATABASE sbtest"
  sb oltp_read_write "${ports[$i]}" --threads=4 prepare >/dev/null
done
for round in $(seq "$ROUNDS"); do
  for i in "${!ports[@]}"; do
    sb "$WORKLOAD" "${ports[$i]}" --threads="$THREADS" --events="$WARM" --time=0 $SB_ARGS run >/dev/null
    c0=$(cpu "${spids[$i]}")
    read -r r0 w0 < <(sysc "${spids[$i]}")
    read -r i0 t0 < <(machine)
    /usr/bin/time -f '%U %S' -o "$WORK/sbtime" sysbench "$WORKLOAD" --db-driver=mysql --mysql-host=127.0.0.1 \
      --mysql-port="${ports[$i]}" --mysql-user=root --mysql-password= --mysql-db=sbtest --tables=4 \
      --table-size=10000 --threads="$THREADS" --events="$EVENTS" --time=0 --report-interval=0 $SB_ARGS run \
      >"$WORK/sbout"
    c1=$(cpu "${spids[$i]}")
    read -r r1 w1 < <(sysc "${spids[$i]}")
    read -r i1 t1 < <(machine)
    tps=$(awk '/transactions:/ {print $3}' "$WORK/sbout" | tr -d '(')
    sbcpu=$(awk '{print $1 + $2}' "$WORK/sbtime")
    echo "round $round ${names[$i]} threads $THREADS tps $tps server_us_per_txn $(echo "($c1 - $c0) * 1000000 / $tick / $EVENTS" | bc)" \
      "sysbench_us_per_txn $(echo "$sbcpu * 1000000 / $EVENTS" | bc) machine_idle_pct $(echo "($i1 - $i0) * 100 / ($t1 - $t0)" | bc)" \
      "reads_per_txn $(echo "scale=2; ($r1 - $r0) / $EVENTS" | bc) writes_per_txn $(echo "scale=2; ($w1 - $w0) / $EVENTS" | bc)" \
      "load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
for p in "${spids[@]}"; do stop_server "$p"; done
rm -rf "$WORK"
