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
// count is counted by a scan of its rows (once: the result is stored as its
// base). The base is committed only if no row was written since the scan's
// snapshot (a racing insert makes it count again next time rather than
// store a wrong base); writes committed after it add their deltas to it.
// The check is one-way (kv.Txn.CheckRange): with a two-way TouchRange every
// writer of the table open at the recount's commit failed with 1213.
func (e *Engine) RowCount(t *catalog.Table) (int64, error) {
	key := keys.RowCount(t.DataSchemaID, t.ID)
	v, ok, err := e.db.Get(key)
	if err != nil {
		return 0, err
	}
	if ok {
		n, exact, err := kv.DecodeCount(v)
		if err != nil {
			return 0, err
		}
		if exact {
			return n, nil
		}
	}
	tx := e.db.Begin()
	defer tx.Rollback()
	lo, hi := keys.IndexSpan(t.DataSchemaID, t.ID, keys.PrimaryIndexID)
	it, err := tx.NewIter(lo, hi)
	if err != nil {
		return 0, err
	}
	var n int64
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	if err := it.Error(); err != nil {
		it.Close()
		return 0, err
	}
	if err := it.Close(); err != nil {
		return 0, err
	}
	tx.CheckRange(lo, hi)
	tx.SetCount(key, n)
	_ = tx.Commit() // a conflict only means the next read counts again
	return n, nil
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
