#!/usr/bin/env bash
# Issue #13's crash case at scale: CREATE INDEX on a ROWS-row sysbench table
# under `sysbench oltp_read_write --threads=4`, the server killed with
# SIGKILL once the backfill has done KILL_AT percent of the rows, restarted
# on the same data directory, the job resumed from its cursor to the end
# (sysbench running again), then the server stopped and `myriad check` run
# over the directory. Prints the job's progress at the kill and at the
# restart, the resume's time, the rows of COUNT(*) through the new index
# against the primary key, and check's report.
#
#   ROWS=1000000 BIN=<myriad> MYRIAD_BASE=<dir with sbtest.sbtest1 of ROWS rows> \
#     bench/online-ddl-kill-resume.sh
#
# MYRIAD_BASE is copied, not changed (online-ddl-side-by-side.sh's
# BASE_CACHE keeps one); without it the table is loaded here with
# bench/sbdata.py. KILL_AT (default 40), PORT (default 23218), DURABILITY
# (serve's --durability, default the server's), BEFORE (seconds of load
# before CREATE INDEX, default 20; the last 15 of them, or all when
# shorter, are the "before" sysbench's tps during the resumed build is
# compared with).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
ROWS=${ROWS:-1000000}
KILL_AT=${KILL_AT:-40}
P=${PORT:-23218}
WORK=$(mktemp -d /tmp/online-ddl-kill.XXXXXX)
BIN=${BIN:-$WORK/myriad-bin}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
DUR=()
[ -z "${DURABILITY:-}" ] || DUR=(--durability "$DURABILITY")
SB="sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$P --mysql-user=root --mysql-db=sbtest --tables=1 --table-size=$ROWS"
q() { mariadb -N -h127.0.0.1 -P$P -uroot -e "$1"; }
job() { q "SELECT STATE, ROWS_DONE, ROWS_TOTAL FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 'sbtest1'" 2>/dev/null; }
echo "kill-resume: $ROWS rows, kill at ${KILL_AT}%, $(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${MYRIAD_BASE:-}" ]; then
  cp -a "$MYRIAD_BASE" "$WORK/myriad"
  start_myriad "$BIN" "$WORK/myriad" "$P" "${DUR[@]}" --log-level info
else
  start_myriad "$BIN" "$WORK/myriad" "$P" "${DUR[@]}" --log-level info
  /usr/bin/python3 bench/sbdata.py "$ROWS" "$WORK/data"
  q "SET GLOBAL local_infile = 1; CREATE DATABASE sbtest;
    CREATE TABLE sbtest.sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL,
    c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_1 (k))"
  ls "$WORK"/data/part-*.tsv | xargs -P 2 -I{} mariadb --local-infile=1 -h127.0.0.1 -P$P -uroot sbtest \
    -e "LOAD DATA LOCAL INFILE '{}' INTO TABLE sbtest1" || { echo "load failed" >&2; exit 1; }
fi
BEFORE=${BEFORE:-20}
$SB --threads=4 --time=100000 --report-interval=1 --mysql-ignore-errors=all run > "$WORK/sb1.out" 2>&1 &
SBP=$!
sleep "$BEFORE"
mariadb -h127.0.0.1 -P$P -uroot sbtest -e "CREATE INDEX kc ON sbtest1 (c) ALGORITHM=INPLACE LOCK=NONE" > "$WORK/ddl.out" 2>&1 &
DDL=$!
t0=$(date +%s.%N)
while :; do
  j=$(job)
  set -- $j
  if [ "${1:-}" = write-only ] && [ "${3:-0}" -gt 0 ] && [ $(( $2 * 100 / $3 )) -ge "$KILL_AT" ]; then break; fi
  if ! kill -0 $DDL 2>/dev/null; then echo "CREATE INDEX ended before the kill: $(cat "$WORK/ddl.out")"; exit 1; fi
  sleep 0.2
done
kill -KILL "$MYRIAD_PID"; wait "$MYRIAD_PID" 2>/dev/null
echo "killed -9 at job state '$j' after $(echo "$(date +%s.%N) - $t0" | bc) s of build"
kill -TERM $SBP 2>/dev/null; wait $SBP 2>/dev/null; wait $DDL 2>/dev/null
echo "the client's CREATE INDEX: $(tr '\n' ' ' < "$WORK/ddl.out")"
t1=$(date +%s.%N)
start_myriad "$BIN" "$WORK/myriad" "$P" "${DUR[@]}" --log-level info
echo "restarted in $(echo "$(date +%s.%N) - $t1" | bc) s; job at the restart: '$(job)'"
t2=$(date +%s.%N)
$SB --threads=4 --time=100000 --report-interval=1 --mysql-ignore-errors=all run > "$WORK/sb2.out" 2>&1 &
SBP=$!
while [ -n "$(job)" ]; do sleep 0.5; done
resumed=$(echo "$(date +%s.%N) - $t2" | bc)
echo "resumed job done $(echo "$(date +%s.%N) - $t1" | bc) s after the restart began"
kill -TERM $SBP 2>/dev/null; wait $SBP 2>/dev/null
# From the 1-s reports: sysbench has no summary after the kill (its
# connections die; it crashed once) nor after SIGTERM.
errs() { grep -a '^\[' "$1" | sed 's/.*err\/s: \([0-9.]*\).*/\1/' | awk '{s += $1} END {printf "%d", s}'; }
echo "sysbench client errors (from its reports): before the kill $(errs "$WORK/sb1.out"), after the restart $(errs "$WORK/sb2.out")"
# tps: mean of the 1-s reports in [from, to) s of a sysbench run.
tps() { grep -a '^\[' "$1" | awk -v a="$2" -v b="$3" '{t = $2 + 0; for (i = 1; i <= NF; i++) if ($i == "tps:" && t > a && t <= b) {s += $(i+1); n++}} END {printf "%.1f", n ? s / n : 0}'; }
b0=$(( BEFORE > 15 ? BEFORE - 15 : 0 ))
bt=$(tps "$WORK/sb1.out" "$b0" "$BEFORE"); dt=$(tps "$WORK/sb2.out" 0 "$resumed")
echo "sysbench tps: before CREATE INDEX ($b0-$BEFORE s) $bt, while the resumed build ran (0-${resumed%.*} s after sysbench restarted) $dt ($(echo "scale=0; 100 * $dt / $bt" | bc)% of before)"
# Not SHOW INDEX ... WHERE: Myriad ignores its WHERE (build3's report).
echo "kc: $(q "SELECT INDEX_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'sbtest' AND TABLE_NAME = 'sbtest1' AND INDEX_NAME = 'kc'")"
echo "COUNT(*) by kc: $(q "SELECT COUNT(*) FROM sbtest.sbtest1 FORCE INDEX (kc) WHERE c >= ''"), by the primary key: $(q "SELECT COUNT(*) FROM sbtest.sbtest1 WHERE id >= 0"), TABLE_ROWS: $(q "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'sbtest' AND TABLE_NAME = 'sbtest1'")"
stop_server "$MYRIAD_PID"
grep -a "resum\|backfill throttle" "$WORK/myriad.log" | cut -c1-300 | tail -4
s=$(date +%s.%N)
nice -n 10 "$BIN" check --data-dir "$WORK/myriad" --temp-dir "$WORK" > "$WORK/check.out" 2>&1
echo "myriad check: exit $?, $(echo "$(date +%s.%N) - $s" | bc) s; $(tail -3 "$WORK/check.out" | tr '\n' ' ')"
echo "load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${KEEP:-}" ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
