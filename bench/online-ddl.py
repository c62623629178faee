"""Driver of bench/online-ddl-side-by-side.sh (not a program on its own).

Runs the issue #13 headline DDLs against a server that sysbench is loading
and prints one line per DDL plus the throughput windows, from sysbench's
1-s reports (its stdout, a file it is still writing):

  python3 online-ddl.py PORT SYSBENCH_OUT SB_START_EPOCH ROWS LABEL

ADD COLUMN at W+20 s, DROP COLUMN 10 s later, CREATE INDEX PRE s after
that (env PRE, default 60); the script returns after the index build plus
as long again (at most PRE s, at least 20 s; sysbench is then stopped by
the caller). W is the warm-up, env WARMUP (default 0).

The index's windows are adjacent to the build and as long as it: with L
the reports wholly inside the build (capped at PRE-5 s), "before" is the L
reports just before the one containing CREATE INDEX's start, "after" the
L reports just after the one containing its end, and the build is given
as during/before and after/before. A before window 20 s or more ahead of
the statement (this script's earlier cut: W+5 to W+20 s, kept as "early")
compared the build with whatever the load drifted to meanwhile: in
session 14's idle-machine run 2 the foreground was at 76% of that window
in the 20 s after the build, with nothing running (docs/BENCHMARKS.md).
after/before is what the new index costs each transaction once public
(its upkeep) plus what the build left behind (compaction debt); with the
adjacent before, during/before is the build's cost on top of that
drift-free baseline. An instant DDL's "during" = the 1-s report
containing it and its "after" = the 9 reports following, both against the
early window. Client errors = sysbench's err/s (with
--mysql-ignore-errors=all it counts and goes on). With SERVER_PID set,
each index window is also given as transactions per CPU-second of the
server (serverload.py).
"""
import os, sys, time, re, pymysql
import serverload

port, out, t0, rows, label = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
W = float(os.environ.get("WARMUP") or 0)
PRE = int(os.environ.get("PRE") or 60)
serverload.start()

def at(sec):
    d = t0 + sec - time.time()
    if d > 0:
        time.sleep(d)

def ddl(c, stmt):
    s = time.time()
    try:
        c.cursor().execute(stmt)
        err = ""
    except Exception as e:
        err = str(e)
    return s - t0, time.time() - t0, err

c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", autocommit=True)
at(W + 20)
add = ddl(c, "ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT")
at(add[1] + 10)
drop = ddl(c, "ALTER TABLE sbtest1 DROP COLUMN x, ALGORITHM=INSTANT")
at(drop[1] + PRE)
ix = ddl(c, "CREATE INDEX kc ON sbtest1 (c) ALGORITHM=INPLACE LOCK=NONE")
# The after window is as long as the build (capped at PRE, at least 20 s),
# plus the report containing the end and one second for sysbench to print.
at(ix[1] + min(PRE, max(20, ix[1] - ix[0])) + 2)

reports = []  # (end second, tps, err/s)
for line in open(out):
    m = re.match(r"\[ (\d+)s \] thds: \d+ tps: ([\d.]+) .* err/s: ([\d.]+)", line)
    if m:
        reports.append((int(m.group(1)), float(m.group(2)), float(m.group(3))))

def window(lo, hi):
    """Mean tps and error count of the reports of seconds (lo, hi]."""
    r = [x for x in reports if lo < x[0] <= hi]
    if not r:
        return float("nan"), 0
    return sum(x[1] for x in r) / len(r), int(round(sum(x[2] for x in r)))


def per_cpu(lo, hi):
    """Transactions per server CPU-second over the reports of (lo, hi]."""
    r = [x for x in reports if lo < x[0] <= hi]
    cpu = serverload.cpu_between(t0 + lo, t0 + hi)
    return sum(x[1] for x in r) / cpu if r and cpu > 0 else float("nan")


before, berr = window(W + 5, W + 20)
print("%s before (%g-%g s): %.1f tps, %d errors, %.0f txn per server CPU-s" % (
    label, W + 5, W + 20, before, berr, per_cpu(W + 5, W + 20)))
for name, (s, e, err) in (("ADD COLUMN", add), ("DROP COLUMN", drop)):
    sec = int(s) + 1
    dur, derr = window(sec - 1, sec)
    aft, aerr = window(sec, sec + 9)
    print("%s %-12s %8.1f ms %s | tps in its second %.1f (%+.0f%%), next 9 s %.1f (%+.0f%%), errors %d" % (
        label, name, (e - s) * 1000, err or "ok", dur, 100 * (dur / before - 1), aft, 100 * (aft / before - 1), derr + aerr))
cells = []
for name, (s, e, err) in (("ADD COLUMN", add), ("DROP COLUMN", drop)):
    sec = int(s) + 1
    dur, _ = window(sec - 1, sec)
    aft, _ = window(sec, sec + 9)
    cells.append("%.1f ms%s (%+.0f%%, %+.0f%%)" % ((e - s) * 1000, "" if not err else " **" + err + "**",
                                                  100 * (dur / before - 1), 100 * (aft / before - 1)))
s, e, err = ix
# Reports are numbered by the second they end: report n covers (n-1, n].
# The build's own reports are those wholly inside it, (int(s)+1, int(e)].
first, last = int(s) + 1, int(e)
# Capped so that the before window starts after the DROP COLUMN's 5 s.
L = max(1, min(PRE - 5, last - first))
dur, derr = window(first, last)
bef, _ = window(first - 1 - L, first - 1)
aft, aerr = window(last + 1, last + 1 + L)
print("%s CREATE INDEX %8.1f s (%.0f rows/s) %s | tps %d s before %.1f, during %.1f (%.0f%% of before), %d s after %.1f (%.0f%% of before), early before %.1f (during %.0f%% of it); errors during %d after %d" % (
    label, e - s, rows / (e - s), err or "ok", L, bef, dur, 100 * dur / bef, L, aft, 100 * aft / bef, before, 100 * dur / before, derr, aerr))
pb, pd, pa = per_cpu(first - 1 - L, first - 1), per_cpu(first, last), per_cpu(last + 1, last + 1 + L)
print("%s CREATE INDEX txn per server CPU-s: before %.0f, during %.0f (%.0f%%), after %.0f (%.0f%%)" % (
    label, pb, pd, 100 * pd / pb, pa, 100 * pa / pb))
# Client errors while the DDLs ran (from the ADD's second to the end of the
# after window) and over the whole run, for the "0 client errors".
_, ddl_err = window(int(add[0]), last + 1 + L)
_, all_err = window(0, 10 ** 9)
print("%s client errors: %d from ADD COLUMN to the end of the after window, %d in the whole run" % (label, ddl_err, all_err))
if os.environ.get("SUMMARY_FILE"):
    with open(os.environ["SUMMARY_FILE"], "a") as f:
        f.write("| %s | %.1f | %s | %s | %.1f s (%.0f) | %s | %d | %.1f | %.1f (%.0f%%) | %.1f (%.0f%%) | %.0f / %.0f (%.0f%%) / %.0f (%.0f%%) | %d / %d |\n" % (
            label, before, cells[0], cells[1], e - s, rows / (e - s), "yes" if not err else "no: " + err,
            L, bef, dur, 100 * dur / bef, aft, 100 * aft / bef, pb, pd, 100 * pd / pb, pa, 100 * pa / pb, ddl_err, all_err))
