#!/usr/bin/env bash
# Issue #13 item 7 ("an index build over 10 million rows adds < 256 MB
# RSS"): the server's memory over `CREATE INDEX k2 ON sbtest1 (k, c)` on a
# ROWS-row sysbench table with no other load, in three cases, each on a
# fresh copy of one loaded data directory:
#
#   cold   default flags (1 GiB block cache), the build the first reader
#   warm   default flags, after a full primary-key scan filled the cache:
#          what the build adds beyond a warm cache
#   small  --block-cache 67108864 (64 MiB)
#   CASEstore (coldstore, warmstore, smallstore): CASE with the backfill
#          reading the store, as before mem13b (SET GLOBAL
#          myriad_ddl_read_copy_rows to its maximum); CASE alone reads a
#          read copy (engine/ixcopy.go), the default from 100,000 rows
#
# warm cases also repeat their warm-up scan after the build and report
# the cache's misses during it (a scan of a still-warm cache misses
# little). Each sample also has the bytes only the backfill's read copy
# still holds (files in the copy whose live link is gone: compacted away).
#
# Every second: VmRSS of the server (/proc/PID/status), Pebble's block
# cache and memtable bytes (/metrics: myriad_block_cache_bytes,
# myriad_memtable_bytes) and the job's ROWS_DONE
# (information_schema.MYRIAD_DDL_JOBS), into WORK/CASE.samples; a Go heap
# profile at half way and at the end (WORK/CASE.heap-*.pb.gz, with the
# runtime's HeapInuse). Afterwards the index is checked against the table
# (COUNT(*) through k2 and through the primary key, and the sum of k both
# ways) and a table of the figures is printed.
#
#   ROWS=10000000 BASE=/tmp/mem13/base-10m bench/index-build-memory.sh
#   BASE=DIR: a data directory holding sbtest.sbtest1 with ROWS rows (not
#   changed; copied per case). Missing: it is made (bench/sbdata.py rows,
#   LOAD DATA from two clients, without sysbench's k_1 so the load is
#   faster) and kept there.
#   CASES="cold small": a subset; PORT_BASE=N: ports N..N+5 (default 23190)
#   WARM_FROM=N: warm's scan reads the rows with id > N only (default 0:
#   all; at 10M rows the last half is more than the 1 GiB cache holds)
#   CHECK=0: no index/table comparison (each side a full scan through SQL:
#   ~6 min per side at 10M rows on the loaded machine)
#   SET_SQL="SET GLOBAL ...": statements run before each CREATE INDEX (e.g.
#   myriad_ddl_backfill_gc_headroom_mb = 0, the collector as before ixmem19)
#   WORK=DIR: where the copies and samples go (default a new /tmp dir;
#   each case's copy is removed after it unless KEEP=1).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
ROWS=${ROWS:-1000000}
CASES=${CASES:-cold warm small}
PORT_BASE=${PORT_BASE:-23190}
WORK=${WORK:-$(mktemp -d /tmp/index-build-memory.XXXXXX)}
mkdir -p "$WORK"
BASE=${BASE:-$WORK/base}
BIN=${BIN:-$WORK/myriad-bin}
[ -x "$BIN" ] || go build -o "$BIN" ./cmd/myriad
PN=0
q() { mariadb -N -h127.0.0.1 -P"$P" -uroot sbtest -e "$1"; }

if [ ! -d "$BASE" ]; then
  P=$PORT_BASE
  start_myriad "$BIN" "$BASE" "$P" --durability async --log-level error --skip-ssl
  [ -d "$WORK/data" ] || nice -n 10 /usr/bin/python3 bench/sbdata.py "$ROWS" "$WORK/data"
  t0=$(now)
  mariadb -h127.0.0.1 -P$P -uroot -e "SET GLOBAL local_infile = 1; CREATE DATABASE sbtest; CREATE TABLE sbtest.sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT,
    k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id))"
  ls "$WORK"/data/part-*.tsv | nice -n 10 xargs -P 2 -I{} mariadb --local-infile=1 -h127.0.0.1 -P$P -uroot sbtest \
    -e "LOAD DATA LOCAL INFILE '{}' INTO TABLE sbtest1" || { echo "load failed" >&2; exit 1; }
  n=$(q "SELECT COUNT(*) FROM sbtest1")
  [ "$n" = "$ROWS" ] || { echo "loaded $n rows, want $ROWS" >&2; exit 1; }
  echo "loaded $ROWS rows in $(since "$t0") s, load $(cut -d' ' -f1-3 /proc/loadavg)"
  stop_server "$MYRIAD_PID"
  rm -rf "$WORK/data"
fi

