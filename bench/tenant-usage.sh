#!/usr/bin/env bash
# Per-tenant usage queries on a server holding TENANTS tenants (TABLES
# sysbench-shaped tables x ROWS rows and one stored procedure each), timed
# for the myriad built from this tree and, if BEFORE names a commit, for the
# one built from that commit, on the same data directory (docs/BENCHMARKS.md,
# "Per-tenant usage at 1,000 tenants"). Provisioning is bench/tenant-scale.sh's
# (`tenant clone --with-data`), in async durability: only the queries are
# measured.
#
#   TENANTS=1000 BEFORE=8e95eae bench/tenant-usage.sh
#
# Each query runs REPEAT times (default 3), the whole-server listing
# FULL_REPEAT times (default REPEAT: at 10,000 tenants one listing takes
# minutes); every time is printed. With KEEP=1 and WORK naming the kept
# directory, a later run reuses its data directory (no provisioning):
#
#   TENANTS=10000 KEEP=1 WORK=/work/bench-tmp/usage10k FULL_REPEAT=1 bench/tenant-usage.sh
set -euo pipefail
TENANTS=${TENANTS:-1000}
TABLES=${TABLES:-100}
ROWS=${ROWS:-10}
PARALLEL=${PARALLEL:-8}
REPEAT=${REPEAT:-3}
FULL_REPEAT=${FULL_REPEAT:-$REPEAT}
BEFORE=${BEFORE:-}
PORT=${PORT:-$((20000 + RANDOM % 20000))}
mkdir -p /work/bench-tmp
WORK=${WORK:-$(mktemp -d /work/bench-tmp/tenant-usage.XXXXXX)}
mkdir -p "$WORK"
export TMPDIR="$WORK"
BIN="$WORK/myriad"
cd "$(dirname "$0")/.."
. bench/lib.sh
trap 'bench_cleanup; [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"' EXIT
go build -o "$BIN" ./cmd/myriad
bins=("$BIN")
if [ -n "$BEFORE" ]; then
  mkdir -p "$WORK/before-src"
  git archive "$BEFORE" | tar -x -C "$WORK/before-src"
  (cd "$WORK/before-src" && go build -o "$WORK/myriad-before" ./cmd/myriad)
  bins=("$WORK/myriad-before" "$BIN")
fi
echo "# tenant-usage: $TENANTS tenants x $TABLES tables x $ROWS rows, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"

M="mariadb -h127.0.0.1 -P$PORT -uroot"
if [ -d "$WORK/data" ]; then
  echo "provision: reusing $WORK/data"
else
  start_myriad "$BIN" "$WORK/data" "$PORT" --log-level warn
  {
    template_sql "$TABLES" "$ROWS"
    echo "CREATE PROCEDURE template.bump(x INT) UPDATE sbtest1 SET k = k + x WHERE id = 1;"
  } | $M
  s=$(now)
  "$BIN" tenant clone --port "$PORT" --from template --count "$TENANTS" --prefix t_ --parallel "$PARALLEL" --with-data --progress never >/dev/null
  echo "provision: $(since "$s") s, data directory $(du -sm "$WORK/data" | cut -f1) MB"
  stop_server "$MYRIAD_PID"
fi

MID=$(((TENANTS + 1) / 2))
queries=(
  "SELECT * FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME = 't_$MID'"
  "SELECT * FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME IN ('t_1', 't_$MID', 't_$TENANTS')"
  "SELECT TABLE_SCHEMA, SUM(TABLE_ROWS), SUM(DATA_LENGTH), SUM(INDEX_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 't_$MID' GROUP BY TABLE_SCHEMA"
  "SELECT ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 't_$MID'"
  "SHOW PROCEDURE STATUS WHERE Db = 't_$MID'"
  "SELECT COUNT(*), SUM(TABLES), SUM(TABLE_ROWS) FROM information_schema.MYRIAD_SCHEMA_USAGE"
)
for b in "${bins[@]}"; do
  start_myriad "$b" "$WORK/data" "$PORT" --log-level warn
  for q in "${queries[@]}"; do
    times=()
    n=$REPEAT
    case $q in *"MYRIAD_SCHEMA_USAGE") n=$FULL_REPEAT ;; esac
    for _ in $(seq "$n"); do
      s=$(now)
      out=$($M -N -e "$q" | tr '\t\n' ' |' | cut -c1-80)
      times+=("$(since "$s")")
    done
    echo "$(basename "$b"): ${times[*]} s: $q -> $out"
  done
  stop_server "$MYRIAD_PID"
done
