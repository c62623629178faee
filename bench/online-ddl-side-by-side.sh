#!/usr/bin/env bash
# Issue #13's headline run, Myriad and MariaDB 10.11 side by side: on one
# ROWS-row sysbench table under `sysbench oltp_read_write --threads=4`,
# ADD COLUMN ... ALGORITHM=INSTANT, DROP COLUMN ... ALGORITHM=INSTANT and
# CREATE INDEX ... ALGORITHM=INPLACE LOCK=NONE, each timed, with sysbench's
# client errors and throughput before/during/after (bench/online-ddl.py
# says how the windows are cut), and a table of every run's figures at the
# end. Each server's table is loaded once and its data directory copied
# for every run. Myriad runs once per myriad_ddl_backfill_sleep_ratio in
# RATIOS (the throttle's starting ratio; default 300, the server's) and
# myriad_ddl_backfill_charge_writes in CHARGE (default 0; "0 1": each run
# without and with the backfill charged for its writes' compactions, side
# by side); everything REPEAT times.
#
#   ROWS=1000000 bench/online-ddl-side-by-side.sh        (the final run)
#   ROWS=1000000 RATIOS="0 300" REPEAT=2 bench/online-ddl-side-by-side.sh
#   ROWS=1000000 CHARGE="0 1" REPEAT=2 SKIP_MARIADB=1 bench/online-ddl-side-by-side.sh
#   SKIP_MARIADB=1 / SKIP_MYRIAD=1: one side only
#   TRIES=N: N instant ADD/DROP COLUMN pairs instead (online-ddl-instant.py)
#   ALTERS=N: N instant ALTERs (ADD, DROP, ADD, ...) INTERVAL s apart
#   (default 3) instead, the seconds containing one against the others
#   (online-ddl-alter-seconds.py: issue #13's <= 5% bound)
#   WARMUP=S: S seconds of load before the early window (online-ddl.py)
#   PRE=S: S seconds from DROP COLUMN to CREATE INDEX (default 60); the
#   index's before and after windows are adjacent to the build and as long
#   as it, up to PRE-5 s (online-ddl.py)
#   MYRIAD_BASE=DIR / MARIADB_BASE=DIR: a Myriad / MariaDB data directory
#   already holding sbtest.sbtest1 with ROWS rows (copied, not changed);
#   BASE_CACHE=DIR: keep the loaded directories in DIR (myriad-ROWS,
#   mariadb-ROWS) and use them when there (a server build that cannot read
#   the kept Myriad directory fails at its start: remove it);
#   PREPARE=sysbench: load with `sysbench prepare` instead of LOAD DATA of
#   generated rows (bench/sbdata.py, the same data shape; 1M rows at load
#   ~20: MariaDB 24.5 s against sysbench's 4.7 min, Myriad 3.6 min with
#   the generation against 5.5 min);
#   SKIP_CHECK=1 / CHECK=1: no / a `myriad check` after each run (default:
#   only up to 200,000 rows; on 1M rows it took 20 min on a loaded
#   machine); PORT_BASE=N: servers listen on N..N+PORTS-1 in turn (default
#   23200 and 20, below the ephemeral range where client sockets took them).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
ROWS=${ROWS:-100000}
RATIOS=${RATIOS:-300}
REPEAT=${REPEAT:-1}
if [ -z "${SKIP_CHECK:-}" ] && [ -z "${CHECK:-}" ] && [ "$ROWS" -gt 200000 ]; then SKIP_CHECK=1; fi
T_START=$(now)
WORK=$(mktemp -d /tmp/online-ddl.XXXXXX)
export SUMMARY_FILE=$WORK/summary
# Not $WORK/myriad: that is the data directory of each run.
BIN=${BIN:-$WORK/myriad-bin}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
# newport: the next of PORT_BASE's PORTS ports for each server start (a port
# just closed was sometimes still taken when the next server bound it).
PORT_BASE=${PORT_BASE:-23200}
PORT_N=0
newport() {
  P=$((PORT_BASE + PORT_N % ${PORTS:-20}))
  PORT_N=$((PORT_N + 1))
  SB="sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --mysql-db=sbtest --tables=1 --table-size=$ROWS"
}
MARIADB_OPTS=(--innodb-buffer-pool-size=1G --innodb-flush-log-at-trx-commit=0 --max-connections=200)

