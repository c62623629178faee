#!/usr/bin/env bash
# Every tenant operation on a server holding TENANTS tenants (TABLES
# sysbench-shaped tables x ROWS rows each), side by side with MariaDB's
# nearest equivalent on the same data (docs/BENCHMARKS.md, "Tenants at
# 1,000 and 10,000"). Each line printed is one figure of that table:
#
#   step               Myriad                                  MariaDB 10.11
#   provision          tenant clone --with-data (8 conns)      template dump loaded per schema (8 clients)
#   usage query        MYRIAD_SCHEMA_USAGE / information_schema.TABLES, one schema and all
#   clone one tenant   CREATE DATABASE ... LIKE (1 conn)       template dump loaded into a new schema
#   export one tenant  myriad tenant export                    mariadb-dump --single-transaction S
#   import one tenant  myriad tenant import --as               CREATE DATABASE; mariadb S2 < dump
#   backup (online)    myriad backup, writer running           mariadb-backup --backup; mariadb-dump --all-databases
#   restore            myriad restore + server answering       mariadb-backup --prepare/--copy-back; dump reload
#   restore 1 schema   tenant export --data-dir BACKUP; import mariadb --one-database S < all.sql
#
#   TENANTS=1000 bench/tenant-scale.sh
#   TENANTS=10000 SKIP_MARIADB=1 bench/tenant-scale.sh
#   TENANTS=1000 SKIP_MYRIAD=1 RATE_SECONDS=1800 bench/tenant-scale.sh
#
# RATE_SECONDS (MariaDB): after the TENANTS are measured, keep provisioning
# tenants TENANTS+1.. for that long and print the rate, the only way to see
# what 10,000 MariaDB tenants (1,000,000 tables) would take when they cannot
# be provisioned in one sitting. RESTORE_TIMEOUT bounds the reload of the
# whole-server dump (it is as slow as provisioning); on timeout the number of
# schemas restored so far is printed. CHECK=0 skips `myriad check` of the
# restored store. WORK (default a new directory under /work/bench-tmp) holds
# everything, MariaDB's tmpdir included: a tmpdir under /tmp shared with other
# work once lost a temporary file under mariadb-dump. KEEP=1 keeps WORK.
#
# Needs: Go, mariadb-server, mariadb-backup (Debian packages).
set -euo pipefail
TENANTS=${TENANTS:-1000}
TABLES=${TABLES:-100}
ROWS=${ROWS:-10}
PARALLEL=${PARALLEL:-8}
SKIP_MARIADB=${SKIP_MARIADB:-0}
SKIP_MYRIAD=${SKIP_MYRIAD:-0}
RATE_SECONDS=${RATE_SECONDS:-0}
RESTORE_TIMEOUT=${RESTORE_TIMEOUT:-3600}
CHECK=${CHECK:-1}
MYRIAD_PORT=${MYRIAD_PORT:-$((20000 + RANDOM % 20000))}
MARIADB_PORT=${MARIADB_PORT:-$((40000 + RANDOM % 20000))}
mkdir -p /work/bench-tmp
WORK=${WORK:-$(mktemp -d /work/bench-tmp/tenant-scale.XXXXXX)}
mkdir -p "$WORK/tmp"
export TMPDIR="$WORK/tmp"
BIN="$WORK/myriad"
cd "$(dirname "$0")/.."
. bench/lib.sh
trap 'bench_cleanup; [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"' EXIT
go build -o "$BIN" ./cmd/myriad
echo "# tenant-scale: $TENANTS tenants x $TABLES tables x $ROWS rows, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), WORK=$WORK"

# One tenant in the middle and one to restore from the backup.
MID=$(((TENANTS + 1) / 2))
LOST=$(((TENANTS + 3) / 4))

