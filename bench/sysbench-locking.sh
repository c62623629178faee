#!/usr/bin/env bash
# Side-by-side sysbench OLTP runs for row locking (issue #11): Myriad builds
# (BINS, label=path pairs) and MariaDB 10.11, each on a fresh data dir,
# 4 tables x 10,000 rows, 16 threads, DURATION seconds per workload.
#
#   BINS="before=/tmp/myriad-before after=/tmp/myriad-after" bench/sysbench-locking.sh
#
# SB_ARGS are extra sysbench run options (e.g. --db-ps-mode=disable for the
# text protocol); ROUNDS repeats every target that many times, alternating.
#
# Prints one line per run: target workload tps qps errors/s (ignored errors).
set -euo pipefail
BINS=${BINS:?label=path ...}
DURATION=${DURATION:-20}
THREADS=${THREADS:-16}
TABLES=${TABLES:-4}
SIZE=${SIZE:-10000}
WORKLOADS=${WORKLOADS:-"oltp_read_write oltp_write_only oltp_update_index oltp_point_select"}
SKIP_MARIADB=${SKIP_MARIADB:-0}
SB_ARGS=${SB_ARGS:-}
ROUNDS=${ROUNDS:-1}
WORK=$(mktemp -d /tmp/sysbench-locking.XXXXXX)
PORT=$((20000 + RANDOM % 30000))
cd "$(dirname "$0")/.."
. bench/lib.sh
BIN="$WORK/myriad"
go build -o "$BIN" ./cmd/myriad

sb() { sysbench "$1" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=root \
  --mysql-password= --mysql-db=sbtest --tables=$TABLES --table-size=$SIZE "${@:2}"; }

run_target() { # label
  mariadb -h127.0.0.1 -P$PORT -uroot -e 'DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest'
  sb oltp_read_write --threads=4 prepare >/dev/null
  for w in $WORKLOADS; do
    out=$(sb "$w" --threads=$THREADS --time=$DURATION --report-interval=0 $SB_ARGS run)
    tps=$(echo "$out" | awk '/transactions:/ {gsub(/\(/,"",$3); print $3}')
    qps=$(echo "$out" | awk '/queries:/ && !/performed/ {gsub(/\(/,"",$3); print $3}')
    ign=$(echo "$out" | awk '/ignored errors:/ {gsub(/\(/,"",$4); print $4}')
    echo "$1 $w tps=$tps qps=$qps ignored_errors_per_s=$ign"
  done
}

for round in $(seq "$ROUNDS"); do
  for pair in $BINS; do
    label=${pair%%=*} bin=${pair#*=}
    rm -rf "${WORK:?}/$label"
    start_myriad "$bin" "$WORK/$label" "$PORT" --durability async --log-level error
    run_target "$label"
    stop_server "$MYRIAD_PID"
  done
done

if [ "$SKIP_MARIADB" != 1 ]; then
  start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$PORT" --innodb-flush-log-at-trx-commit=0 \
    --max-connections=200 --innodb-buffer-pool-size=1G
  run_target mariadb
fi