# fill: sbtest.sbtest1 with ROWS rows on the server at $P, as sysbench's
# prepare makes it (PREPARE=sysbench: by it), timed.
fill() {
  local t0 f
  t0=$(now)
  if [ "${PREPARE:-}" = sysbench ]; then
    mariadb -h127.0.0.1 -P$P -uroot -e "CREATE DATABASE sbtest"
    $SB prepare >/dev/null
  else
    [ -d "$WORK/data" ] || /usr/bin/python3 bench/sbdata.py "$ROWS" "$WORK/data"
    # sysbench's definition (oltp_common.lua), k_1 made up front: the
    # rows maintain it as they land.
    mariadb -h127.0.0.1 -P$P -uroot -e "SET GLOBAL local_infile = 1; CREATE DATABASE sbtest;
      CREATE TABLE sbtest.sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL,
      c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_1 (k))"
    # Two clients, one file (100,000 rows) a statement.
    ls "$WORK"/data/part-*.tsv | xargs -P 2 -I{} mariadb --local-infile=1 -h127.0.0.1 -P$P -uroot sbtest \
      -e "LOAD DATA LOCAL INFILE '{}' INTO TABLE sbtest1" || { echo "load failed" >&2; exit 1; }
  fi
  f=$(mariadb -N -h127.0.0.1 -P$P -uroot -e "SELECT COUNT(*) FROM sbtest.sbtest1")
  [ "$f" = "$ROWS" ] || { echo "loaded $f rows, want $ROWS" >&2; exit 1; }
  echo "$1 loaded $ROWS rows in $(since "$t0") s (${PREPARE:-load data}), load $(cut -d' ' -f1-3 /proc/loadavg)"
}

# load LABEL: sysbench for as long as online-ddl.py runs, then the figures.
load() {
  $SB --threads=4 --time=100000 --report-interval=1 --mysql-ignore-errors=all run > "$WORK/sb.out" 2>&1 &
  local sb=$! t0
  t0=$(now)
  echo "$1 start $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
  # serverload.py reads the server's CPU time
  export SERVER_PID=$SERVER_PID
  if [ -n "${ALTERS:-}" ]; then
    /usr/bin/python3 bench/online-ddl-alter-seconds.py "$P" "$WORK/sb.out" "$t0" "$ALTERS" "$1"
  elif [ -n "${TRIES:-}" ]; then
    /usr/bin/python3 bench/online-ddl-instant.py "$P" "$WORK/sb.out" "$t0" "$TRIES" "$1"
  else
    /usr/bin/python3 bench/online-ddl.py "$P" "$WORK/sb.out" "$t0" "$ROWS" "$1"
  fi
  kill -TERM $sb 2>/dev/null; wait $sb 2>/dev/null  # sysbench ignores SIGINT
  [ -z "${KEEP:-}" ] || cp "$WORK/sb.out" "$WORK/sb-$1.out"
  echo "$1 end $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
}

if [ -n "${BASE_CACHE:-}" ]; then
  mkdir -p "$BASE_CACHE"
  [ -n "${MYRIAD_BASE:-}" ] || [ ! -d "$BASE_CACHE/myriad-$ROWS" ] || MYRIAD_BASE=$BASE_CACHE/myriad-$ROWS
  [ -n "${MARIADB_BASE:-}" ] || [ ! -d "$BASE_CACHE/mariadb-$ROWS" ] || MARIADB_BASE=$BASE_CACHE/mariadb-$ROWS
