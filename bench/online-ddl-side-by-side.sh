#!/usr/bin/env bash
# Issue #13's headline run, Myriad and MariaDB 10.11 side by side: on one
# ROWS-row sysbench table under `sysbench oltp_read_write --threads=4`,
# ADD COLUMN ... ALGORITHM=INSTANT, DROP COLUMN ... ALGORITHM=INSTANT and
# CREATE INDEX ... ALGORITHM=INPLACE LOCK=NONE, each timed, with sysbench's
# client errors and throughput before/during/after (bench/online-ddl.py
# says how the windows are cut). Each server's table is prepared once and
# its data directory copied for every run. Myriad runs once per
# myriad_ddl_backfill_sleep_ratio in RATIOS; everything REPEAT times.
#
#   ROWS=1000000 RATIOS="0 300" REPEAT=2 bench/online-ddl-side-by-side.sh
#   SKIP_MARIADB=1 / SKIP_MYRIAD=1: one side only
#   MYRIAD_BASE=DIR / MARIADB_BASE=DIR: a Myriad / MariaDB data directory
#   already prepared with ROWS rows (copied, not changed); SKIP_CHECK=1: no
#   `myriad check` after each run (it takes 20 min on 1M rows on a loaded
#   machine); PORT_BASE=N: servers listen on N..N+19 in turn (default
#   23200, below the ephemeral range where client sockets took them);
#   WARMUP=S: S seconds of load before the before window (online-ddl.py)
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
ROWS=${ROWS:-100000}
RATIOS=${RATIOS:-"0 300"}
REPEAT=${REPEAT:-1}
WORK=$(mktemp -d /tmp/online-ddl.XXXXXX)
BIN=${BIN:-$WORK/myriad}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
# newport: the next of PORT_BASE's 20 ports for each server start (a port
# just closed was sometimes still taken when the next server bound it).
PORT_BASE=${PORT_BASE:-23200}
PORT_N=0
newport() {
  P=$((PORT_BASE + PORT_N % 20))
  PORT_N=$((PORT_N + 1))
  SB="sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --mysql-db=sbtest --tables=1 --table-size=$ROWS"
}
MARIADB_OPTS=(--innodb-buffer-pool-size=1G --innodb-flush-log-at-trx-commit=0 --max-connections=200)

# load LABEL: sysbench for as long as online-ddl.py runs, then the figures.
load() {
  $SB --threads=4 --time=100000 --report-interval=1 --mysql-ignore-errors=all run > "$WORK/sb.out" 2>&1 &
  local sb=$! t0
  t0=$(now)
  echo "$1 start $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
  # serverload.py reads the server's CPU time
  export SERVER_PID=$SERVER_PID
  if [ -n "${TRIES:-}" ]; then
    /usr/bin/python3 bench/online-ddl-instant.py "$P" "$WORK/sb.out" "$t0" "$TRIES" "$1"
  else
    /usr/bin/python3 bench/online-ddl.py "$P" "$WORK/sb.out" "$t0" "$ROWS" "$1"
  fi
  kill -TERM $sb 2>/dev/null; wait $sb 2>/dev/null  # sysbench ignores SIGINT
  [ -z "${KEEP:-}" ] || cp "$WORK/sb.out" "$WORK/sb-$1.out"
  echo "$1 end $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
}

if [ "${SKIP_MYRIAD:-}" != 1 ]; then
  newport
  if [ -n "${MYRIAD_BASE:-}" ]; then
    cp -a "$MYRIAD_BASE" "$WORK/myriad-base"
  else
    start_myriad "$BIN" "$WORK/myriad-base" "$P" --durability async --log-level error
    mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
    $SB prepare >/dev/null
    stop_server "$MYRIAD_PID"
  fi
  for r in $(seq "$REPEAT"); do
    for ratio in $RATIOS; do
      rm -rf "$WORK/myriad"; cp -a "$WORK/myriad-base" "$WORK/myriad"
      newport
      start_myriad "$BIN" "$WORK/myriad" "$P" --durability async --log-level "${LOG_LEVEL:-error}"
      mariadb -h127.0.0.1 -P$P -uroot -e "SET GLOBAL myriad_ddl_backfill_sleep_ratio = $ratio"
      SERVER_PID=$MYRIAD_PID load "myriad(ratio=$ratio,run=$r)"
      stop_server "$MYRIAD_PID"
      [ -n "${SKIP_CHECK:-}" ] || "$BIN" check --data-dir "$WORK/myriad" | tail -1
    done
  done
fi
if [ "${SKIP_MARIADB:-}" != 1 ]; then
  newport
  if [ -n "${MARIADB_BASE:-}" ]; then
    cp -a "$MARIADB_BASE" "$WORK/mariadb-base"
  else
    start_mariadb "$WORK/mariadb-base" "$WORK/mariadb.sock" "$P" "${MARIADB_OPTS[@]}"
    mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
    $SB prepare >/dev/null
    stop_server "$MARIADB_PID"
  fi
  for r in $(seq "$REPEAT"); do
    rm -rf "$WORK/mariadb"; cp -a "$WORK/mariadb-base" "$WORK/mariadb"
    newport
    "$MARIADBD" --no-defaults $( [ "$(id -u)" = 0 ] && echo --user=root ) --datadir="$WORK/mariadb" --socket="$WORK/mariadb.sock" \
      --port="$P" --bind-address=127.0.0.1 --skip-log-bin "${MARIADB_OPTS[@]}" 2>>"$WORK/mariadb.log" &
    MARIADB_PID=$!; pids+=("$MARIADB_PID")
    for i in $(seq 600); do mariadb -h127.0.0.1 -P$P -uroot -e 'SELECT 1' >/dev/null 2>&1 && break; sleep 0.1; done
    SERVER_PID=$MARIADB_PID load "mariadb(run=$r)"
    stop_server "$MARIADB_PID"
  done
fi
if [ -n "${KEEP:-}" ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
