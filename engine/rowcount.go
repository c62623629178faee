package engine

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// Exact row counts (information_schema.TABLES.TABLE_ROWS). Every row insert
// and delete of a transaction adds ±1 to its table's count key as a kv
// count delta (kv.Txn.AddToCount): a merge operand applied at commit, so
// concurrent writers of one table never conflict on it and a rolled-back
// statement or transaction takes its deltas with it. A table whose data span
// starts empty (CREATE TABLE, TRUNCATE, the copy of ALTER TABLE, a clone
// without data) gets a base count of 0 in the same transaction; DROP
// removes the key with the span. Tables from before counts existed have
// deltas without a base: their count is taken once, lazily, on the first
// read of TABLE_ROWS (RowCount), and stored as a base.

// startRowCount gives a table whose data span is new and empty an exact
// count of zero.
func startRowCount(tx *kv.Txn, t *catalog.Table) {
	tx.SetCount(keys.RowCount(t.DataSchemaID, t.ID), 0)
}

// RowCount returns t's exact committed row count. A table without a base
// count is counted by a scan of its rows, once: the result is stored as its
// base. The recount reads, at one snapshot, the rows and the deltas
// committed up to it, and merges the difference as a base operand
// (kv.Txn.AddCountBase): writes committed after the snapshot, before or
// after the recount's own commit, add their deltas to it, so a table that
// writers never leave alone still gets its base from one recount. (The
// base used to be stored only if no row was written since the snapshot:
// under a continuous writer it never was, and every read of TABLE_ROWS
// scanned the table.) Recounts of one table are made one at a time
// (recounts), and each checks that no base was written and the key not
// deleted since its snapshot (TRUNCATE, DROP): two bases must never add up.
func (e *Engine) RowCount(t *catalog.Table) (int64, error) {
	key := keys.RowCount(t.DataSchemaID, t.ID)
	if n, exact, err := storedCount(key, e.db.Get); err != nil || exact {
		return n, err
	}
	v, err, _ := e.recounts.Do(string(key), func() (any, error) { return e.recount(t, key) })
	if err != nil {
		return 0, err
	}
	return v.(int64), nil
}

// storedCount decodes the count at key as get reads it (exact: it has a
// base; absent is 0 deltas).
func storedCount(key []byte, get func([]byte) ([]byte, bool, error)) (n int64, exact bool, err error) {
	v, ok, err := get(key)
	if err != nil || !ok {
		return 0, false, err
	}
	return kv.DecodeCount(v)
}

// recount counts t's rows and stores the base (see RowCount).
func (e *Engine) recount(t *catalog.Table, key []byte) (int64, error) {
	tx := e.db.Begin()
	defer tx.Rollback()
	// At the snapshot the rows are counted at, and after any recount that
	// committed before this one began.
	deltas, exact, err := storedCount(key, tx.Get)
	if err != nil || exact {
		return deltas, err
	}
	n, err := countRows(tx, t)
	if err != nil {
		return 0, err
	}
	tx.CheckRange(key, append(key[:len(key):len(key)], 0))
	tx.AddCountBase(key, int64(n)-deltas)
	_ = tx.Commit() // a conflict (TRUNCATE, DROP) only means the next read counts again
	return int64(n), nil
}

// ExactRowCount is TABLE_ROWS: the committed row count (engine/infoschema).
// In a statement that rewrote definitions (an ALTER whose parts copied the
// table in its own transaction) the rows are counted as that transaction
// sees them: the definition may exist only there, with no committed count,
// and RowCount's recount would commit a base over the new table's span,
// which conflicts with the statement's own copy at its commit (1213).
func (t *Table) ExactRowCount(ctx *sql.Context) (uint64, error) {
	if ctx != nil {
		if tx, _ := ctx.GetTransaction().(*Transaction); tx != nil && !tx.kv.Done() && tx.catalogDirty() {
			return countRows(tx.kv, t.def)
		}
	}
	n, err := t.db.eng.RowCount(t.def)
	if n < 0 {
		n = 0
	}
	return uint64(n), err
}

// DiskLengths are DATA_LENGTH (the primary index: rows) and INDEX_LENGTH
// (the secondary indexes) estimated from the LSM's files over the table's
// key spans (kv.DB.DiskUsage): approximate, and zero for data still only
// in the memtable.
func (t *Table) DiskLengths(*sql.Context) (data, index uint64, err error) {
	db := t.db.eng.db
	if data, err = db.DiskUsage(keys.IndexSpan(t.def.DataSchemaID, t.def.ID, keys.PrimaryIndexID)); err != nil {
		return 0, 0, err
	}
	lo := keys.Index(t.def.DataSchemaID, t.def.ID, keys.PrimaryIndexID+1)
	_, hi := keys.TableSpan(t.def.DataSchemaID, t.def.ID)
	index, err = db.DiskUsage(lo, hi)
	return data, index, err
}

// countRows counts t's rows as tx sees them, storing nothing.
func countRows(tx *kv.Txn, t *catalog.Table) (uint64, error) {
	lo, hi := keys.IndexSpan(t.DataSchemaID, t.ID, keys.PrimaryIndexID)
	it, err := tx.NewIter(lo, hi)
	if err != nil {
		return 0, err
	}
	var n uint64
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	if err := it.Error(); err != nil {
		it.Close()
		return 0, err
	}
	return n, it.Close()
}
