#!/usr/bin/env bash
# Whole-server online backup and restore side by side (docs/BENCHMARKS.md,
# "Online backup and restore"): TENANTS schemas of TABLES sysbench-shaped
# tables with ROWS rows each, then
#   Myriad:  myriad backup --out DIR (against the running server, while a
#            writer inserts), myriad restore, myriad check of the restored
#            store, a restored server answering;
#   MariaDB: mariadb-backup --backup (same writer), --prepare, --copy-back
#            into a new data directory, a restored server answering.
# Both servers in sync durability. Tenants are provisioned the fast way on
# each (Myriad: CREATE DATABASE ... LIKE template WITH DATA; MariaDB: the
# template's mariadb-dump loaded into each schema over PARALLEL clients).
#
#   TENANTS=1000 bench/tenant-backup.sh
#   TENANTS=10000 SKIP_MARIADB=1 bench/tenant-backup.sh
#   TENANTS=1000 SKIP_MYRIAD=1 bench/tenant-backup.sh     # MariaDB only
#
# Needs: Go, mariadb-server, mariadb-backup (Debian packages).
set -euo pipefail
TENANTS=${TENANTS:-1000}
TABLES=${TABLES:-100}
ROWS=${ROWS:-10}
PARALLEL=${PARALLEL:-8}
SKIP_MARIADB=${SKIP_MARIADB:-0}
SKIP_MYRIAD=${SKIP_MYRIAD:-0}
MYRIAD_PORT=${MYRIAD_PORT:-$((20000 + RANDOM % 20000))}
MARIADB_PORT=${MARIADB_PORT:-$((40000 + RANDOM % 20000))}
WORK=$(mktemp -d /tmp/tenant-backup.XXXXXX)
BIN="$WORK/myriad"
cd "$(dirname "$0")/.."
. bench/lib.sh
trap 'bench_cleanup; rm -rf "$WORK"' EXIT
go build -o "$BIN" ./cmd/myriad


# writer CLIENT...: inserts into tenant 1 until killed, so each backup runs
# under writes.
writer() {
  while :; do echo "INSERT INTO t_1.sbtest1 (k, c, pad) VALUES (1, 'during-backup', 'x');"; sleep 0.01; done | "$@" >/dev/null 2>&1
}

total_rows_query="SELECT SUM(TABLE_ROWS) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_1'"

# Myriad
if [ "$SKIP_MYRIAD" != 1 ]; then
start_myriad "$BIN" "$WORK/myriad-data" "$MYRIAD_PORT" --durability sync --log-level warn
M="mariadb -h127.0.0.1 -P$MYRIAD_PORT -uroot"
template_sql "$TABLES" "$ROWS" | $M
s=$(now)
"$BIN" tenant clone --port "$MYRIAD_PORT" --from template --count "$TENANTS" --prefix t_ --parallel "$PARALLEL" --with-data --json >/dev/null
echo "myriad: provision $TENANTS x $TABLES tables x $ROWS rows (clone WITH DATA): $(since "$s") s"
writer $M & wpid=$!
sleep 1
s=$(now)
"$BIN" backup --port "$MYRIAD_PORT" --out "$WORK/myriad-backup" >/dev/null
echo "myriad: backup (online, writer running): $(since "$s") s, $(du -sb "$WORK/myriad-backup" | cut -f1) bytes, $(find "$WORK/myriad-backup" -type f | wc -l) files"
kill "$wpid" 2>/dev/null; wait "$wpid" 2>/dev/null || true
s=$(now)
"$BIN" restore --from "$WORK/myriad-backup" --data-dir "$WORK/myriad-restored" >/dev/null
echo "myriad: restore: $(since "$s") s"
s=$(now)
"$BIN" check --data-dir "$WORK/myriad-restored" | tail -1
echo "myriad: check of the restored store: $(since "$s") s"
stop_server "$MYRIAD_PID"
s=$(now)
start_myriad "$BIN" "$WORK/myriad-restored" "$MYRIAD_PORT" --durability sync --log-level warn
echo "myriad: restored server up: $(since "$s") s; t_1 rows: $($M -N -e "SELECT COUNT(*) FROM t_1.sbtest1"), schemas: $($M -N -e "SELECT COUNT(*) FROM information_schema.SCHEMATA")"
stop_server "$MYRIAD_PID"
fi

