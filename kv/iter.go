package kv

import (
	"bytes"
	"errors"

	"github.com/cockroachdb/pebble"
	"github.com/tidwall/btree"
)

// Iter iterates over keys in [lower, upper). For a Txn it merges the Txn's
// buffered writes over its snapshot: a buffered value shadows the snapshot's
// value of the same key, a buffered tombstone hides it.
//
// Positioning methods return whether the iterator is valid. Once it becomes
// invalid (exhausted), reposition it with First, Last, SeekGE or SeekLT; Next
// and Prev on an invalid iterator return false. Key and Value are valid until
// the next positioning call. Iter is not safe for concurrent use.
type Iter struct {
	pi *pebble.Iterator
	db *DB // told the iterator's wasted steps at close (versions.go)

	hasBuf bool
	bi     src   // the Txn's writes: bt alone, or a merge of it and the runs
	bt     btSrc // storage for bi when there are no runs
	bValid bool  // bi is positioned on an entry inside the bounds

	lower, upper []byte
	empty        bool // lower >= upper: nothing to iterate (Pebble must not see such bounds)

	dir     int8 // +1 forward, -1 reverse
	valid   bool
	fromBuf bool // the current entry is the buffer's
	both    bool // buffer and Pebble are both positioned on the current key

	err    error
	keyBuf []byte
	txn    *Txn
	closed bool
}

type iterSource interface {
	NewIter(*pebble.IterOptions) (*pebble.Iterator, error)
}

// layers are a Txn's buffered writes as an iterator or View sees them: a
// frozen buffer (nil if empty) over the runs spilled before it.
type layers struct {
	bt   *btree.BTreeG[bufEntry]
	runs []*run
}

func newIter(db *DB, source iterSource, ly layers, txn *Txn, lower, upper []byte) (*Iter, error) {
	it := &Iter{db: db, lower: cloneOrNil(lower), upper: cloneOrNil(upper), txn: txn}
	if it.lower != nil && it.upper != nil && bytes.Compare(it.lower, it.upper) >= 0 {
		it.empty = true
		it.upper = it.lower // a valid (empty) range for Pebble's iterator
	}
	pi, err := source.NewIter(&pebble.IterOptions{LowerBound: it.lower, UpperBound: it.upper})
	if err != nil {
		return nil, err
	}
	it.pi = pi
	switch {
	case len(ly.runs) > 0:
		it.hasBuf = true
		it.bi = newMergeSrc(runSrcs(ly.runs, ly.bt, it.lower, it.upper))
	case ly.bt != nil:
		it.hasBuf = true
		it.bt = btSrc{bi: ly.bt.Iter()}
		it.bi = &it.bt
	}
	return it, nil
}

// errIterClosed is returned by Error after Close.
var errIterClosed = errors.New("kv: iterator is closed")

func (it *Iter) usable() bool {
	if it.closed || it.empty {
		it.valid = false
		return false
	}
	return true
}

// First moves to the first key.
func (it *Iter) First() bool {
	if !it.usable() {
		return false
	}
	it.dir = 1
	it.pi.First()
	it.bFirst()
	return it.settle()
}

// Last moves to the last key.
func (it *Iter) Last() bool {
	if !it.usable() {
		return false
	}
	it.dir = -1
	it.pi.Last()
	it.bLast()
	return it.settle()
}

// SeekGE moves to the first key >= k.
func (it *Iter) SeekGE(k []byte) bool {
	if !it.usable() {
		return false
	}
	if it.lower != nil && bytes.Compare(k, it.lower) < 0 {
		k = it.lower
	}
	it.dir = 1
	it.pi.SeekGE(k)
	it.bSeekGE(k)
	return it.settle()
}

// SeekLT moves to the last key < k.
func (it *Iter) SeekLT(k []byte) bool {
	if !it.usable() {
		return false
	}
	if it.upper != nil && bytes.Compare(k, it.upper) > 0 {
		k = it.upper
	}
	it.dir = -1
	it.pi.SeekLT(k)
	it.bSeekLT(k)
	return it.settle()
}

// Next moves to the next key.
func (it *Iter) Next() bool {
	if !it.usable() || !it.valid {
		return false
	}
	if it.dir < 0 {
		// Reposition both sides just after the current key.
		it.keyBuf = append(append(it.keyBuf[:0], it.Key()...), 0)
		it.dir = 1
		it.pi.SeekGE(it.keyBuf)
		it.bSeekGE(it.keyBuf)
		return it.settle()
	}
	if it.fromBuf {
		it.bNext()
		if it.both {
			it.pi.Next()
		}
	} else {
		it.pi.Next()
	}
	return it.settle()
}

// Prev moves to the previous key.
func (it *Iter) Prev() bool {
	if !it.usable() || !it.valid {
		return false
	}
	if it.dir > 0 {
		// Reposition both sides just before the current key.
		it.keyBuf = append(it.keyBuf[:0], it.Key()...)
		it.dir = -1
		it.pi.SeekLT(it.keyBuf)
		it.bSeekLT(it.keyBuf)
		return it.settle()
	}
	if it.fromBuf {
		it.bPrev()
		if it.both {
			it.pi.Prev()
		}
	} else {
		it.pi.Prev()
	}
	return it.settle()
}

