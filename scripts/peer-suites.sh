#!/usr/bin/env bash
# The peer suites: the test suites of two client drivers, run unmodified
# against Myriad (built from this checkout) and against MariaDB from Debian,
# each on its own fresh data directory and loopback port.
#
#   go-sql-driver/mysql v1.10.1  `go test` of its module (top-level tests)
#   PyMySQL 0.10.1               pytest of pymysql/tests
#                                 (the last sdist on PyPI that ships them)
#   SQLAlchemy 2 + Alembic       scripts/alembic_scenario.py: twenty migration
#                                 steps run on both servers side by side, each
#                                 compared with MariaDB's result (in a venv)
#
# It prints pass/fail counts for both servers and fails when Myriad fails a
# test not listed in scripts/peer-suites.known (the ratchet: each expected
# failure with a one-line reason), or when a suite runs fewer tests than
# recorded there (a suite that crashed or skipped everything). A listed test
# that now passes is reported so its line can be removed.
#
# Usage: scripts/peer-suites.sh [myriad|mariadb|both]   (default both)
# MariaDB's run is informational (the reference counts); only Myriad's is
# checked against the ratchet.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WHICH=${1:-both}

GSD_VERSION=v1.10.1
PYMYSQL_VERSION=0.10.1
PY=${MYRIAD_PYTHON:-/usr/bin/python3}
# The Alembic scenario's packages, installed into a venv of the run.
ALEMBIC_PKGS=(SQLAlchemy==2.0.58 alembic==1.20.1 PyMySQL==1.1.3)
KNOWN=$ROOT/scripts/peer-suites.known

WORK=$(mktemp -d /tmp/peer-suites.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do
    kill "$p" 2>/dev/null || true
  done
  for p in "${PIDS[@]}"; do
    wait "$p" 2>/dev/null || true
  done
  rm -rf "$WORK"
}
trap cleanup EXIT

. "$ROOT/scripts/lib.sh"

# The suites' own databases: go-sql-driver uses gotest, PyMySQL test1/test2.
make_dbs() {
  mariadb --protocol=tcp -h127.0.0.1 -P"$1" -uroot \
    -e 'CREATE DATABASE gotest; CREATE DATABASE test1; CREATE DATABASE test2;'
}

start_myriad() {
  echo "== building myriad" >&2
  go build -o "$WORK/myriad" ./cmd/myriad
  local port
  port=$(free_port)
  "$WORK/myriad" serve --data-dir "$WORK/myriad-data" --host 127.0.0.1 --port "$port" \
    --log-level warn >"$WORK/myriad.log" 2>&1 &
  PIDS+=($!)
  if ! wait_sql "$port" $!; then
    tail -40 "$WORK/myriad.log" >&2
    echo "peer-suites: myriad did not start" >&2
    exit 1
  fi
  make_dbs "$port"
  # LOAD DATA LOCAL on, as on the MariaDB it is compared with (10.11's
  # default is ON) and as go-sql-driver's CI configures its MySQL
  # (--local-infile=1). Myriad's default stays MySQL 8's OFF; with it
  # TestLoadData fails with 3948, which says nothing about LOAD DATA.
  mariadb --protocol=tcp -h127.0.0.1 -P"$port" -uroot -e 'SET GLOBAL local_infile = 1'
  MYRIAD_PORT=$port
}

start_mariadb() {
  local mariadbd=/usr/sbin/mariadbd port data=$WORK/maria-data
  command -v mariadbd >/dev/null 2>&1 && mariadbd=$(command -v mariadbd)
  port=$(free_port)
  mariadb-install-db --no-defaults --datadir="$data" --user=root \
    --auth-root-authentication-method=normal --skip-test-db >"$WORK/maria-install.log" 2>&1
  # Debian's stock server, with only what a throwaway instance needs.
  "$mariadbd" --no-defaults --user=root --datadir="$data" --bind-address=127.0.0.1 \
    --port="$port" --socket="$WORK/maria.sock" --skip-log-bin \
    --innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=0 \
    --pid-file="$WORK/maria.pid" >"$WORK/maria.log" 2>&1 &
  PIDS+=($!)
  if ! wait_sql "$port" $!; then
    tail -40 "$WORK/maria.log" >&2
    echo "peer-suites: mariadbd did not start" >&2
    exit 1
  fi
  make_dbs "$port"
  MARIADB_PORT=$port
}

