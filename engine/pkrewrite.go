package engine

import (
	"bytes"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
)

// Primary key changes and ALTER statements of several parts.
//
// ADD PRIMARY KEY, DROP PRIMARY KEY and a change of key give every row a
// new key, so they rewrite the table as an online job (rewrite.go) when the
// statement has written nothing before: rows of a keyless table move from
// their hidden row IDs to the new key; a dropped key leaves ordered row
// IDs, and while the copy runs the shadow carries a unique index on the old
// key's columns (mapIndexName) through which writers find the copy of the
// row they change. A keyless table that stays keyless (any copy of it)
// keeps each row's ordered row ID in the copy (rewrite.sameIDs).
//
// An ALTER of several parts (DROP PRIMARY KEY, ADD PRIMARY KEY (...);
// MODIFY a BIGINT, ADD COLUMN ..., DROP COLUMN ...) is run twice by
// combinedAlter: first "collecting", each part computes its definition and
// hands it on in memory (no write, no row read), which yields the final
// definition and whether any part needs a copy; then, if one does, a single
// job rewrites the table from its definition before the statement to the
// final one (rows are mapped by column ID, so added, dropped, retyped and
// re-keyed columns are one conversion), else the parts run for real, as
// they did before. MySQL checks a statement's result, not its steps: a
// primary key dropped and added again is a change of key (INPLACE is
// allowed), and the AUTO_INCREMENT column must be a key's first column in
// the final definition only.

// mapIndexName names the shadow's temporary index from the old primary key
// to the copied row of a DROP PRIMARY KEY rewrite; it never reaches a
// published definition.
const mapIndexName = "myriad:old-primary-key"

const dropPKReason = "Dropping a primary key is not allowed without also adding a new primary key"

// CreatePrimaryKey implements sql.PrimaryKeyAlterableTable.
func (t *Table) CreatePrimaryKey(ctx *sql.Context, cols []sql.IndexColumn) (err error) {
	defer ddlStep(ctx)(&err)
	if !t.def.HiddenPK() {
		return sql.ErrMultiplePrimaryKeysDefined.New()
	}
	def := t.def.Clone()
	pk := make([]int, 0, len(cols))
	for _, c := range cols {
		p := def.ColumnByName(c.Name)
		if p < 0 {
			return sql.ErrKeyColumnDoesNotExist.New(c.Name)
		}
		if c.Length > 0 {
			return mysql.NewSQLError(1235, "42000", "This version of MySQL doesn't yet support 'a primary key on a column prefix'")
		}
		pk = append(pk, p)
		// MySQL makes key columns NOT NULL; a NULL stored in one fails the
		// copy (1138).
		def.Columns[p].Nullable = false
	}
	def.PK = pk
	def.RowIDHashBelow = 0
	if st := collecting(ctx, t); st != nil {
		st.addedPK = true
		return st.set(t, def, true)
	}
	// MySQL rebuilds in place for ADD PRIMARY KEY: INPLACE and LOCK=NONE
	// are met, INSTANT is 1845.
	if _, err := checkAlgorithm(ctx, methodOnline, rebuildWhy{}); err != nil {
		return err
	}
	return t.copyInto(ctx, def)
}

// DropPrimaryKey implements sql.PrimaryKeyAlterableTable.
func (t *Table) DropPrimaryKey(ctx *sql.Context) (err error) {
	defer ddlStep(ctx)(&err)
	if t.def.HiddenPK() {
		return sql.ErrCantDropFieldOrKey.New("PRIMARY")
	}
	def := t.def.Clone()
	def.PK = nil
	def.RowIDHashBelow = def.NextColumnID + 1
	if st := collecting(ctx, t); st != nil {
		st.droppedPK = true
		return st.set(t, def, true)
	}
	if err := checkDropPK(ctx, def); err != nil {
		return err
	}
	return t.copyInto(ctx, def)
}

