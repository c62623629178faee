package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// Where AUTO_INCREMENT counters live. Stores written before keys.AutoInc
// kept each table's counter inside its data span, among its rows: the first
// insert into a table after a restart read it from sstable blocks nobody
// had loaded (17% of the server's CPU inserting into random tables of 1M).
// Counters are now written only under keys.AutoInc, in one catalog span the
// warm-up loads. For a store that still holds the old ones:
//
//   - the marker keys.Format(autoIncFormat) holds "below": only tables whose
//     ID is below it may have an old counter (every ID the catalog handed
//     out before this build first opened the store is below the ID
//     high-water mark it read). Without a marker every table may.
//   - while below > 0, a table under it reads both keys and takes the larger
//     (the old one first: MoveLegacyCounters moves a counter by raising the
//     new key and deleting the old one in one commit, so a read between
//     the two sees it in the second).
//   - MoveLegacyCounters moves the old counters in batches, then sets the
//     marker to 0. A batch deletes each old key it moved, so a DROP or
//     TRUNCATE of one of its tables committed after the batch began (a
//     range tombstone over the old key) fails the batch with a conflict
//     and it is redone from a newer snapshot: no counter outlives its table.
const autoIncFormat = "autoinc"

// legacyCountersAll is "below" when the marker could not be read or
// written: every table reads both keys.
const legacyCountersAll = math.MaxUint64

// openAutoIncFormat reads the marker, writing it for a store that has none:
// a new store (no ID ever handed out) has no old counters.
func (e *Engine) openAutoIncFormat() {
	e.legacyBelow.Store(legacyCountersAll)
	v, ok, err := e.db.Get(keys.Format(autoIncFormat))
	if err != nil {
		return
	}
	if ok {
		if len(v) == 8 {
			e.legacyBelow.Store(binary.BigEndian.Uint64(v))
		}
		return
	}
	var below uint64
	if ids, ok, err := e.db.Get(keys.IDs()); err != nil {
		return
	} else if ok && len(ids) == 8 {
		below = binary.BigEndian.Uint64(ids)
	} else if ok {
		return
	}
	// Lost in a crash before it reached the disk, it is written again at
	// the next start with a higher ID: more tables read both keys, none
	// fewer.
	tx := e.db.Begin()
	tx.Set(keys.Format(autoIncFormat), binary.BigEndian.AppendUint64(nil, below))
	if tx.Commit() == nil {
		e.legacyBelow.Store(below)
	}
}

// LegacyCounters reports whether some table may still keep its
// AUTO_INCREMENT counter in the old place (MoveLegacyCounters has work).
func (e *Engine) LegacyCounters() bool { return e.legacyBelow.Load() > 0 }

// persistedAutoInc is the committed AUTO_INCREMENT high-water mark of t (0
// when nothing raised it).
func (e *Engine) persistedAutoInc(t *catalog.Table) (uint64, error) {
	var old uint64
	if t.ID < e.legacyBelow.Load() {
		v, err := e.db.Counter(t.LegacyCounterKey())
		if err != nil {
			return 0, err
		}
		old = v
	}
	v, err := e.db.Counter(t.CounterKey())
	if err != nil {
		return 0, err
	}
	return max(v, old), nil
}

// autoIncReader reads the AUTO_INCREMENT counters of many tables through one
// consistent view, an iterator per place seeking from counter to counter (a
// point read per table was a third of a 100-table clone). Whether the old
// place is read is decided by the marker as of the same view: a retained
// snapshot from before the move still finds the old counters.
type autoIncReader struct {
	cur, legacy *kv.Iter
	below       uint64
}

func newAutoIncReader(r catalog.Reader) (*autoIncReader, error) {
	ar := &autoIncReader{below: legacyCountersAll}
	if v, ok, err := r.Get(keys.Format(autoIncFormat)); err != nil {
		return nil, err
	} else if ok && len(v) == 8 {
		ar.below = binary.BigEndian.Uint64(v)
	}
	var err error
	if ar.cur, err = r.NewIter(keys.AllAutoIncs()); err != nil {
		return nil, err
	}
	if ar.below > 0 {
		if ar.legacy, err = r.NewIter(keys.DataSpan()); err != nil {
			ar.cur.Close()
			return nil, err
		}
	}
	return ar, nil
}

func (ar *autoIncReader) Close() {
	ar.cur.Close()
	if ar.legacy != nil {
		ar.legacy.Close()
	}
}

