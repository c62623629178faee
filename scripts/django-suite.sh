#!/usr/bin/env bash
# Django's own test suite (runtests.py from the Django 5.2 sdist), run
# unmodified against Myriad (built from this checkout) and MariaDB from
# Debian, each on a fresh data directory and loopback port, and the
# ok/fail/error/skip counts printed per app for both.
#
# The driver is mysqlclient (Django's documented MySQL driver), built from
# its sdist against Debian's libmariadb-dev through pkg-config: the suite then
# runs on the stack a Django user has. Both are installed here when missing.
#
# Django, mysqlclient and their venv live in $DJANGO_SUITE_WORK (default
# ~/.cache/myriad-django-suite) and are reused across runs; the servers' data
# directories and logs are made fresh in a temporary directory each run.
#
# MariaDB gets its time-zone tables loaded (mariadb-tzinfo-to-sql), as a
# server that Django's timezone tests are meant for would have; Myriad's
# answer to named zones is its own.
#
# Usage: scripts/django-suite.sh [myriad|mariadb|both|ci] [app ...]
#   no apps: the default list below. DJANGO_SUITE_KEEP=dir keeps logs.
#   DJANGO_SUITE_KNOWN=file checks Myriad's failures against a ratchet
#   (format as scripts/django-suite.known) and fails on a new failure.
#   ci: what scripts/test runs: Myriad only, the CI_APPS subset (about 3
#   minutes), checked against scripts/django-suite.known, and the
#   mariadb-dump round trip (scripts/django-dump.sh; DJANGO_SUITE_DUMP=1 runs
#   it in the other Myriad modes too, DJANGO_SUITE_DUMP=0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WHICH=${1:-both}
[ $# -gt 0 ] && shift

DJANGO_SPEC='Django>=5.2,<5.3'
MYSQLCLIENT_SPEC='mysqlclient>=2.2,<2.3'
PY=${MYRIAD_PYTHON:-/usr/bin/python3}
CACHE=${DJANGO_SUITE_WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/myriad-django-suite}

APPS=(basic model_fields lookup aggregation expressions queries migrations schema introspection
  transactions select_for_update backends db_functions model_forms many_to_one one_to_one
  m2m_through fixtures constraints indexes inspectdb update delete annotations ordering
  custom_lookups get_or_create bulk_create timezones dates datetimes)
# The subset scripts/test (so CI) runs: issue #14's list.
CI_APPS=(basic lookup queries model_fields transactions select_for_update schema migrations
  aggregation)
[ $# -gt 0 ] && APPS=("$@")
if [ "$WHICH" = ci ]; then
  WHICH=myriad
  [ $# -gt 0 ] || APPS=("${CI_APPS[@]}")
  DJANGO_SUITE_KNOWN=${DJANGO_SUITE_KNOWN:-$ROOT/scripts/django-suite.known}
  DJANGO_SUITE_DUMP=${DJANGO_SUITE_DUMP:-1}
fi

WORK=$(mktemp -d /tmp/django-suite.XXXXXX)
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do
    kill "$p" 2>/dev/null || true
  done
  for p in "${PIDS[@]}"; do
    wait "$p" 2>/dev/null || true
  done
  if [ -n "${DJANGO_SUITE_KEEP:-}" ]; then
    mkdir -p "$DJANGO_SUITE_KEEP"
    cp "$WORK"/*.out "$WORK"/res-* "$WORK"/*.log "$WORK"/dump* "$DJANGO_SUITE_KEEP"/ 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

. "$ROOT/scripts/lib.sh"
. "$ROOT/scripts/django-dump.sh"

install_django() {
  # mysqlclient compiles against libmariadb (found through pkg-config)
  # and Python's headers; the venv needs ensurepip.
  local need=()
  command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
  pkg-config --exists libmariadb 2>/dev/null || pkg-config --exists mysqlclient 2>/dev/null ||
    need+=(libmariadb-dev)
  command -v cc >/dev/null 2>&1 || need+=(gcc)
  [ -f "$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ] ||
    need+=(python3-dev)
  "$PY" -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
  if [ ${#need[@]} -gt 0 ]; then
    echo "== installing ${need[*]} (mysqlclient builds against them)" >&2
    local sudo=""
    [ "$(id -u)" != 0 ] && sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
  mkdir -p "$CACHE"
  [ -x "$CACHE/venv/bin/python" ] || "$PY" -m venv "$CACHE/venv"
  local v=$CACHE/venv/bin/python
  if ! "$v" -c 'import django, MySQLdb; assert django.VERSION[:2] == (5, 2)' 2>/dev/null; then
    echo "== installing $DJANGO_SPEC and $MYSQLCLIENT_SPEC into $CACHE/venv" >&2
    "$v" -m pip install --quiet "$DJANGO_SPEC" "$MYSQLCLIENT_SPEC"
  fi
  # runtests.py and the tests ship in the sdist only, not the wheel; the
  # sdist must be the same release as the installed package.
  local ver
  ver=$("$v" -c 'import django; print(django.__version__)')
  if [ ! -f "$CACHE/django-$ver/tests/runtests.py" ]; then
    echo "== fetching the Django $ver sdist (runtests.py and the tests)" >&2
    "$v" -m pip download --quiet --no-deps --no-binary :all: "Django==$ver" -d "$CACHE/sdist"
    tar xzf "$CACHE/sdist/django-$ver.tar.gz" -C "$CACHE"
  fi
  VENV_PY=$v
  TESTS=$CACHE/django-$ver/tests
  DJANGO_VERSION=$ver
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
    echo "django-suite: myriad did not start" >&2
    exit 1
  fi
  MYRIAD_PORT=$port
}

start_mariadb() {
  local mariadbd=/usr/sbin/mariadbd port data=$WORK/maria-data
  command -v mariadbd >/dev/null 2>&1 && mariadbd=$(command -v mariadbd)
  port=$(free_port)
  mariadb-install-db --no-defaults --datadir="$data" --user=root \
    --auth-root-authentication-method=normal --skip-test-db >"$WORK/maria-install.log" 2>&1
  "$mariadbd" --no-defaults --user=root --datadir="$data" --bind-address=127.0.0.1 \
    --port="$port" --socket="$WORK/maria.sock" --skip-log-bin \
    --innodb-buffer-pool-size=128M --innodb-flush-log-at-trx-commit=0 \
    --pid-file="$WORK/maria.pid" >"$WORK/maria.log" 2>&1 &
  PIDS+=($!)
  if ! wait_sql "$port" $!; then
    tail -40 "$WORK/maria.log" >&2
    echo "django-suite: mariadbd did not start" >&2
    exit 1
  fi
  mariadb-tzinfo-to-sql /usr/share/zoneinfo 2>/dev/null |
    mariadb --protocol=tcp -h127.0.0.1 -P"$port" -uroot mysql
  MARIADB_PORT=$port
}

# run_django NAME PORT: runtests.py for each app in its own process (an app
# whose tables cannot be created aborts only itself); results as
# "APP TEST ok|fail|error|skip" in res-NAME, and "APP APP.<setup> error" for
# an app whose run did not get through.
run_django() {
  local name=$1 port=$2 app t0
  local settings=$WORK/settings_$name.py start=$SECONDS
  echo "== Django $DJANGO_VERSION tests (${#APPS[@]} apps) against $name" >&2
  cat >"$settings" <<EOF
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.mysql", "NAME": "django", "USER": "root",
        "HOST": "127.0.0.1", "PORT": $port, "TEST": {"CHARSET": "utf8mb4"},
    },
    "other": {
        "ENGINE": "django.db.backends.mysql", "NAME": "django_other", "USER": "root",
        "HOST": "127.0.0.1", "PORT": $port, "TEST": {"CHARSET": "utf8mb4"},
    },
}
SECRET_KEY = "django-suite"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
USE_TZ = False
EOF
  mariadb --protocol=tcp -h127.0.0.1 -P"$port" -uroot \
    -e 'CREATE DATABASE IF NOT EXISTS django; CREATE DATABASE IF NOT EXISTS django_other;'
  : >"$WORK/res-$name"
  for app in "${APPS[@]}"; do
    t0=$SECONDS
    (cd "$TESTS" && PYTHONPATH=$WORK timeout "${DJANGO_SUITE_TIMEOUT:-900}" "$VENV_PY" -W ignore \
      runtests.py --settings "settings_$name" --parallel 1 --noinput -v 2 "$app" \
      >"$WORK/django-$name-$app.out" 2>&1) || true
    parse_results "$WORK/django-$name-$app.out" >>"$WORK/res-$name"
    if ! grep -q '^Ran [0-9]* test' "$WORK/django-$name-$app.out"; then
      echo "django-suite: $app against $name did not run through; its last lines:" >&2
      tail -3 "$WORK/django-$name-$app.out" | sed 's/^/    /' >&2
      echo "$app $app.<setup> error" >>"$WORK/res-$name"
    fi
    echo "   $name $app: $((SECONDS - t0)) s" >&2
  done
  echo "== $name: $((SECONDS - start)) s" >&2
}

# parse_results FILE: the tests of one runtests.py output.
parse_results() {
  "$PY" - "$1" <<'EOF'
import re, sys
# unittest's verbose runner: "test (app.module.Class.test) ... ok", or the id
# alone on its line and the status after the docstring's first line.
head = re.compile(r"^(\w+) \(([\w.]+)\)(?: \.\.\. ?(.*))?$")
# A failing subtest: "  test (app.module.Class.test) (param=1) ... FAIL".
sub = re.compile(r"^\s+(\w+) \(([\w.]+)\) \(.*\)(?: \.\.\. ?(.*))?$")
tail = re.compile(r" \.\.\. ?(.*)$")
kinds = {"ok": "ok", "FAIL": "fail", "ERROR": "error", "skipped": "skip",
         "expected failure": "ok", "unexpected success": "fail"}
res, pending = {}, None
text = open(sys.argv[1], errors="replace").read()

def record(tid, status):
    """Records status for tid; False when the line carries none yet."""
    for word, kind in kinds.items():
        if status.startswith(word):
            # A test whose subtests fail is reported more than once; keep the worst.
            if res.get(tid) not in ("fail", "error"):
                res[tid] = kind
            return True
    return False

for line in text.splitlines():
    m = head.match(line) or sub.match(line)
    if m:
        pending = m.group(2)
        if m.group(3) is not None and record(pending, m.group(3).strip()):
            pending = None
        continue
    if pending:
        t = tail.search(line)
        if t and record(pending, t.group(1).strip()):
            pending = None
# Errors outside a test (setUpClass, test database creation) name the class
# or module in the summary: "ERROR: setUpClass (app.tests.Class)".
for m in re.finditer(r"^ERROR: (setUpClass|setUpModule|tearDownClass) \(([\w.]+)\)", text, re.M):
    res[m.group(2) + "." + m.group(1)] = "error"
for tid, kind in sorted(res.items()):
    print(tid.split(".")[0], tid, kind)
EOF
}

summary() {
  local a
  printf '%-18s %-28s %-28s\n' app "myriad ok/fail/error/skip" "mariadb ok/fail/error/skip"
  for a in "${APPS[@]}" TOTAL; do
    printf '%-18s' "$a"
    for n in myriad mariadb; do
      if [ -f "$WORK/res-$n" ]; then
        awk -v a="$a" '(a=="TOTAL" || $1==a) {c[$3]++}
          END {printf " %-28s", sprintf("%d/%d/%d/%d", c["ok"], c["fail"], c["error"], c["skip"])}' "$WORK/res-$n"
      else
        printf ' %-28s' -
      fi
    done
    echo
  done
}

install_django
if [ "$WHICH" = both ] || [ "$WHICH" = mariadb ]; then
  start_mariadb
  run_django mariadb "$MARIADB_PORT"
fi
if [ "$WHICH" = both ] || [ "$WHICH" = myriad ]; then
  start_myriad
  run_django myriad "$MYRIAD_PORT"
fi
dump_status=0
if [ "${DJANGO_SUITE_DUMP:-0}" = 1 ] && [ -n "${MYRIAD_PORT:-}" ]; then
  dump_roundtrip "$MYRIAD_PORT" || dump_status=1
fi
echo "== Django $DJANGO_VERSION, per app (ok/fail/error/skip)"
summary

status=0
if [ -n "${DJANGO_SUITE_KNOWN:-}" ] && [ -f "$WORK/res-myriad" ]; then
  "$PY" - "$DJANGO_SUITE_KNOWN" "$WORK/res-myriad" <<'EOF' || status=1
import sys
known, mins = set(), 0
for line in open(sys.argv[1]):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    f = line.split(None, 1)
    if f[0] == "min":
        mins = int(f[1].split()[0])
    else:
        known.add(f[0])
res = {}
for line in open(sys.argv[2]):
    _, t, r = line.split()
    res[t] = r
bad = 0
for t, r in sorted(res.items()):
    if r in ("fail", "error") and t not in known:
        print(f"NEW FAILURE on Myriad: {t} ({r})")
        bad += 1
for t in sorted(known):
    if res.get(t) == "ok":
        print(f"now passes (remove from the known list): {t}")
if len(res) < mins:
    print(f"{len(res)} tests reported, fewer than the {mins} recorded: the suite did not run through")
    bad += 1
n = {k: sum(1 for r in res.values() if r == k) for k in ("ok", "fail", "error", "skip")}
print(f"django: {n['ok']} passed, {n['fail'] + n['error']} failed, {n['skip']} skipped")
sys.exit(1 if bad else 0)
EOF
fi
[ $dump_status = 0 ] || status=1
exit $status
