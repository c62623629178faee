package kv

// A recount's base as a merge operand. SetCount writes a base with Set,
// which replaces every delta under it: right when the count is taken in
// the transaction that makes the table's span (nothing else writes it
// yet), wrong for a recount of a table that writers keep changing, whose
// deltas committed between the recount's snapshot and its commit would be
// lost. So the recount (engine/rowcount.go) reads, at its snapshot, both
// the rows (n) and the deltas-only count value (d), and merges a base
// operand of n - d: merged with every delta committed up to its own
// commit, in commit order, it sums to n plus the deltas after the
// snapshot, the exact count, whatever writers committed meanwhile. One
// recount therefore always converges; the caller must keep two recounts of
// one key from both adding theirs, and check that no base was Set or the
// key range-deleted since its snapshot (CheckRange).

// AddCountBase merges at commit a count operand of n that carries a base
// flag: the key's value reads as exact from then on, and n adds to
// whatever operands it merges with (unlike SetCount, which replaces them).
// It follows savepoints like AddToCount.
func (t *Txn) AddCountBase(key []byte, n int64) {
	if t.done {
		return
	}
	t.begin()
	t.deltas = append(t.deltas, countDelta{key: append([]byte(nil), key...), n: n, r: len(t.ranges), base: true})
}
