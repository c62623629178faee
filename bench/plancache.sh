#!/usr/bin/env bash
# Prepared-statement plan cache, side by side: sysbench oltp_point_select and
# oltp_read_only (prepared statements), 4 tables x 10,000 rows, at 1/4/16
# threads, REPEAT times each, against Myriad with the plan cache, Myriad
# without it (--plan-cache -1) and MariaDB (innodb_flush_log_at_trx_commit=0).
# Prints one line per run: target test threads tps.
#
#   bench/plancache.sh                 # DURATION=10 REPEAT=3
#   PROFILE=1 bench/plancache.sh       # also 10 s CPU profiles of point_select at 4 threads
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-10}
REPEAT=${REPEAT:-3}
THREADS=${THREADS:-"1 4 16"}
TESTS=${TESTS:-"oltp_point_select oltp_read_only"}
PORT=${PORT:-$((20000 + RANDOM % 30000))}
WORK=${WORK:-$(mktemp -d /tmp/myriad-plancache.XXXXXX)}
BIN="$WORK/myriad"
go build -o "$BIN" ./cmd/myriad
. bench/lib.sh

sb() { # test port threads phase...
  local t=$1 port=$2 th=$3
  shift 3
  sysbench "$t" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
    --mysql-password= --mysql-db=sbtest --tables=4 --table-size=10000 --threads="$th" \
    --time="$DURATION" --report-interval=0 --db-ps-mode=auto "$@"
}

runs() { # label port
  for t in $TESTS; do for th in $THREADS; do for r in $(seq "$REPEAT"); do
    tps=$(sb "$t" "$2" "$th" run | awk '/transactions:/ {gsub(/[(]/,"",$3); print $3}')
    echo "$1 $t $th $tps"
  done; done; done
}

myriad() { # label plan-cache-bytes
  local dir="$WORK/data"
  start_myriad "$BIN" "$dir" "$PORT" --durability async --plan-cache "$2" --metrics-addr "127.0.0.1:$((PORT + 1))"
  mariadb -h127.0.0.1 -P"$PORT" -uroot -e "CREATE DATABASE IF NOT EXISTS sbtest"
  if [ ! -e "$WORK/prepared" ]; then sb oltp_read_only "$PORT" 4 prepare >/dev/null; touch "$WORK/prepared"; fi
  if [ "${PROFILE:-0}" = 1 ]; then
    (sleep 2; curl -s "http://127.0.0.1:$((PORT + 1))/debug/pprof/profile?seconds=10" >"$WORK/$1.pprof") &
    local prof=$!
    DURATION=14 sb oltp_point_select "$PORT" 4 run >/dev/null
    wait "$prof"
    go tool pprof -top -nodecount=25 "$BIN" "$WORK/$1.pprof" 2>/dev/null >"$WORK/$1.top" || true
  fi
  runs "$1" "$PORT"
  stop_server "$MYRIAD_PID"
}

myriad myriad-cache 0
myriad myriad-nocache -1
if [ "${SKIP_MARIADB:-0}" != 1 ]; then
  dir="$WORK/mariadb"
  start_mariadb "$dir" "$WORK/mariadb.sock" "$PORT" --innodb-buffer-pool-size=1G \
    --innodb-flush-log-at-trx-commit=0 --max-connections=1000
  mariadb --socket="$WORK/mariadb.sock" -uroot -e "CREATE DATABASE sbtest"
  sb oltp_read_only "$PORT" 4 prepare >/dev/null
  runs mariadb "$PORT"
fi
echo "work dir: $WORK" >&2
