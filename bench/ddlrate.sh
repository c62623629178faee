#!/usr/bin/env bash
# CREATE TABLE rate with and without the fast path (server/ddlfast.go), on
# one server, alternating: `myriad bench provision` at PARALLEL connections
# adds STEP schemas x 100 tables per slice, the fast path on (the default)
# and off (SET GLOBAL myriad_ddl_fast_path = OFF, which new connections
# take), after BASE schemas x 100 tables already exist. Prints one line per
# slice: mode existing_tables tables/s. With FULL=1 it then provisions up
# to 1,000,000 - 4 x STEP x 100 tables with the fast path on, and the last
# four slices alternate again, at ~1M existing tables.
#
#   bench/ddlrate.sh                          # BASE=1000 STEP=100 ROUNDS=3
#   FULL=1 bench/ddlrate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${BASE:-1000}
STEP=${STEP:-100}
ROUNDS=${ROUNDS:-3}
PARALLEL=${PARALLEL:-16}
FULL=${FULL:-0}
PORT=${PORT:-$((20000 + RANDOM % 30000))}
WORK=${WORK:-$(mktemp -d /tmp/myriad-ddlrate.XXXXXX)}
BIN="$WORK/myriad"
go build -o "$BIN" ./cmd/myriad
. bench/lib.sh

start_myriad "$BIN" "$WORK/data" "$PORT" --durability async --metrics-addr "127.0.0.1:$((PORT + 1))"
# cpu_ticks PID: user+system CPU of a process, in clock ticks (1/100 s).
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# rate FIRST SCHEMAS: "tables/s server_us/table client_us/table" of one
# provisioning slice. The CPU per table does not depend on what else the
# machine runs; tables/s does.
rate() {
  local before after out
  before=$(cpu_ticks "$MYRIAD_PID")
  out=$(/usr/bin/time -f "client %U %S" "$BIN" bench provision --port "$PORT" --first "$1" --schemas "$2" \
    --tables 100 --parallel "$PARALLEL" --json --progress never 2>&1)
  after=$(cpu_ticks "$MYRIAD_PID")
  echo "$out" | awk -v srv=$((after - before)) -v n=$(($2 * 100)) '
    /tables_per_s/ { match($0, /"tables_per_s":[0-9.]+/); tps = substr($0, RSTART + 15, RLENGTH - 15) }
    /^client/ { cli = $2 + $3 }
    END { printf "%d tables/s, server %.0f us/table, client %.0f us/table\n", tps, srv * 10000 / n, cli * 1e6 / n }'
}
mode() { mariadb -h127.0.0.1 -P"$PORT" -uroot -e "SET GLOBAL myriad_ddl_fast_path = $1"; }

next=1
echo "base $(rate 1 "$BASE") $((BASE * 100)) tables created (fast path on)"
next=$((BASE + 1))
for r in $(seq "$ROUNDS"); do
  for m in ON OFF OFF ON; do
    mode "$m"
    existing=$(((next - 1) * 100))
    echo "$m $existing $(rate "$next" "$STEP")"
    next=$((next + STEP))
  done
done
if [ "$FULL" = 1 ]; then
  mode ON
  last=$((10000 - 4 * STEP))
  echo "fill $(((next - 1) * 100))->$((last * 100)) $(rate "$next" $((last - next + 1)))"
  next=$((last + 1))
  for m in ON OFF OFF ON; do
    mode "$m"
    echo "$m $(((next - 1) * 100)) $(rate "$next" "$STEP")"
    next=$((next + STEP))
  done
  echo "data dir $(du -sh "$WORK/data" | cut -f1), server RSS $(rss_mb "$MYRIAD_PID") MiB"
fi
stop_server "$MYRIAD_PID"
rm -rf "$WORK/data"
echo "work dir: $WORK" >&2
