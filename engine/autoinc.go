package engine

import (
	"bytes"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// autoIncState is a table's AUTO_INCREMENT sequence. Like InnoDB's it is not
// transactional (a rolled-back insert leaves a gap) and it is shared by all
// sessions, so concurrent inserts never hand out the same value. As in MySQL
// 8 it survives restarts: every insert raises a max-merged counter in the
// same batch (no conflicts, no read), and the first use after a restart reads
// that counter (one point read; a reverse seek only for a table that never
// had a value), so nothing is read at startup.
//
// Loaded sequences are evicted when there are more than autoIncCap of them
// (autoIncSeqs): a sequence is evicted only when loading it again gives the
// same next value, so an eviction is never seen.
type autoIncState struct {
	mu     sync.Mutex
	loaded bool
	next   uint64
	// gen counts reservations, written values and sets, so a reservation
	// is given back only when nothing touched the sequence after it, and
	// a sequence nothing touched since its load may be loaded again.
	gen uint64
	// used: touched since the last sweep looked (the sweep's clock bit).
	used bool
	// evicted: no longer the table's sequence. A caller that got it from
	// autoIncFor before the eviction must not draw values from it (a new
	// sequence loaded from the counter could hand out the same ones): the
	// Engine's reserveAutoInc & co. fetch the table's sequence again.
	evicted bool
	// reloadExact: loading again computes next from the counter and the
	// definition alone (no reverse seek over rows that deletes may have
	// lowered), so while gen is 0 a reload gives the same next.
	reloadExact bool
	// id and dataSchemaID name the counter the sweep compares next with.
	id, dataSchemaID uint64
	// alias and aliasDS: the new table ID of a copying ALTER (and its
	// data schema) that shares this sequence with the old ID (shareAutoInc).
	// Only the alias's entry is evicted, against the alias's counter: the
	// old ID's counter is dropped with its table, and the alias's is
	// written only by the ALTER's transaction and later inserts, so a
	// counter at or past next there means the ALTER committed.
	alias, aliasDS uint64
	// committed: the table's committed counter (under id) is known to be at
	// least this, raised after a commit that raised the counter
	// (Transaction.noteCounter). A counter only grows while its table's
	// sequence is loaded (TRUNCATE and DROP delete it and forget the
	// sequence), so while next <= committed a reload gives at least next
	// and the sweep evicts without reading the counter: at 1M tables that
	// read was 40% of the sweep, itself ~4% of a random-table insert's CPU.
	committed uint64
}

func nowNanos() int64 { return time.Now().UnixNano() }

// autoIncCap is how many loaded sequences the Engine keeps before a sweep
// evicts idle ones (each is ~150 bytes of marked heap with its map entry;
// one per table ever inserted into was ~150 MB at 1M tables).
const autoIncCap = 1 << 16

// autoIncSeqs maps table ID -> *autoIncState. n approximates the entries
// (a Delete made elsewhere is not counted; a sweep recounts).
type autoIncSeqs struct {
	sync.Map
	n        atomic.Int64
	sweeping atomic.Bool
	// capacity overrides autoIncCap when > 0 (tests).
	capacity atomic.Int64
	// evictions counts sequences evicted (tests, and a hint for metrics).
	evictions atomic.Uint64
	// reads counts the counters sweeps read to decide an eviction (tests).
	reads atomic.Uint64
}

func (m *autoIncSeqs) limit() int64 {
	if c := m.capacity.Load(); c > 0 {
		return c
	}
	return autoIncCap
}

// autoIncFor returns t's loaded sequence. It may be evicted by the time the
// caller locks it; callers that draw values go through reserveAutoInc,
// observeAutoIncValue, peekAutoInc and setAutoInc, which retry.
func (e *Engine) autoIncFor(ctx *sql.Context, t *catalog.Table) (*autoIncState, error) {
	for {
		// Load before LoadOrStore: the new sequence LoadOrStore takes
		// would be allocated for every row, and thrown away but once.
		v, stored := e.autoInc.Load(t.ID)
		if !stored {
			v, stored = e.autoInc.LoadOrStore(t.ID, &autoIncState{})
		}
		st := v.(*autoIncState)
		if !stored {
			if e.autoInc.n.Add(1) > e.autoInc.limit() {
				e.sweepAutoIncLater()
			}
		}
		st.mu.Lock()
		if st.evicted {
			st.mu.Unlock()
			e.autoInc.CompareAndDelete(t.ID, st)
			continue
		}
		err := e.loadAutoInc(ctx, t, st)
		st.mu.Unlock()
		if err != nil {
			return nil, err
		}
		return st, nil
	}
}

// loadAutoInc fills st on its first use; st.mu is held.
func (e *Engine) loadAutoInc(ctx *sql.Context, t *catalog.Table, st *autoIncState) error {
	st.used = true
	if st.loaded {
		return nil
	}
	// Every write of an AUTO_INCREMENT value raises the persisted counter
	// past it, so when the counter exists it bounds the stored maximum;
	// the reverse seek is only for tables that never had one.
	persisted, err := e.persistedAutoInc(t)
	if err != nil {
		return err
	}
	st.next = persisted
	if persisted == 0 {
		var max uint64
		if !t.CounterExact {
			if max, err = e.maxAutoIncValue(ctx, t); err != nil {
				return err
			}
		}
		st.next = max + 1
	}
	if t.AutoIncStart > st.next {
		st.next = t.AutoIncStart
	}
	st.reloadExact = persisted > 0 || t.CounterExact
	st.id, st.dataSchemaID = t.ID, t.DataSchemaID
	st.loaded = true
	return nil
}

// autoIncDrawFault, when set (tests), runs between reserveAutoInc getting
// the sequence and drawing from it: where an eviction can come between.
var autoIncDrawFault func()

// reserveAutoInc is GetNextAutoIncrementValue's draw from t's sequence.
func (e *Engine) reserveAutoInc(ctx *sql.Context, t *catalog.Table, s *Session, given uint64, bulk bool) (uint64, error) {
	for {
		st, err := e.autoIncFor(ctx, t)
		if err != nil {
			return 0, err
		}
		if autoIncDrawFault != nil {
			autoIncDrawFault()
		}
		var v uint64
		var ok bool
		if bulk {
			v, ok = st.reserveBulk(s) // autoincbulk.go
		} else {
			v, ok = st.reserveFor(s, given)
		}
		if ok {
			return v, nil
		}
	}
}

// observeAutoIncValue moves t's sequence past v, a value a row brought,
// and returns the sequence.
func (e *Engine) observeAutoIncValue(ctx *sql.Context, t *catalog.Table, v uint64) (*autoIncState, error) {
	for {
		st, err := e.autoIncFor(ctx, t)
		if err != nil {
			return nil, err
		}
		if st.observe(v) {
			return st, nil
		}
	}
}

// peekAutoInc is t's next AUTO_INCREMENT value.
func (e *Engine) peekAutoInc(ctx *sql.Context, t *catalog.Table) (uint64, error) {
	for {
		st, err := e.autoIncFor(ctx, t)
		if err != nil {
			return 0, err
		}
		if v, ok := st.peekLive(); ok {
			return v, nil
		}
	}
}

// setAutoInc sets t's sequence to v, computed by the caller (after may
// lower the value it asked for, e.g. to past the stored maximum), and
// makes v t's persisted counter in tx. MySQL 8.0 persists the value ALTER
// TABLE ... AUTO_INCREMENT=n sets even below the counter's high-water
// mark (mysql-test innodb autoinc_persist, scenario 8: after deleting the
// rows above 120, AUTO_INCREMENT=120 gives 120 after a restart); the
// max-merged counter alone kept the mark, so a restart, or the sweep
// evicting the sequence, went back to it.
func (e *Engine) setAutoInc(ctx *sql.Context, tx *kv.Txn, t *catalog.Table, v func() (uint64, error)) error {
	for {
		st, err := e.autoIncFor(ctx, t)
		if err != nil {
			return err
		}
		n, err := v()
		if err != nil {
			return err
		}
		if st.setLive(n) {
			tx.SetCounter(t.CounterKey(), n)
			if t.ID < e.legacyBelow.Load() {
				// persistedAutoInc reads the larger of both places.
				tx.SetCounter(t.LegacyCounterKey(), n)
			}
			return nil
		}
	}
}

// sweepAutoIncLater starts a sweep unless one is running.
func (e *Engine) sweepAutoIncLater() { e.sweepLater(&e.autoInc, e.sweepAutoInc) }

// sweepRowIDsLater starts a sweep of the row-ID sequences unless one is
// running.
func (e *Engine) sweepRowIDsLater() { e.sweepLater(&e.rowIDSeq, e.sweepRowIDs) }

func (e *Engine) sweepLater(m *autoIncSeqs, sweep func()) {
	if !m.sweeping.CompareAndSwap(false, true) {
		return
	}
	e.bg.Add(1)
	go func() {
		defer e.bg.Done()
		defer m.sweeping.Store(false)
		sweep()
	}()
}

// counterReader reads the persisted counters of many sequences through one
// view, in key order.
type counterReader interface {
	read(dataSchemaID, tableID uint64) (uint64, error)
	Close()
}

func (e *Engine) sweepAutoInc() {
	e.sweepSeqs(&e.autoInc, keys.AutoInc, func() (counterReader, error) {
		ar, err := newAutoIncReader(e.db)
		if err != nil {
			return nil, err
		}
		return ar, nil
	})
}

func (e *Engine) sweepRowIDs() {
	e.sweepSeqs(&e.rowIDSeq, keys.RowIDCounter, func() (counterReader, error) {
		it, err := e.db.NewIter(keys.DataSpan())
		if err != nil {
			return nil, err
		}
		return rowIDReader{it}, nil
	})
}

// rowIDReader reads row-ID counters, which sit in their tables' spans.
type rowIDReader struct{ it *kv.Iter }

func (r rowIDReader) read(dataSchemaID, tableID uint64) (uint64, error) {
	return seekCounter(r.it, keys.RowIDCounter(dataSchemaID, tableID))
}

func (r rowIDReader) Close() { r.it.Close() }

// sweepSeqs evicts sequences of m until there are at most 3/4 of the cap:
// a clock over the map, which skips (and clears the bit of) sequences used
// since its last pass. It costs a pass over the map per cap/4 first
// touches, off the statement's path. key is where a sequence's counter is
// persisted, open reads those counters.
//
// A sequence is evicted only if loading it again gives the same next value:
// nothing touched it since a load that needs no scan, or the committed
// counter is at least next (every value handed out is below it, so none
// is in flight). A sequence whose next passed the counter (a rolled-back
// insert's gap, an insert not yet committed) stays: a reload would hand
// its values out again. The counters are read in key order through one
// view (counterReader), a seek from counter to counter: at 1M tables every
// first touch is a load's read, and a point read per eviction would add as
// much again.
func (e *Engine) sweepSeqs(m *autoIncSeqs, key func(dataSchemaID, tableID uint64) []byte, open func() (counterReader, error)) {
	low := m.limit() * 3 / 4
	for pass := 0; pass < 2; pass++ {
		target := m.n.Load() - low
		var seen, evicted int64
		type candidate struct {
			key    []byte
			id, ds uint64
			st     *autoIncState
			gen    uint64
		}
		var cands []candidate
		m.Range(func(k, v any) bool {
			if e.bgCtx.Err() != nil {
				return false
			}
			seen++
			id, st := k.(uint64), v.(*autoIncState)
			if evicted+int64(len(cands)) >= target {
				return true
			}
			st.mu.Lock()
			defer st.mu.Unlock()
			switch {
			case st.evicted:
			case st.used || !st.loaded:
				// Used since the last pass.
				st.used = false
				return true
			case st.alias != 0:
				// Shared by a copying ALTER's new ID with its old one:
				// evicted through the new ID alone, against its counter.
				if id != st.alias {
					return true
				}
				cands = append(cands, candidate{key: key(st.aliasDS, id), id: id, ds: st.aliasDS, st: st, gen: st.gen})
				return true
			case st.id != id:
				return true
			case st.gen == 0 && st.reloadExact:
				st.evicted = true
			case st.committed > 0 && st.next <= st.committed:
				// Every value handed out is below a committed counter
				// (st.mu is held: none can be handed out meanwhile).
				st.evicted = true
			default:
				cands = append(cands, candidate{key: key(st.dataSchemaID, id), id: id, ds: st.dataSchemaID, st: st, gen: st.gen})
				return true
			}
			m.CompareAndDelete(id, st)
			m.evictions.Add(1)
			evicted++
			return true
		})
		if e.bgCtx.Err() != nil {
			return
		}
		if len(cands) > 0 {
			slices.SortFunc(cands, func(a, b candidate) int { return bytes.Compare(a.key, b.key) })
			// The view is taken after every candidate's gen was read: a
			// counter it shows at or past next covers every value handed
			// out up to then, and an unchanged gen says none since.
			cr, err := open()
			if err != nil {
				return
			}
			for _, c := range cands {
				m.reads.Add(1)
				persisted, err := cr.read(c.ds, c.id)
				if err != nil {
					break
				}
				c.st.mu.Lock()
				if !c.st.evicted && c.st.gen == c.gen && c.st.next <= persisted {
					c.st.evicted = true
					m.CompareAndDelete(c.id, c.st)
					m.evictions.Add(1)
					evicted++
				}
				c.st.mu.Unlock()
			}
			cr.Close()
		}
		kept := seen - evicted
		m.n.Store(kept)
		if kept <= low {
			return
		}
	}
}

// shareAutoInc makes oldID's loaded sequence newDef's too, for a copying
// ALTER: rows the ALTER's own statement writes or reads the sequence of go
// on from it (a sequence loaded for the new ID before the ALTER commits
// would read neither its counter nor its rows). It returns the sequence,
// nil if none was loaded.
func (e *Engine) shareAutoInc(oldID uint64, newDef *catalog.Table) *autoIncState {
	v, ok := e.autoInc.Load(oldID)
	if !ok {
		return nil
	}
	st := v.(*autoIncState)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.evicted {
		// Its values are all at or below the old counter, which the
		// caller carries over.
		return nil
	}
	st.alias, st.aliasDS = newDef.ID, newDef.DataSchemaID
	st.committed = 0
	e.autoInc.Store(newDef.ID, st)
	return st
}

// maxAutoIncValue finds the largest committed value of the AUTO_INCREMENT
// column through an index that starts with it (MySQL requires one).
func (e *Engine) maxAutoIncValue(ctx *sql.Context, t *catalog.Table) (uint64, error) {
	col := -1
	for i, c := range t.Columns {
		if c.AutoIncrement {
			col = i
		}
	}
	if col < 0 {
		return 0, nil
	}
	var indexID uint32
	switch {
	case len(t.PK) > 0 && t.PK[0] == col:
		indexID = catalog.PrimaryIndexID
	default:
		for _, ix := range t.Indexes {
			if len(ix.Columns) > 0 && ix.Columns[0] == col && ix.State == catalog.IndexPublic {
				indexID = ix.ID
				break
			}
		}
	}
	if indexID == 0 {
		return 0, nil
	}
	prefix := t.IndexPrefix(indexID)
	it, err := e.db.NewIter(keys.PrefixSpan(prefix))
	if err != nil {
		return 0, err
	}
	defer it.Close()
	if !it.Last() {
		return 0, it.Error()
	}
	lay := newLayout(t)
	var vals []any
	if indexID == catalog.PrimaryIndexID {
		row, err := lay.decodeRow(it.Value())
		if err != nil {
			return 0, err
		}
		vals = []any{row[col]}
	} else {
		// Secondary keys hold collation weights, not values, but an
		// AUTO_INCREMENT column is numeric, whose key form decodes exactly.
		row, err := e.rowForIndexKey(ctx, t, lay, indexID, it.Key(), e.db)
		if err != nil || row == nil {
			return 0, err
		}
		vals = []any{row[col]}
	}
	if vals[0] == nil {
		return 0, nil
	}
	return toUint64(vals[0]), nil
}

func toUint64(v any) uint64 {
	switch n := v.(type) {
	case int8:
		return clampNeg(int64(n))
	case int16:
		return clampNeg(int64(n))
	case int32:
		return clampNeg(int64(n))
	case int64:
		return clampNeg(n)
	case int:
		return clampNeg(int64(n))
	case uint8:
		return uint64(n)
	case uint16:
		return uint64(n)
	case uint32:
		return uint64(n)
	case uint64:
		return n
	case float32:
		return clampNeg(int64(n))
	case float64:
		return clampNeg(int64(n))
	}
	return 0
}

func clampNeg(n int64) uint64 {
	if n < 0 {
		return 0
	}
	return uint64(n)
}

// reserve hands out the next value, or raises the sequence past an explicit one.
// It returns false, having drawn nothing, if st was evicted.
func (st *autoIncState) reserve(given uint64) (uint64, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.evicted {
		return 0, false
	}
	st.gen++
	if given == 0 {
		v := st.next
		st.next++
		return v, true
	}
	if given >= st.next {
		st.next = given + 1
	}
	return given, true
}

// observe moves the sequence past v; false if st was evicted.
func (st *autoIncState) observe(v uint64) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.evicted {
		return false
	}
	st.gen++
	if v >= st.next {
		st.next = v + 1
	}
	return true
}