// read returns the counter of table tableID of data schema dataSchemaID (0
// if it has none).
func (ar *autoIncReader) read(dataSchemaID, tableID uint64) (uint64, error) {
	v, err := seekCounter(ar.cur, keys.AutoInc(dataSchemaID, tableID))
	if err != nil || ar.legacy == nil || tableID >= ar.below {
		return v, err
	}
	old, err := seekCounter(ar.legacy, keys.Counter(dataSchemaID, tableID))
	return max(v, old), err
}

func seekCounter(it *kv.Iter, key []byte) (uint64, error) {
	if it.SeekGE(key) && bytes.Equal(it.Key(), key) {
		v := it.Value()
		if len(v) != 8 {
			return 0, fmt.Errorf("myriad: malformed AUTO_INCREMENT counter %x", key)
		}
		return binary.BigEndian.Uint64(v), nil
	}
	return 0, it.Error()
}

// StartMovingLegacyCounters runs MoveLegacyCounters in the background
// when the store has old counters; Shutdown stops it (the next start goes
// on). done gets its result.
func (e *Engine) StartMovingLegacyCounters(done func(moved int, err error)) bool {
	if !e.LegacyCounters() {
		return false
	}
	e.bg.Add(1)
	go func() {
		defer e.bg.Done()
		n, err := e.MoveLegacyCounters(e.bgCtx)
		if done != nil {
			done(n, err)
		}
	}()
	return true
}

// Batch bounds of MoveLegacyCounters: counters moved and tables looked at
// per commit.
const (
	moveCountersBatch = 2048
	moveTablesBatch   = 16384
)

// MoveLegacyCounters moves every AUTO_INCREMENT counter still kept in a
// table's data span to keys.AutoInc, then marks the store as having none
// (see the top of this file). It reads each table's first key (an old
// counter sorts first in its span) and seeks past the rest of the table, so
// it reads about one block per table however many rows the table has. It
// returns the number moved; stopped by ctx it returns early, and the next
// start continues (moved counters stay moved).
func (e *Engine) MoveLegacyCounters(ctx context.Context) (int, error) {
	if !e.LegacyCounters() {
		return 0, nil
	}
	lo, hi := keys.DataSpan()
	from := lo
	moved := 0
	for from != nil {
		if err := ctx.Err(); err != nil {
			return moved, err
		}
		next, n, err := e.moveCounterBatch(from, hi)
		if errors.Is(err, kv.ErrConflict) {
			continue // a table of the batch was dropped meanwhile: read it again
		}
		if err != nil {
			return moved, err
		}
		moved += n
		from = next
	}
	tx := e.db.Begin()
	tx.Set(keys.Format(autoIncFormat), binary.BigEndian.AppendUint64(nil, 0))
	if err := tx.Commit(); err != nil {
		return moved, err
	}
	e.legacyBelow.Store(0)
	return moved, nil
}

// moveCounterBatch moves the old counters of the tables from key from on,
// up to the batch bounds, in one commit, and returns where the next batch
// starts (nil: the data span is done).
func (e *Engine) moveCounterBatch(from, hi []byte) ([]byte, int, error) {
	tx := e.db.Begin()
	defer tx.Rollback()
	it, err := tx.NewIter(from, hi)
	if err != nil {
		return nil, 0, err
	}
	var next []byte
	n, tables := 0, 0
	for ok := it.First(); ok; {
		if n >= moveCountersBatch || tables >= moveTablesBatch {
			next = bytes.Clone(it.Key())
			break
		}
		tables++
		k, perr := keys.Parse(it.Key())
		if perr != nil {
			// Not a key this build writes (myriad check reports it).
			ok = it.Next()
			continue
		}
		if k.Kind == keys.KindCounter && len(k.Rest) == 0 {
			v := it.Value()
			if len(v) != 8 {
				it.Close()
				return nil, 0, fmt.Errorf("myriad: malformed AUTO_INCREMENT counter %x", it.Key())
			}
			tx.RaiseCounter(keys.AutoInc(k.SchemaID, k.TableID), binary.BigEndian.Uint64(v))
			tx.Delete(it.Key())
			n++
		}
		ok = it.SeekGE(keys.PrefixEnd(keys.TableData(k.SchemaID, k.TableID)))
	}
	if err := it.Error(); err != nil {
		it.Close()
		return nil, 0, err
	}
	it.Close()
	if moveCountersFault != nil {
		moveCountersFault()
	}
	return next, n, tx.Commit()
}

// moveCountersFault, when set (tests), runs before each batch of
// MoveLegacyCounters commits.
var moveCountersFault func()
