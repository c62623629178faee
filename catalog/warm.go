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
// spread over 1M tables, most of the cost of such a statement). It returns
// early when stop is closed. Reading it takes ~0.3 s per million tables;
// the server runs it in the background after startup.
func (c *Catalog) Warm(stop <-chan struct{}, maxBytes int64) (records int, read int64, err error) {
	for _, span := range [][2][]byte{spanOf(keys.AllTableRecords()), spanOf(keys.AllAutoIncs())} {
		n, done, err := c.warmSpan(stop, span[0], span[1], maxBytes-read)
		records += n
		read += done
		if err != nil || read >= maxBytes {
			return records, read, err
		}
		select {
		case <-stop:
			return records, read, nil
		default:
		}
	}
	return records, read, nil
}

func spanOf(lo, hi []byte) [2][]byte { return [2][]byte{lo, hi} }

func (c *Catalog) warmSpan(stop <-chan struct{}, lo, hi []byte, maxBytes int64) (records int, read int64, err error) {
	for {
		select {
		case <-stop:
			return records, read, nil
		default:
		}
		it, err := c.db.NewIter(lo, hi)
		if err != nil {
			return records, read, err
		}
		n := 0
		var last []byte
		for ok := it.First(); ok && n < warmChunk; ok = it.Next() {
			read += int64(len(it.Key()) + len(it.Value()))
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
