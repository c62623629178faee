package engine

import (
	"errors"
	"slices"
	"sync"
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
type autoIncState struct {
	mu     sync.Mutex
	loaded bool
	next   uint64
	// gen counts reservations and written values, so a reservation is
	// given back only when nothing touched the sequence after it.
	gen uint64
}

func nowNanos() int64 { return time.Now().UnixNano() }

func (e *Engine) autoIncFor(ctx *sql.Context, t *catalog.Table) (*autoIncState, error) {
	v, _ := e.autoInc.LoadOrStore(t.ID, &autoIncState{})
	st := v.(*autoIncState)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.loaded {
		return st, nil
	}
	// Every write of an AUTO_INCREMENT value raises the persisted counter
	// past it, so when the counter exists it bounds the stored maximum;
	// the reverse seek is only for tables that never had one.
	persisted, err := e.persistedAutoInc(t)
	if err != nil {
		return nil, err
	}
	st.next = persisted
	if persisted == 0 {
		var max uint64
		if !t.CounterExact {
			if max, err = e.maxAutoIncValue(ctx, t); err != nil {
				return nil, err
			}
		}
		st.next = max + 1
	}
	if t.AutoIncStart > st.next {
		st.next = t.AutoIncStart
	}
	st.loaded = true
	return st, nil
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
func (st *autoIncState) reserve(given uint64) uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.gen++
	if given == 0 {
		v := st.next
		st.next++
		return v
	}
	if given >= st.next {
		st.next = given + 1
	}
	return given
}

func (st *autoIncState) observe(v uint64) {
	st.mu.Lock()
	st.gen++
	if v >= st.next {
		st.next = v + 1
	}
	st.mu.Unlock()
}

func (st *autoIncState) peek() uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.next
}

func (st *autoIncState) set(v uint64) {
	st.mu.Lock()
	st.next = v
	st.mu.Unlock()
}

func (e *Engine) forgetAutoInc(tableID uint64) {
	e.autoInc.Delete(tableID)
	e.rowIDSeq.Delete(tableID)
}

// nextRowID hands out the next ordered hidden row ID of t and raises the
// persisted high-water mark in tx, like AUTO_INCREMENT: IDs only grow, so a
// scan returns rows in insertion order, and after a restart the sequence
// resumes above every ID written (one point read on first use).
func (e *Engine) nextRowID(tx *kv.Txn, t *catalog.Table, key []byte) (uint64, error) {
	v, _ := e.rowIDSeq.LoadOrStore(t.ID, &autoIncState{})
	st := v.(*autoIncState)
	st.mu.Lock()
	if !st.loaded {
		persisted, err := e.db.Counter(key)
		if err != nil {
			st.mu.Unlock()
			return 0, err
		}
		st.next, st.loaded = max(persisted, 1), true
	}
	id := st.next
	st.next++
	st.mu.Unlock()
	tx.RaiseCounter(key, id+1)
	return id, nil
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
func (st *autoIncState) reserveFor(s *Session, given uint64) uint64 {
	if s == nil {
		return st.reserve(given)
	}
	// An earlier row of this statement that never reached the table (a
	// row INSERT IGNORE skipped) gives its value to this one.
	s.releaseAutoInc(st)
	st.mu.Lock()
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
	return v
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