// peek is the next value, as of the sequence's eviction if it was evicted
// (a reload gives at least that much).
func (st *autoIncState) peek() uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.next
}

func (st *autoIncState) peekLive() (uint64, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.next, !st.evicted
}

// setLive sets the next value; false if st was evicted.
func (st *autoIncState) setLive(v uint64) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.evicted {
		return false
	}
	st.gen++
	st.next = v
	if v < st.committed {
		// The counter is set back to v (setAutoInc): the committed
		// value noted no longer bounds it.
		st.committed = 0
	}
	return true
}

func (e *Engine) forgetAutoInc(tableID uint64) {
	e.autoInc.Delete(tableID)
	e.rowIDSeq.Delete(tableID)
}

// rowIDDrawFault, when set (tests), runs between nextRowID getting the
// sequence and drawing from it: where an eviction can come between.
var rowIDDrawFault func()

// nextRowID hands out the next ordered hidden row ID of t and raises the
// persisted high-water mark in tx, like AUTO_INCREMENT: IDs only grow, so a
// scan returns rows in insertion order, and after a restart the sequence
// resumes above every ID written (one point read on first use).
//
// The loaded sequences are bounded like AUTO_INCREMENT's (sweepRowIDs), and
// for the same reason an evicted one is never drawn from: a row ID handed
// out twice would make the second row overwrite the first, silently.
func (e *Engine) nextRowID(tx *kv.Txn, t *catalog.Table, key []byte) (uint64, error) {
	for {
		v, stored := e.rowIDSeq.LoadOrStore(t.ID, &autoIncState{})
		st := v.(*autoIncState)
		if !stored && e.rowIDSeq.n.Add(1) > e.rowIDSeq.limit() {
			e.sweepRowIDsLater()
		}
		if rowIDDrawFault != nil {
			rowIDDrawFault()
		}
		st.mu.Lock()
		if st.evicted {
			st.mu.Unlock()
			e.rowIDSeq.CompareAndDelete(t.ID, st)
			continue
		}
		st.used = true
		if !st.loaded {
			persisted, err := e.db.Counter(key)
			if err != nil {
				st.mu.Unlock()
				return 0, err
			}
			// The counter alone gives next: a reload after it is exact.
			st.next, st.loaded, st.reloadExact = max(persisted, 1), true, true
			st.id, st.dataSchemaID = t.ID, t.DataSchemaID
		}
		st.gen++
		id := st.next
		st.next++
		st.mu.Unlock()
		tx.RaiseCounter(key, id+1)
		return id, nil
	}
}

