package kv

import (
	"bytes"

	"github.com/cockroachdb/pebble"
)

// A point read of a key that is usually absent (the primary-key check of
// an INSERT, Txn.GetLatest) goes through a Pebble iterator's prefix seek
// with the bottom level's bloom filters, where Pebble's Get reads them on
// every level but L6: Get assumes the key is likely there and a read of L6
// should find it, so for an absent key it seeks L6's index and reads the
// data block the key would be in, mostly not in the block cache when the
// rows of a million tables are spread over L6. The filters are written on
// every level already (Open's LevelOptions); this only reads them.

// wholeKeyComparer is Pebble's default (bytewise) comparer with Split
// saying a key's bloom-filter prefix is the whole key, which is what
// Pebble's Get and sstable writer use when Split is nil, so stores written
// before keep their filters; a prefix seek needs Split to be set. The name
// is the default's, so existing stores open with it.
var wholeKeyComparer = func() *pebble.Comparer {
	c := *pebble.DefaultComparer
	c.Split = func(a []byte) int { return len(a) }
	return &c
}()

// getFiltered is Get for a key that is likely absent. When no memtable
// holds a write of the key (unflushed.go) it reads the sstables only.
func (db *DB) getFiltered(key []byte) (val []byte, ok bool, err error) {
	db.closeMu.RLock()
	defer db.closeMu.RUnlock()
	if db.closed.Load() {
		return nil, false, ErrClosed
	}
	if db.knownAbsent(key, 0, true) {
		return nil, false, nil
	}
	// The filter before the iterator: see unflushed.go.
	durable := !db.uf.mayHold(key)
	if durable {
		db.uf.durable.Add(1)
	}
	it, err := db.pdb.NewIter(&pebble.IterOptions{UseL6Filters: true, OnlyReadGuaranteedDurable: durable})
	if err != nil {
		return nil, false, err
	}
	if it.SeekPrefixGE(key) && bytes.Equal(it.Key(), key) {
		var v []byte
		if v, err = it.ValueAndErr(); err == nil {
			val, ok = append(make([]byte, 0, len(v)), v...), true
		}
	}
	if cerr := it.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, false, err
	}
	return val, ok, nil
}
