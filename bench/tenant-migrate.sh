#!/usr/bin/env bash
# A migration over many tenants (issue #13): Myriad provisions TENANTS
# schemas from a TABLES-table template (bench/lib.sh template_sql, 10 rows a
# table) with `myriad tenant clone`, then `myriad tenant migrate` applies
# MIGRATION (ADD COLUMN + CREATE INDEX on one table of each schema) to all
# of them; wall time, statements/s, RSS. MariaDB 10.11 gets the same
# migration through the same `myriad tenant migrate` (it speaks the
# protocol) on MARIADB_TENANTS schemas of MARIADB_TABLES tables, provisioned
# by generated CREATE TABLEs over 4 clients (it has no CREATE DATABASE
# LIKE); MARIADB_TENANTS=0 skips it.
#
#   TENANTS=10000 TABLES=100 PARALLEL=8 MARIADB_TENANTS=300 bench/tenant-migrate.sh
#   SKIP_CHECK=1: no `myriad check` of the 1M-table store (minutes on a loaded machine)
set -euo pipefail
TENANTS=${TENANTS:-1000}
TABLES=${TABLES:-100}
PARALLEL=${PARALLEL:-8}
MARIADB_TENANTS=${MARIADB_TENANTS:-100}
MARIADB_TABLES=${MARIADB_TABLES:-$TABLES}
cd "$(dirname "$0")/.."
. bench/lib.sh
WORK=$(mktemp -d /tmp/tenant-migrate.XXXXXX)
trap 'bench_cleanup; rm -rf "$WORK"' EXIT
BIN=${BIN:-$WORK/myriad}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
P=$((40000 + RANDOM % 20000))
cat > "$WORK/migration.sql" <<'SQL'
ALTER TABLE sbtest1 ADD COLUMN tier VARCHAR(16) NOT NULL DEFAULT 'free';
CREATE INDEX tier_k ON sbtest1 (tier, k);
SQL
echo "migration (each tenant):"; cat "$WORK/migration.sql"

start_myriad "$BIN" "$WORK/myriad" "$P" --durability sync --log-level warn
template_sql "$TABLES" 10 | mariadb -h127.0.0.1 -P$P -uroot
"$BIN" tenant clone --port $P --from template --count "$TENANTS" --prefix tenant_ --parallel "$PARALLEL" --progress never
echo "myriad RSS after provisioning: $(rss_mb "$MYRIAD_PID") MB"
"$BIN" tenant migrate --port $P --file "$WORK/migration.sql" --like 'tenant\_%' --parallel "$PARALLEL" --progress never || echo "migrate: exit status $?"
echo "myriad RSS after the migration: $(rss_mb "$MYRIAD_PID") MB"
mariadb -h127.0.0.1 -P$P -uroot -N -e "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE INDEX_NAME = 'tier_k' AND SEQ_IN_INDEX = 1"
stop_server "$MYRIAD_PID"
[ -n "${SKIP_CHECK:-}" ] || "$BIN" check --data-dir "$WORK/myriad" | tail -1
rm -rf "$WORK/myriad"

[ "$MARIADB_TENANTS" -gt 0 ] || exit 0
start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$P" --innodb-buffer-pool-size=1G --innodb-flush-log-at-trx-commit=1 \
  --max-connections=200 --table-open-cache=4000 --table-definition-cache=4000
template_sql "$MARIADB_TABLES" 10 > "$WORK/template.sql"
s=$(now)
for c in 0 1 2 3; do
  for i in $(seq $((c + 1)) 4 "$MARIADB_TENANTS"); do
    sed "s/template\./tenant_$i./g; s/DATABASE template/DATABASE tenant_$i/" "$WORK/template.sql"
  done | mariadb --socket="$WORK/mariadb.sock" -uroot &
done
wait_n=0; for j in $(jobs -p); do [ "$j" != "$MARIADB_PID" ] && wait "$j" && wait_n=$((wait_n + 1)); done
echo "mariadb: provisioned $MARIADB_TENANTS schemas x $MARIADB_TABLES tables in $(since "$s") s"
"$BIN" tenant migrate --port $P --file "$WORK/migration.sql" --like 'tenant\_%' --parallel "$PARALLEL" --progress never || echo "migrate: exit status $?"
echo "mariadb RSS after the migration: $(rss_mb "$MARIADB_PID") MB"
