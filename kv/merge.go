package kv

import (
	"encoding/binary"
	"errors"
	"io"

	"github.com/cockroachdb/pebble"
)

// Counters that only grow (AUTO_INCREMENT high-water marks) are written as
// Pebble merge operands whose merge is the maximum. Concurrent transactions
// can raise the same counter without conflicting and without reading it,
// and the stored value is the largest ever committed.
//
// The merger's name is recorded in the store: it must never change.
//
// Row counts (rowcount.go) share the merger, told apart by their operand
// length (9 bytes, not 8): the name is fixed in existing stores, and kv
// does not know which key is which.
var maxMerger = &pebble.Merger{
	Name: "myriad.max.v1",
	Merge: func(key, value []byte) (pebble.ValueMerger, error) {
		if len(value) == countLen {
			c := &countValue{}
			return c, c.add(value)
		}
		m := &maxValue{}
		return m, m.add(value)
	},
}

type maxValue struct{ v uint64 }

var errBadCounter = errors.New("kv: counter operand is not 8 bytes")

func (m *maxValue) add(b []byte) error {
	if len(b) != 8 {
		return errBadCounter
	}
	if v := binary.BigEndian.Uint64(b); v > m.v {
		m.v = v
	}
	return nil
}

func (m *maxValue) MergeNewer(b []byte) error { return m.add(b) }
func (m *maxValue) MergeOlder(b []byte) error { return m.add(b) }
func (m *maxValue) Finish(bool) ([]byte, io.Closer, error) {
	return binary.BigEndian.AppendUint64(nil, m.v), nil, nil
}

// RaiseCounter raises the counter at key to at least v when the Txn
// commits. It takes part in no conflict check and is kept if the statement
// that raised it is rolled back to a savepoint (like InnoDB's AUTO_INCREMENT,
// a counter never goes back), but not if the whole Txn rolls back.
func (t *Txn) RaiseCounter(key []byte, v uint64) {
	if t.done {
		return
	}
	t.begin()
	if t.counters == nil {
		t.counters = map[string]uint64{}
	}
	if v > t.counters[string(key)] {
		t.counters[string(key)] = v
	}
}

// SetCounter makes the counter at key v when the Txn commits, even below
// its value (ALTER TABLE ... AUTO_INCREMENT=n lowers MySQL's persisted
// counter). Counters raised in the same Txn still raise it past v. Unlike
// RaiseCounter it is a write of the key: the caller keeps concurrent
// raisers away (the ALTER holds the table exclusively).
func (t *Txn) SetCounter(key []byte, v uint64) {
	t.Set(key, binary.BigEndian.AppendUint64(nil, v))
}

// Counter reads a counter's committed value (0 if never raised). The first
// insert into a table since the restart reads its AUTO_INCREMENT counter,
// which no memtable holds unless the table was written since the last
// flush: getFiltered reads it from the sstables alone (unflushed.go).
func (db *DB) Counter(key []byte) (uint64, error) {
	v, ok, err := db.getFiltered(key)
	if err != nil || !ok {
		return 0, err
	}
	if len(v) != 8 {
		return 0, errBadCounter
	}
	return binary.BigEndian.Uint64(v), nil
}