# writer CLIENT...: inserts into tenant 1 until killed, so each backup runs
# under writes.
writer() {
  while :; do echo "INSERT INTO t_1.sbtest1 (k, c, pad) VALUES (1, 'during-backup', 'x');"; sleep 0.01; done | "$@" >/dev/null 2>&1
}
# timed LABEL CMD...: runs CMD, prints "LABEL: S s".
timed() {
  local label=$1 s
  shift
  s=$(now)
  "$@"
  echo "$label: $(since "$s") s"
}
sum_query() { echo "SELECT COUNT(*), SUM(k) FROM $1.sbtest$TABLES"; }
usage_tables_one="SELECT TABLE_SCHEMA, SUM(TABLE_ROWS), SUM(DATA_LENGTH), SUM(INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_$MID' GROUP BY TABLE_SCHEMA"
usage_tables_all="SELECT COUNT(*) FROM (SELECT TABLE_SCHEMA, SUM(TABLE_ROWS), SUM(DATA_LENGTH), SUM(INDEX_LENGTH) FROM information_schema.TABLES GROUP BY TABLE_SCHEMA) u"

if [ "$SKIP_MYRIAD" != 1 ]; then
  start_myriad "$BIN" "$WORK/myriad-data" "$MYRIAD_PORT" --durability sync --log-level warn
  M="mariadb -h127.0.0.1 -P$MYRIAD_PORT -uroot"
  template_sql "$TABLES" "$ROWS" | $M
  s=$(now)
  "$BIN" tenant clone --port "$MYRIAD_PORT" --from template --count "$TENANTS" --prefix t_ --parallel "$PARALLEL" --with-data --progress never >/dev/null
  echo "myriad: provision $TENANTS x $TABLES tables x $ROWS rows (tenant clone --with-data, $PARALLEL connections): $(since "$s") s"
  echo "myriad: data directory: $(du -sb "$WORK/myriad-data" | cut -f1) bytes"

  timed "myriad: usage of one schema (MYRIAD_SCHEMA_USAGE)" $M -N -e "SELECT * FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME = 't_$MID'"
  timed "myriad: usage of every schema (MYRIAD_SCHEMA_USAGE, $((TENANTS + 1)) rows)" $M -N -e "SELECT COUNT(*), SUM(TABLE_ROWS) FROM information_schema.MYRIAD_SCHEMA_USAGE"
  timed "myriad: usage of one schema (information_schema.TABLES)" $M -N -e "$usage_tables_one"
  timed "myriad: usage of every schema (information_schema.TABLES GROUP BY)" $M -N -e "$usage_tables_all"

  "$BIN" tenant clone --port "$MYRIAD_PORT" --from template --count 100 --prefix new_ --parallel 1 --progress never
  echo "myriad: clone one tenant without rows: the line above (100 clones one after another, 1 connection)"

  s=$(now)
  "$BIN" tenant export --port "$MYRIAD_PORT" --schema "t_$MID" --out "$WORK/t_$MID.myt" --json --progress never
  echo "myriad: export one tenant (wall clock incl. process start): $(since "$s") s, $(stat -c %s "$WORK/t_$MID.myt") bytes"
  s=$(now)
  "$BIN" tenant import --port "$MYRIAD_PORT" --file "$WORK/t_$MID.myt" --as "copy_$MID" --json --progress never
  echo "myriad: import one tenant (wall clock incl. process start): $(since "$s") s; copy: $($M -N -e "$(sum_query "copy_$MID")"), source: $($M -N -e "$(sum_query "t_$MID")")"

  writer $M &
  wpid=$!
  sleep 1
  s=$(now)
  "$BIN" backup --port "$MYRIAD_PORT" --out "$WORK/myriad-backup" --json --progress never
  echo "myriad: backup (online, writer running): $(since "$s") s, $(du -sb "$WORK/myriad-backup" | cut -f1) bytes, $(find "$WORK/myriad-backup" -type f | wc -l) files"
  kill "$wpid" 2>/dev/null
  wait "$wpid" 2>/dev/null || true

  # One schema out of the whole-server backup, into the running server, in
  # place of a tenant lost after the backup.
  $M -e "DROP DATABASE t_$LOST"
  s=$(now)
  "$BIN" tenant export --data-dir "$WORK/myriad-backup" --schema "t_$LOST" --out "$WORK/lost.myt" --json --progress never
  "$BIN" tenant import --port "$MYRIAD_PORT" --file "$WORK/lost.myt" --as "t_$LOST" --json --progress never
  echo "myriad: restore one schema from the backup (tenant export --data-dir BACKUP + import): $(since "$s") s; t_$LOST: $($M -N -e "$(sum_query "t_$LOST")")"
  stop_server "$MYRIAD_PID"

  s=$(now)
  "$BIN" restore --from "$WORK/myriad-backup" --data-dir "$WORK/myriad-restored" --json --progress never
  echo "myriad: restore the whole server: $(since "$s") s"
  if [ "$CHECK" = 1 ]; then
    s=$(now)
    "$BIN" check --data-dir "$WORK/myriad-restored" | tail -1
    echo "myriad: check of the restored store: $(since "$s") s"
  fi
  s=$(now)
  start_myriad "$BIN" "$WORK/myriad-restored" "$MYRIAD_PORT" --durability sync --log-level warn
  echo "myriad: restored server answering: $(since "$s") s; schemas: $($M -N -e "SELECT COUNT(*) FROM information_schema.SCHEMATA"), t_$MID: $($M -N -e "$(sum_query "t_$MID")")"
  stop_server "$MYRIAD_PID"
  rm -rf "$WORK/myriad-data" "$WORK/myriad-restored" "$WORK/myriad-backup"