fi
if [ "${SKIP_MYRIAD:-}" != 1 ]; then
  newport
  if [ -n "${MYRIAD_BASE:-}" ]; then
    cp -a "$MYRIAD_BASE" "$WORK/myriad-base"
  else
    start_myriad "$BIN" "$WORK/myriad-base" "$P" --durability async --log-level error
    fill myriad
    stop_server "$MYRIAD_PID"
    [ -z "${BASE_CACHE:-}" ] || cp -a "$WORK/myriad-base" "$BASE_CACHE/myriad-$ROWS"
  fi
  for r in $(seq "$REPEAT"); do
    for ratio in $RATIOS; do
      for charge in ${CHARGE:-0}; do
        rm -rf "$WORK/myriad"; cp -a "$WORK/myriad-base" "$WORK/myriad"
        newport
        start_myriad "$BIN" "$WORK/myriad" "$P" --durability async --log-level "${LOG_LEVEL:-error}"
        mariadb -h127.0.0.1 -P$P -uroot -e "SET GLOBAL myriad_ddl_backfill_sleep_ratio = $ratio"
        label="myriad(ratio=$ratio,run=$r)"
        if [ "$charge" != 0 ]; then
          mariadb -h127.0.0.1 -P$P -uroot -e "SET GLOBAL myriad_ddl_backfill_charge_writes = $charge"
          label="myriad(ratio=$ratio,charge=$charge,run=$r)"
        fi
        SERVER_PID=$MYRIAD_PID load "$label"
        stop_server "$MYRIAD_PID"
        [ -n "${SKIP_CHECK:-}" ] || "$BIN" check --data-dir "$WORK/myriad" | tail -1
      done
    done
  done
fi
if [ "${SKIP_MARIADB:-}" != 1 ]; then
  newport
  if [ -n "${MARIADB_BASE:-}" ]; then
    cp -a "$MARIADB_BASE" "$WORK/mariadb-base"
  else
    start_mariadb "$WORK/mariadb-base" "$WORK/mariadb.sock" "$P" "${MARIADB_OPTS[@]}"
    fill mariadb
    stop_server "$MARIADB_PID"
    [ -z "${BASE_CACHE:-}" ] || cp -a "$WORK/mariadb-base" "$BASE_CACHE/mariadb-$ROWS"
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
if [ -s "$SUMMARY_FILE" ]; then
  echo
  echo "ROWS=$ROWS WARMUP=${WARMUP:-0} PRE=${PRE:-60}: issue #13's figures (early = sysbench tps W+5..W+20 s; ADD/DROP: time, tps in"
  echo "its second and the next 9 s against early; CREATE INDEX: first try or its error, rows/s; before/after = the L s adjacent to"
  echo "the build, L = the build's whole seconds up to PRE-5; errors = sysbench's)"
  echo
  if [ -n "${ALTERS:-}" ]; then
    echo "| server, run | ADD COLUMN median / p90 / max (under 50 ms) | DROP COLUMN median / p90 / max (under 50 ms) | tps in ALTER seconds | tps in other seconds | ALTER seconds against others (95%) | paired: against the 2 s around (95%) | the second after against the rest (95%) | client errors |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  elif [ -n "${TRIES:-}" ]; then
    echo "| server, run | before tps | ADD COLUMN min / median / p90 / max (under 50 ms) | DROP COLUMN min / median / p90 / max (under 50 ms) | tps while altering (of before) | client errors |"
    echo "| --- | --- | --- | --- | --- | --- |"
  else
    echo "| server, run | early tps (W+5..W+20 s) | ADD COLUMN | DROP COLUMN | CREATE INDEX time (rows/s) | first try | window s (L) | tps L s just before | tps during build (of before) | tps L s just after (of before) | txn per server CPU-s before / during / after | client errors (during DDLs / whole run) |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  fi
  cat "$SUMMARY_FILE"
fi
echo "total wall time $(since "$T_START") s, load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${KEEP:-}" ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