// checkDropPK applies MySQL's rules to a definition left without a primary
// key: its AUTO_INCREMENT column must still lead a key (1075), and InnoDB
// cannot drop a primary key in place (1846 for ALGORITHM=INPLACE). Myriad
// copies online all the same, so LOCK=NONE is met.
func checkDropPK(ctx *sql.Context, def *catalog.Table) error {
	if err := checkAutoIncKey(def); err != nil {
		return err
	}
	c := alterClausesOf(ctx.Query())
	if c.algorithm == "INPLACE" {
		return notSupportedReason("ALGORITHM=INPLACE", dropPKReason, "ALGORITHM=COPY")
	}
	_, err := checkAlgorithm(ctx, methodOnline, rebuildWhy{reason: dropPKReason})
	return err
}

// checkAutoIncKey is MySQL's 1075: an AUTO_INCREMENT column must be the
// first column of the primary key or of an index.
func checkAutoIncKey(def *catalog.Table) error {
	for p := range def.Columns {
		if !def.Columns[p].AutoIncrement {
			continue
		}
		keyed := len(def.PK) > 0 && def.PK[0] == p
		for _, ix := range def.Indexes {
			keyed = keyed || (len(ix.Columns) > 0 && ix.Columns[0] == p)
		}
		if !keyed {
			return sql.ErrWrongAutoKey.New()
		}
	}
	return nil
}

// copyInto rewrites t's rows into nd: online when the statement has
// written nothing yet and both definitions let writers find a row's copy,
// else in the statement's transaction.
func (t *Table) copyInto(ctx *sql.Context, nd *catalog.Table) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if err := nd.Prepare(t.db.schema.Name); err != nil {
		return err
	}
	if s, ok := ctx.Session.(*Session); ok && !tx.catalogDirty() && tx.kv.Writes() == 0 && onlineRewritable(t.def, nd) {
		return t.rewriteOnline(ctx, tx, s, nd)
	}
	conv, err := newRowConv(t.def, nd)
	if err != nil {
		return err
	}
	// As the online copy: a changed or retyped generated column's values
	// are computed again (MODIFY c AS (...) in a combined ALTER).
	if err := conv.setGens(ctx, t.def, nd); err != nil {
		return err
	}
	n := int64(0)
	return t.rebuild(ctx, nd, func(r sql.Row) (sql.Row, error) {
		n++
		nr, err := conv.apply(ctx, r, n)
		if err == nil {
			err = conv.setAuto(ctx, nr, uint64(n))
		}
		return nr, err
	})
}

// copyOrRebuild copies t's rows into def (a column added or dropped) as a
// job when copyInto would, else in the statement's transaction with conv.
func (t *Table) copyOrRebuild(ctx *sql.Context, def *catalog.Table, conv func(sql.Row) (sql.Row, error)) error {
	if st := collecting(ctx, t); st != nil {
		return st.set(t, def, true)
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if s, ok := ctx.Session.(*Session); ok && !tx.catalogDirty() && tx.kv.Writes() == 0 && onlineRewritable(t.def, def) {
		if err := def.Prepare(t.db.schema.Name); err != nil {
			return err
		}
		return t.rewriteOnline(ctx, tx, s, def)
	}
	return t.rebuild(ctx, def, conv)
}

// alterCollect is the state of combinedAlter's first pass over one table.
type alterCollect struct {
	schemaID  uint64
	name      string         // lower case
	orig      *catalog.Table // the definition before the statement
	def       *catalog.Table // after the parts run so far
	copy      bool           // some part rewrites rows
	droppedPK bool
	addedPK   bool
	abort     bool // a part wrote what the collection cannot hold
}

// collecting is the collect state of t's statement, nil when its parts run
// for real.
func collecting(ctx *sql.Context, t *Table) *alterCollect {
	tx, _ := ctx.GetTransaction().(*Transaction)
	if tx == nil || tx.collect == nil {
		return nil
	}
	st := tx.collect
	if st.schemaID != t.db.schema.ID || st.name != strings.ToLower(t.def.Name) {
		return nil
	}
	return st
}

// set records def (t's definition after one part); rows says the part
// rewrites rows.
func (st *alterCollect) set(t *Table, def *catalog.Table, rows bool) error {
	def.ID, def.DataSchemaID = st.orig.ID, st.orig.DataSchemaID
	if err := def.Prepare(t.db.schema.Name); err != nil {
		return err
	}
	st.def = def
	st.copy = st.copy || rows
	t.setDef(def)
	return nil
}

// absorb takes a part's catalog change in the collecting pass: the
// definition it puts is the next one; range deletes of index entries are
// left to the real run. Anything else aborts the collection (the parts
// then run for real).
func (st *alterCollect) absorb(ch *catalog.Change) error {
	var put *catalog.Table
	for _, op := range ch.Ops {
		switch op.Kind {
		case catalog.OpPutTable:
			if op.Table.ID != st.orig.ID || put != nil {
				st.abort = true
				return nil
			}
			put = op.Table
		case catalog.OpDeleteRange, catalog.OpDeleteKey:
		default:
			st.abort = true
			return nil
		}
	}
	if put == nil {
		return nil
	}
	if err := put.Prepare(st.orig.DBName()); err != nil {
		return err
	}
	st.def = put
	return nil
}

// CombineAlters is an analyzer rule: GMS runs the parts of an ALTER TABLE
// one after another (a plan.Block), each rebuilding the table when it needs
// to, in the statement's transaction. The rule puts combinedAlter in place
// of a Block of column, index and primary key parts on one table, so one
// online job does the copy. It runs after InstantAddColumn.
func (e *Engine) CombineAlters(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		return e.combineAlters(ctx, n)
	})
}