// aiReservation is a value GetNextAutoIncrementValue handed out (or an
// explicit value it raised the sequence past) for a row that has not yet
// reached the table. InnoDB takes an AUTO_INCREMENT value only when the row
// is written: a row refused before that (NULL in a NOT NULL column, a
// failed CHECK) takes none, while a row refused by the write itself (a
// duplicate key, also under INSERT IGNORE or ON DUPLICATE KEY UPDATE) keeps
// its value used up. GMS evaluates the AUTO_INCREMENT expression before its
// NOT NULL and CHECK tests, so the reservation is held here until the
// editor sees the row, and given back if it never does.
type aiReservation struct {
	st            *autoIncState
	before, after uint64
	gen           uint64
	// value is what the row was given; generated: by the sequence (the
	// row had no value of its own).
	value     uint64
	generated bool
}

// putBack returns the reservation's values to the sequence, if no session
// took or wrote a value after it (otherwise the gap stays, as gaps may).
func (r aiReservation) putBack() {
	if r.st == nil {
		return
	}
	r.st.mu.Lock()
	if r.st.gen == r.gen && r.st.next == r.after {
		r.st.next = r.before
	}
	r.st.mu.Unlock()
}

// reserveFor is reserve, remembering the reservation on the session s until
// the row reaches the editor (confirmAutoInc) or the statement ends.
// It returns false, having drawn nothing, if st was evicted.
func (st *autoIncState) reserveFor(s *Session, given uint64) (uint64, bool) {
	if s == nil {
		return st.reserve(given)
	}
	// An earlier row of this statement that never reached the table (a
	// row INSERT IGNORE skipped) gives its value to this one.
	s.releaseAutoInc(st)
	st.mu.Lock()
	if st.evicted {
		st.mu.Unlock()
		return 0, false
	}
	st.gen++
	gen := st.gen
	before := st.next
	var v uint64
	if given == 0 {
		v = st.next
		st.next++
	} else {
		if given >= st.next {
			st.next = given + 1
		}
		v = given
	}
	after := st.next
	st.mu.Unlock()
	s.aiMu.Lock()
	if given == 0 {
		v = s.reuseAutoInc(st, v)
	} else {
		s.explicitAutoInc(st, given)
	}
	s.aiPending = append(s.aiPending, aiReservation{st: st, before: before, after: after, gen: gen, value: v, generated: given == 0})
	s.aiMu.Unlock()
	return v, true
}

