package engine

import (
	"bytes"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
)

// editor applies a statement's row changes to the transaction. Each
// statement starts at a savepoint, so a failing statement (a duplicate in
// row 3 of a multi-row INSERT) is undone alone, as in InnoDB.
type editor struct {
	t   *Table
	tx  *Transaction
	sps []kv.Savepoint
	// lastFound is whether the last Delete found its row (see
	// LastDeleteFound).
	lastFound bool
	// rows counts the rows written (MySQL's "at row N" of a TIMESTAMP
	// in a skipped hour, timezone.go checkSkipped).
	rows int
}

var _ sql.TableEditor = (*editor)(nil)
var _ sql.AutoIncrementSetter = (*editor)(nil)

func (t *Table) newEditor(ctx *sql.Context) *editor {
	tx, err := txnOf(ctx)
	if err != nil {
		// GMS's editor constructors cannot fail; report on first use.
		return &editor{t: t}
	}
	return &editor{t: t, tx: tx}
}

// Inserter implements sql.InsertableTable.
func (t *Table) Inserter(ctx *sql.Context) sql.RowInserter { return t.newEditor(ctx) }

// Updater implements sql.UpdatableTable.
func (t *Table) Updater(ctx *sql.Context) sql.RowUpdater { return t.newEditor(ctx) }

// Deleter implements sql.DeletableTable.
func (t *Table) Deleter(ctx *sql.Context) sql.RowDeleter { return t.newEditor(ctx) }

// Replacer implements sql.ReplaceableTable.
func (t *Table) Replacer(ctx *sql.Context) sql.RowReplacer { return t.newEditor(ctx) }

// StatementBegin implements sql.EditOpenerCloser.
func (e *editor) StatementBegin(ctx *sql.Context) {
	if e.tx != nil {
		e.sps = append(e.sps, e.tx.kv.Savepoint())
	}
}

// DiscardChanges implements sql.EditOpenerCloser.
func (e *editor) DiscardChanges(ctx *sql.Context, cause error) error {
	e.keepAutoIncOn(ctx, cause)
	if e.tx != nil && len(e.sps) > 0 {
		sp := e.sps[0]
		e.sps = e.sps[:0]
		return e.t.db.eng.rollbackTo(ctx, e.tx.kv, sp)
	}
	return nil
}

// StatementComplete implements sql.EditOpenerCloser.
func (e *editor) StatementComplete(ctx *sql.Context) error {
	e.sps = e.sps[:0]
	return nil
}

// Close implements sql.Closer.
func (e *editor) Close(*sql.Context) error { return nil }

// syncBuild switches the editor to the definition an index build of its
// table committed last (Table.syncBuild).
func (e *editor) syncBuild(ctx *sql.Context) error {
	t, err := e.t.syncBuild(ctx, e.tx.kv)
	e.t = t
	return err
}

func (e *editor) ready() error {
	if e.tx == nil {
		return fmt.Errorf("myriad: no transaction for table %s", e.t.def.Name)
	}
	if e.tx.readOnly {
		return sql.ErrReadOnlyTransaction.New()
	}
	return nil
}

// Insert implements sql.RowInserter.
func (e *editor) Insert(ctx *sql.Context, row sql.Row) (err error) {
	defer func() { err = e.t.fxError(err) }()
	if err := e.ready(); err != nil {
		return err
	}
	if err := e.syncBuild(ctx); err != nil {
		return err
	}
	if loc := e.t.lay.zoneOf(ctx); loc != nil {
		if err := e.t.lay.zoneRefusal(loc, true); err != nil {
			return err
		}
		wall := row
		row = e.t.lay.toStoredInsert(ctx, row, loc)
		if err := e.t.lay.checkStampRange(row, wall); err != nil {
			return err
		}
		e.rows++
		if err := e.t.lay.checkSkipped(ctx, row, wall, loc, e.rows); err != nil {
			return err
		}
		if err := e.t.lay.zoneDefaultRefusal(nil, wall); err != nil {
			return err
		}
	}
	var (
		s      *Session
		st     *autoIncState
		issued []aiReservation
	)
	if ss, ok := ctx.Session.(*Session); ok {
		if v, ok := e.t.db.eng.autoInc.Load(e.t.def.ID); ok {
			s, st = ss, v.(*autoIncState)
			issued = s.confirmAutoInc(st)
		}
	}
	if err := e.observeAutoInc(ctx, row); err != nil {
		return err
	}
	key, err := e.t.insertRowAt(ctx, e.tx.kv, row, nil)
	if st != nil {
		if v, ok := e.autoIncValue(row); ok {
			if err == nil {
				s.wroteAutoInc(st, v)
			} else if isDupErr(err) {
				for _, r := range issued {
					if r.generated && r.value == v {
						s.giveBackAutoInc(st, v)
					}
				}
			}
		}
	}
	if err != nil {
		return err
	}
	return e.t.mirrorInsert(ctx, e.tx.kv, e.t.lay.trimChars(row), key)
}

