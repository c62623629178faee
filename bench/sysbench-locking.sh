#!/usr/bin/env bash
# Side-by-side sysbench OLTP runs for row locking (issue #11): Myriad builds
# (BINS, label=path pairs) and MariaDB 10.11, each on a fresh data dir,
# 4 tables x 10,000 rows, 16 threads, DURATION seconds per workload.
#
#   BINS="before=/tmp/myriad-before after=/tmp/myriad-after" bench/sysbench-locking.sh
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
WORK=$(mktemp -d /tmp/sysbench-locking.XXXXXX)
PORT=$((20000 + RANDOM % 30000))
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT

sb() { sysbench "$1" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=root \
  --mysql-password= --mysql-db=sbtest --tables=$TABLES --table-size=$SIZE "${@:2}"; }

wait_port() { for _ in $(seq 200); do mariadb -h127.0.0.1 -P$PORT -uroot -e 'SELECT 1' >/dev/null 2>&1 && return 0; sleep 0.1; done; return 1; }

run_target() { # label
  mariadb -h127.0.0.1 -P$PORT -uroot -e 'DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest'
  sb oltp_read_write --threads=4 prepare >/dev/null
  for w in $WORKLOADS; do
    out=$(sb "$w" --threads=$THREADS --time=$DURATION --report-interval=0 run)
    tps=$(echo "$out" | awk '/transactions:/ {gsub(/\(/,"",$3); print $3}')
    qps=$(echo "$out" | awk '/queries:/ && !/performed/ {gsub(/\(/,"",$3); print $3}')
    ign=$(echo "$out" | awk '/ignored errors:/ {gsub(/\(/,"",$4); print $4}')
    echo "$1 $w tps=$tps qps=$qps ignored_errors_per_s=$ign"
  done
}

for pair in $BINS; do
  label=${pair%%=*} bin=${pair#*=}
  "$bin" serve --data-dir "$WORK/$label" --port $PORT --durability async --log-level error >"$WORK/$label.log" 2>&1 &
  pid=$!
  wait_port
  run_target "$label"
  kill $pid; wait $pid 2>/dev/null || true; pid=""
done

if [ "$SKIP_MARIADB" != 1 ]; then
  mkdir -p "$WORK/mariadb"
  mariadb-install-db --no-defaults --datadir="$WORK/mariadb" --auth-root-authentication-method=normal >/dev/null 2>&1
  /usr/sbin/mariadbd --no-defaults --datadir="$WORK/mariadb" --socket="$WORK/mariadb.sock" --port=$PORT \
    --bind-address=127.0.0.1 --innodb-flush-log-at-trx-commit=0 --max-connections=200 --user=root \
    --innodb-buffer-pool-size=1G --skip-log-bin >"$WORK/mariadb.log" 2>&1 &
  pid=$!
  for _ in $(seq 300); do mariadb --socket="$WORK/mariadb.sock" -uroot -e 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.1; done
  # root@localhost only matches socket connections: allow TCP from loopback.
  mariadb --socket="$WORK/mariadb.sock" -uroot -e "CREATE USER IF NOT EXISTS root@'127.0.0.1'; GRANT ALL ON *.* TO root@'127.0.0.1' WITH GRANT OPTION;"
  wait_port
  run_target mariadb
fi
