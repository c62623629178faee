#!/usr/bin/env bash
# Runs the standard million-table workload (docs/BENCHMARKS.md) against
# MariaDB from Debian and against Myriad on this machine, in one run, and
# writes the comparison table into docs/BENCHMARKS.md.
#
#   bench/side-by-side.sh                      # defaults below
#   SMALL_SCHEMAS=200 FULL_SCHEMAS=10000 DURATION=30s bench/side-by-side.sh
#   FULL_SCHEMAS=100000 SKIP_MARIADB=1 SKIP_SMALL=1 SECTION=10m bench/side-by-side.sh
#
# MariaDB needs ~3 ms of CPU and two files per table, so it runs at
# SMALL_SCHEMAS x TABLES (MariaDB 10.11 takes ~5 minutes and 18 GB for
# 200,000 tables here); Myriad runs at that scale too, for a like-for-like
# row, and at FULL_SCHEMAS x TABLES, in async durability (MariaDB runs with
# innodb_flush_log_at_trx_commit=0) and, with SYNC=1, in sync durability.
# Needs: Go, mariadb-server (apt-get install mariadb-server), root or a user
# who may run mariadbd.
set -euo pipefail
cd "$(dirname "$0")/.."

SMALL_SCHEMAS=${SMALL_SCHEMAS:-200}
FULL_SCHEMAS=${FULL_SCHEMAS:-10000}
TABLES=${TABLES:-100}
PARALLEL=${PARALLEL:-16}
THREADS=${THREADS:-16}
DURATION=${DURATION:-30s}
ROUNDS=${ROUNDS:-2}
SYNC=${SYNC:-1}
SKIP_MARIADB=${SKIP_MARIADB:-0}
SKIP_SMALL=${SKIP_SMALL:-0}
SECTION=${SECTION:-1m}
OUT=${OUT:-docs/BENCHMARKS.md}
WORK=${WORK:-$(mktemp -d /tmp/myriad-side-by-side.XXXXXX)}
MARIADB_PORT=${MARIADB_PORT:-3407}
MYRIAD_PORT=${MYRIAD_PORT:-3408}

BIN="$WORK/myriad"
mkdir -p "$WORK"
RESULTS="$WORK/results.jsonl"
: >"$RESULTS"
go build -o "$BIN" ./cmd/myriad
echo "work dir: $WORK" >&2

. bench/lib.sh

bench() { # label port args...
  local label=$1 port=$2
  shift 2
  "$BIN" bench "$@" --port "$port" --label "$label" --json --progress always >>"$RESULTS"
}