fi

[ "$SKIP_MARIADB" = 1 ] && exit 0

# mariadb-backup opens every .ibd file at once; ask for as many descriptors
# as allowed (this container's hard limit is 20,000).
ulimit -n 1048576 2>/dev/null || ulimit -n "$(ulimit -Hn)"
echo "mariadb: open files limit $(ulimit -n)"
start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$MARIADB_PORT" --innodb-buffer-pool-size=2G --max-connections=1000 \
  --tmpdir="$WORK/tmp" --open-files-limit="$(ulimit -n)"
C="mariadb --socket=$WORK/mariadb.sock -uroot"
template_sql "$TABLES" "$ROWS" | $C
mariadb-dump --socket="$WORK/mariadb.sock" -uroot template >"$WORK/template.sql"
mariadb-dump --socket="$WORK/mariadb.sock" -uroot --no-data template >"$WORK/template-nodata.sql"
load() { # FIRST COUNT
  local i
  for i in $(seq "$1" "$(($1 + $2 - 1))"); do
    echo "CREATE DATABASE t_$i; USE t_$i;"
    cat "$WORK/template.sql"
  done
}
# provision FIRST LAST: tenants FIRST..LAST over PARALLEL clients; the
# client pids are left in `loaders`.
provision() {
  local first=$1 last=$2 n per w f
  n=$((last - first + 1))
  per=$(((n + PARALLEL - 1) / PARALLEL))
  loaders=()
  for w in $(seq 0 $((PARALLEL - 1))); do
    f=$((first + w * per))
    [ "$f" -gt "$last" ] && continue
    [ $((f + per - 1)) -gt "$last" ] && per=$((last - f + 1))
    load "$f" "$per" | $C &
    loaders+=($!)
  done
}
s=$(now)
provision 1 "$TENANTS"
for p in "${loaders[@]}"; do wait "$p"; done
echo "mariadb: provision $TENANTS x $TABLES tables x $ROWS rows (template dump loaded per schema, $PARALLEL clients): $(since "$s") s"
echo "mariadb: data directory: $(du -sb "$WORK/mariadb" | cut -f1) bytes"

timed "mariadb: usage of one schema (information_schema.TABLES)" $C -N -e "$usage_tables_one"
timed "mariadb: usage of every schema (information_schema.TABLES GROUP BY)" $C -N -e "$usage_tables_all"

s=$(now)
for i in $(seq 1 10); do
  echo "CREATE DATABASE new_$i; USE new_$i;"
  cat "$WORK/template-nodata.sql"
done | $C
echo "mariadb: clone one tenant without rows (10 dump reloads one after another, 1 client): $(since "$s") s for 10"