// Values given back within a statement. MySQL's write_record calls
// restore_auto_increment when a row's write fails and the statement goes
// on (a duplicate key under INSERT IGNORE, or the row ON DUPLICATE KEY
// UPDATE updated instead): the handler's next value steps back, so the
// statement's next row that needs one takes the value the refused row
// took (`INSERT IGNORE ... VALUES ('dup'), ('new')` gives 'new' the value
// 'dup' took). InnoDB has reserved a value for each row of the statement
// all the same, so the sequence still advances once per row: a row takes
// the smallest of the values its statement drew and has not used, and
// draws one more. All are this session's own, so none can collide with
// another session's.

// giveBackAutoInc: the row that was given v by the sequence was refused
// by its write and the statement goes on.
func (s *Session) giveBackAutoInc(st *autoIncState, v uint64) {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	if s.aiReuse == nil {
		s.aiReuse = map[*autoIncState][]uint64{}
	}
	s.aiReuse[st] = append(s.aiReuse[st], v)
}

// reuseAutoInc is the value for a row that drew v: the smallest given-back
// value of the statement, v joining them in its place. s.aiMu is held.
func (s *Session) reuseAutoInc(st *autoIncState, v uint64) uint64 {
	back := s.aiReuse[st]
	if len(back) == 0 {
		return v
	}
	i := 0
	for k, b := range back {
		if b < back[i] {
			i = k
		}
	}
	if back[i] > v {
		return v
	}
	v, back[i] = back[i], v
	return v
}

