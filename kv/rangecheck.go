package kv

import (
	"bytes"
	"sort"
)

// One-way range checks. TouchRange makes a range conflict both ways: the
// Txn fails if someone wrote in the range since it started, and whoever
// started before its commit and writes in the range fails too. A Txn that
// derives a value from a range it read (a table's row count taken by a
// scan) needs only the first half: its value is wrong if a write landed in
// the range after its snapshot, but writes committed after it are fine (a
// row count's deltas merge on top of the stored base). With TouchRange,
// such a reader made every writer of the table that was open at its
// commit fail with ErrConflict.

// CheckRange makes the Txn's commit fail with ErrConflict if anything in
// [start, end) (a point key, a range deletion, a touched range, a spilled
// commit's keys) was committed after the Txn started. Unlike TouchRange it
// is not recorded: later commits of other Txns never conflict with it.
func (t *Txn) CheckRange(start, end []byte) {
	if t.done {
		return
	}
	t.begin()
	t.checked = append(t.checked, keyRange{start: append([]byte(nil), start...), end: cloneOrNil(end)})
}

// changedIn reports whether anything recorded with a version greater than
// start lies in one of rs. Point keys are compared whatever the
// committers' modes: the check is about what the reader read, not about
// lost updates.
func (tr *tracker) changedIn(start uint64, rs []keyRange) bool {
	if len(rs) == 0 {
		return false
	}
	if start < tr.floor {
		return true
	}
	for i := len(tr.ranges) - 1; i >= 0 && tr.ranges[i].ver > start; i-- {
		for _, r := range rs {
			if overlaps(tr.ranges[i].r, r) {
				return true
			}
		}
	}
	live := tr.recs[tr.head:]
	for i := len(live) - 1; i >= 0 && live[i].ver > start; i-- {
		keys := live[i].keys
		for _, r := range rs {
			// A commit's keys are in ascending order (trackedKeys): a
			// search per range, not a walk of every key. A read copy's
			// checks (readcopy.go) look back over every batch an index
			// build committed since the copy.
			j := sort.Search(len(keys), func(j int) bool { return keys[j] >= string(r.start) })
			if j < len(keys) && (r.end == nil || keys[j] < string(r.end)) {
				return true
			}
		}
	}
	return false
}

// overlaps reports whether [a.start, a.end) and [b.start, b.end) share a
// key (a nil end is unbounded).
func overlaps(a, b keyRange) bool {
	return (b.end == nil || bytes.Compare(a.start, b.end) < 0) && (a.end == nil || bytes.Compare(b.start, a.end) < 0)
}
