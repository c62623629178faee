#!/usr/bin/env bash
# ADD COLUMN / DROP COLUMN on one sysbench table of ROWS rows (default
# 1,000,000), side by side: MariaDB with ALGORITHM=INSTANT, Myriad as built
# from this tree, and (with BEFORE=<path to an older myriad binary>) that
# binary on a copy of the same data directory. Prints wall time of each ALTER
# (as the client sees it) and the server's RSS before and after it.
#
#   bench/instant-alter.sh
#   ROWS=1000000 BEFORE=/tmp/myriad-main bench/instant-alter.sh
#
# Needs: Go, sysbench, mariadb-server (mariadbd, mariadb-install-db).
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-1000000}
WORK=${WORK:-$(mktemp -d /tmp/myriad-instant-alter.XXXXXX)}
MARIADB_PORT=${MARIADB_PORT:-$((20000 + RANDOM % 20000))}
MYRIAD_PORT=${MYRIAD_PORT:-$((40000 + RANDOM % 20000))}
BEFORE=${BEFORE:-}
BIN="$WORK/myriad"
go build -o "$BIN" ./cmd/myriad
echo "work dir: $WORK" >&2

. bench/lib.sh

# alter label port pid statement: one ALTER timed on an open connection
# (no client start-up in the figure), with the server's RSS around it.
alter() {
  local label=$1 port=$2 pid=$3 stmt=$4 before after ms
  before=$(rss_mb "$pid")
  ms=$(/usr/bin/python3 -c '
import sys, time, pymysql
c = pymysql.connect(host="127.0.0.1", port=int(sys.argv[1]), user="root", database="sbtest", autocommit=True)
t = time.perf_counter()
c.cursor().execute(sys.argv[2])
print("%.1f" % ((time.perf_counter() - t) * 1000))
' "$port" "$stmt")
  after=$(rss_mb "$pid")
  echo "| $label | \`$stmt\` | $ms ms | $before → $after MB |"
}

prepare() { # port
  mariadb -h127.0.0.1 -P"$1" -uroot -e "CREATE DATABASE sbtest"
  sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$1" --mysql-user=root \
    --tables=1 --table-size="$ROWS" prepare >/dev/null
}

alters() { # label port pid algorithm-clause
  alter "$1" "$2" "$3" "ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7$4"
  alter "$1" "$2" "$3" "ALTER TABLE sbtest1 ADD COLUMN y VARCHAR(10) DEFAULT 'y' FIRST$4"
  alter "$1" "$2" "$3" "ALTER TABLE sbtest1 DROP COLUMN x$4"
  alter "$1" "$2" "$3" "ALTER TABLE sbtest1 DROP COLUMN pad$4"
  mariadb -h127.0.0.1 -P"$2" -uroot sbtest -e "SELECT COUNT(*), SUM(LENGTH(y)) FROM sbtest1" | tail -1 >&2
}

echo "| server | statement | time | RSS before → after |"
echo "| --- | --- | --- | --- |"

# MariaDB, as in bench/side-by-side.sh.
mdir="$WORK/mariadb"
start_mariadb "$mdir" "$WORK/mariadb.sock" "$MARIADB_PORT" --innodb-buffer-pool-size=1G --innodb-flush-log-at-trx-commit=0
mpid=$MARIADB_PID
prepare "$MARIADB_PORT"
alters "MariaDB $(mariadbd --version | awk '{print $3}')" "$MARIADB_PORT" "$mpid" ", ALGORITHM=INSTANT"
kill -TERM "$mpid"; wait "$mpid" || true
rm -rf "$mdir"

# Myriad: load once, then a copy of the store for the older binary.
serve() { # binary dir
  start_myriad "$1" "$2" "$MYRIAD_PORT"
  spid=$MYRIAD_PID
}
serve "$BIN" "$WORK/myriad-data"
prepare "$MYRIAD_PORT"
kill -TERM "$spid"; wait "$spid" || true
if [ -n "$BEFORE" ]; then
  cp -r "$WORK/myriad-data" "$WORK/myriad-before"
  serve "$BEFORE" "$WORK/myriad-before"
  alters "Myriad before (COPY)" "$MYRIAD_PORT" "$spid" ""
  kill -TERM "$spid"; wait "$spid" || true
  rm -rf "$WORK/myriad-before"
fi
serve "$BIN" "$WORK/myriad-data"
alters "Myriad $(git rev-parse --short HEAD)" "$MYRIAD_PORT" "$spid" ", ALGORITHM=INSTANT"
kill -TERM "$spid"; wait "$spid" || true
"$BIN" check --data-dir "$WORK/myriad-data" >&2
rm -rf "$WORK"
