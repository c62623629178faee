package catalog

import (
	"bytes"

	"github.com/myriaddb/myriad/keys"
)

// warmChunk is how many records one iterator of Warm reads before it is
// closed and stop is looked at, so Close never waits long for it.
const warmChunk = 4096

// Warm reads the table records of every schema in key order, then every
// table's AUTO_INCREMENT counter (keys.AllAutoIncs), up to maxBytes in all,
// so their blocks are in the store's block cache: after a restart a
// definition-cache miss, and the first insert into a table, would otherwise
// read its block from a file (a syscall and a decompression; with inserts
// spread over 1M tables, most of the cost of such a statement). The keys it
// reads also fill the store's presence filters of both spans
// (kv.DB.WatchPresence, PresenceFilterBytes each): every CREATE TABLE reads
// the record of a table that does not exist yet, and most tables have no
// counter, so those reads then cost no Pebble seek. It returns early when
// stop is closed. Reading it takes ~0.3 s per million tables; the server
// runs it in the background after startup.
func (c *Catalog) Warm(stop <-chan struct{}, maxBytes int64) (records int, read int64, err error) {
	for i, span := range [][2][]byte{spanOf(keys.AllTableRecords()), spanOf(keys.AllAutoIncs())} {
		if stopped(stop) {
			break
		}
		w := c.db.WatchPresence(span[0], span[1], PresenceFilterBytes)
		// The table records also fill the definition cache's record tier
		// (rectier.go).
		n, done, err := c.warmSpan(stop, span, maxBytes-read, w.Add, i == 0)
		records += n
		read += done
		if err != nil || read >= maxBytes || stopped(stop) {
			// Some keys may not have been seen.
			w.Abandon()
			return records, read, err
		}
		w.Complete()
	}
	return records, read, nil
}

// PresenceFilterBytes is the size of each span's presence filter: a
// false-positive rate of ~0.1% at a million keys, ~5% at five million
// (each false positive is one read, as without the filter).
const PresenceFilterBytes = 4 << 20

func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

func spanOf(lo, hi []byte) [2][]byte { return [2][]byte{lo, hi} }

// warmSpan reads span in chunks, up to maxBytes, calling each (when set)
// with every key.
func (c *Catalog) warmSpan(stop <-chan struct{}, span [2][]byte, maxBytes int64, each func(key []byte), keep bool) (records int, read int64, err error) {
	lo, hi := span[0], span[1]
	for {
		select {
		case <-stop:
			return records, read, nil
		default:
		}
		// Read before the iterator's snapshot is: a definition changed
		// after it is not kept (defCache.putRecord).
		gens := c.cache.gens()
		it, err := c.db.NewIter(lo, hi)
		if err != nil {
			return records, read, err
		}
		n := 0
		var last []byte
		for ok := it.First(); ok && n < warmChunk; ok = it.Next() {
			read += int64(len(it.Key()) + len(it.Value()))
			if each != nil {
				each(it.Key())
			}
			if keep {
				c.cache.putRecordGens(string(it.Key()), it.Value(), &gens)
			}
			n++
			last = append(last[:0], it.Key()...)
		}
		err = it.Error()
		if cerr := it.Close(); err == nil {
			err = cerr
		}
		records += n
		if err != nil || n < warmChunk || read >= maxBytes {
			return records, read, err
		}
		// The next chunk starts right after the last key read.
		lo = append(bytes.Clone(last), 0)
	}
}
