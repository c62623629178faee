#!/usr/bin/env bash
# Tenant provisioning side by side (docs/BENCHMARKS.md, "Tenant clone"):
# Myriad's `myriad tenant clone` (CREATE DATABASE new LIKE template) against
# MariaDB's nearest equivalent, loading `mariadb-dump --no-data` of the
# template into each new schema (one mariadb client per worker, so no
# process start per tenant). Template: 100 sysbench tables.
#
#   TENANTS=1000 PARALLEL=8 bench/clone-side-by-side.sh
#   TENANTS=10000 SKIP_MARIADB=1 bench/clone-side-by-side.sh   # Myriad only
#
# Both servers in sync durability (Myriad --durability sync; MariaDB
# innodb_flush_log_at_trx_commit=1, its default), on a temp directory.
set -euo pipefail
TENANTS=${TENANTS:-1000}
PARALLEL=${PARALLEL:-8}
TABLES=${TABLES:-100}
MYRIAD_PORT=${MYRIAD_PORT:-$((20000 + RANDOM % 20000))}
MARIADB_PORT=${MARIADB_PORT:-$((40000 + RANDOM % 20000))}
WORK=$(mktemp -d /tmp/clone-sbs.XXXXXX)
BIN="$WORK/myriad"
cd "$(dirname "$0")/.."
. bench/lib.sh
trap 'bench_cleanup; rm -rf "$WORK"' EXIT
go build -o "$BIN" ./cmd/myriad


# Myriad
start_myriad "$BIN" "$WORK/myriad-data" "$MYRIAD_PORT" --durability sync --log-level warn
template_sql "$TABLES" | mariadb -h127.0.0.1 -P"$MYRIAD_PORT" -uroot
echo "myriad: one clone at a time (latency incl. round trip):"
"$BIN" tenant clone --port "$MYRIAD_PORT" --from template --count 100 --prefix single_ --parallel 1 --json
echo "myriad: $TENANTS clones, $PARALLEL connections:"
"$BIN" tenant clone --port "$MYRIAD_PORT" --from template --count "$TENANTS" --prefix t_ --parallel "$PARALLEL" --json
echo "myriad data dir: $(du -sh "$WORK/myriad-data" | cut -f1)"

[ "${SKIP_MARIADB:-0}" = 1 ] && exit 0

# MariaDB
start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "$MARIADB_PORT" --innodb-buffer-pool-size=2G --max-connections=1000
M="mariadb --socket=$WORK/mariadb.sock -uroot"
template_sql "$TABLES" | $M
mariadb-dump --socket="$WORK/mariadb.sock" -uroot --no-data template > "$WORK/template.sql"
load() { # first count
  for i in $(seq "$1" "$(($1 + $2 - 1))"); do
    echo "CREATE DATABASE t_$i; USE t_$i;"
    cat "$WORK/template.sql"
  done
}
s=$(now); load 1000001 10 | $M; e=$(now)
echo "mariadb: 10 schemas one at a time from the dump: $(echo "($e - $s) * 100" | bc -l | cut -c1-6) ms per schema"
per=$(( (TENANTS + PARALLEL - 1) / PARALLEL ))
s=$(now)
loaders=()
for w in $(seq 0 $((PARALLEL - 1))); do
  n=$per; first=$((w * per + 1))
  if [ $((first + n - 1)) -gt "$TENANTS" ]; then n=$((TENANTS - first + 1)); fi
  if [ "$n" -gt 0 ]; then load "$first" "$n" | $M & loaders+=($!); fi
done
for p in "${loaders[@]}"; do wait "$p"; done
e=$(now)
echo "mariadb: $TENANTS schemas from the dump, $PARALLEL clients: $(echo "$e - $s" | bc -l | cut -c1-6) s"
echo "mariadb schemas: $($M -N -e 'SELECT COUNT(*) FROM information_schema.schemata') data dir: $(du -sh "$WORK/mariadb" | cut -f1)"
