"""Data of bench/online-ddl-side-by-side.sh's fast load (not a program on
its own): ROWS rows shaped as sysbench's oltp prepare makes them for
sbtest1 (id 1..ROWS; k uniform in 1..ROWS; c ten and pad five
dash-separated groups of 11 random digits), as tab-separated files of
PART rows each for LOAD DATA LOCAL INFILE, in DIR/part-NNN.tsv.

  python3 sbdata.py ROWS DIR [PART]

sysbench's own prepare sends every row as SQL text through one
connection: 5-6 min for 1,000,000 rows on either server on the shared
machine, the largest part of a side-by-side run. LOAD DATA of these files
from two clients is the same table in less (docs/BENCHMARKS.md, ddl16).
"""
import os, random, sys

rows, d = int(sys.argv[1]), sys.argv[2]
part = int(sys.argv[3]) if len(sys.argv) > 3 else 100000
os.makedirs(d, exist_ok=True)
r = random.Random(rows)
digits = "0123456789"


def groups(n):
    s = "".join(r.choices(digits, k=11 * n))
    return "-".join(s[i:i + 11] for i in range(0, 11 * n, 11))


for p, lo in enumerate(range(1, rows + 1, part)):
    with open(os.path.join(d, "part-%03d.tsv" % p), "w") as f:
        f.writelines("%d\t%d\t%s\t%s\n" % (i, r.randint(1, rows), groups(10), groups(5))
                     for i in range(lo, min(lo + part, rows + 1)))