// explicitAutoInc: a row of the statement brought its own value; at or
// past a given-back value it moves MySQL's next value past them all
// (adjust_next_insert_id_after_explicit_value). s.aiMu is held.
func (s *Session) explicitAutoInc(st *autoIncState, given uint64) {
	for _, b := range s.aiReuse[st] {
		if given >= b {
			delete(s.aiReuse, st)
			return
		}
	}
}

// wroteAutoInc: a row with v reached the table (REPLACE writes the row
// again with the value after deleting the one in its way).
func (s *Session) wroteAutoInc(st *autoIncState, v uint64) {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	back := s.aiReuse[st]
	for i, b := range back {
		if b == v {
			s.aiReuse[st] = append(back[:i], back[i+1:]...)
			return
		}
	}
}

// takeAutoInc removes the session's reservations on st (every table's when
// st is nil) and returns them.
func (s *Session) takeAutoInc(st *autoIncState) []aiReservation {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	if len(s.aiPending) == 0 {
		return nil
	}
	var taken []aiReservation
	kept := s.aiPending[:0]
	for _, r := range s.aiPending {
		if st == nil || r.st == st {
			taken = append(taken, r)
		} else {
			kept = append(kept, r)
		}
	}
	s.aiPending = kept
	return taken
}

// confirmAutoInc: the row holding the session's reservation on st reached
// the table, so its value stays used even if the write then fails. It
// returns the reservations it confirmed.
func (s *Session) confirmAutoInc(st *autoIncState) []aiReservation {
	taken := s.takeAutoInc(st)
	s.aiMu.Lock()
	if !slices.Contains(s.aiWritten, st) {
		s.aiWritten = append(s.aiWritten, st)
	}
	s.aiMu.Unlock()
	return taken
}

