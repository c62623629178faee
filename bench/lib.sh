# Shared by the bench/*.sh scripts (source it; it is not a program): a
# throwaway MariaDB from Debian and Myriad servers on temporary directories,
# started and stopped the same way by every side-by-side run, so that their
# figures compare like with like.
#
# The sourcing script sets WORK (a temporary directory) and, for
# start_myriad, BIN (a built myriad binary) before calling these. Every
# server started here is appended to the array `pids`; bench_cleanup (the
# EXIT trap set below) stops them.

pids=()
bench_cleanup() {
  local p
  for p in "${pids[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap bench_cleanup EXIT

# Clients connect without TLS to both servers: Debian's MariaDB offers none,
# and Myriad offers TLS by default (its auto-generated certificate), which the
# mariadb client would otherwise take. sysbench (--mysql-ssl=off) and the Go
# harness (go-sql-driver) connect in plain text by default.
mariadb() { _plain_client mariadb "$@"; }
mariadb-dump() { _plain_client mariadb-dump "$@"; }
_plain_client() {
  local prog=$1
  shift
  case "${1:-}" in
  --no-defaults | --defaults-file=* | --defaults-extra-file=*) command "$prog" "$1" --skip-ssl "${@:2}" ;;
  *) command "$prog" --skip-ssl "$@" ;;
  esac
}
export -f mariadb mariadb-dump _plain_client

now() { date +%s.%N; }
# since START: seconds elapsed since a `now` value.
since() { echo "$(now) - $1" | bc -l | cut -c1-6; }

# mariadbd is in /usr/sbin, which a non-root PATH may lack.
MARIADBD=${MARIADBD:-$(command -v mariadbd || echo /usr/sbin/mariadbd)}

# start_mariadb DIR SOCKET PORT [mariadbd options...]: a fresh MariaDB data
# directory in DIR, its server on SOCKET and (PORT non-empty) 127.0.0.1:PORT,
# binlog off; waits until it answers and lets root in over TCP from loopback
# (root@localhost matches socket connections only). Sets MARIADB_PID. The
# server's log is DIR.log.
start_mariadb() {
  local dir=$1 sock=$2 port=$3
  shift 3
  local user=()
  [ "$(id -u)" = 0 ] && user=(--user=root)
  mariadb-install-db --no-defaults --datadir="$dir" "${user[@]}" --auth-root-authentication-method=normal >/dev/null
  local net=(--skip-networking)
  [ -n "$port" ] && net=(--port="$port" --bind-address=127.0.0.1)
  "$MARIADBD" --no-defaults "${user[@]}" --datadir="$dir" --socket="$sock" "${net[@]}" --skip-log-bin "$@" \
    2>>"$dir.log" &
  MARIADB_PID=$!
  pids+=("$MARIADB_PID")
  local i
  for i in $(seq 600); do
    mariadb --socket="$sock" -uroot -e 'SELECT 1' >/dev/null 2>&1 && break
    kill -0 "$MARIADB_PID" 2>/dev/null || { tail -20 "$dir.log" >&2; return 1; }
    sleep 0.1
  done
  mariadb --socket="$sock" -uroot -e "CREATE USER IF NOT EXISTS root@'127.0.0.1'; GRANT ALL ON *.* TO root@'127.0.0.1' WITH GRANT OPTION;"
}

# start_myriad BINARY DATADIR PORT [serve options...]: a Myriad server, waited
# for. Sets MYRIAD_PID. The server's log is DATADIR.log.
start_myriad() {
  local bin=$1 dir=$2 port=$3
  shift 3
  "$bin" serve --data-dir "$dir" --port "$port" "$@" >>"$dir.log" 2>&1 &
  MYRIAD_PID=$!
  pids+=("$MYRIAD_PID")
  "$BIN" bench wait --port "$port" --timeout 60s >/dev/null || { tail -20 "$dir.log" >&2; return 1; }
}

# stop_server PID: a clean stop, waited for.
stop_server() {
  kill -TERM "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

rss_mb() { awk '/^VmRSS:/ {printf "%d", $2/1024}' "/proc/$1/status"; }

# template_sql TABLES [ROWS]: SQL creating schema `template` of TABLES
# sysbench-shaped tables (AUTO_INCREMENT id, secondary index on k), each
# with ROWS rows (default 0), the tenant template of the tenant scripts.
template_sql() {
  local tables=$1 rows=${2:-0} i r
  echo "CREATE DATABASE template;"
  for i in $(seq 1 "$tables"); do
    echo "CREATE TABLE template.sbtest$i (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_$i (k));"
    if [ "$rows" -gt 0 ]; then
      printf 'INSERT INTO template.sbtest%s (k, c, pad) VALUES ' "$i"
      for r in $(seq 1 "$rows"); do
        printf "(%d, 'c-%d-%d', 'pad')" "$r" "$i" "$r"
        [ "$r" -lt "$rows" ] && printf ','
      done
      echo ';'
    fi
  done
}
