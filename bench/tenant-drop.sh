#!/usr/bin/env bash
# A 1M-row tenant side by side (docs/BENCHMARKS.md, "Tenant clone, exact
# usage, drop and reclaim"): sysbench prepare into schema big, copy it
# (Myriad: CREATE DATABASE big2 LIKE big WITH DATA; MariaDB: mariadb-dump big
# | mariadb big2), DROP DATABASE big2, and the data directory's size before,
# right after and 5 and 60 s after the drop. Both in sync durability.
#
#   ROWS=1000000 bench/tenant-drop.sh
set -euo pipefail
ROWS=${ROWS:-1000000}
MYRIAD_PORT=${MYRIAD_PORT:-$((20000 + RANDOM % 20000))}
WORK=$(mktemp -d /tmp/tenant-drop.XXXXXX)
BIN="$WORK/myriad"
cd "$(dirname "$0")/.."
. bench/lib.sh
trap 'bench_cleanup; rm -rf "$WORK"' EXIT
go build -o "$BIN" ./cmd/myriad

measure() { # label dir client-args... (the copy and drop statements come from $COPY)
  local label=$1 dir=$2; shift 2
  local s; s=$(now)
  sysbench oltp_read_write --db-driver=mysql "$@" --mysql-user=root --mysql-db=big --tables=1 --table-size="$ROWS" prepare >/dev/null
  echo "$label: prepare $ROWS rows: $(since "$s") s"
  s=$(now); eval "$COPY"; echo "$label: copy: $(since "$s") s"
  sleep 5
  local before; before=$(du -sb "$dir" | cut -f1)
  s=$(now); $CLIENT -e "DROP DATABASE big2"; echo "$label: DROP DATABASE big2: $(since "$s") s (incl. client start)"
  echo "$label: du before $before, right after $(du -sb "$dir" | cut -f1)"
  sleep 5; echo "$label: du 5 s after $(du -sb "$dir" | cut -f1)"
  sleep 55; echo "$label: du 60 s after $(du -sb "$dir" | cut -f1)"
}

start_myriad "$BIN" "$WORK/myriad-data" "$MYRIAD_PORT" --durability sync --log-level warn
CLIENT="mariadb -h127.0.0.1 -P$MYRIAD_PORT -uroot"
$CLIENT -e "CREATE DATABASE big"
COPY='$CLIENT -e "CREATE DATABASE big2 LIKE big WITH DATA"'
measure myriad "$WORK/myriad-data" --mysql-host=127.0.0.1 --mysql-port="$MYRIAD_PORT"
$CLIENT -e "SELECT TABLE_SCHEMA, TABLE_ROWS, DATA_LENGTH, INDEX_LENGTH FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'big'"

start_mariadb "$WORK/mariadb" "$WORK/mariadb.sock" "" --innodb-buffer-pool-size=2G
CLIENT="mariadb --socket=$WORK/mariadb.sock -uroot"
$CLIENT -e "CREATE DATABASE big; CREATE DATABASE big2"
COPY='mariadb-dump --socket="$WORK/mariadb.sock" -uroot big | $CLIENT big2'
measure mariadb "$WORK/mariadb" --mysql-socket="$WORK/mariadb.sock"
