"""Driver of bench/online-ddl-side-by-side.sh with TRIES=N (not a program on
its own): issue #13's instant ADD/DROP COLUMN bound (< 50 ms under
sysbench oltp_read_write, 4 threads) measured as a distribution rather than
one sample. After 15 s of load, N pairs of

  ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT
  ALTER TABLE sbtest1 DROP COLUMN x, ALGORITHM=INSTANT

one second apart, each timed at the client; then min / median / p90 / max
and how many were under 50 ms, per kind, and sysbench's errors over the
whole run.

  python3 online-ddl-instant.py PORT SYSBENCH_OUT SB_START_EPOCH TRIES LABEL
"""
import sys, time, re, pymysql

port, out, t0, tries, label = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
d = t0 + 15 - time.time()
if d > 0:
    time.sleep(d)
c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", autocommit=True)
times = {"ADD COLUMN": [], "DROP COLUMN": []}
errs = []
for i in range(tries):
    for name, stmt in (("ADD COLUMN", "ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT"),
                       ("DROP COLUMN", "ALTER TABLE sbtest1 DROP COLUMN x, ALGORITHM=INSTANT")):
        s = time.perf_counter()
        try:
            c.cursor().execute(stmt)
        except Exception as e:
            errs.append("%s: %s" % (name, e))
        times[name].append((time.perf_counter() - s) * 1000)
        time.sleep(1)
end = time.time() - t0


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(round(p / 100.0 * (len(v) - 1))))]


for name, v in times.items():
    print("%s %-11s n=%d min %.1f median %.1f p90 %.1f max %.1f ms; under 50 ms: %d of %d; all: %s" % (
        label, name, len(v), min(v), pct(v, 50), pct(v, 90), max(v), sum(1 for x in v if x < 50), len(v),
        " ".join("%.0f" % x for x in v)))
before, during, err = [], [], 0.0
for line in open(out):
    m = re.match(r"\[ (\d+)s \] thds: \d+ tps: ([\d.]+) .* err/s: ([\d.]+)", line)
    if m:
        sec, tps = int(m.group(1)), float(m.group(2))
        err += float(m.group(3))
        (before if 5 < sec <= 15 else during if 15 < sec <= end else []).append(tps)
mean = lambda v: sum(v) / len(v) if v else float("nan")
print("%s tps before %.1f, while altering %.1f (%+.0f%%); client errors %d; DDL errors %d %s" % (
    label, mean(before), mean(during), 100 * (mean(during) / mean(before) - 1), int(round(err)), len(errs), "; ".join(errs[:3])))
