#!/usr/bin/env bash
# A/B of two Myriad builds by server CPU per statement for a qualified point
# SELECT sent with no current database (`SELECT a FROM nd.t WHERE id = N`,
# text protocol), the path where the server decides whether to lend the
# statement a view's schema (server/handler.go, lendViewSchema). Both servers
# run at once on fresh data directories; rounds alternate between them. Each
# round sends a 300-statement warm-up and then N statements through one
# mariadb client session, with the plan cache on (the default) and off
# (SET SESSION myriad_plan_cache = OFF, so every statement takes the general
# path); the server's utime+stime from /proc/PID/stat over those N
# statements, divided by N, is less disturbed by a shared machine than
# wall-clock time.
#
#   A=/tmp/myriad-old B=/tmp/myriad-new bench/nodb-ab.sh 5000 3
set -u
A=${A:?build A}; B=${B:?build B}
N=${1:-5000}; R=${2:-3}
PORT_A=${PORT_A:-23221}; PORT_B=${PORT_B:-23222}
WORK=$(mktemp -d /tmp/myriad-nodb.XXXXXX)
declare -A BIN=([A]=$A [B]=$B) PORT=([A]=$PORT_A [B]=$PORT_B) PID
HZ=$(getconf CLK_TCK)
for s in A B; do
  "${BIN[$s]}" serve --data-dir "$WORK/$s" --port "${PORT[$s]}" --skip-ssl --durability async --log-level error >"$WORK/$s.log" 2>&1 &
  PID[$s]=$!
done
trap 'kill ${PID[A]} ${PID[B]} 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
cli() { mariadb --skip-ssl -h127.0.0.1 -P"$1" -uroot -N "${@:2}"; }
for s in A B; do
  for i in $(seq 120); do cli "${PORT[$s]}" -e "SELECT 1" >/dev/null 2>&1 && break; sleep 0.5; done
  cli "${PORT[$s]}" -e "CREATE DATABASE nd; CREATE TABLE nd.t (id INT PRIMARY KEY, a INT);
    INSERT INTO nd.t WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1000) SELECT i, i * 2 FROM s;
    CREATE VIEW nd.v AS SELECT id, a FROM nd.t"
done
# stmts COUNT CACHE: COUNT point selects, with the plan cache CACHE (ON/OFF).
stmts() {
  echo "SET SESSION myriad_plan_cache = $2;"
  for i in $(seq "$1"); do echo "SELECT a FROM nd.t WHERE id = $((i % 1000 + 1));"; done
}
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; }
for cache in ON OFF; do
  stmts 300 "$cache" >"$WORK/warm-$cache.sql"
  stmts "$N" "$cache" >"$WORK/run-$cache.sql"
done
for r in $(seq "$R"); do
  for cache in ON OFF; do
    for s in A B; do
      cli "${PORT[$s]}" <"$WORK/warm-$cache.sql" >/dev/null
      c0=$(cpu "${PID[$s]}")
      cli "${PORT[$s]}" <"$WORK/run-$cache.sql" >/dev/null
      c1=$(cpu "${PID[$s]}")
      echo "round $r $s plan_cache=$cache cpu_us_per_stmt=$(echo "($c1-$c0)*1000000/$HZ/$N" | bc -l | cut -c1-6) load=$(cut -d' ' -f1 /proc/loadavg)"
    done
  done
done