record() { # label step key value [key value...]
  local label=$1 step=$2
  shift 2
  local m=""
  while [ $# -gt 0 ]; do m="$m${m:+,}\"$1\":$2"; shift 2; done
  echo "{\"target\":\"$label\",\"step\":\"$step\",\"metrics\":{$m}}" >>"$RESULTS"
}

disk() { # label step dir
  local bytes files
  bytes=$(du -sb "$3" | cut -f1)
  files=$(find "$3" -type f | wc -l)
  record "$1" "$2" data_dir_bytes "$bytes" data_dir_files "$files"
}

rss() { # label step pid
  local kb
  kb=$(awk '/^VmRSS:/ {print $2}' "/proc/$3/status")
  record "$1" "$2" rss_bytes $((kb * 1024))
}

# wait_shrink label dir peak: wait (up to 60 s) for the data dir to fall
# under 10% of its peak, and record how long it took.
wait_shrink() {
  local label=$1 dir=$2 peak=$3 start now bytes
  start=$(date +%s.%N)
  while :; do
    bytes=$(du -sb "$dir" | cut -f1)
    now=$(date +%s.%N)
    if [ "$bytes" -lt $((peak / 10)) ] || awk "BEGIN {exit !($now - $start > 60)}"; then break; fi
    sleep 2
  done
  record "$label" "space-after-teardown" data_dir_bytes "$bytes" data_dir_files "$(find "$dir" -type f | wc -l)" \
    wait_s "$(awk "BEGIN {printf \"%.2f\", $now - $start}")" of_peak_ratio "$(awk "BEGIN {printf \"%.4f\", $bytes / $peak}")"
}

workload() { # label port datadir pid schemas
  local label=$1 port=$2 dir=$3 pid=$4 schemas=$5 peak
  bench "$label" "$port" provision --schemas "$schemas" --tables "$TABLES" --parallel "$PARALLEL"
  disk "$label" "after-provision" "$dir"
  rss "$label" "after-provision" "$pid"
  # Hot set and all tables in alternating slices (hot, all, all, hot), so
  # drift during the run (LSM growth, compaction debt, cache fill) weighs
  # on both alike.
  bench "$label" "$port" cliff --schemas "$schemas" --tables "$TABLES" --threads "$THREADS" --duration "$DURATION" --rounds "$ROUNDS"
  rss "$label" "after-insert-all" "$pid"
  bench "$label" "$port" catalog
}

teardown() { # label port dir
  local peak
  peak=$(du -sb "$3" | cut -f1)
  bench "$1" "$2" teardown --parallel "$PARALLEL"
  wait_shrink "$1" "$3" "$peak"
}

serve_myriad() { # dir durability -> sets MYRIAD_PID
  start_myriad "$BIN" "$1" "$MYRIAD_PORT" --durability "$2" --log-level warn
}

myriad_run() { # label schemas durability
  local label=$1 schemas=$2 durability=$3 dir="$WORK/$1"
  serve_myriad "$dir" "$durability"
  workload "$label" "$MYRIAD_PORT" "$dir" "$MYRIAD_PID" "$schemas"
  # Restart with every table in place: after a clean stop, then after SIGKILL.
  kill -TERM "$MYRIAD_PID"; wait "$MYRIAD_PID" || true
  serve_myriad "$dir" "$durability"
  bench "$label" "$MYRIAD_PORT" wait --step restart-after-sigterm --query "SELECT COUNT(*) FROM test_sbtest_$schemas.sbtest$TABLES"
  rss "$label" "after-restart" "$MYRIAD_PID"
  kill -KILL "$MYRIAD_PID"; wait "$MYRIAD_PID" 2>/dev/null || true
  serve_myriad "$dir" "$durability"
  bench "$label" "$MYRIAD_PORT" wait --step restart-after-sigkill --query "SELECT COUNT(*) FROM test_sbtest_$schemas.sbtest$TABLES"
  teardown "$label" "$MYRIAD_PORT" "$dir"
  kill -TERM "$MYRIAD_PID"; wait "$MYRIAD_PID" || true
  rm -rf "$dir"
}

mariadb_run() { # label schemas
  local label=$1 schemas=$2 dir="$WORK/mariadb"
  # The reference configuration of ../shared/REFERENCE.md; table caches at
  # their defaults.
  start_mariadb "$dir" "$WORK/mariadb.sock" "$MARIADB_PORT" --innodb-buffer-pool-size=4G \
    --innodb-flush-log-at-trx-commit=0 --max-connections=1000
  local pid=$MARIADB_PID
  workload "$label" "$MARIADB_PORT" "$dir" "$pid" "$schemas"
  teardown "$label" "$MARIADB_PORT" "$dir"
  kill -TERM "$pid"; wait "$pid" || true
  rm -rf "$dir"
}

machine="$(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr)"
started=$(date -u +%Y-%m-%dT%H:%MZ)
small=$((SMALL_SCHEMAS * TABLES))
full=$((FULL_SCHEMAS * TABLES))
columns=()
if [ "$SKIP_MARIADB" != 1 ]; then
  echo "== MariaDB, $SMALL_SCHEMAS x $TABLES tables" >&2
  mariadb_run "mariadb-$small" "$SMALL_SCHEMAS"
fi
if [ "$SKIP_SMALL" != 1 ]; then
  echo "== Myriad async, $SMALL_SCHEMAS x $TABLES tables" >&2
  myriad_run "myriad-async-$small" "$SMALL_SCHEMAS" async
fi
echo "== Myriad async, $FULL_SCHEMAS x $TABLES tables" >&2
myriad_run "myriad-async-$full" "$FULL_SCHEMAS" async
if [ "$SYNC" = 1 ]; then
  echo "== Myriad sync, $FULL_SCHEMAS x $TABLES tables" >&2
  myriad_run "myriad-sync-$full" "$FULL_SCHEMAS" sync
fi

table=$("$BIN" bench report "$RESULTS")
cp "$RESULTS" "$WORK/results-$SECTION.jsonl"
begin="<!-- side-by-side:$SECTION:begin -->"
end="<!-- side-by-side:$SECTION:end -->"
block=$(cat <<MD
$begin
Produced by \`SMALL_SCHEMAS=$SMALL_SCHEMAS FULL_SCHEMAS=$FULL_SCHEMAS TABLES=$TABLES PARALLEL=$PARALLEL THREADS=$THREADS DURATION=$DURATION ROUNDS=$ROUNDS SYNC=$SYNC SKIP_MARIADB=$SKIP_MARIADB SKIP_SMALL=$SKIP_SMALL SECTION=$SECTION bench/side-by-side.sh\`
on $machine, started $started; $(mariadbd --version 2>/dev/null | sed 's/ for .*//'); Myriad $(git rev-parse --short HEAD).
Columns are target-durability-tables. MariaDB: innodb_buffer_pool_size=4G, innodb_flush_log_at_trx_commit=0, skip-log-bin, default table caches.

$table
$end
MD
)
if grep -q "$begin" "$OUT"; then
  python3 - "$OUT" "$begin" "$end" "$block" <<'PY'
import sys
path, begin, end, block = sys.argv[1:]
s = open(path).read()
i, j = s.index(begin), s.index(end) + len(end)
open(path, "w").write(s[:i] + block + s[j:])
PY
else
  printf '\n%s\n' "$block" >>"$OUT"
fi
echo "$table"
echo "results: $WORK/results-$SECTION.jsonl; table written to $OUT" >&2