// autoIncValue is the row's AUTO_INCREMENT value, if the table has one.
func (e *editor) autoIncValue(row sql.Row) (uint64, bool) {
	for i, c := range e.t.def.Columns {
		if c.AutoIncrement && i < len(row) && row[i] != nil {
			return toUint64(row[i]), true
		}
	}
	return 0, false
}

func (t *Table) insertRow(ctx *sql.Context, tx *kv.Txn, row sql.Row) error {
	_, err := t.insertRowAt(ctx, tx, row, nil)
	return err
}

// insertRowAt inserts row and returns its key; key, for ordered hidden row
// IDs, is the key an UPDATE keeps (nil: a new row ID).
func (t *Table) insertRowAt(ctx *sql.Context, tx *kv.Txn, row sql.Row, key []byte) ([]byte, error) {
	lay := t.lay
	row = lay.trimChars(row)
	val, err := lay.encodeRow(row)
	if err != nil {
		return nil, err
	}
	switch {
	case lay.ordered:
		var id uint64
		if key == nil {
			if id, err = t.db.eng.nextRowID(tx, t.def, lay.rowIDKey); err != nil {
				return nil, err
			}
			key = keys.OrderedHiddenRow(lay.primary, id)
		} else if id, err = keys.OrderedHiddenRowID(key, lay.primary); err != nil {
			return nil, err
		}
		h, err := lay.rowHash(row)
		if err != nil {
			return nil, err
		}
		tx.Set(keys.RowHashEntry(lay.hashIndex, h, id), nil)
	case t.def.HiddenPK():
		key = keys.HiddenRow(lay.hiddenPrefix(val), t.db.eng.rowIDs.Add(1))
	default:
		if key, err = lay.pkKey(ctx, row); err != nil {
			return nil, err
		}
		get := tx.Get
		if tx.Pessimistic() {
			// Lock the key, then check it at the newest version: a second
			// insert of a key waits for the first transaction, then gets
			// 1062 (it committed) or goes ahead (it rolled back).
			if _, err := t.lockRow(ctx, tx, key, locks.X, false); err != nil {
				return nil, err
			}
			get = tx.GetLatest
		}
		existing, ok, err := get(key)
		if err != nil {
			return nil, err
		}
		if ok {
			old, err := lay.decodeRow(existing)
			if err != nil {
				return nil, err
			}
			if loc := lay.zoneOf(ctx); loc != nil {
				old = lay.toSession(old, loc) // GMS's ON DUPLICATE KEY UPDATE reads it
			}
			return nil, sql.NewUniqueKeyErr(dupMessage(ctx, lay, row, t.def.PK, "PRIMARY"), true, old)
		}
	}
	for i := range lay.indexes {
		ix := &lay.indexes[i]
		if ix.state == catalog.IndexDeleteOnly {
			continue
		}
		ik, hasNull, err := lay.indexKey(ctx, ix, row, key)
		if err != nil {
			return nil, err
		}
		if ix.unique && !hasNull {
			if err := t.uniqueCheck(ctx, tx, ix, ik, row); err != nil {
				return nil, err
			}
		}
		tx.Set(ik, nil)
	}
	tx.Set(key, val)
	tx.AddToCount(lay.rowCount, 1)
	t.db.eng.metrics.RowsWritten.Add(1)
	t.db.use().written.Add(1)
	return key, nil
}

func (t *Table) checkUnique(ctx *sql.Context, tx *kv.Txn, ix *indexLayout, ik []byte, row sql.Row) error {
	up, err := t.lay.uniquePrefix(ik, ix)
	if err != nil {
		return err
	}
	var r interface {
		NewIter(lo, hi []byte) (*kv.Iter, error)
		Get(key []byte) ([]byte, bool, error)
	} = tx
	if tx.Pessimistic() {
		// The unique value is locked (its key prefix, not a row key) and
		// checked at the newest version.
		if _, err := t.lockRow(ctx, tx, up, locks.X, false); err != nil {
			return err
		}
		r = tx.CurrentView()
	}
	it, err := r.NewIter(keys.PrefixSpan(up))
	if err != nil {
		return err
	}
	found := it.First()
	var other []byte
	if found {
		other = append(other, it.Key()...)
	}
	if err := it.Error(); err != nil {
		it.Close()
		return err
	}
	it.Close()
	if !found {
		return nil
	}
	existing, err := t.db.eng.rowForIndexKey(ctx, t.def, t.lay, ix.id, other, r)
	if err != nil {
		return err
	}
	if loc := t.lay.zoneOf(ctx); loc != nil && existing != nil {
		existing = t.lay.toSession(existing, loc)
	}
	return sql.NewUniqueKeyErr(dupMessage(ctx, t.lay, row, ix.cols, ix.name), false, existing)
}