s=$(now)
mariadb-dump --socket="$WORK/mariadb.sock" -uroot --single-transaction --triggers --routines "t_$MID" >"$WORK/t_$MID.sql"
echo "mariadb: export one tenant (mariadb-dump --single-transaction): $(since "$s") s, $(stat -c %s "$WORK/t_$MID.sql") bytes"
s=$(now)
$C -e "CREATE DATABASE copy_$MID"
$C "copy_$MID" <"$WORK/t_$MID.sql"
echo "mariadb: import one tenant (reload into a new schema): $(since "$s") s; copy: $($C -N -e "$(sum_query "copy_$MID")"), source: $($C -N -e "$(sum_query "t_$MID")")"

writer $C &
wpid=$!
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
else
  echo "mariadb: mariadb-backup --backup FAILED after $(since "$s") s: $(grep -m1 -o "Error number 24 means.*\|FATAL ERROR.*" "$WORK/mariadb-backup.log" || tail -1 "$WORK/mariadb-backup.log") (open files limit $(ulimit -n), $((TENANTS * TABLES)) tables)"
fi
rm -rf "$WORK/mariadb-backup" "$WORK/mariadb-restored"
# The logical whole-server backup, which needs no descriptor per table.
s=$(now)
mariadb-dump --socket="$WORK/mariadb.sock" -uroot --all-databases --single-transaction >"$WORK/all.sql"
echo "mariadb: backup (online, writer running): mariadb-dump --all-databases --single-transaction: $(since "$s") s, $(stat -c %s "$WORK/all.sql") bytes"
kill "$wpid" 2>/dev/null
wait "$wpid" 2>/dev/null || true

# One schema out of the whole-server dump: the client reads all of it and
# keeps the statements issued while that schema is the default database.
$C -e "DROP DATABASE t_$LOST; CREATE DATABASE t_$LOST"
s=$(now)
$C --one-database "t_$LOST" <"$WORK/all.sql"
echo "mariadb: restore one schema from the backup (mariadb --one-database t_$LOST < all.sql): $(since "$s") s; t_$LOST: $($C -N -e "$(sum_query "t_$LOST")")"

if [ "$RATE_SECONDS" -gt 0 ]; then
  # Toward 10 x TENANTS: how fast tenants are added to a server already
  # holding TENANTS x TABLES tables.
  before=$($C -N -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 't\\_%'")
  s=$(now)
  provision $((TENANTS + 1)) $((TENANTS * 10))
  sleep "$RATE_SECONDS"
  for p in "${loaders[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${loaders[@]}"; do wait "$p" 2>/dev/null || true; done
  el=$(since "$s")
  after=$($C -N -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 't\\_%'")
  tables=$($C -N -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA LIKE 't\\_%'")
  echo "mariadb: provisioning past $TENANTS tenants for $el s: $((after - before)) more schemas, $tables tables in all t_ schemas; $(echo "($after - $before) / $el" | bc -l | cut -c1-6) schemas/s"
fi
stop_server "$MARIADB_PID"
rm -rf "$WORK/mariadb"

# The whole-server restore from the dump: a fresh server reloading it.
start_mariadb "$WORK/mariadb-fromdump" "$WORK/mariadb3.sock" "" --innodb-buffer-pool-size=2G --tmpdir="$WORK/tmp"
s=$(now)
if timeout "$RESTORE_TIMEOUT" mariadb --socket="$WORK/mariadb3.sock" -uroot <"$WORK/all.sql"; then
  echo "mariadb: restore the whole server (dump reloaded into a fresh server, 1 client): $(since "$s") s; t_$MID: $(mariadb --socket="$WORK/mariadb3.sock" -uroot -N -e "$(sum_query "t_$MID")")"
else
  echo "mariadb: restore the whole server (dump reloaded, 1 client): STOPPED at RESTORE_TIMEOUT after $(since "$s") s with $(mariadb --socket="$WORK/mariadb3.sock" -uroot -N -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA LIKE 't\\_%'") of $((TENANTS * TABLES)) tables"
fi
stop_server "$MARIADB_PID"