// releaseAutoInc gives back reservations (on st, or all when nil) whose row
// never reached the table. A trigger's insert into another table comes
// between a row's reservation and its write, so each table is its own.
// Once a statement has written a row into a table, InnoDB has taken values
// for the statement's other rows too (a multi-row INSERT reserves them all
// at its first write), so those are not given back.
func (s *Session) releaseAutoInc(st *autoIncState) {
	for _, r := range s.takeAutoInc(st) {
		s.aiMu.Lock()
		written := slices.Contains(s.aiWritten, r.st)
		s.aiMu.Unlock()
		if !written {
			r.putBack()
		}
	}
}

// endStatementAutoInc gives back what the statement's refused rows took.
func (s *Session) endStatementAutoInc() {
	s.releaseAutoInc(nil)
	s.aiMu.Lock()
	s.aiWritten = s.aiWritten[:0]
	clear(s.aiReuse)
	clear(s.aiBulk)
	s.aiBulkKind = 0
	s.aiMu.Unlock()
}

// keepAutoIncOn: InnoDB checks a new row's foreign keys when it writes the
// row, so a row refused for a missing parent has used its AUTO_INCREMENT
// value; GMS checks them before handing the row to the editor.
func (e *editor) keepAutoIncOn(ctx *sql.Context, cause error) {
	var w sql.WrappedInsertError
	if errors.As(cause, &w) {
		cause = w.Cause
	}
	if cause == nil || !sql.ErrForeignKeyChildViolation.Is(cause) {
		return
	}
	s, ok := ctx.Session.(*Session)
	if !ok {
		return
	}
	if st, ok := e.t.db.eng.autoInc.Load(e.t.def.ID); ok {
		s.confirmAutoInc(st.(*autoIncState))
	}
}