// dupMessage is the text MySQL 8 gives for ER_DUP_ENTRY (1062).
func dupMessage(ctx *sql.Context, lay *layout, row sql.Row, cols []int, keyName string) string {
	if loc := lay.zoneOf(ctx); loc != nil {
		// The stored row; MySQL shows the session's wall time.
		row = lay.toSession(row.Copy(), loc)
	}
	for i := range lay.indexes {
		if il := &lay.indexes[i]; il.fx != nil && il.name == keyName {
			// MySQL shows a functional key part's value.
			vals := make(sql.Row, len(il.cols))
			for j, c := range il.cols {
				if il.fx[j] == nil {
					vals[j] = row[c]
				} else if v, err := il.fx[j].value(ctx, lay.t, row); err == nil {
					vals[j] = v
				}
			}
			return fmt.Sprintf("Duplicate entry '%s' for key '%s.%s'", formatKey(ctx, nil, vals, seq(len(vals))), lay.t.Name, keyName)
		}
	}
	return fmt.Sprintf("Duplicate entry '%s' for key '%s.%s'", formatKey(ctx, lay.sch, row, cols), lay.t.Name, keyName)
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// keyOf finds the primary key of a stored row.
func (t *Table) keyOf(ctx *sql.Context, tx *kv.Txn, row sql.Row) ([]byte, error) {
	if !t.def.HiddenPK() {
		return t.lay.pkKey(ctx, row)
	}
	val, err := t.lay.encodeRow(row)
	if err != nil {
		return nil, err
	}
	if t.lay.ordered {
		return t.orderedKeyOf(tx, row, val)
	}
	prefix := t.lay.hiddenPrefix(val)
	newIter := tx.NewIter
	if tx.Pessimistic() {
		// The row came from a current read.
		newIter = tx.CurrentView().NewIter
	}
	it, err := newIter(keys.PrefixSpan(prefix))
	if err != nil {
		return nil, err
	}
	defer it.Close()
	for ok := it.First(); ok; ok = it.Next() {
		if bytes.Equal(it.Value(), val) {
			return append([]byte(nil), it.Key()...), nil
		}
	}
	if err := it.Error(); err != nil {
		return nil, err
	}
	return nil, nil
}

// orderedKeyOf finds the key of a stored row (encoded as val) through the
// row hash entries of its hashed columns: the first stored row with the
// same values, so of identical rows one at a time.
func (t *Table) orderedKeyOf(tx *kv.Txn, row sql.Row, val []byte) ([]byte, error) {
	lay := t.lay
	h, err := lay.rowHash(row)
	if err != nil {
		return nil, err
	}
	var r interface {
		NewIter(lo, hi []byte) (*kv.Iter, error)
		Get(key []byte) ([]byte, bool, error)
	} = tx
	if tx.Pessimistic() {
		// The row came from a current read.
		r = tx.CurrentView()
	}
	hashPrefix := keys.RowHashPrefix(lay.hashIndex, h)
	it, err := r.NewIter(keys.PrefixSpan(hashPrefix))
	if err != nil {
		return nil, err
	}
	defer it.Close()
	for ok := it.First(); ok; ok = it.Next() {
		id, err := keys.RowHashEntryID(it.Key(), lay.hashIndex)
		if err != nil {
			return nil, err
		}
		key := keys.OrderedHiddenRow(lay.primary, id)
		stored, found, err := r.Get(key)
		if err != nil {
			return nil, err
		}
		if !found {
			continue
		}
		if same, err := lay.sameRow(stored, val); err != nil {
			return nil, err
		} else if same {
			return key, nil
		}
	}
	return nil, it.Error()
}

// Delete implements sql.RowDeleter.
func (e *editor) Delete(ctx *sql.Context, row sql.Row) error {
	if err := e.ready(); err != nil {
		return err
	}
	if err := e.syncBuild(ctx); err != nil {
		return err
	}
	row = e.t.lay.toStored(row, e.t.lay.zoneOf(ctx))
	e.lastFound = false
	key, err := e.t.deleteRowKey(ctx, e.tx.kv, row)
	if err != nil {
		return err
	}
	e.lastFound = key != nil
	return e.t.mirrorDelete(ctx, e.tx.kv, row, key)
}

// LastDeleteFound tells whether the last Delete found a stored row to
// delete. A keyless table's rows are found by their values, one copy per
// call, so a multi-table DELETE that reaches two identical rows deletes
// both, and one row reached twice (joined to two rows) is not there the
// second time: planfix/deletecount.go counts the rows deleted by this. A
// table with a key deletes by the key without looking, so this is true.
func (e *editor) LastDeleteFound() bool { return e.lastFound }

func (t *Table) deleteRow(ctx *sql.Context, tx *kv.Txn, row sql.Row) error {
	_, err := t.deleteRowKey(ctx, tx, row)
	return err
}

// deleteRowKey deletes row and returns the key it was stored under (nil:
// not found).
func (t *Table) deleteRowKey(ctx *sql.Context, tx *kv.Txn, row sql.Row) ([]byte, error) {
	key, err := t.keyOf(ctx, tx, row)
	if err != nil || key == nil {
		return nil, err
	}
	return key, t.deleteRowAt(ctx, tx, row, key)
}

// deleteRowAt deletes row, stored under key.
func (t *Table) deleteRowAt(ctx *sql.Context, tx *kv.Txn, row sql.Row, key []byte) error {
	if err := t.ensureRowLock(ctx, tx, key); err != nil {
		return err
	}
	if t.lay.ordered {
		id, err := keys.OrderedHiddenRowID(key, t.lay.primary)
		if err != nil {
			return err
		}
		h, err := t.lay.rowHash(row)
		if err != nil {
			return err
		}
		tx.Delete(keys.RowHashEntry(t.lay.hashIndex, h, id))
	}
	for i := range t.lay.indexes {
		ik, _, err := t.lay.indexKey(ctx, &t.lay.indexes[i], row, key)
		if err != nil {
			return err
		}
		tx.Delete(ik)
	}
	tx.Delete(key)
	tx.AddToCount(t.lay.rowCount, -1)
	t.db.eng.metrics.RowsWritten.Add(1)
	t.db.use().written.Add(1)
	return nil
}

// Update implements sql.RowUpdater.
func (e *editor) Update(ctx *sql.Context, old, new sql.Row) (err error) {
	defer func() { err = e.t.fxError(err) }()
	if err := e.ready(); err != nil {
		return err
	}
	if err := e.syncBuild(ctx); err != nil {
		return err
	}
	if loc := e.t.lay.zoneOf(ctx); loc != nil {
		if err := e.t.lay.zoneRefusal(loc, true); err != nil {
			return err
		}
		wallOld, wall := old, new
		old, new = e.t.lay.toStored(old, loc), e.t.lay.toStored(new, loc)
		if err := e.t.lay.checkStampRange(new, wall); err != nil {
			return err
		}
		e.rows++
		if err := e.t.lay.checkSkipped(ctx, new, wall, loc, e.rows); err != nil {
			return err
		}
		if err := e.t.lay.zoneDefaultRefusal(wallOld, wall); err != nil {
			return err
		}
	}
	if err := e.observeAutoInc(ctx, new); err != nil {
		return err
	}
	new = e.t.lay.trimChars(new)
	key, err := e.update(ctx, old, new)
	if err != nil {
		return err
	}
	if key == nil && e.t.lay.ordered {
		return nil // the row was not there: nothing changed
	}
	if err := e.t.mirrorDelete(ctx, e.tx.kv, old, key); err != nil {
		return err
	}
	return e.t.mirrorInsert(ctx, e.tx.kv, new, key)
}

// update changes old into new; it returns the row's key when the table has
// ordered row IDs (the row keeps it), else nil.
func (e *editor) update(ctx *sql.Context, old, new sql.Row) ([]byte, error) {
	t, tx := e.t, e.tx.kv
	if t.lay.ordered {
		// The row keeps its row ID (and so its place in a scan), as
		// InnoDB's DB_ROW_ID does.
		key, err := t.keyOf(ctx, tx, old)
		if err != nil || key == nil {
			return nil, err
		}
		if err := t.deleteRowAt(ctx, tx, old, key); err != nil {
			return nil, err
		}
		_, err = t.insertRowAt(ctx, tx, new, key)
		return key, err
	}
	if t.def.HiddenPK() {
		if err := t.deleteRow(ctx, tx, old); err != nil {
			return nil, err
		}
		return nil, t.insertRow(ctx, tx, new)
	}
	oldKey, err := t.lay.pkKey(ctx, old)
	if err != nil {
		return nil, err
	}
	newKey, err := t.lay.pkKey(ctx, new)
	if err != nil {
		return nil, err
	}
	if err := t.ensureRowLock(ctx, tx, oldKey); err != nil {
		return nil, err
	}
	if !bytes.Equal(oldKey, newKey) {
		if err := t.deleteRow(ctx, tx, old); err != nil {
			return nil, err
		}
		return nil, t.insertRow(ctx, tx, new)
	}
	val, err := t.lay.encodeRow(new)
	if err != nil {
		return nil, err
	}
	for i := range t.lay.indexes {
		ix := &t.lay.indexes[i]
		oik, _, err := t.lay.indexKey(ctx, ix, old, oldKey)
		if err != nil {
			return nil, err
		}
		nik, hasNull, err := t.lay.indexKey(ctx, ix, new, newKey)
		if err != nil {
			return nil, err
		}
		if bytes.Equal(oik, nik) {
			continue
		}
		tx.Delete(oik)
		if ix.state == catalog.IndexDeleteOnly {
			continue
		}
		if ix.unique && !hasNull {
			if err := t.uniqueCheck(ctx, tx, ix, nik, new); err != nil {
				return nil, err
			}
		}
		tx.Set(nik, nil)
	}
	tx.Set(newKey, val)
	t.db.eng.metrics.RowsWritten.Add(1)
	t.db.use().written.Add(1)
	return nil, nil
}

// observeAutoInc moves the sequence past the row's value and persists the
// high-water mark with the row's transaction.
func (e *editor) observeAutoInc(ctx *sql.Context, row sql.Row) error {
	for i, c := range e.t.def.Columns {
		if c.AutoIncrement && row[i] != nil {
			v := toUint64(row[i])
			st, err := e.t.db.eng.observeAutoIncValue(ctx, e.t.def, v)
			if err != nil {
				return err
			}
			e.tx.kv.RaiseCounter(e.t.def.CounterKey(), v+1)
			e.tx.noteCounter(st, e.t.def.ID, v+1)
		}
	}
	return nil
}

// PeekNextAutoIncrementValue implements sql.AutoIncrementGetter.
func (t *Table) PeekNextAutoIncrementValue(ctx *sql.Context) (uint64, error) {
	return t.db.eng.peekAutoInc(ctx, t.def)
}

// GetNextAutoIncrementValue implements sql.AutoIncrementTable. A NULL or 0
// reserves the next value for the caller, so concurrent sessions never get
// the same one.
func (t *Table) GetNextAutoIncrementValue(ctx *sql.Context, insertVal any) (uint64, error) {
	var given uint64
	if insertVal != nil {
		v, _, err := types.Uint64.Convert(ctx, insertVal)
		if err == nil && v != nil {
			given = v.(uint64)
		}
	}
	s, _ := ctx.Session.(*Session)
	bulk := given == 0 && s != nil && s.bulkInsert(ctx.Query())
	return t.db.eng.reserveAutoInc(ctx, t.def, s, given, bulk)
}

// AutoIncrementSetter implements sql.AutoIncrementTable.
func (t *Table) AutoIncrementSetter(ctx *sql.Context) sql.AutoIncrementSetter {
	return t.newEditor(ctx)
}

// SetAutoIncrementValue implements sql.AutoIncrementSetter (AUTO_INCREMENT=n).
func (e *editor) SetAutoIncrementValue(ctx *sql.Context, v uint64) error {
	if err := e.ready(); err != nil {
		return err
	}
	def := e.t.def.Clone()
	def.AutoIncStart = v
	if err := e.t.db.putTable(ctx, e.tx, def); err != nil {
		return err
	}
	e.t.setDef(def)
	// As in InnoDB, the sequence cannot go below the largest stored value.
	return e.t.db.eng.setAutoInc(ctx, e.tx.kv, def, func() (uint64, error) {
		max, err := e.t.db.eng.maxAutoIncValue(ctx, def)
		if err != nil || v > max {
			return v, err
		}
		return max + 1, nil
	})
}

// AcquireAutoIncrementLock implements sql.AutoIncrementSetter. Values are
// reserved atomically, so no table-level lock is needed.
func (e *editor) AcquireAutoIncrementLock(*sql.Context) (func(), error) {
	return func() {}, nil
}
