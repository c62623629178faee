"""Driver of bench/online-ddl-side-by-side.sh with ALTERS=N (not a program on
its own): issue #13's "ADD/DROP COLUMN costs <= 5% of throughput" bound,
measured over many ALTERs in one sysbench run rather than from the one
1-s window around a single ALTER (which on the shared machine swings
-28%..+11% on either server with or without an ALTER in it).

After WARMUP + 10 s of load, N ALTERs, alternately

  ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT
  ALTER TABLE sbtest1 DROP COLUMN x, ALGORITHM=INSTANT

each started half a second into a sysbench report second, one every
INTERVAL s (env, default 3). sysbench cuts its reports from its own start,
which under load is up to a second after SB_START_EPOCH: the script tails
SYSBENCH_OUT and takes that start as the earliest (time a report line
appeared - its second). Each 1-s report of the ALTER phase is an "ALTER
second" if an ALTER ran in it (its start - 0.1 s to its end + 0.1 s
overlapping the second), else an "other second". Printed, per server run:

  - the ALTER seconds' and the other seconds' mean tps and standard
    deviation, and the ALTER seconds' difference in percent with a 95%
    interval (Welch: 1.96 standard errors of the difference of means);
  - paired: each ALTER second's tps over the mean of the two seconds
    around it (those are other seconds when INTERVAL >= 3), whose mean and
    95% interval take out the drift of a shared machine's load;
  - the seconds right after an ALTER second against the other seconds
    (an ALTER invalidates cached plans: their cost lands after it);
  - ALTER times (ms) and errors, and sysbench's client errors.

  python3 online-ddl-alter-seconds.py PORT SYSBENCH_OUT SB_START_EPOCH N LABEL
"""
import math, os, re, sys, threading, time, pymysql

port, out, t0, n, label = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
W = float(os.environ.get("WARMUP") or 0)
interval = float(os.environ.get("INTERVAL") or 3)
MARGIN = 0.1
REPORT = re.compile(r"\[ (\d+)s \] thds: \d+ tps: ([\d.]+) .* err/s: ([\d.]+)")

# sysbench's own zero, in seconds after t0: the earliest (appearance - second).
zero = [None]


def tail():
    with open(out) as f:
        buf = ""
        while True:
            chunk = f.read()
            if not chunk:
                time.sleep(0.01)
                continue
            buf += chunk
            *lines, buf = buf.split("\n")
            now = time.time() - t0
            for line in lines:
                m = REPORT.match(line)
                if m:
                    z = now - int(m.group(1))
                    if zero[0] is None or z < zero[0]:
                        zero[0] = z


threading.Thread(target=tail, daemon=True).start()

c = pymysql.connect(host="127.0.0.1", port=port, user="root", database="sbtest", autocommit=True)
stmts = (("ADD COLUMN", "ALTER TABLE sbtest1 ADD COLUMN x INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT"),
         ("DROP COLUMN", "ALTER TABLE sbtest1 DROP COLUMN x, ALGORITHM=INSTANT"))
alters = []  # (kind, start, end) in seconds of sysbench's clock, error
first = math.floor(W + 10) + 0.5
while zero[0] is None or time.time() - t0 - zero[0] < 3:
    time.sleep(0.05)  # a few reports in: the estimate of its zero settles
for i in range(n):
    at = first + i * interval
    d = t0 + zero[0] + at - time.time()
    if d > 0:
        time.sleep(d)
    kind, stmt = stmts[i % 2]
    s = time.time()
    err = ""
    try:
        c.cursor().execute(stmt)
    except Exception as e:
        err = str(e)
    alters.append((kind, s - t0 - zero[0], time.time() - t0 - zero[0], err))
# One more interval of load after the last ALTER: its next seconds count.
d = t0 + zero[0] + first + n * interval - time.time()
if d > 0:
    time.sleep(d)
time.sleep(1.5)  # sysbench's report of the last second is written

reports = {}  # end second -> (tps, err/s)
for line in open(out):
    m = REPORT.match(line)
    if m:
        reports[int(m.group(1))] = (float(m.group(2)), float(m.group(3)))
lo, hi = int(first) - 1, int(first + n * interval)  # the ALTER phase's seconds: (lo, hi]
alter_secs = set()
for _, s, e, _ in alters:
    for sec in range(lo + 1, hi + 1):
        if s - MARGIN < sec and e + MARGIN > sec - 1:
            alter_secs.add(sec)
