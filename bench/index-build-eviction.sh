#!/usr/bin/env bash
# Does an index build slow the other tenants' reads? (issue #13 item 7,
# mem13b.) On a copy of a loaded data directory (BASE, sbtest.sbtest1 with
# ROWS rows, as bench/index-build-memory.sh makes), a hot tenant `hot`
# (sysbench's sbtest1, HOT_ROWS rows) is read by sysbench
# oltp_point_select, first alone (WARM s, filling the block cache with its
# blocks), then while `CREATE INDEX k2 ON sbtest.sbtest1 (k, c)` runs
# (DURING s; the build is not waited for). Reported for each phase: the
# point selects' tps and latency (avg, p95) and the block cache's hits and
# misses (/metrics). MODE=copy: the build reads a read copy (the default
# from 100,000 rows); MODE=store: it reads the store
# (myriad_ddl_read_copy_rows at its maximum), as before mem13b.
#
# UNTHROTTLED=1: the backfill does not yield to the point selects
# (myriad_ddl_backfill_foreground_pct = 0, sleep ratio 0), so that it
# reads more than the block cache holds within DURING.
#
#   MODE=copy BASE=/tmp/mem13/base-10m PORT=23190 bench/index-build-eviction.sh
#   (PORT and PORT+3, the metrics port, must be free)
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
MODE=${MODE:-copy}
PORT=${PORT:-23190}
HOT_ROWS=${HOT_ROWS:-200000}
WARM=${WARM:-60}
DURING=${DURING:-180}
THREADS=${THREADS:-2}
WORK=${WORK:-$(mktemp -d /tmp/index-build-eviction.XXXXXX)}
mkdir -p "$WORK"
BIN=${BIN:-$WORK/myriad-bin}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
MADDR=127.0.0.1:$((PORT + 3))
metric() { curl -s "http://$MADDR/metrics" | awk -v n="$1" '$1 == n {printf "%d", $2}'; }
sb() { # phase seconds
  sysbench oltp_point_select --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=root \
    --mysql-password= --mysql-db=hot --tables=1 --table-size="$HOT_ROWS" --threads="$THREADS" \
    --time="$2" --report-interval=0 --percentile=95 --db-ps-mode=auto "$1"
}
# phase NAME SECONDS: one point-select run, with the cache's counters.
phase() {
  local h0 m0 out
  h0=$(metric myriad_block_cache_hits_total); m0=$(metric myriad_block_cache_misses_total)
  out=$(sb run "$2")
  echo "$MODE $1: $(echo "$out" | awk '/transactions:/ {gsub(/[(]/,"",$3); printf "%s tps", $3} /avg:/ {printf ", avg %s ms", $2} /95th percentile:/ {printf ", p95 %s ms", $3}'), cache hits +$(($(metric myriad_block_cache_hits_total) - h0)), misses +$(($(metric myriad_block_cache_misses_total) - m0)), cache $(($(metric myriad_block_cache_bytes) / 1048576)) MB, load $(cut -d' ' -f1-3 /proc/loadavg)"
}

dir=$WORK/$MODE
rm -rf "$dir"; cp -a "$BASE" "$dir"
start_myriad "$BIN" "$dir" "$PORT" --durability async --log-level error --skip-ssl --metrics-addr "$MADDR"
mariadb -h127.0.0.1 -P"$PORT" -uroot -e "CREATE DATABASE hot"
sb prepare 0 >/dev/null
phase alone "$WARM"
if [ "$MODE" = store ]; then
  mariadb -h127.0.0.1 -P"$PORT" -uroot -e "SET GLOBAL myriad_ddl_read_copy_rows = 9223372036854775807"
fi
if [ -n "${UNTHROTTLED:-}" ]; then
  mariadb -h127.0.0.1 -P"$PORT" -uroot -e "SET GLOBAL myriad_ddl_backfill_foreground_pct = 0; SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0"
fi
mariadb -h127.0.0.1 -P"$PORT" -uroot sbtest -e "CREATE INDEX k2 ON sbtest1 (k, c)" 2>/dev/null &
sleep 2
phase "during the build" "$DURING"
echo "$MODE: build rows done $(mariadb -N -h127.0.0.1 -P"$PORT" -uroot -e "SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS LIMIT 1") after $DURING s"
stop_server "$MYRIAD_PID"
[ -n "${KEEP:-}" ] || rm -rf "$dir"