fetch_suites() {
  echo "== fetching go-sql-driver/mysql $GSD_VERSION and PyMySQL $PYMYSQL_VERSION" >&2
  local dir
  dir=$(go mod download -json "github.com/go-sql-driver/mysql@$GSD_VERSION" |
    "$PY" -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
  cp -r "$dir" "$WORK/gsd"
  chmod -R u+w "$WORK/gsd"
  (cd "$WORK/gsd" && go mod download)
  "$PY" -m pip download --quiet --no-deps --no-binary :all: "PyMySQL==$PYMYSQL_VERSION" -d "$WORK/pip" >&2
  tar xzf "$WORK"/pip/PyMySQL-"$PYMYSQL_VERSION".tar.gz -C "$WORK"
  mv "$WORK/PyMySQL-$PYMYSQL_VERSION" "$WORK/pymysql"
  echo "== installing ${ALEMBIC_PKGS[*]} into a venv" >&2
  "$PY" -m venv "$WORK/venv"
  "$WORK/venv/bin/pip" install --quiet "${ALEMBIC_PKGS[@]}" >&2
}

# run_alembic: the SQLAlchemy/Alembic scenario on both servers at once (each
# step on Myriad is compared with the same step on MariaDB); results as
# "alembic <step> pass|fail" in each server's file.
run_alembic() {
  echo "== SQLAlchemy/Alembic migration scenario against mariadb and myriad" >&2
  local rc=0
  "$WORK/venv/bin/python" "$ROOT/scripts/alembic_scenario.py" \
    --mariadb "127.0.0.1:$MARIADB_PORT" --myriad "127.0.0.1:$MYRIAD_PORT" \
    --out "$WORK/alembic.res" >"$WORK/alembic.out" 2>&1 || rc=$?
  grep -v -e '^  Generating' -e '^INFO' "$WORK/alembic.out" >&2 || true
  if [ $rc -ne 0 ]; then
    echo "peer-suites: the Alembic scenario did not run through (exit $rc)" >&2
    return 0
  fi
  awk '$1=="mariadb" {print "alembic", $2, $3}' "$WORK/alembic.res" >>"$WORK/res-mariadb"
  awk '$1=="myriad" {print "alembic", $2, $3}' "$WORK/alembic.res" >>"$WORK/res-myriad"
}

# run_gsd NAME PORT: go-sql-driver's tests; results as "go <Test> pass|fail|skip".
# Each top-level test runs in its own process of the compiled test binary,
# so a test that panics (the driver's logger is nil in some of them) costs
# only itself. TestConnectorReturnsTimeout is never run: it dials 1.1.1.1,
# and nothing here may send traffic off the machine (it tests only the
# driver's dialer, no server).
run_gsd() {
  local name=$1 port=$2 t rc
  echo "== go-sql-driver/mysql $GSD_VERSION against $name" >&2
  [ -x "$WORK/gsd.test" ] || (cd "$WORK/gsd" && go test -c -o "$WORK/gsd.test" .)
  : >"$WORK/res-$name"
  for t in $(cd "$WORK/gsd" && "$WORK/gsd.test" -test.list '^Test' | grep '^Test'); do
    [ "$t" = TestConnectorReturnsTimeout ] && continue
    rc=0
    (cd "$WORK/gsd" && MYSQL_TEST_ADDR=127.0.0.1:$port MYSQL_TEST_USER=root MYSQL_TEST_PASS= \
      MYSQL_TEST_DBNAME=gotest timeout 300 "$WORK/gsd.test" -test.run "^$t\$" -test.v \
      >"$WORK/gsd-$name-$t.out" 2>&1) || rc=$?
    if [ $rc -ne 0 ]; then
      echo "go $t fail"
    elif grep -q "^--- SKIP: $t " "$WORK/gsd-$name-$t.out"; then
      echo "go $t skip"
    elif grep -q "^--- PASS: $t " "$WORK/gsd-$name-$t.out"; then
      echo "go $t pass"
    else
      echo "go $t fail"
    fi
  done >>"$WORK/res-$name"
  cat "$WORK"/gsd-"$name"-*.out >"$WORK/gsd-$name.out"
  rm -f "$WORK"/gsd-"$name"-*.out
}

# run_pymysql NAME PORT: PyMySQL's tests (pytest, as its CI runs them);
# results as "pymysql <file::Class::test> pass|fail|skip".
run_pymysql() {
  local name=$1 port=$2
  echo "== PyMySQL $PYMYSQL_VERSION tests against $name" >&2
  cat >"$WORK/pymysql/pymysql/tests/databases.json" <<EOF
[{"host": "127.0.0.1", "port": $port, "user": "root", "passwd": "", "db": "test1",
  "use_unicode": true, "local_infile": true},
 {"host": "127.0.0.1", "port": $port, "user": "root", "passwd": "", "db": "test2"}]
EOF
  (cd "$WORK/pymysql" && timeout 600 "$PY" -m pytest -p no:cacheprovider -q \
    --junitxml="$WORK/py-$name.xml" pymysql/tests >"$WORK/py-$name.out" 2>&1) || true
  "$PY" - "$WORK/py-$name.xml" >>"$WORK/res-$name" <<'EOF'
import sys
import xml.etree.ElementTree as ET
try:
    cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
except (OSError, ET.ParseError):
    cases = []
for c in cases:
    tid = c.get("classname", "").removeprefix("pymysql.tests.") + "." + c.get("name", "")
    kinds = {e.tag for e in c}
    r = "fail" if kinds & {"failure", "error"} else "skip" if "skipped" in kinds else "pass"
    print("pymysql", tid, r)
EOF
}

# summary NAME: counts per suite.
summary() {
  local name=$1
  for s in go pymysql alembic; do
    awk -v s="$s" -v n="$name" '$1==s {c[$3]++; t++}
      END {printf "%-8s %-8s %d passed, %d failed, %d skipped (of %d)\n", n, s, c["pass"], c["fail"], c["skip"], t}' \
      "$WORK/res-$name"
  done
}

fetch_suites
status=0
if [ "$WHICH" = both ] || [ "$WHICH" = mariadb ]; then
  start_mariadb
  run_gsd mariadb "$MARIADB_PORT"
  run_pymysql mariadb "$MARIADB_PORT"
fi
if [ "$WHICH" = both ] || [ "$WHICH" = myriad ]; then
  start_myriad
  run_gsd myriad "$MYRIAD_PORT"
  run_pymysql myriad "$MYRIAD_PORT"
  # The scenario compares with MariaDB step by step: it needs both.
  [ -n "${MARIADB_PORT:-}" ] || start_mariadb
  run_alembic
fi

echo "== peer suites"
for n in mariadb myriad; do
  [ -f "$WORK/res-$n" ] && summary "$n"
done
if [ "${PEER_SUITES_KEEP:-}" != "" ]; then
  mkdir -p "$PEER_SUITES_KEEP"
  cp "$WORK"/res-* "$WORK"/*.out "$WORK"/*.xml "$PEER_SUITES_KEEP"/ 2>/dev/null || true
fi

if [ -f "$WORK/res-myriad" ]; then
  # The ratchet. known: "<suite> <test> <reason...>"; "min <suite> N": the
  # fewest tests the suite must report (so a crash cannot pass as green).
  "$PY" - "$KNOWN" "$WORK/res-myriad" <<'EOF' || status=1
import sys
known, mins = {}, {}
for line in open(sys.argv[1]):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    f = line.split(None, 2)
    if f[0] == "min":
        mins[f[1]] = int(f[2])
    else:
        known[(f[0], f[1])] = f[2] if len(f) > 2 else ""
res = {}
for line in open(sys.argv[2]):
    s, t, r = line.split()
    res[(s, t)] = r
bad = 0
for (s, t), r in sorted(res.items()):
    if r == "fail" and (s, t) not in known:
        print(f"NEW FAILURE on Myriad: {s} {t}")
        bad += 1
for (s, t) in sorted(known):
    if res.get((s, t)) == "pass":
        print(f"now passes (remove from scripts/peer-suites.known): {s} {t}")
for s, n in sorted(mins.items()):
    got = sum(1 for (ss, _) in res if ss == s)
    if got < n:
        print(f"{s}: {got} tests reported, fewer than the {n} recorded: the suite did not run through")
        bad += 1
sys.exit(1 if bad else 0)
EOF
fi
if [ $status -ne 0 ]; then
  echo "peer-suites: FAILED (see above; logs with PEER_SUITES_KEEP=dir)" >&2
fi
exit $status