mb() { echo $(($1 / 1048576)); }
# metric NAME: its value on the server's /metrics, in bytes.
metric() { curl -s "http://$MADDR/metrics" | awk -v n="$1" '$1 == n {printf "%d", $2}'; }
hwm_mb() { awk '/^VmHWM:/ {printf "%d", $2/1024}' "/proc/$1/status"; }
# heap FILE: a heap profile into FILE, prints the runtime's HeapInuse in MB.
heap() {
  curl -s "http://$MADDR/debug/pprof/heap" -o "$1"
  curl -s "http://$MADDR/debug/pprof/heap?debug=1" | awk '/^# HeapInuse = / {printf "%d", $4/1048576}'
}

# copy_only_mb DIR: MB of the files under the read copies next to the
# store in DIR that no other link holds (what the copies cost on disk).
copy_only_mb() {
  find "$1" -path '*.readcopy/*' -type f -links 1 -printf '%s\n' 2>/dev/null | awk '{s += $1} END {printf "%d", s / 1048576}'
}
# sampler CASE: one line a second until the file WORK/CASE.stop exists:
# seconds, RSS MB, cache MB, memtable MB, rows done, copy-only MB, L0
# files, memtable flushes so far (the last two - from a server without
# those metrics), then where the RSS is: RssAnon and RssFile MB
# (/proc/PID/status; RssFile is mostly the binary's touched text), Go
# heap resident (HeapSys - HeapReleased) and HeapInuse MB.
sampler() {
  local t0 r m
  t0=$(now)
  while [ ! -e "$WORK/$1.stop" ]; do
    r=$(q "SELECT ROWS_DONE FROM information_schema.MYRIAD_DDL_JOBS WHERE TABLE_NAME = 'sbtest1' LIMIT 1" 2>/dev/null)
    m=$(curl -s "http://$MADDR/metrics" | awk '$1 == "myriad_block_cache_bytes" {c = $2} $1 == "myriad_memtable_bytes" {t = $2}
      $1 == "myriad_l0_files" {l = $2} $1 == "myriad_memtable_flushes_total" {f = $2}
      $1 == "go_memstats_heap_sys_bytes" {hs = $2} $1 == "go_memstats_heap_released_bytes" {hr = $2} $1 == "go_memstats_heap_inuse_bytes" {hu = $2}
      END {printf "%d %d %s %s %d %d", c / 1048576, t / 1048576, l == "" ? "-" : l, f == "" ? "-" : f, (hs - hr) / 1048576, hu / 1048576}')
    set -- "$1" $m
    echo "$(since "$t0") $(rss_mb "$MYRIAD_PID") $2 $3 ${r:--} $(copy_only_mb "$WORK/$1") $4 $5 $(awk '/^RssAnon:/ {a = $2} /^RssFile:/ {f = $2} END {printf "%d %d", a / 1024, f / 1024}' "/proc/$MYRIAD_PID/status") $6 $7"
    sleep 1
  done >"$WORK/$1.samples"
}
# breakdown SAMPLE-LINE: where that sample's RSS was.
breakdown() {
  echo "$1" | awk '{printf "RSS %d = file %d + anon %d (memtables %d, Go heap resident %d (in use %d), rest %d)", $2, $10, $9, $4, $11, $12, $9 - $4 - $11}'
}
warm_scan() { q "SELECT COUNT(*) FROM sbtest1 WHERE id > ${WARM_FROM:-0} AND c <> ''" >/dev/null; }

RESULTS=()
for c in $CASES; do
  flags=()
  kind=${c%store}
  [ "$kind" = small ] && flags=(--block-cache 67108864)
  P=$((PORT_BASE + PN % 3)); MADDR=127.0.0.1:$((PORT_BASE + 3 + PN % 3)); PN=$((PN + 1))
  rm -rf "$WORK/$c"; cp -a "$BASE" "$WORK/$c"
  start_myriad "$BIN" "$WORK/$c" "$P" --durability async --log-level error --skip-ssl --metrics-addr "$MADDR" "${flags[@]}"
  # The server warms the catalog after its start; let that settle.
  sleep 5
  warm=-
  if [ "$kind" = warm ]; then
    t0=$(now)
    # No FORCE INDEX (PRIMARY): Myriad's parser refuses it (1064); the
    # table has no other index yet, so this is the primary key's scan.
    warm_scan
    warm=$(since "$t0")
    echo "$c: full scan in $warm s, cache $(mb "$(metric myriad_block_cache_bytes)") MB"
  fi
  if [ "$kind" != "$c" ]; then
    q "SET GLOBAL myriad_ddl_read_copy_rows = 9223372036854775807"
  fi
  [ -z "${SET_SQL:-}" ] || q "$SET_SQL"
  rss0=$(rss_mb "$MYRIAD_PID"); cache0=$(mb "$(metric myriad_block_cache_bytes)")
  fl0=$(metric myriad_memtable_flushes_total)
  rm -f "$WORK/$c.stop"
  sampler "$c" &
  spid=$!
  echo "$c: CREATE INDEX at $(date -u +%T), RSS $rss0 MB, cache $cache0 MB, load $(cut -d' ' -f1-3 /proc/loadavg)"
  t0=$(now)
  q "CREATE INDEX k2 ON sbtest1 (k, c)" &
  ipid=$!
  # The mid-build heap profile: when the job has done half the rows.
  mid=-
  while kill -0 $ipid 2>/dev/null; do
    r=$(tail -1 "$WORK/$c.samples" 2>/dev/null | awk '{print $5}')
    if [ "$mid" = - ] && [ "${r:--}" != - ] && [ "$r" -ge $((ROWS / 2)) ]; then mid=$(heap "$WORK/$c.heap-mid.pb.gz"); fi
    sleep 1
  done
  wait $ipid || { echo "$c: CREATE INDEX failed" >&2; exit 1; }
  secs=$(since "$t0")
  end=$(heap "$WORK/$c.heap-end.pb.gz")
  touch "$WORK/$c.stop"; wait $spid
  rss1=$(rss_mb "$MYRIAD_PID"); cache1=$(mb "$(metric myriad_block_cache_bytes)"); hwm=$(hwm_mb "$MYRIAD_PID")
  peak=$(awk '$2 > m {m = $2} END {print m}' "$WORK/$c.samples")
  peakmt=$(awk '$4 > m {m = $4} END {print m}' "$WORK/$c.samples")
  mean=$(awk -v b="$rss0" '{s += $2 - b; n++} END {printf "%d", n ? s / n : 0}' "$WORK/$c.samples")
  # rest: the largest RSS beyond the cache at the same second.
  rest0=$((rss0 - cache0))
  restpk=$(awk '$3 != "" && $2 - $3 > m {m = $2 - $3} END {print m}' "$WORK/$c.samples")
  copymb=$(awk '$6 > m {m = $6} END {print m + 0}' "$WORK/$c.samples")
  # Flushes during the build and the most L0 files seen (- without the
  # metrics); memtables: seconds sampled with 1, 2, 3+ memtables' worth
  # (64 MiB each at default flags) allocated.
  fl1=$(metric myriad_memtable_flushes_total)
  flushes=-; [ -n "$fl0" ] && [ -n "$fl1" ] && flushes=$((fl1 - fl0))
  l0pk=$(awk '$7 != "-" && $7 > m {m = $7} END {print m + 0}' "$WORK/$c.samples")
  mts=$(awk '{n = int(($4 + 63) / 64); if (n < 1) n = 1; if (n > 3) n = 3; k[n]++} END {printf "%d/%d/%d", k[1], k[2], k[3]}' "$WORK/$c.samples")
  rewarm=-
  if [ "$kind" = warm ]; then
    m0=$(metric myriad_block_cache_misses_total); t0=$(now)
    warm_scan
    rewarm="$(since "$t0") s, $(( $(metric myriad_block_cache_misses_total) - m0 )) misses"
    echo "$c: the warm-up scan again after the build: $rewarm"
  fi
  ni=-; np=-; agree="not checked"
  if [ "${CHECK:-1}" != 0 ]; then
    ni=$(q "SELECT COUNT(*), SUM(k) FROM sbtest1 FORCE INDEX (k2) WHERE k > -1")
    np=$(q "SELECT COUNT(*), SUM(k) FROM sbtest1 IGNORE INDEX (k2)")
    agree=yes; [ "$ni" = "$np" ] || agree="NO ($ni / $np)"
  fi
  echo "$c: built in $secs s ($(echo "$ROWS / $secs" | bc) rows/s), RSS $rss0 -> peak $peak (VmHWM $hwm) -> $rss1 MB, cache $cache0 -> $cache1 MB, index/pk: $ni / $np"
  echo "$c: before: $(breakdown "$(head -1 "$WORK/$c.samples")")"
  echo "$c: at the RSS peak: $(breakdown "$(sort -k2,2n "$WORK/$c.samples" | tail -1)")"
  echo "$c: largest Go heap resident: $(breakdown "$(sort -k11,11n "$WORK/$c.samples" | tail -1)")"
  RESULTS+=("| $c | $warm | $rss0 | $peak | $hwm | $rss1 | $((peak - rss0)) | $((hwm - rss0)) | $mean | $cache0 | $cache1 | $peakmt | $rest0 -> $restpk (+$((restpk - rest0))) | $mid / $end | $secs | $(echo "$ROWS / $secs" | bc) | $copymb | $flushes | $l0pk | $mts | $rewarm | $agree |")
  stop_server "$MYRIAD_PID"
  [ -n "${KEEP:-}" ] || rm -rf "$WORK/$c"
done
echo
echo "ROWS=$ROWS, load $(cut -d' ' -f1-3 /proc/loadavg), samples in $WORK"
echo "| case | warm-up scan s | RSS before MB | RSS peak MB | VmHWM MB | RSS after MB | peak - before MB | VmHWM - before MB | mean - before MB | cache before MB | cache after MB | memtable peak MB | RSS - cache: before -> peak MB | Go HeapInuse mid / end MB | build s | rows/s | copy-only disk peak MB | flushes | L0 files peak | s with <=1/2/3+ memtables | warm-up scan again | index = table |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${RESULTS[@]}"
