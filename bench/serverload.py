"""Shared by bench/online-ddl.py and bench/online-ddl-instant.py (imported,
not a program): the server process's CPU time, sampled from
/proc/PID/stat, so that a throughput window can also be given as
transactions per CPU-second of the server.

On the shared 2-core machine these benchmarks run on, the server's share
of the CPU swings 2x from one minute to the next with other jobs' load, and
sysbench's tps with it; transactions per server CPU-second moves with what
the server spends per transaction (what a DDL costs the foreground), not
with the share it gets. Set SERVER_PID to enable it; without it the
functions return NaN.
"""
import os, threading, time

_samples = []  # (epoch seconds, server CPU seconds)
_tick = os.sysconf("SC_CLK_TCK")


def _cpu(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # utime and stime are fields 14 and 15 of stat, 12 and 13 after the name
    return (int(fields[11]) + int(fields[12])) / _tick


def start():
    pid = int(os.environ.get("SERVER_PID") or 0)
    if not pid:
        return

    def loop():
        while True:
            try:
                _samples.append((time.time(), _cpu(pid)))
            except (OSError, ValueError):
                return
            time.sleep(0.25)

    threading.Thread(target=loop, daemon=True).start()


def cpu_between(a, b):
    """Server CPU seconds between epochs a and b (nearest samples), or NaN."""
    s = list(_samples)
    if len(s) < 2 or a < s[0][0] or b > s[-1][0] + 0.5:
        return float("nan")
    at = lambda t: min(s, key=lambda x: abs(x[0] - t))[1]
    return at(b) - at(a)