func (e *Engine) combineAlters(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	blk, ok := n.(*plan.Block)
	if !ok || len(blk.Children()) < 2 {
		return n, transform.SameTree, nil
	}
	var db sql.Database
	table := ""
	copies := false
	for _, c := range blk.Children() {
		var d sql.Database
		var tn sql.Node
		switch p := c.(type) {
		case *instantAddColumn:
			if perRow(p.ac.Column()) && !autoIncAdd(p.ac.Column()) {
				return n, transform.SameTree, nil
			}
			d, tn = p.ac.Database(), p.ac.Table
			copies = true
		case *plan.AlterPK:
			d, tn = p.Database(), p.Table
			copies = true
		case *plan.ModifyColumn:
			d, tn = p.Database(), p.Table
			copies = true
		case *plan.DropColumn:
			d, tn = p.Database(), p.Table
			copies = true
		case *plan.RenameColumn:
			d, tn = p.Database(), p.Table
		case *plan.AlterDefaultSet:
			d, tn = p.Database(), p.Table
		case *plan.AlterDefaultDrop:
			d, tn = p.Database(), p.Table
		case *plan.AlterIndex:
			d, tn = p.Database(), p.Table
		default:
			return n, transform.SameTree, nil
		}
		nm, ok := tn.(sql.Nameable)
		if !ok || d == nil {
			return n, transform.SameTree, nil
		}
		if db == nil {
			db, table = d, nm.Name()
		} else if db.Name() != d.Name() || !strings.EqualFold(table, nm.Name()) {
			return n, transform.SameTree, nil
		}
	}
	if !copies {
		return n, transform.SameTree, nil
	}
	return &combinedAlter{blk: blk, db: db, table: table}, transform.NewTree, nil
}

type combinedAlter struct {
	okResult
	blk   *plan.Block
	db    sql.Database
	table string
}

var _ sql.ExecSourceRel = (*combinedAlter)(nil)

func (c *combinedAlter) String() string { return "CombinedAlter(" + c.blk.String() + ")" }
func (c *combinedAlter) WithChildren(ch ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(c, ch...)
}

// runParts runs every part of the statement, draining their iterators.
func (c *combinedAlter) runParts(ctx *sql.Context, row sql.Row) error {
	for _, p := range c.blk.Children() {
		it, err := rowexec.DefaultBuilder.Build(ctx, p, row)
		if err != nil {
			return err
		}
		for {
			if _, err = it.Next(ctx); err != nil {
				break
			}
		}
		cerr := it.Close(ctx)
		if err != io.EOF {
			return err
		}
		if cerr != nil {
			return cerr
		}
	}
	return nil
}

