#!/usr/bin/env bash
# Collations side by side (issue #12 item 6): sysbench oltp_point_select and
# oltp_read_only, 4 tables x 10,000 rows, THREADS threads, prepared
# statements, against one Myriad server holding the same tables in four
# schemas whose default character set and collation differ (sysbench's
# CREATE TABLE names none, so the tables take the schema's): latin1,
# utf8mb4_0900_ai_ci, utf8mb4_general_ci, utf8mb4_unicode_ci. The schemas
# take turns, REPEAT rounds, so drift in the machine's load falls on all of
# them. Prints one line per run: collation test tps server_us_per_txn.
#
#   bench/collations.sh                  # DURATION=8 REPEAT=3 THREADS=4
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-8}
REPEAT=${REPEAT:-3}
THREADS=${THREADS:-4}
TESTS=${TESTS:-"oltp_point_select oltp_read_only"}
COLLATIONS=${COLLATIONS:-"latin1_swedish_ci utf8mb4_0900_ai_ci utf8mb4_general_ci utf8mb4_unicode_ci"}
PORT=${PORT:-$((20000 + RANDOM % 30000))}
WORK=${WORK:-$(mktemp -d /tmp/myriad-collations.XXXXXX)}
BIN="$WORK/myriad"
go build -o "$BIN" ./cmd/myriad
. bench/lib.sh

sb() { # test db threads phase...
  local t=$1 db=$2 th=$3
  shift 3
  sysbench "$t" --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=root \
    --mysql-password= --mysql-db="$db" --tables=4 --table-size=10000 --threads="$th" \
    --time="$DURATION" --report-interval=0 --db-ps-mode=auto "$@"
}

start_myriad "$BIN" "$WORK/data" "$PORT" --durability async --metrics-addr "127.0.0.1:$((PORT + 1))"
for c in $COLLATIONS; do
  mariadb -h127.0.0.1 -P"$PORT" -uroot -e "CREATE DATABASE sb_$c CHARACTER SET ${c%%_*} COLLATE $c"
  sb oltp_read_only "sb_$c" 4 prepare >/dev/null
done
if [ "${PROFILE:-}" != "" ]; then
  # PROFILE=<collation>: a 10 s CPU profile of read_only on that schema.
  (sleep 2; curl -s "http://127.0.0.1:$((PORT + 1))/debug/pprof/profile?seconds=10" >"$WORK/$PROFILE.pprof") &
  prof=$!
  DURATION=13 sb oltp_read_only "sb_$PROFILE" "$THREADS" run >/dev/null
  wait "$prof" # not the server, also a child of this shell
  go tool pprof -top -nodecount=30 "$BIN" "$WORK/$PROFILE.pprof" 2>/dev/null >"$WORK/$PROFILE.top" || true
fi
for r in $(seq "$REPEAT"); do
  for t in $TESTS; do
    for c in $COLLATIONS; do
      before=$(awk '{print $14 + $15}' "/proc/$MYRIAD_PID/stat")
      out=$(sb "$t" "sb_$c" "$THREADS" run)
      after=$(awk '{print $14 + $15}' "/proc/$MYRIAD_PID/stat")
      # server CPU per transaction (us): less sensitive than tps to what
      # else the shared machine runs.
      echo "$out" | awk -v c="$c" -v t="$t" -v ticks=$((after - before)) '
        /transactions:/ { n = $2; gsub(/[(]/, "", $3); tps = $3 }
        END { printf "%s %s %s %.0f\n", c, t, tps, ticks * 10000 / n }' 
    done
  done
done
stop_server "$MYRIAD_PID"
rm -rf "$WORK/data"
echo "work dir: $WORK" >&2
