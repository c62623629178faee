#!/usr/bin/env bash
# One-transaction UPDATEs of N rows of a sysbench table (issue #11 item 7):
# for each N in SIZES, through PyMySQL with autocommit off, BEGIN; UPDATE
# sbtest1 SET k = k + 1 WHERE id <= N; COMMIT, printing the time of the
# UPDATE and of the COMMIT, the server's VmRSS before, after the UPDATE and
# after the COMMIT, its peak RSS during each (sampled every 100 ms) and the
# spill files seen.
#
#   ROWS=3000000 SIZES="1000000 3000000" bench/huge-txn.sh
#   MYRIAD_FLAGS="--txn-spill-bytes -1" ...    the unbounded buffer, to compare
#   PORT=3412 SPID=1234 DATA=/path/data SIZES=... bench/huge-txn.sh
#                                              an already running, prepared server
set -u
cd "$(dirname "$0")/.."
SIZES=${SIZES:-"1000000"}
if [ -z "${PORT:-}" ]; then
  BIN=${BIN:-$(mktemp -d /tmp/huge-txn-bin.XXXXXX)/myriad}
  go build -o "$BIN" ./cmd/myriad
  ROWS=${ROWS:-1000000}
  D=$(mktemp -d /tmp/huge-txn.XXXXXX)
  DATA=$D/data
  PORT=$((40000 + RANDOM % 20000))
  # shellcheck disable=SC2086
  $BIN serve --data-dir $DATA --port $PORT --durability async ${MYRIAD_FLAGS:-} > $D/log 2>&1 &
  SPID=$!
  trap 'kill $SPID 2>/dev/null' EXIT
  for i in $(seq 100); do mariadb -h127.0.0.1 -P$PORT -uroot -e "SELECT 1" >/dev/null 2>&1 && break; sleep 0.2; done
  mariadb -h127.0.0.1 -P$PORT -uroot -e "CREATE DATABASE sbtest"
  sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$PORT --mysql-user=root \
    --tables=1 --table-size=$ROWS prepare >/dev/null
fi
for N in $SIZES; do
/usr/bin/python3 - "$PORT" "$SPID" "$N" "$DATA/txn-spill" <<'PY'
import os, sys, threading, time, pymysql
port, pid, n, spill = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
def rss():
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS:"):
            return int(l.split()[1]) // 1024
peak, files, stop = [0], [0], [False]
def sample():
    while not stop[0]:
        peak[0] = max(peak[0], rss())
        try:
            files[0] = max(files[0], len(os.listdir(spill)))
        except FileNotFoundError:
            pass
        time.sleep(0.1)
c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", read_timeout=7200)
cur = c.cursor()
before = rss()
th = threading.Thread(target=sample); th.start()
t0 = time.time()
got = cur.execute(f"UPDATE sbtest1 SET k = k + 1 WHERE id <= {n}")
upd, after, peak_upd = time.time() - t0, rss(), peak[0]
t0 = time.time()
c.commit()
com, done = time.time() - t0, rss()
stop[0] = True; th.join()
print(f"N={n} rows={got} update={upd:.1f}s commit={com:.1f}s rss_before={before}MB "
      f"rss_after_update={after}MB peak_during_update={peak_upd}MB rss_after_commit={done}MB "
      f"peak_total={peak[0]}MB max_spill_files={files[0]}", flush=True)
PY
done