func (c *combinedAlter) RowIter(ctx *sql.Context, row sql.Row) (_ sql.RowIter, err error) {
	ok := sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0)))
	tx, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	var t *Table
	if st, found, err := c.db.GetTableInsensitive(ctx, c.table); err != nil {
		return nil, err
	} else if found {
		t, _ = st.(*Table)
	}
	_, isSession := ctx.Session.(*Session)
	// A statement that already wrote copies in its own transaction
	// anyway. Foreign keys (declared or referencing t) are collected like
	// the rest: a part that changes another table's definition (GMS
	// renaming a referencing key's column) aborts the collection (absorb),
	// and the parts then run for real.
	if t == nil || !isSession || tx.catalogDirty() || tx.kv.Writes() > 0 || c.renamesKeyColumn(ctx, t) {
		// An iterator even on success: GMS reads it (a nil one panicked
		// and dropped the connection).
		if err := c.run(ctx, row); err != nil {
			return nil, err
		}
		return ok, nil
	}
	st := &alterCollect{schemaID: t.db.schema.ID, name: strings.ToLower(t.def.Name), orig: t.def, def: t.def}
	tx.collect = st
	err = c.runParts(ctx, row)
	tx.collect = nil
	if err != nil {
		failDDL(ctx, err)
		return nil, err
	}
	if !st.copy || st.abort {
		if err := c.run(ctx, row); err != nil {
			return nil, err
		}
		return ok, nil
	}
	defer ddlStep(ctx)(&err)
	final := st.def.Clone()
	if st.droppedPK && !st.addedPK {
		if err := checkDropPK(ctx, final); err != nil {
			return nil, err
		}
	} else if err := checkAutoIncKey(final); err != nil {
		return nil, err
	}
	// Columns added by the statement keep their fill: the copy reads it
	// for every old row; no other column needs one.
	for i := range final.Columns {
		if st.orig.ColumnPos(final.Columns[i].ID) >= 0 {
			final.Columns[i].Fill = nil
		}
	}
	// Indexes the parts added are built by the copy.
	for i := range final.Indexes {
		final.Indexes[i].State = catalog.IndexPublic
	}
	t.setDef(st.orig)
	if err := t.copyInto(ctx, final); err != nil {
		return nil, err
	}
	return ok, nil
}

// renamesKeyColumn reports whether a part renames a column of t while t
// has foreign keys, declared or referencing it: GMS then rewrites the
// other table's key as well, which a collection cannot hold.
func (c *combinedAlter) renamesKeyColumn(ctx *sql.Context, t *Table) bool {
	renames := false
	for _, p := range c.blk.Children() {
		switch x := p.(type) {
		case *plan.RenameColumn:
			renames = renames || !strings.EqualFold(x.ColumnName, x.NewColumnName)
		case *plan.ModifyColumn:
			renames = renames || !strings.EqualFold(x.Column(), x.NewColumn().Name)
		}
	}
	if !renames {
		return false
	}
	if len(t.def.FKs) > 0 {
		return true
	}
	refs, err := t.GetReferencedForeignKeys(ctx)
	return err != nil || len(refs) > 0
}

// run executes the parts for real, as GMS would.
func (c *combinedAlter) run(ctx *sql.Context, row sql.Row) error {
	err := c.runParts(ctx, row)
	failDDL(ctx, err)
	return err
}

// lockCopy locks, for the writers of a keyless shadow and its copy, the
// entry prefix of the old key's index that nr's copy has (it holds at most
// one entry: old rows are distinct by their key) and returns it.
func (rw *rewrite) lockCopy(ctx *sql.Context, e *Engine, tx *kv.Txn, nr sql.Row, o locks.Options) ([]byte, error) {
	// An index key given the bare primary prefix as the row key has no
	// row suffix: it is the unique prefix.
	up, _, err := rw.lay.indexKey(ctx, rw.mapIx, nr, rw.lay.primary)
	if err != nil {
		return nil, err
	}
	if _, err := e.locks.AcquireRow(ctx, tx.ID(), rw.tableKey, string(up), locks.X, o); err != nil {
		return nil, err
	}
	return up, nil
}

