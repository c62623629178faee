#!/usr/bin/env bash
# `myriad check` on one ROWS-row sysbench table (docs/BENCHMARKS.md,
# "`myriad check` on 10,000,000 rows"): sysbench prepares the table on a
# server in async durability, the server stops, and `myriad check` runs
# under /usr/bin/time -v (wall time, peak RSS) with its sorted runs in
# $WORK/tmp, whose size is sampled every 0.2 s for the peak temp-dir use.
# Everything runs at `nice -n ${NICE:-10}`: it is long, and the machine is
# shared.
#
#   ROWS=10000000 KEEP=1 WORK=/work/bench-tmp/check10m bench/check-rows.sh
#   SORT_MEMORY=8 ...: a smaller in-memory sort budget (--sort-memory, MiB)
#
# With KEEP=1 a later run with the same WORK reuses the prepared store.
set -euo pipefail
ROWS=${ROWS:-10000000}
NICE=${NICE:-10}
SORT_MEMORY=${SORT_MEMORY:-}
# A port the kernel just handed out: a random one collided with other
# engineers' servers.
PORT=${PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
mkdir -p /work/bench-tmp
WORK=${WORK:-$(mktemp -d /work/bench-tmp/check-rows.XXXXXX)}
mkdir -p "$WORK"
BIN="$WORK/myriad"
cd "$(dirname "$0")/.."
. bench/lib.sh
trap 'bench_cleanup; [ "${KEEP:-0}" = 1 ] || rm -rf "$WORK"' EXIT
go build -o "$BIN" ./cmd/myriad
echo "# check-rows: $ROWS rows, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -d "$WORK/data" ]; then
  echo "prepare: reusing $WORK/data"
else
  nice -n "$NICE" "$BIN" serve --data-dir "$WORK/data" --port "$PORT" --durability async --log-level warn >>"$WORK/data.log" 2>&1 &
  MYRIAD_PID=$!
  pids+=("$MYRIAD_PID")
  "$BIN" bench wait --port "$PORT" --timeout 60s >/dev/null
  mariadb -h127.0.0.1 -P"$PORT" -uroot -e "CREATE DATABASE sbtest"
  s=$(now)
  nice -n "$NICE" sysbench oltp_read_only --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$PORT" \
    --mysql-user=root --tables=1 --table-size="$ROWS" prepare >/dev/null
  echo "prepare: $(since "$s") s"
  mariadb -h127.0.0.1 -P"$PORT" -uroot -N -e "SELECT COUNT(*) FROM sbtest.sbtest1"
  stop_server "$MYRIAD_PID"
fi
echo "store: $(du -sm "$WORK/data" | cut -f1) MB"
rm -rf "$WORK/tmp" && mkdir -p "$WORK/tmp"
peak="$WORK/tmp-peak"
echo 0 >"$peak"
args=(check --data-dir "$WORK/data" --temp-dir "$WORK/tmp" --progress=false)
[ -n "$SORT_MEMORY" ] && args+=(--sort-memory "$SORT_MEMORY")
nice -n "$NICE" /usr/bin/time -v "$BIN" "${args[@]}" >"$WORK/check.out" 2>"$WORK/check.time" &
timer=$!
# check unlinks its sorted runs as soon as it creates them (a crash leaves
# nothing), so du of the directory sees nothing: the sampler sums the
# sizes of the open files of the check process that point into it.
(
  max=0
  while kill -0 "$timer" 2>/dev/null; do
    n=0
    for c in $(pgrep -P "$timer"); do
      for f in /proc/"$c"/fd/*; do
        case $(readlink "$f" 2>/dev/null) in "$WORK/tmp/"*) n=$((n + $(stat -L -c %s "$f" 2>/dev/null || echo 0))) ;; esac
      done
    done
    [ "$n" -gt "$max" ] && max=$n && echo "$max" >"$peak"
    sleep 0.2
  done
) &
sampler=$!
set +e
wait "$timer"
code=$?
set -e
wait "$sampler" 2>/dev/null || true
echo "check: exit $code, $(grep -E 'Elapsed \(wall' "$WORK/check.time" | sed 's/.*: //') wall," \
  "user $(grep 'User time' "$WORK/check.time" | sed 's/.*: //') s, system $(grep 'System time' "$WORK/check.time" | sed 's/.*: //') s," \
  "max RSS $(($(grep 'Maximum resident' "$WORK/check.time" | sed 's/.*: //') / 1024)) MiB," \
  "peak temp dir $(($(cat "$peak") / 1048576)) MiB"
tail -5 "$WORK/check.out"
echo "# done $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
