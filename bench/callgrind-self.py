#!/usr/bin/env python3
"""Instructions per transaction from callgrind dumps (bench/callgrind-sysbench.sh).

  callgrind-self.py FILE:TRANSACTIONS ...          totals per transaction
  callgrind-self.py --top N FILE:TRANSACTIONS      the N functions of most self cost

Self (exclusive) costs only: Go's goroutine switches (gopark -> schedule ->
another goroutine) make callgrind's inclusive costs run through the
scheduler, so a caller's inclusive cost holds other goroutines' work.

"work" leaves out the Go scheduler's idle, steal and sysmon paths, which a
loaded machine inflates (they follow wall-clock time, not the workload);
"work-gc" also the garbage collector's background mark and sweep, which is
real but falls on a window of a few hundred transactions as whole cycles or
not at all. Allocation (mallocgc and its helpers) stays in both.
"""
import collections
import re
import sys

SCHED = re.compile(r'^runtime\.(sysmon|retake|lock2|unlock2|nanotime1|nanotime|usleep|findRunnable|stealWork|netpoll|'
                   r'checkdead|castogscanstatus|casfrom_Gscanstatus|incidlelocked|setBlockOnExitSyscall|futex|'
                   r'futexsleep|futexwakeup|notesleep|notewakeup|notetsleep_internal|notetsleep|schedule|park_m|'
                   r'runqgrab|runqsteal|mPark|stopm|startm|wakep|resetspinning|checkTimers|runtimer|pidleget|'
                   r'pidleput|exitsyscall|exitsyscallfast|entersyscall|reentersyscall|entersyscallblock|handoffp|'
                   r'osyield|procyield|epollwait|mcall|gosched_m|goschedImpl|ready|goready|runqput|runqget|'
                   r'globrunqget|acquirep|releasep|lock|unlock|netpollBreak|timeSleepUntil|checkIdleGCNoP|'
                   r'sched_getaffinity)(\.abi0)?$')
GC = re.compile(r'^runtime\.(scanObject|scanobject|scanblock|findObject|greyobject|tryDeferToSpanScan|scanObjectsSmall|'
                r'typePointers\.next|typePointers\.nextFast|\(\*pallocBits\)\.summarize|\(\*spanSet\)\.pop|'
                r'\(\*spanSet\)\.push|\(\*sweepLocked\)\.sweep|\(\*mheap\)\.freeSpanLocked|extractHeapBitsSmall|'
                r'gcDrain|gcDrainN|markroot|markrootBlock|scanstack|scanframeworker|\(\*gcWork\)\.\w+|'
                r'\(\*mspan\)\.typePointersOfUnchecked|\(\*mspan\)\.heapBitsSmallForAddr|\(\*gcBits\)\.\w+|'
                r'\(\*mspan\)\.countAlloc|bgsweep|sweepone|\(\*mheap\)\.nextSpanForSweep|'
                r'\(\*mspan\)\.markBitsForIndex|\(\*markBits\)\.\w+|spanOfHeap|\(\*mspan\)\.objIndex|'
                r'gcmarknewobject|\(\*pageAlloc\)\.\w+|\(\*scavengerState\)\.\w+|\(\*mspan\)\.refillAllocCache|'
                r'\(\*spanInlineMarkBits\)\.\w+|\(\*gcCPULimiterState\)\.\w+|markBitsForAddr|wbBufFlush1|'
                r'gcFlushBgCredit)(\.abi0)?$')


def self_costs(path):
    names, costs = {}, collections.Counter()
    fn, in_call = None, False

    def name(s):
        m = re.match(r'\((\d+)\)(?: (.*))?', s)
        if not m:
            return s
        if m.group(2):
            names[m.group(1)] = m.group(2)
        return names[m.group(1)]

    for line in open(path):
        line = line.rstrip('\n')
        if line.startswith('fn='):
            fn = re.sub(r"'\d+$", '', name(line[3:]))
        elif line.startswith('cfn='):
            name(line[4:])
        elif line.startswith('calls='):
            in_call = True
        elif line and (line[0].isdigit() or line[0] in '+-*'):
            parts = line.split()
            if len(parts) < 2:
                continue
            if in_call:
                in_call = False  # the call's inclusive cost: not self
            else:
                costs[fn] += int(parts[1])
    return costs


def main(argv):
    top = 0
    if argv[:1] == ['--top']:
        top, argv = int(argv[1]), argv[2:]
    for arg in argv:
        path, n = arg.rsplit(':', 1)
        n = int(n)
        c = self_costs(path)
        total = sum(c.values())
        sched = sum(v for f, v in c.items() if SCHED.match(f))
        gc = sum(v for f, v in c.items() if GC.match(f))
        print('%s: per transaction total %d, scheduler %d, gc %d, work %d, work-gc %d' % (
            path, total // n, sched // n, gc // n, (total - sched) // n, (total - sched - gc) // n))
        for f, v in c.most_common(top):
            print('  %6.2f%% %10d  %s' % (100 * v / total, v // n, f))


if __name__ == '__main__':
    main(sys.argv[1:])
