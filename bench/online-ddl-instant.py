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

WARMUP (env, seconds, default 0) delays all of it, as in online-ddl.py; with
SERVER_PID set both windows are also given as transactions per server
CPU-second (serverload.py).
"""
import os, sys, time, re, pymysql
import serverload

port, out, t0, tries, label = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
W = float(os.environ.get("WARMUP") or 0)
serverload.start()
d = t0 + W + 15 - time.time()
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
        (before if W + 5 < sec <= W + 15 else during if W + 15 < sec <= end else []).append(tps)
mean = lambda v: sum(v) / len(v) if v else float("nan")
print("%s tps before %.1f, while altering %.1f (%+.0f%%); client errors %d; DDL errors %d %s" % (
    label, mean(before), mean(during), 100 * (mean(during) / mean(before) - 1), int(round(err)), len(errs), "; ".join(errs[:3])))
cb, cd = serverload.cpu_between(t0 + W + 5, t0 + W + 15), serverload.cpu_between(t0 + W + 15, t0 + int(end))
pb, pd = sum(before) / cb if cb > 0 else float("nan"), sum(during) / cd if cd > 0 else float("nan")
print("%s txn per server CPU-s before %.0f, while altering %.0f (%+.0f%%)" % (label, pb, pd, 100 * (pd / pb - 1)))

if os.environ.get("SUMMARY_FILE"):
    def dist(v):
        return "%.1f / %.1f / %.1f / %.1f ms (%d of %d)" % (min(v), pct(v, 50), pct(v, 90), max(v), sum(1 for x in v if x < 50), len(v))
    with open(os.environ["SUMMARY_FILE"], "a") as f:
        f.write("| %s | %.1f | %s | %s | %.1f (%.0f%%) | %d%s |\n" % (
            label, mean(before), dist(times["ADD COLUMN"]), dist(times["DROP COLUMN"]), mean(during),
            100 * mean(during) / mean(before), int(round(err)), ", DDL errors %d" % len(errs) if errs else ""))
