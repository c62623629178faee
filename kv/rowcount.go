package kv

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"

	"github.com/cockroachdb/pebble"
)

// Counts (exact row counts of tables) are kept as Pebble merge operands
// that add up, so concurrent inserts into one table never conflict on the
// count and nothing is read to maintain it. A count value is a flag byte
// and a big-endian int64:
//
//	'B' base: the value includes a full count (written with SetCount when
//	    the count was known: an empty new table, a recount); deltas merged
//	    on top of it keep it exact.
//	'D' deltas only: no base was ever written under them (a table from
//	    before counts existed), so the sum is not the count.
const (
	countLen  = 9
	countBase = 'B'
	countOnly = 'D'
)

var errBadCount = errors.New("kv: count operand is not 9 bytes")

type countDelta struct {
	key []byte
	n   int64
	r   int // len(Txn.ranges) when added: a later DeleteRange over key drops it
	// base: the operand carries a base (AddCountBase, countbase.go).
	base bool
}

// AddToCount adds n to the count at key when the Txn commits. Unlike
// RaiseCounter it follows savepoints (a statement rolled back takes its
// deltas with it); like it, it takes part in no conflict check. Deltas to
// the key of the previous call since the last savepoint are coalesced, so a
// statement writing many rows of one table logs one entry.
func (t *Txn) AddToCount(key []byte, n int64) {
	if t.done || n == 0 {
		return
	}
	t.begin()
	if l := len(t.deltas); l > t.deltaFloor && t.deltas[l-1].r == len(t.ranges) && bytes.Equal(t.deltas[l-1].key, key) {
		t.deltas[l-1].n += n
		return
	}
	t.deltas = append(t.deltas, countDelta{key: append([]byte(nil), key...), n: n, r: len(t.ranges)})
}

// SetCount makes the count at key exactly n as of this Txn (a base value,
// buffered like Set: later deltas of any transaction add to it).
func (t *Txn) SetCount(key []byte, n int64) { t.Set(key, EncodeCount(n, true)) }

// EncodeCount is a count value (exact: a base).
func EncodeCount(n int64, exact bool) []byte {
	flag := byte(countOnly)
	if exact {
		flag = countBase
	}
	return binary.BigEndian.AppendUint64([]byte{flag}, uint64(n))
}

// DecodeCount reads a count value: exact reports whether it has a base.
func DecodeCount(v []byte) (n int64, exact bool, err error) {
	if len(v) != countLen || (v[0] != countBase && v[0] != countOnly) {
		return 0, false, errBadCount
	}
	return int64(binary.BigEndian.Uint64(v[1:])), v[0] == countBase, nil
}

// mergeDeltas adds the Txn's deltas to b, one operand per key. The batch
// applies them after the Txn's range deletions, so a delta to a key that
// the Txn range-deleted after adding it (ALTER TABLE's copy dropped by a
// second copy in the same statement) is left out rather than outliving its
// table.
func (t *Txn) mergeDeltas(b *pebble.Batch) error {
	return t.eachDelta(func(key, operand []byte) error { return b.Merge(key, operand, nil) })
}

// eachDelta calls fn with one merge operand per key (a copy) for the
// Txn's deltas; see mergeDeltas.
func (t *Txn) eachDelta(fn func(key, operand []byte) error) error {
	for i, d := range t.deltas {
		if d.key == nil || t.deletedAfter(d) {
			continue
		}
		// Fold later deltas of the same key into this one (a transaction
		// touches few tables: quadratic in the tables, with no map).
		n, base := d.n, d.base
		for j := i + 1; j < len(t.deltas); j++ {
			if e := &t.deltas[j]; e.key != nil && bytes.Equal(e.key, d.key) {
				if !t.deletedAfter(*e) {
					n += e.n
					base = base || e.base
				}
				e.key = nil
			}
		}
		if n == 0 && !base {
			continue
		}
		buf := make([]byte, countLen)
		buf[0] = countOnly
		if base {
			buf[0] = countBase
		}
		binary.BigEndian.PutUint64(buf[1:], uint64(n))
		if err := fn(d.key, buf); err != nil {
			return err
		}
	}
	return nil
}

// countValue sums count operands; the result is a base if any operand was
// (the oldest one, a SetCount, or an earlier merge result that had one).
type countValue struct {
	n    int64
	base bool
}

func (c *countValue) add(b []byte) error {
	n, exact, err := DecodeCount(b)
	if err != nil {
		return err
	}
	c.n += n
	c.base = c.base || exact
	return nil
}

func (c *countValue) MergeNewer(b []byte) error { return c.add(b) }
func (c *countValue) MergeOlder(b []byte) error { return c.add(b) }
func (c *countValue) Finish(bool) ([]byte, io.Closer, error) {
	return EncodeCount(c.n, c.base), nil, nil
}

// deletedAfter reports whether the Txn range-deleted d's key after adding d.
func (t *Txn) deletedAfter(d countDelta) bool {
	for _, r := range t.ranges[d.r:] {
		if bytes.Compare(d.key, r.start) >= 0 && (r.end == nil || bytes.Compare(d.key, r.end) < 0) {
			return true
		}
	}
	return false
}
