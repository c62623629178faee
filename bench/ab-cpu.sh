#!/usr/bin/env bash
# A/B of two Myriad builds by server CPU per transaction (docs/BENCHMARKS.md
# "Session 8: read path"): both servers run at once on their own fresh data
# directories (`--durability async`, 4 tables x 10,000 rows), sysbench runs
# alternate between them, each a 300-event warm-up and then EVENTS events;
# the server's utime+stime from /proc/PID/stat over those events, divided
# by EVENTS, is less disturbed by a shared machine than tps is.
#
#   A=/tmp/myriad-main B=/tmp/myriad-new bench/ab-cpu.sh oltp_read_only 1 2000 4
set -u
A=${A:?build A}; B=${B:?build B}
W=${1:-oltp_read_only}; T=${2:-1}; EV=${3:-1500}; R=${4:-3}
PORT_A=${PORT_A:-23161}; PORT_B=${PORT_B:-23162}
WORK=$(mktemp -d /tmp/myriad-ab.XXXXXX)
declare -A BIN=([A]=$A [B]=$B) PORT=([A]=$PORT_A [B]=$PORT_B) PID
HZ=$(getconf CLK_TCK)
for s in A B; do
  "${BIN[$s]}" serve --data-dir "$WORK/$s" --port "${PORT[$s]}" --durability async --log-level error >"$WORK/$s.log" 2>&1 &
  PID[$s]=$!
done
trap 'kill ${PID[A]} ${PID[B]} 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
for s in A B; do
  for i in $(seq 120); do mariadb -h127.0.0.1 -P"${PORT[$s]}" -uroot -e "SELECT 1" >/dev/null 2>&1 && break; sleep 0.5; done
done
sb() { sysbench "$1" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$2" --mysql-user=root --mysql-password= \
  --mysql-db=sbtest --tables=4 --table-size=10000 "${@:3}"; }
for s in A B; do
  mariadb -h127.0.0.1 -P"${PORT[$s]}" -uroot -e "CREATE DATABASE sbtest"
  sb oltp_read_write "${PORT[$s]}" --threads=4 prepare >/dev/null
done
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; }
for r in $(seq "$R"); do
  for s in A B; do
    sb "$W" "${PORT[$s]}" --threads="$T" --events=300 --time=0 run >/dev/null
    c0=$(cpu "${PID[$s]}")
    tps=$(sb "$W" "${PORT[$s]}" --threads="$T" --events="$EV" --time=0 run | awk '/transactions:/ {print $3}' | tr -d '(')
    c1=$(cpu "${PID[$s]}")
    echo "round $r $s $W threads=$T tps=$tps cpu_ms_per_txn=$(echo "($c1-$c0)*1000/$HZ/$EV" | bc -l | cut -c1-6) load=$(cut -d' ' -f1 /proc/loadavg)"
  done
done