[ "$SKIP_MARIADB" = 1 ] && exit 0

# mariadb-backup opens every .ibd file at once: with TABLES x TENANTS files
# it needs a descriptor limit above that (it fails with "Too many open files"
# at Debian's default hard limit of 20,000 for 100,000 tables).
ulimit -n 1048576 2>/dev/null || ulimit -n "$(ulimit -Hn)"
echo "mariadb: open files limit $(ulimit -n)"

# MariaDB
start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$MARIADB_PORT" --innodb-buffer-pool-size=2G --max-connections=1000
C="mariadb --socket=$WORK/mariadb.sock -uroot"
template_sql "$TABLES" "$ROWS" | $C
mariadb-dump --socket="$WORK/mariadb.sock" -uroot template >"$WORK/template.sql"
load() { # first count
  for i in $(seq "$1" "$(($1 + $2 - 1))"); do
    echo "CREATE DATABASE t_$i; USE t_$i;"
    cat "$WORK/template.sql"
  done
}
s=$(now)
per=$(((TENANTS + PARALLEL - 1) / PARALLEL))
loaders=()
for w in $(seq 0 $((PARALLEL - 1))); do
  n=$per first=$((w * per + 1))
  [ $((first + n - 1)) -gt "$TENANTS" ] && n=$((TENANTS - first + 1))
  if [ "$n" -gt 0 ]; then load "$first" "$n" | $C & loaders+=($!); fi
done
for p in "${loaders[@]}"; do wait "$p"; done
echo "mariadb: provision $TENANTS x $TABLES tables x $ROWS rows (dump reload): $(since "$s") s"
writer $C & wpid=$!
sleep 1
s=$(now)
if mariadb-backup --backup --socket="$WORK/mariadb.sock" --user=root --target-dir="$WORK/mariadb-backup" \
  --open-files-limit="$(ulimit -n)" 2>"$WORK/mariadb-backup.log"; then
  echo "mariadb: mariadb-backup --backup (online, writer running): $(since "$s") s, $(du -sb "$WORK/mariadb-backup" | cut -f1) bytes, $(find "$WORK/mariadb-backup" -type f | wc -l) files"
  s=$(now)
  mariadb-backup --prepare --target-dir="$WORK/mariadb-backup" 2>>"$WORK/mariadb-backup.log"
  echo "mariadb: mariadb-backup --prepare: $(since "$s") s"
  s=$(now)
  mariadb-backup --copy-back --target-dir="$WORK/mariadb-backup" --datadir="$WORK/mariadb-restored" 2>>"$WORK/mariadb-backup.log"
  echo "mariadb: mariadb-backup --copy-back: $(since "$s") s"
  rm -rf "$WORK/mariadb-backup"
else
  echo "mariadb: mariadb-backup --backup FAILED after $(since "$s") s: $(grep -m1 -o "Error number 24 means.*\|FATAL ERROR.*" "$WORK/mariadb-backup.log") (open files limit $(ulimit -n), $((TENANTS * TABLES)) tables)"
fi
kill "$wpid" 2>/dev/null; wait "$wpid" 2>/dev/null || true
# The logical alternative, which needs no descriptor per table.
s=$(now)
mariadb-dump --socket="$WORK/mariadb.sock" -uroot --all-databases --single-transaction >"$WORK/all.sql"
echo "mariadb: mariadb-dump --all-databases --single-transaction: $(since "$s") s, $(wc -c <"$WORK/all.sql") bytes"
stop_server "$MARIADB_PID"
if [ "${RESTORE_DUMP:-1}" = 1 ]; then
  s=$(now)
  start_mariadb "$WORK/mariadb-fromdump" "$WORK/mariadb3.sock" "" --innodb-buffer-pool-size=2G
  mariadb --socket="$WORK/mariadb3.sock" -uroot <"$WORK/all.sql"
  echo "mariadb: restore the dump into a fresh server: $(since "$s") s; t_1 rows: $(mariadb --socket="$WORK/mariadb3.sock" -uroot -N -e "SELECT COUNT(*) FROM t_1.sbtest1")"
  stop_server "$MARIADB_PID"
fi