// copyKey is the row key of the copy whose old-key entry starts with up
// (nil: none), at the newest version.
func (rw *rewrite) copyKey(tx *kv.Txn, up []byte) ([]byte, error) {
	it, err := tx.CurrentView().NewIter(keys.PrefixSpan(up))
	if err != nil {
		return nil, err
	}
	defer it.Close()
	if !it.First() {
		return nil, it.Error()
	}
	return append(append([]byte(nil), rw.lay.primary...), it.Key()[len(up):]...), nil
}

// deleteCopy removes the copy found under up, if any, with its entries.
func (rw *rewrite) deleteCopy(ctx *sql.Context, tx *kv.Txn, up []byte) error {
	key, err := rw.copyKey(tx, up)
	if err != nil || key == nil {
		return err
	}
	lay := rw.lay
	stored, found, err := tx.GetLatest(key)
	if err != nil || !found {
		return err
	}
	row, err := lay.decodeRow(stored)
	if err != nil {
		return err
	}
	id, err := keys.OrderedHiddenRowID(key, lay.primary)
	if err != nil {
		return err
	}
	h, err := lay.rowHash(row)
	if err != nil {
		return err
	}
	tx.Delete(keys.RowHashEntry(lay.hashIndex, h, id))
	for i := range lay.indexes {
		ik, _, err := lay.indexKey(ctx, &lay.indexes[i], row, key)
		if err != nil {
			return err
		}
		tx.Delete(ik)
	}
	tx.Delete(key)
	return nil
}

// putKeyless writes nr as a new row of a keyless shadow under a fresh row
// ID; replace first removes the copy the same old key has (a writer's
// insert), else (the batch) the caller has checked there is none.
func (rw *rewrite) putKeyless(ctx *sql.Context, e *Engine, tx *kv.Txn, nr sql.Row, o locks.Options, replace bool) error {
	lay := rw.lay
	nr = lay.trimChars(nr)
	if replace {
		up, err := rw.lockCopy(ctx, e, tx, nr, o)
		if err != nil {
			return err
		}
		rw.touch(up)
		if err := rw.deleteCopy(ctx, tx, up); err != nil {
			return err
		}
	}
	val, err := lay.encodeRow(nr)
	if err != nil {
		return err
	}
	id, err := e.nextRowID(tx, rw.shadow, lay.rowIDKey)
	if err != nil {
		return err
	}
	key := keys.OrderedHiddenRow(lay.primary, id)
	h, err := lay.rowHash(nr)
	if err != nil {
		return err
	}
	tx.Set(keys.RowHashEntry(lay.hashIndex, h, id), nil)
	return rw.putEntries(ctx, e, tx, nr, key, val, o)
}

// copyKeyless copies the old row stored under key (val at the batch's
// snapshot, nr converted) into a keyless shadow, unless a writer has
// copied it already. Under the lock of its copy's entry, the row must
// still be val at the newest version: a writer that changed it since the
// snapshot also changed its copy (kv.ErrConflict: the batch is redone).
func (rw *rewrite) copyKeyless(ctx *sql.Context, e *Engine, tx *kv.Txn, key, val []byte, nr sql.Row, o locks.Options) error {
	nr = rw.lay.trimChars(nr)
	up, err := rw.lockCopy(ctx, e, tx, nr, o)
	if err != nil {
		return err
	}
	cur, found, err := tx.GetLatest(key)
	if err != nil {
		return err
	}
	if !found || !bytes.Equal(cur, val) {
		return kv.ErrConflict
	}
	if _, mirrored := rw.touched.Load(string(up)); mirrored || !rw.trackTouched.Load() {
		if ck, err := rw.copyKey(tx, up); err != nil || ck != nil {
			return err
		}
	}
	return rw.putKeyless(ctx, e, tx, nr, o, false)
}

// maxTouched bounds rewrite.touched; past it every batch row is looked up.
const maxTouched = 1 << 20

// touch records that a writer mirrored the copy under up (called under
// up's lock, before the writer commits, so a batch that takes the lock
// next sees it).
func (rw *rewrite) touch(up []byte) {
	if !rw.trackTouched.Load() {
		return
	}
	if _, loaded := rw.touched.LoadOrStore(string(up), struct{}{}); !loaded && rw.touchedN.Add(1) > maxTouched {
		rw.trackTouched.Store(false)
		rw.touched.Clear()
	}
}