// counterNote: a transaction raised the counter of table id, whose sequence
// is st, to v.
type counterNote struct {
	st    *autoIncState
	id, v uint64
}

// noteCounter remembers that t raised table id's counter to v, for
// committedCounters once t commits. The first table's note is kept
// without allocating (a single-row INSERT's).
func (t *Transaction) noteCounter(st *autoIncState, id, v uint64) {
	if t.aiNote.st == nil {
		t.aiNote = counterNote{st: st, id: id, v: v}
		return
	}
	if t.aiNote.st == st && t.aiNote.id == id {
		t.aiNote.v = max(t.aiNote.v, v)
		return
	}
	for i := range t.aiNotes {
		if n := &t.aiNotes[i]; n.st == st && n.id == id {
			n.v = max(n.v, v)
			return
		}
	}
	t.aiNotes = append(t.aiNotes, counterNote{st: st, id: id, v: v})
}

// committedCounters: t committed, so the counters it raised are at least
// what it noted. A sequence shared by a copying ALTER's two IDs is left
// alone (the sweep reads its alias's counter).
func (t *Transaction) committedCounters() {
	raise := func(n counterNote) {
		if n.st == nil {
			return
		}
		n.st.mu.Lock()
		if n.st.id == n.id && n.st.alias == 0 && n.v > n.st.committed {
			n.st.committed = n.v
		}
		n.st.mu.Unlock()
	}
	raise(t.aiNote)
	for _, n := range t.aiNotes {
		raise(n)
	}
	t.aiNote, t.aiNotes = counterNote{}, nil
}
