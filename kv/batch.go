package kv

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/cockroachdb/pebble"
)

type opKind uint8

const (
	opSet opKind = iota
	opDelete
	opDeleteRange
	opTouchRange
)

type wbOp struct {
	kind opKind
	a, b []byte // key and value, or range start and end
}

// WriteBatch is a non-transactional atomic write for DB.Apply (the DDL
// path). It is not safe for concurrent use.
type WriteBatch struct {
	ops []wbOp
}

// NewWriteBatch returns an empty batch.
func NewWriteBatch() *WriteBatch { return &WriteBatch{} }

// Set writes key=val (both copied).
func (wb *WriteBatch) Set(key, val []byte) {
	wb.ops = append(wb.ops, wbOp{kind: opSet, a: clone(key), b: clone(val)})
}

// Delete deletes key.
func (wb *WriteBatch) Delete(key []byte) {
	wb.ops = append(wb.ops, wbOp{kind: opDelete, a: clone(key)})
}

// DeleteRange deletes every key in [start, end) with one Pebble range
// tombstone. end must be greater than start.
func (wb *WriteBatch) DeleteRange(start, end []byte) {
	wb.ops = append(wb.ops, wbOp{kind: opDeleteRange, a: clone(start), b: cloneOrNil(end)})
}

// TouchRange changes no data; it only marks [start, end) (end nil =
// unbounded) as written for conflict detection, so that every open Txn that
// started before the Apply and writes a key in the range fails with
// ErrConflict (e.g. an ALTER TABLE that rewrote a table).
func (wb *WriteBatch) TouchRange(start, end []byte) {
	wb.ops = append(wb.ops, wbOp{kind: opTouchRange, a: clone(start), b: cloneOrNil(end)})
}

// deleteOnly reports whether the batch adds no values (see spaceGuard).
func (wb *WriteBatch) deleteOnly() bool {
	for _, op := range wb.ops {
		if op.kind == opSet {
			return false
		}
	}
	return true
}

// Len returns the number of operations in the batch.
func (wb *WriteBatch) Len() int { return len(wb.ops) }

// Reset empties the batch for reuse.
func (wb *WriteBatch) Reset() { wb.ops = wb.ops[:0] }

func clone(b []byte) []byte { return append([]byte{}, b...) }

// errBadRange is returned by Apply for a range with end <= start (or a
// DeleteRange without end).
var errBadRange = errors.New("kv: invalid range: end must be greater than start")

// Apply writes b atomically (durable per Options.Durability) and records its
// keys and ranges in the conflict tracker: any open Txn that started before
// the Apply and writes a key it wrote, or a key inside one of its
// DeleteRange/TouchRange ranges, fails with ErrConflict at commit. Apply
// itself never conflicts: DDL wins.
func (db *DB) Apply(wb *WriteBatch) error {
	if wb == nil || len(wb.ops) == 0 {
		return nil
	}
	ws, err := wb.writeSet()
	if err != nil {
		return err
	}
	b, err := db.buildBatch(wb)
	if err != nil {
		return err
	}
	if err := db.commit(&commitReq{batch: b, ws: ws, deleteOnly: wb.deleteOnly()}); err != nil {
		return err
	}
	if len(ws.Ranges()) > 0 {
		db.noteRangeDelete()
	}
	db.applied.Add(1)
	return nil
}

func (db *DB) buildBatch(wb *WriteBatch) (*pebble.Batch, error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, ErrClosed
	}
	b := db.pdb.NewBatch()
	for _, op := range wb.ops {
		var err error
		switch op.kind {
		case opSet:
			err = b.Set(op.a, op.b, nil)
		case opDelete:
			err = b.Delete(op.a, nil)
		case opDeleteRange:
			err = b.DeleteRange(op.a, op.b, nil)
		}
		if err != nil {
			_ = b.Close()
			return nil, fmt.Errorf("kv: build batch: %w", err)
		}
	}
	return b, nil
}

// batchSet is a WriteBatch's write set: sorted distinct point keys plus its
// ranges.
type batchSet struct {
	keys   [][]byte
	ranges []keyRange
}

func (wb *WriteBatch) writeSet() (*batchSet, error) {
	ws := &batchSet{}
	for _, op := range wb.ops {
		switch op.kind {
		case opSet, opDelete:
			ws.keys = append(ws.keys, op.a)
		case opDeleteRange, opTouchRange:
			if (op.kind == opDeleteRange && op.b == nil) ||
				(op.b != nil && bytes.Compare(op.a, op.b) >= 0) {
				return nil, fmt.Errorf("%w: [%q, %q)", errBadRange, op.a, op.b)
			}
			ws.ranges = append(ws.ranges, keyRange{start: op.a, end: op.b})
		}
	}
	slices.SortFunc(ws.keys, bytes.Compare)
	ws.keys = slices.CompactFunc(ws.keys, bytes.Equal)
	return ws, nil
}

func (s *batchSet) Len() int { return len(s.keys) }

func (s *batchSet) Has(key []byte) bool {
	_, ok := slices.BinarySearchFunc(s.keys, key, bytes.Compare)
	return ok
}

func (s *batchSet) AnyIn(start, end []byte) bool {
	i, _ := slices.BinarySearchFunc(s.keys, start, bytes.Compare)
	return i < len(s.keys) && (end == nil || bytes.Compare(s.keys[i], end) < 0)
}

func (s *batchSet) EachKey(fn func([]byte) bool) {
	for _, k := range s.keys {
		if !fn(k) {
			return
		}
	}
}

func (s *batchSet) Ranges() []keyRange { return s.ranges }
