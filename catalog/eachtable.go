package catalog

import (
	"bytes"

	"github.com/myriaddb/myriad/keys"
)

// EachTableBatch hands fn every schema's decoded table definitions, at most
// n at a time, reading each batch with its own short iterator over the
// committed state. Start-up passes over every table (key-format and JSON
// text upgrades) use it instead of collecting the definitions: at a million
// tables those decoded definitions held ~1.7 GB of Go heap, and the
// collector's goal (GOGC 200) tripled that peak for the rest of the run
// (docs/BENCHMARKS.md, mem1m). No iterator is open while fn runs, so fn may
// commit without an iterator pinning every memtable flushed meanwhile; a
// record fn rewrites under its own key is not handed out again.
func (c *Catalog) EachTableBatch(n int, fn func(*Schema, []*Table) error) error {
	if n < 1 {
		n = 1
	}
	slo, shi := keys.SchemaRecords()
	for from := slo; from != nil; {
		var ss []*Schema
		next, err := scanBatch(c.db, from, shi, n, func(v []byte) error {
			s, err := decodeSchema(v)
			ss = append(ss, s)
			return err
		})
		if err != nil {
			return err
		}
		for _, s := range ss {
			lo, hi := keys.TableRecords(s.ID)
			for tfrom := lo; tfrom != nil; {
				var ts []*Table
				tnext, err := scanBatch(c.db, tfrom, hi, n, func(v []byte) error {
					t, err := decodeTable(v, s.Name)
					ts = append(ts, t)
					return err
				})
				if err != nil {
					return err
				}
				if len(ts) > 0 {
					if err := fn(s, ts); err != nil {
						return err
					}
				}
				tfrom = tnext
			}
		}
		from = next
	}
	return nil
}

// scanBatch calls fn for at most n values of [lo, hi) and closes its
// iterator; next is the key the following batch starts at, nil when the
// span is done.
func scanBatch(r Reader, lo, hi []byte, n int, fn func(v []byte) error) (next []byte, err error) {
	it, err := r.NewIter(lo, hi)
	if err != nil {
		return nil, err
	}
	count := 0
	for ok := it.First(); ok; ok = it.Next() {
		if count == n {
			next = bytes.Clone(it.Key())
			break
		}
		if err := fn(it.Value()); err != nil {
			it.Close()
			return nil, err
		}
		count++
	}
	if err := it.Error(); err != nil {
		it.Close()
		return nil, err
	}
	return next, it.Close()
}