// settle makes the current entry the next one in direction dir among the two
// sides, skipping buffered tombstones (and the snapshot keys they hide).
func (it *Iter) settle() bool {
	for {
		pv := it.pi.Valid()
		if !pv {
			if err := it.pi.Error(); err != nil {
				it.err = err
				it.valid = false
				return false
			}
		}
		bv := it.bValid
		if !bv && it.hasBuf {
			if err := it.bufErr(); err != nil {
				it.err = err
				it.valid = false
				return false
			}
		}
		if !pv && !bv {
			it.valid = false
			return false
		}
		var c int // < 0: buffer comes first, > 0: Pebble first, 0: same key
		switch {
		case !pv:
			c = -1
		case !bv:
			c = 1
		default:
			c = bytes.Compare(it.bi.Key(), it.pi.Key())
			if it.dir < 0 {
				c = -c
			}
		}
		if c > 0 {
			it.valid, it.fromBuf, it.both = true, false, false
			return true
		}
		if it.bi.Del() {
			if c == 0 {
				it.pStep()
			}
			it.bStep()
			continue
		}
		it.valid, it.fromBuf, it.both = true, true, c == 0
		return true
	}
}

func (it *Iter) pStep() {
	if it.dir > 0 {
		it.pi.Next()
	} else {
		it.pi.Prev()
	}
}

func (it *Iter) bStep() {
	if it.dir > 0 {
		it.bNext()
	} else {
		it.bPrev()
	}
}

// Buffer side. Each method leaves bValid true only if bi is on an entry
// inside [lower, upper).

func (it *Iter) inUpper(k []byte) bool { return it.upper == nil || bytes.Compare(k, it.upper) < 0 }
func (it *Iter) inLower(k []byte) bool { return it.lower == nil || bytes.Compare(k, it.lower) >= 0 }

func (it *Iter) bFirst() {
	if !it.hasBuf {
		return
	}
	if it.lower != nil {
		it.bSeekGE(it.lower)
		return
	}
	it.bValid = it.bi.First() && it.inUpper(it.bi.Key())
}

func (it *Iter) bLast() {
	if !it.hasBuf {
		return
	}
	if it.upper != nil {
		it.bSeekLT(it.upper)
		return
	}
	it.bValid = it.bi.Last() && it.inLower(it.bi.Key())
}

func (it *Iter) bSeekGE(k []byte) {
	if !it.hasBuf {
		return
	}
	it.bValid = it.bi.SeekGE(k) && it.inUpper(it.bi.Key())
}

func (it *Iter) bSeekLT(k []byte) {
	if !it.hasBuf {
		return
	}
	it.bValid = it.bi.SeekLT(k) && it.inLower(it.bi.Key())
}

func (it *Iter) bNext() {
	it.bValid = it.bi.Next() && it.inUpper(it.bi.Key())
}

func (it *Iter) bPrev() {
	it.bValid = it.bi.Prev() && it.inLower(it.bi.Key())
}

// Valid reports whether the iterator is positioned on a key.
func (it *Iter) Valid() bool { return it.valid && !it.closed }

// Key returns the current key, valid until the next positioning call. It
// must not be modified.
func (it *Iter) Key() []byte {
	if !it.Valid() {
		return nil
	}
	if it.fromBuf {
		return it.bi.Key()
	}
	return it.pi.Key()
}

// Value returns the current value, valid until the next positioning call. It
// must not be modified.
func (it *Iter) Value() []byte {
	if !it.Valid() {
		return nil
	}
	if it.fromBuf {
		v := it.bi.Val()
		if v == nil && it.hasBuf {
			if err := it.bufErr(); err != nil {
				it.err = err
			}
		}
		return v
	}
	v, err := it.pi.ValueAndErr()
	if err != nil {
		it.err = err
		return nil
	}
	return v
}

// Error returns the first error the iterator encountered.
func (it *Iter) Error() error {
	if it.err != nil {
		return it.err
	}
	if it.closed {
		return errIterClosed
	}
	if it.hasBuf {
		if err := it.bufErr(); err != nil {
			return err
		}
	}
	return it.pi.Error()
}

// Close releases the iterator. It is idempotent.
func (it *Iter) Close() error {
	if it.closed {
		return nil
	}
	if it.txn != nil {
		delete(it.txn.iters, it)
		it.txn = nil
	}
	return it.closeWith(nil)
}

// closeWith closes the iterator; a later Error returns cause if non-nil.
func (it *Iter) closeWith(cause error) error {
	if it.closed {
		return nil
	}
	it.closed = true
	it.valid = false
	if it.hasBuf {
		it.bi.Close()
	}
	if cause != nil {
		it.err = cause
	}
	if it.db != nil {
		st := it.pi.Stats()
		it.db.noteIterSteps(&st)
	}
	return it.pi.Close()
}

// bufErr is an error met reading a spilled run, if any.
func (it *Iter) bufErr() error {
	if m, ok := it.bi.(*mergeSrc); ok {
		return m.err()
	}
	return nil
}
