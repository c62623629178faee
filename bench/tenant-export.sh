#!/usr/bin/env bash
# Moving one tenant side by side (docs/BENCHMARKS.md, "Tenant export and
# import"): one schema of TABLES sysbench tables x ROWS rows (secondary index
# on k) exported and loaded into a new schema of the same server.
#   Myriad:  myriad tenant export --schema s --out FILE; myriad tenant import --file FILE --as s2
#   MariaDB: mariadb-dump s > FILE; mariadb s2 < FILE
#
#   bench/tenant-export.sh                      # 100 tables x 1,000 rows
#   TABLES=100 ROWS=10000 bench/tenant-export.sh
#   SKIP_MARIADB=1 bench/tenant-export.sh       # Myriad only
#   MYRIAD_FLAGS="--block-cache 16777216" ...   # extra `myriad serve` flags
#
# Both servers in sync durability (Myriad --durability sync; MariaDB
# innodb_flush_log_at_trx_commit=1, its default), on a temp directory;
# each step runs REPEAT times (fresh target names) and every time is printed.
set -euo pipefail
TABLES=${TABLES:-100}
ROWS=${ROWS:-1000}
REPEAT=${REPEAT:-3}
MYRIAD_PORT=${MYRIAD_PORT:-$((20000 + RANDOM % 20000))}
MARIADB_PORT=${MARIADB_PORT:-$((40000 + RANDOM % 20000))}
WORK=$(mktemp -d /tmp/tenant-export.XXXXXX)
BIN="$WORK/myriad"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait; rm -rf "$WORK"' EXIT
cd "$(dirname "$0")/.."
go build -o "$BIN" ./cmd/myriad

# The same rows for both servers: deterministic text, 1,000 rows per INSERT.
python3 - "$TABLES" "$ROWS" > "$WORK/load.sql" <<'EOF'
import random, sys
tables, rows = int(sys.argv[1]), int(sys.argv[2])
r = random.Random(42)
print("CREATE DATABASE s; USE s;")
for t in range(1, tables + 1):
    print(f"CREATE TABLE sbtest{t} (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, "
          f"c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_{t} (k));")
    for lo in range(0, rows, 1000):
        vals = []
        for i in range(lo, min(rows, lo + 1000)):
            c = "-".join("%011d" % r.randrange(10**11) for _ in range(10))
            pad = "-".join("%011d" % r.randrange(10**11) for _ in range(5))
            vals.append(f"({i + 1},{r.randrange(rows)},'{c}','{pad}')")
        print(f"INSERT INTO sbtest{t} (id, k, c, pad) VALUES " + ",".join(vals) + ";")
EOF
echo "data: $TABLES tables x $ROWS rows, $(du -h "$WORK/load.sql" | cut -f1) of SQL"

now() { date +%s.%N; }
ms() { echo "($2 - $1) * 1000" | bc -l | cut -d. -f1; }

# Myriad
"$BIN" serve --data-dir "$WORK/myriad-data" --port "$MYRIAD_PORT" --durability sync --log-level warn ${MYRIAD_FLAGS:-} 2>>"$WORK/myriad.log" &
pids+=($!)
"$BIN" bench wait --port "$MYRIAD_PORT" --timeout 60s >/dev/null
mariadb -h127.0.0.1 -P"$MYRIAD_PORT" -uroot < "$WORK/load.sql"
# Peak RSS: the CLI's from /usr/bin/time, the server's high-water mark (VmHWM) after each step.
T="/usr/bin/time -f %M -o $WORK/rss"
hwm() { awk '/VmHWM/ {print $2}' "/proc/${pids[0]}/status"; }
echo "myriad server VmHWM after the load: $(hwm) kB"
for i in $(seq 1 "$REPEAT"); do
  s=$(now); $T "$BIN" tenant export --port "$MYRIAD_PORT" --schema s --out "$WORK/s$i.myt" --json >"$WORK/ex.json"; m=$(now)
  exrss=$(cat "$WORK/rss"); exhwm=$(hwm)
  $T "$BIN" tenant import --port "$MYRIAD_PORT" --file "$WORK/s$i.myt" --as "s_$i" --json >"$WORK/im.json"; e=$(now)
  echo "myriad run $i: export $(ms "$s" "$m") ms, import $(ms "$m" "$e") ms, file $(stat -c %s "$WORK/s$i.myt") bytes (wall clock incl. process start)"
  echo "  export $(cat "$WORK/ex.json")  cli max RSS ${exrss} kB, server VmHWM ${exhwm} kB"
  echo "  import $(cat "$WORK/im.json")  cli max RSS $(cat "$WORK/rss") kB, server VmHWM $(hwm) kB"
done
mariadb -h127.0.0.1 -P"$MYRIAD_PORT" -uroot -N -e "SELECT COUNT(*), SUM(k) FROM s_1.sbtest$TABLES; SELECT COUNT(*), SUM(k) FROM s.sbtest$TABLES"

[ "${SKIP_MARIADB:-0}" = 1 ] && exit 0

# MariaDB
mariadb-install-db --no-defaults --datadir="$WORK/mariadb" --user=root --auth-root-authentication-method=normal >/dev/null
mariadbd --no-defaults --user=root --datadir="$WORK/mariadb" --port="$MARIADB_PORT" --bind-address=127.0.0.1 \
  --socket="$WORK/mariadb.sock" --innodb-buffer-pool-size=2G --skip-log-bin --max-connections=1000 \
  2>>"$WORK/mariadb.log" &
pids+=($!)
"$BIN" bench wait --port "$MARIADB_PORT" --timeout 60s >/dev/null
M="mariadb --socket=$WORK/mariadb.sock -uroot"
$M < "$WORK/load.sql"
for i in $(seq 1 "$REPEAT"); do
  # --single-transaction: a consistent snapshot while writes go on, as the Myriad export.
  s=$(now); mariadb-dump --socket="$WORK/mariadb.sock" -uroot --single-transaction --triggers --routines s > "$WORK/s$i.sql"; m=$(now)
  $M -e "CREATE DATABASE s_$i"; $M "s_$i" < "$WORK/s$i.sql"; e=$(now)
  echo "mariadb run $i: dump $(ms "$s" "$m") ms, reload $(ms "$m" "$e") ms, file $(stat -c %s "$WORK/s$i.sql") bytes"
done
$M -N -e "SELECT COUNT(*), SUM(k) FROM s_1.sbtest$TABLES"
