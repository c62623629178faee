#!/usr/bin/env bash
# sysbench's range-SELECT workloads against MariaDB and a Myriad build, side
# by side on this machine (issue #12, docs/PROFILES.md session 7): 4 tables x
# 10,000 rows, prepared statements, DURATION seconds per run, at each of
# THREADS; MariaDB with innodb_flush_log_at_trx_commit=0, Myriad async.
#
#   SKIP_MARIADB=1: Myriad only (a before/after pair of builds).
#   BIN=/tmp/myriad WORKLOADS="oltp_read_only" THREADS="1 4" DURATION=30 bench/range-side-by-side.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:?a myriad binary}
WORKLOADS=${WORKLOADS:-oltp_read_only}
THREADS=${THREADS:-1 4}
DURATION=${DURATION:-30}
WORK=$(mktemp -d /tmp/myriad-range.XXXXXX)
PORT=$((20000 + RANDOM % 30000))
. bench/lib.sh
sb() { sysbench "$2" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$1" --mysql-user=root \
  --mysql-password= --mysql-db=sbtest --tables=4 --table-size=10000 "${@:3}"; }
run() { # run NAME PORT
  mariadb -h127.0.0.1 -P"$2" -uroot -e "CREATE DATABASE sbtest"
  sb "$2" oltp_read_write --threads=4 prepare >/dev/null
  for w in $WORKLOADS; do
    for t in $THREADS; do
      printf '%s %s %s ' "$1" "$w" "$t"
      sb "$2" "$w" --threads="$t" --time="$DURATION" --report-interval=0 run |
        awk '/transactions:/ {print $3}' | tr -d '('
    done
  done
}
if [ "${SKIP_MARIADB:-0}" != 1 ]; then
  start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$PORT" --innodb-flush-log-at-trx-commit=0
  run mariadb "$PORT"
  stop_server "$MARIADB_PID"
fi
start_myriad "$BIN" "$WORK/myriad" "$((PORT + 1))" --durability async --log-level error
run myriad "$((PORT + 1))"
stop_server "$MYRIAD_PID"
rm -rf "$WORK"