phase = [sec for sec in range(lo + 1, hi + 1) if sec in reports]
A = [reports[s][0] for s in phase if s in alter_secs]
O = [reports[s][0] for s in phase if s not in alter_secs]
nxt = [reports[s][0] for s in phase if s not in alter_secs and s - 1 in alter_secs]
rest = [reports[s][0] for s in phase if s not in alter_secs and s - 1 not in alter_secs]
errs_client = int(round(sum(reports[s][1] for s in phase)))


def mean(v):
    return sum(v) / len(v) if v else float("nan")


def sd(v):
    m = mean(v)
    return math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1)) if len(v) > 1 else float("nan")


def diff(a, b):
    """a's mean against b's, percent, with a 95% interval (Welch)."""
    se = math.sqrt(sd(a) ** 2 / len(a) + sd(b) ** 2 / len(b)) if len(a) > 1 and len(b) > 1 else float("nan")
    mb = mean(b)
    return 100 * (mean(a) / mb - 1), 100 * 1.96 * se / mb


paired = []
for s in sorted(alter_secs):
    around = [reports[x][0] for x in (s - 1, s + 1) if x in reports and x not in alter_secs]
    if s in reports and around and mean(around) > 0:
        paired.append(reports[s][0] / mean(around))
pm, pci = 100 * (mean(paired) - 1), 100 * 1.96 * sd(paired) / math.sqrt(len(paired)) if len(paired) > 1 else float("nan")
d, dci = diff(A, O)
dn, dnci = diff(nxt, rest)


def pct(v, p):
    v = sorted(v)
    return v[min(len(v) - 1, int(round(p / 100.0 * (len(v) - 1))))] if v else float("nan")


ms = {k: [(e - s) * 1000 for kk, s, e, _ in alters if kk == k] for k, _ in stmts}
ddl_errs = [("%s: %s" % (k, err)) for k, _, _, err in alters if err]
for k, v in ms.items():
    print("%s %-11s n=%d min %.1f median %.1f p90 %.1f max %.1f ms; under 50 ms: %d of %d" % (
        label, k, len(v), min(v), pct(v, 50), pct(v, 90), max(v), sum(1 for x in v if x < 50), len(v)))
print("%s ALTER seconds %d: %.1f tps (sd %.1f); other seconds %d: %.1f tps (sd %.1f); ALTER seconds %+.1f%% +- %.1f%% (95%%)" % (
    label, len(A), mean(A), sd(A), len(O), mean(O), sd(O), d, dci))
print("%s paired (ALTER second / mean of the seconds around it), n=%d: %+.1f%% +- %.1f%% (95%%), median %+.1f%%" % (
    label, len(paired), pm, pci, 100 * (pct(paired, 50) - 1)))
print("%s seconds after an ALTER second %d: %.1f tps, against the rest %d: %.1f tps: %+.1f%% +- %.1f%% (95%%)" % (
    label, len(nxt), mean(nxt), len(rest), mean(rest), dn, dnci))
print("%s client errors in the ALTER phase %d; DDL errors %d %s; sysbench's clock starts %.3f s after SB_START_EPOCH" % (
    label, errs_client, len(ddl_errs), "; ".join(ddl_errs[:3]), zero[0]))

if os.environ.get("SUMMARY_FILE"):
    def dist(v):
        return "%.1f / %.1f / %.1f ms (%d of %d)" % (pct(v, 50), pct(v, 90), max(v), sum(1 for x in v if x < 50), len(v))
    with open(os.environ["SUMMARY_FILE"], "a") as f:
        f.write("| %s | %s | %s | %.1f (sd %.1f, n %d) | %.1f (sd %.1f, n %d) | %+.1f%% +- %.1f%% | %+.1f%% +- %.1f%% (median %+.1f%%) | %+.1f%% +- %.1f%% | %d%s |\n" % (
            label, dist(ms["ADD COLUMN"]), dist(ms["DROP COLUMN"]), mean(A), sd(A), len(A), mean(O), sd(O), len(O),
            d, dci, pm, pci, 100 * (pct(paired, 50) - 1), dn, dnci, errs_client, ", DDL errors %d" % len(ddl_errs) if ddl_errs else ""))
