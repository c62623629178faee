package engine

import (
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keys"
)

// Schema changes that touch every row copy the table to a fresh table ID
// (a new key prefix) inside the statement's transaction and drop the old
// prefix with a range tombstone at commit, like MySQL's COPY algorithm. A
// concurrent transaction that wrote the old prefix then fails at commit with
// a conflict (1213) instead of writing rows in an outdated layout.

// rebuild copies every row into newDef under a new table ID. conv maps an
// old row to a new one.
func (t *Table) rebuild(ctx *sql.Context, newDef *catalog.Table, conv func(sql.Row) (sql.Row, error)) error {
	if st := collecting(ctx, t); st != nil {
		return st.set(t, newDef, true)
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	id, err := t.db.eng.cat.NewID()
	if err != nil {
		return err
	}
	if explicitCopy(ctx) {
		// An explicit ALGORITHM=COPY copies as MySQL's does: the STORED
		// generated columns over TIMESTAMPs are computed again in the
		// session's zone (generated.go), also for an ALTER Myriad could
		// do in place (ADD/DROP COLUMN, FORCE, ENGINE=).
		conv = copyingConv(ctx, t.def, newDef, conv)
	}
	old := t.def
	oldLay := t.lay
	newDef.ID = id
	newDef.DataSchemaID = t.db.schema.ID
	// Every row is rewritten with all its columns: none needs a fill.
	for i := range newDef.Columns {
		newDef.Columns[i].Fill = nil
	}
	// Rows are copied below without passing through the sequence.
	newDef.CounterExact = false
	// Every index entry is computed afresh: none holds old JSON text.
	newDef.StampJSONText()
	// Every row gets a new key: a table without a primary key moves to
	// ordered row IDs (in the order of the old layout's scan), all its
	// columns hashed.
	newDef.RowIDHashBelow = newDef.NextColumnID + 1 // NextColumnID is the last one allocated
	// Every key is written anew, in the current format.
	newDef.StampKeyFormat()
	if err := t.db.putTable(ctx, tx, newDef); err != nil {
		return err
	}
	startRowCount(tx.kv, newDef) // the copy below counts its rows
	if st := t.db.eng.shareAutoInc(old.ID, newDef); st != nil {
		tx.kv.RaiseCounter(newDef.CounterKey(), st.peek())
	} else if v, err := t.db.eng.persistedAutoInc(old); err != nil {
		return err
	} else if v > 0 {
		tx.kv.RaiseCounter(newDef.CounterKey(), v)
	}
	nt := t.db.newTable(newDef)
	it := t.newRowIter(ctx, tx.kv, []span{oldLay.rowSpan()}, nil, false)
	defer it.Close(ctx)
	for {
		row, err := it.Next(ctx)
		if err != nil {
			if err == io.EOF {
				break
			}
			return err
		}
		nr, err := conv(row)
		if err != nil {
			return err
		}
		if err := nt.insertRow(ctx, tx.kv, nr); err != nil {
			return err
		}
	}
	// Only now: the copy above reads the old rows through this transaction.
	if err := tx.writeCatalog(t.db.eng.cat, new(catalog.Change).DropTableData(old)); err != nil {
		return err
	}
	t.setDef(newDef)
	return nil
}

func columnPosition(def *catalog.Table, order *sql.ColumnOrder, dflt int) (int, error) {
	if order == nil {
		return dflt, nil
	}
	if order.First {
		return 0, nil
	}
	if i := def.ColumnByName(order.AfterColumn); i >= 0 {
		return i + 1, nil
	}
	return 0, sql.ErrTableColumnNotFound.New(def.Name, order.AfterColumn)
}

// shiftColumns renumbers PK and index column positions after an insert
// (delta 1 at pos) or a removal (delta -1 at pos).
func shiftColumns(def *catalog.Table, pos, delta int) {
	shift := func(cols []int) {
		for i, c := range cols {
			if c >= pos {
				cols[i] = c + delta
			}
		}
	}
	shift(def.PK)
	for i := range def.Indexes {
		shift(def.Indexes[i].Columns)
	}
}

// AddColumn implements sql.AlterableTable: GMS's ADD COLUMN, used for the
// columns whose existing rows get values of their own (see perRow). GMS
// fills them into existing rows afterwards through Updater.
func (t *Table) AddColumn(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder) (err error) {
	defer ddlStep(ctx)(&err)
	def, pos, err := t.withColumn(ctx, column, order)
	if err != nil {
		return err
	}
	return t.rebuild(ctx, def, func(r sql.Row) (sql.Row, error) {
		nr := make(sql.Row, 0, len(r)+1)
		nr = append(nr, r[:pos]...)
		nr = append(nr, nil)
		return append(nr, r[pos:]...), nil
	})
}

// addColumnCopy adds a column by copying every row with fill (an encoded
// value, nil for NULL) in the new column: ALGORITHM=COPY, or a table
// without a primary key.
func (t *Table) addColumnCopy(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder, fill []byte) (err error) {
	defer ddlStep(ctx)(&err)
	def, pos, err := t.withColumn(ctx, column, order)
	if err != nil {
		return err
	}
	def.Columns[pos].Fill = fill
	v, err := def.Columns[pos].FillValue()
	if err != nil {
		return err
	}
	return t.copyOrRebuild(ctx, def, func(r sql.Row) (sql.Row, error) {
		nr := make(sql.Row, 0, len(r)+1)
		nr = append(nr, r[:pos]...)
		if b, ok := v.([]byte); ok {
			nr = append(nr, append([]byte{}, b...))
		} else {
			nr = append(nr, v)
		}
		return append(nr, r[pos:]...), nil
	})
}

// addColumn adds a column by rewriting the table record alone: rows stored
// before it read fill (an encoded value, nil for NULL).
func (t *Table) addColumn(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder, fill []byte) (err error) {
	defer ddlStep(ctx)(&err)
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def, pos, err := t.withColumn(ctx, column, order)
	if err != nil {
		return err
	}
	def.Columns[pos].Fill = fill
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// withColumn is t's definition with column added at its position.
func (t *Table) withColumn(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder) (*catalog.Table, int, error) {
	def := t.def.Clone()
	if def.ColumnByName(column.Name) >= 0 {
		return nil, 0, sql.ErrColumnExists.New(column.Name)
	}
	if err := checkColumnCount(len(def.Columns) + 1); err != nil {
		return nil, 0, err
	}
	pos, err := columnPosition(def, order, len(def.Columns))
	if err != nil {
		return nil, 0, err
	}
	col, err := storedColumn(ctx, def, column)
	if err != nil {
		return nil, 0, err
	}
	if column.PrimaryKey {
		return nil, 0, sql.ErrUnsupportedFeature.New("adding a primary key column")
	}
	shiftColumns(def, pos, 1)
	def.Columns = append(def.Columns[:pos], append([]catalog.Column{col}, def.Columns[pos:]...)...)
	return def, pos, nil
}

// DropColumn implements sql.AlterableTable. Indexes lose the column and
// disappear when it was their only one, as in MySQL.
func (t *Table) DropColumn(ctx *sql.Context, name string) (err error) {
	defer ddlStep(ctx)(&err)
	def := t.def.Clone()
	pos := def.ColumnByName(name)
	if pos < 0 {
		return sql.ErrTableColumnNotFound.New(def.Name, name)
	}
	for _, p := range def.PK {
		if p == pos {
			return sql.ErrUnsupportedFeature.New("dropping a primary key column")
		}
	}
	if err := t.checkFuncIndexDependency(ctx, pos); err != nil {
		return err
	}
	why, instant := t.instantDrop(pos)
	m := methodRebuild
	if instant {
		m = methodInstant
	}
	copyAsked, err := checkAlgorithm(ctx, m, why)
	if err != nil {
		return err
	}
	instant = instant && !copyAsked
	ch := new(catalog.Change)
	kept := def.Indexes[:0]
	for _, ix := range def.Indexes {
		cols, pre := ix.Columns[:0], []uint16(nil)
		var exprs []string
		var exprTypes []catalog.TypeDesc
		for j, c := range ix.Columns {
			if c == pos && !ix.IsExpr(j) {
				continue
			}
			cols = append(cols, c)
			if len(ix.Prefix) > j {
				pre = append(pre, ix.Prefix[j])
			}
			if len(ix.Exprs) > j {
				exprs = append(exprs, ix.Exprs[j])
				exprTypes = append(exprTypes, ix.ExprTypes[j])
			}
		}
		ix.Columns, ix.Prefix, ix.Exprs, ix.ExprTypes = cols, pre, exprs, exprTypes
		if len(cols) > 0 {
			kept = append(kept, ix)
		} else {
			ch.DropIndexData(t.def, ix.ID)
		}
	}
	def.Indexes = kept
	dropSpatialOn(def, def.Columns[pos].ID)
	def.Columns = append(def.Columns[:pos], def.Columns[pos+1:]...)
	shiftColumns(def, pos+1, -1)
	if instant {
		// Stored rows keep the column's values; decoding skips them (its
		// ID is never reused). An index on the column alone goes whole.
		tx, err := txnOf(ctx)
		if err != nil {
			return err
		}
		if err := tx.writeCatalog(t.db.eng.cat, ch.PutTable(t.db.schema, def)); err != nil {
			return err
		}
		t.setDef(def)
		return nil
	}
	return t.copyOrRebuild(ctx, def, func(r sql.Row) (sql.Row, error) {
		nr := make(sql.Row, 0, len(r)-1)
		nr = append(nr, r[:pos]...)
		return append(nr, r[pos+1:]...), nil
	})
}

// ModifyColumn implements sql.AlterableTable (MODIFY, CHANGE, RENAME COLUMN).
func (t *Table) ModifyColumn(ctx *sql.Context, name string, column *sql.Column, order *sql.ColumnOrder) (err error) {
	defer ddlStep(ctx)(&err)
	def := t.def.Clone()
	pos := def.ColumnByName(name)
	if pos < 0 {
		return sql.ErrTableColumnNotFound.New(def.Name, name)
	}
	oldID := def.Columns[pos].ID
	oldType := t.Schema()[pos].Type
	if !strings.EqualFold(column.Name, name) {
		if err := t.checkFuncIndexDependency(ctx, pos); err != nil {
			return err
		}
		if err := t.checkGeneratedDependency(pos); err != nil {
			return err
		}
	}
	for _, p := range def.PK {
		if p == pos {
			// Primary key columns are NOT NULL in MySQL, whatever MODIFY says.
			c := *column
			c.Nullable = false
			column = &c
		}
	}
	col, err := storedColumn(ctx, def, column)
	if err != nil {
		return err
	}
	col.ID = oldID
	def.NextColumnID-- // storedColumn took an ID the column does not need
	keepStoredType(ctx, &def.Columns[pos], oldType, name, column, &col)
	newPos, err := columnPosition(def, order, pos)
	if err != nil {
		return err
	}
	if order != nil && !order.First && newPos > pos {
		newPos--
	}
	// Remove, then insert at the new place, renumbering key positions.
	def.Columns = append(def.Columns[:pos], def.Columns[pos+1:]...)
	remap := make([]int, len(t.def.Columns))
	for i := range remap {
		switch {
		case i == pos:
			remap[i] = newPos
		default:
			j := i
			if i > pos {
				j--
			}
			if j >= newPos {
				j++
			}
			remap[i] = j
		}
	}
	def.Columns = append(def.Columns[:newPos], append([]catalog.Column{col}, def.Columns[newPos:]...)...)
	for i, p := range def.PK {
		def.PK[i] = remap[p]
	}
	for i := range def.Indexes {
		for j, c := range def.Indexes[i].Columns {
			def.Indexes[i].Columns[j] = remap[c]
		}
	}
	oldCol := &t.def.Columns[pos]
	// Every row stores its generated values (VIRTUAL too, see
	// catalog.Column.Generated): a new expression makes the ALTER copy
	// the rows and compute the column again for each (newStampGens), as
	// MySQL does; kept, the rows would answer the old expression's values.
	exprChanged := genExprChanged(oldCol, &def.Columns[newPos])
	if exprChanged && oldCol.Generated == nil && def.Columns[newPos].Virtual {
		// MySQL refuses a plain column made VIRTUAL too.
		return mysql.NewSQLError(1235, "42000",
			"This version of MySQL doesn't yet support 'changing the expression of a generated column'")
	}
	why, instant := t.instantModify(oldCol, &def.Columns[newPos], pos, newPos)
	instant = instant && !exprChanged
	m := methodRebuild
	if instant {
		m = methodInstant
	}
	copyAsked, err := checkAlgorithm(ctx, m, why)
	if err != nil {
		return err
	}
	if instant && !copyAsked {
		// Stored values stay valid; rows stored before the column was
		// added keep reading the value they had.
		def.Columns[newPos].Fill = oldCol.Fill
		tx, err := txnOf(ctx)
		if err != nil {
			return err
		}
		if err := t.db.putTable(ctx, tx, def); err != nil {
			return err
		}
		t.setDef(def)
		return nil
	}
	// A statement that has written nothing yet rewrites online, as a job
	// (rewrite.go); one that changed the table in its own transaction
	// copies inside it.
	if tx, err := txnOf(ctx); err == nil {
		if s, ok := ctx.Session.(*Session); ok && !tx.catalogDirty() && tx.kv.Writes() == 0 && onlineRewritable(t.def, def) {
			return t.rewriteOnline(ctx, tx, s, def)
		}
	}
	typ := column.Type
	var rowNum int64
	conv := func(r sql.Row) (sql.Row, error) {
		rowNum++
		nr := make(sql.Row, len(r))
		for i, v := range r {
			nr[remap[i]] = v
		}
		v := nr[newPos]
		if v != nil {
			v = storedText(oldType, v)
			cv, inRange, err := convertZoned(ctx, oldType, typ, v, column.Name, rowNum)
			if err != nil {
				return nil, err
			}
			if inRange != sql.InRange {
				return nil, sql.ErrValueOutOfRange.New(v, typ)
			}
			if def.Columns[newPos].Type.Unsigned() && negative(ctx, cv) {
				return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", column.Name, rowNum)
			}
			nr[newPos] = cv
		} else if !column.Nullable {
			// MySQL 8.0's answer to a NULL in a column made NOT NULL
			// (MariaDB 10.11 gives 1265 Data truncated; MySQL's wins).
			return nil, mysql.NewSQLError(mysql.ERInvalidUseOfNull, "22004", "Invalid use of NULL value")
		}
		return nr, nil
	}
	if why.typeChange || exprChanged {
		// MySQL's ALGORITHM=COPY: the STORED generated columns are
		// computed again (generated.go).
		return t.rebuild(ctx, def, copyingConv(ctx, t.def, def, conv))
	}
	return t.rebuild(ctx, def, conv)
}

// copyFirst rebuilds the table before an index change an explicit
// ALGORITHM=COPY asks to copy for: MySQL's copy computes the STORED
// generated columns over TIMESTAMPs again in the session's zone (rebuild,
// generated.go), where Myriad's index change alone kept them. The index
// change then runs on the copy, in the statement's transaction.
func (t *Table) copyFirst(ctx *sql.Context) error {
	if !explicitCopy(ctx) {
		return nil
	}
	return t.rebuild(ctx, t.def.Clone(), func(r sql.Row) (sql.Row, error) { return r, nil })
}

// CreateIndex implements sql.IndexAlterableTable: the index entries for
// existing rows are written in the same transaction as the new definition.
func (t *Table) CreateIndex(ctx *sql.Context, d sql.IndexDef) (err error) {
	defer ddlStep(ctx)(&err)
	if err := t.copyFirst(ctx); err != nil {
		return err
	}
	if d.IsSpatial() && !hasFuncParts(d.Columns) {
		return t.createSpatial(ctx, d)
	}
	if d.IsFullText() || d.IsSpatial() || d.IsVector() {
		return sql.ErrUnsupportedFeature.New("fulltext, spatial and vector indexes")
	}
	if hasFuncParts(d.Columns) {
		defer func() {
			if err != nil {
				err = t.fxNamed(err)
			}
		}()
		if d.IsPrimary() {
			return functionalError(3756, "The primary key cannot be a functional index")
		}
		if d.Name == "" {
			d.Name = functionalIndexName(t.def)
		}
	}
	if d.IsPrimary() {
		return sql.ErrUnsupportedFeature.New("adding a primary key to an existing table")
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	// A statement that has written nothing yet (CREATE INDEX, an ALTER
	// whose earlier parts were indexes too) builds online; one that
	// changed the table in its own transaction (CREATE TABLE, ADD COLUMN
	// in the same ALTER) builds inside it.
	s, isSession := ctx.Session.(*Session)
	online := isSession && !tx.catalogDirty() && tx.kv.Writes() == 0
	m := methodInplace
	if online {
		m = methodOnline
	}
	// ALGORITHM=INSTANT: MySQL 8.0 gives 1845 (MariaDB 1846 with the
	// reason "ADD INDEX"); MySQL's answer wins.
	if _, err := checkAlgorithm(ctx, m, rebuildWhy{}); err != nil {
		return err
	}
	if err := checkIdentifier(d.Name); err != nil {
		return err
	}
	def := t.def.Clone()
	if _, ok := def.IndexByName(d.Name); ok || strings.EqualFold(d.Name, "PRIMARY") {
		return sql.ErrDuplicateKey.New(d.Name)
	}
	if _, ok := def.SpatialByName(d.Name); ok {
		return sql.ErrDuplicateKey.New(d.Name)
	}
	ix := catalog.Index{ID: def.NextIndexID, Name: d.Name, Unique: d.IsUnique(), Comment: d.Comment}
	def.NextIndexID++
	sch := t.Schema()
	funcs := hasFuncParts(d.Columns)
	for _, c := range d.Columns {
		if text, ok := funcPartText(c.Name); ok {
			td, firstColumn, err := newFuncPart(ctx, t.def, d.Name, text)
			if err != nil {
				return err
			}
			// The placeholder column follows the columns' renumbering.
			ix.Columns = append(ix.Columns, firstColumn)
			ix.Prefix = append(ix.Prefix, 0)
			ix.Exprs = append(ix.Exprs, text)
			ix.ExprTypes = append(ix.ExprTypes, td)
			continue
		} else if funcs {
			ix.Exprs = append(ix.Exprs, "")
			ix.ExprTypes = append(ix.ExprTypes, catalog.TypeDesc{})
		}
		p := sch.IndexOfColName(c.Name)
		if p < 0 {
			return sql.ErrKeyColumnDoesNotExist.New(c.Name)
		}
		if err := spatialKeyError(sch[p], c.Length); err != nil {
			return err
		}
		ix.Columns = append(ix.Columns, p)
		ix.Prefix = append(ix.Prefix, uint16(c.Length))
	}
	if allZero(ix.Prefix) {
		ix.Prefix = nil
	}
	if ix.HasExprs() {
		// Every entry is computed below (or by the online build) with
		// today's JSON text (funcindex.go, jsonTextStale).
		ix.JSONText = catalog.JSONTextVersion
	}
	if st := collecting(ctx, t); st != nil {
		def.Indexes = append(def.Indexes, ix)
		return st.set(t, def, false)
	}
	if online {
		return t.createIndexOnline(ctx, tx, s, ix)
	}
	def.Indexes = append(def.Indexes, ix)
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return err
	}
	old := t.lay
	t.setDef(def)
	il := t.lay.indexByID(ix.ID)
	// A row committed concurrently (before or after this commit) would
	// miss its entry: make such writers and this statement conflict.
	tx.kv.TouchRange(keys.PrefixSpan(old.primary))
	// Walk the stored rows with their keys: identical rows of a table
	// without a primary key are distinct keys and each needs its entry.
	it, err := tx.kv.NewIter(keys.PrefixSpan(old.primary))
	if err != nil {
		return err
	}
	defer it.Close()
	for ok := it.First(); ; ok = it.Next() {
		if !ok {
			return it.Error()
		}
		row, err := old.decodeRow(it.Value())
		if err != nil {
			return err
		}
		key := append([]byte(nil), it.Key()...)
		ik, hasNull, err := t.lay.indexKey(ctx, il, row, key)
		if err != nil {
			return err
		}
		if il.unique && !hasNull {
			if err := t.checkUnique(ctx, tx.kv, il, ik, row); err != nil {
				return err
			}
		}
		tx.kv.Set(ik, nil)
	}
}

func allZero(p []uint16) bool {
	for _, v := range p {
		if v != 0 {
			return false
		}
	}
	return true
}

// DropIndex implements sql.IndexAlterableTable.
func (t *Table) DropIndex(ctx *sql.Context, name string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	if err := t.copyFirst(ctx); err != nil {
		return err
	}
	// Dropping an index is the table record and one range tombstone:
	// every ALGORITHM and LOCK level is met (only INSTANT with a LOCK is
	// refused, 1221, as for any operation).
	if _, err := checkAlgorithm(ctx, methodInstant, rebuildWhy{}); err != nil {
		return err
	}
	if ok, err := t.dropSpatial(ctx, name); ok {
		return err
	}
	def := t.def.Clone()
	i, ok := def.IndexByName(name)
	if !ok {
		return sql.ErrIndexNotFound.New(name)
	}
	ch := new(catalog.Change).DropIndexData(def, def.Indexes[i].ID)
	def.Indexes = append(def.Indexes[:i], def.Indexes[i+1:]...)
	if err := tx.writeCatalog(t.db.eng.cat, ch.PutTable(t.db.schema, def)); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// RenameIndex implements sql.IndexAlterableTable.
func (t *Table) RenameIndex(ctx *sql.Context, from, to string) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def := t.def.Clone()
	if j, ok := def.SpatialByName(from); ok {
		if _, dup := def.IndexByName(to); dup {
			return sql.ErrDuplicateKey.New(to)
		}
		def.Spatial[j].Name = to
		if err := t.db.putTable(ctx, tx, def); err != nil {
			return err
		}
		t.setDef(def)
		return nil
	}
	i, ok := def.IndexByName(from)
	if !ok {
		return sql.ErrIndexNotFound.New(from)
	}
	if _, dup := def.IndexByName(to); dup && !strings.EqualFold(from, to) {
		return sql.ErrDuplicateKey.New(to)
	}
	def.Indexes[i].Name = to
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// Truncate implements sql.TruncateableTable: the table gets a fresh, empty
// key prefix and the old one a range tombstone. GMS also runs DELETE without
// WHERE through here and reports the count as affected rows, so for a
// DELETE the rows are counted (keys only); TRUNCATE TABLE itself reports 0
// rows affected in MySQL, however many it removed.
func (t *Table) Truncate(ctx *sql.Context) (int, error) {
	tx, err := txnOf(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	if !isTruncateStatement(ctx.Query()) {
		it, err := tx.kv.NewIter(keys.PrefixSpan(t.lay.primary))
		if err != nil {
			return 0, err
		}
		for ok := it.First(); ok; ok = it.Next() {
			n++
		}
		if err := it.Close(); err != nil {
			return 0, err
		}
	}
	def := t.def.Clone()
	def.AutoIncStart = 0
	old := t.def.ID
	if err := t.rebuildEmpty(ctx, def); err != nil {
		return 0, err
	}
	t.db.eng.forgetAutoInc(old)
	t.db.eng.forgetAutoInc(def.ID)
	return n, nil
}

func (t *Table) rebuildEmpty(ctx *sql.Context, def *catalog.Table) error {
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	id, err := t.db.eng.cat.NewID()
	if err != nil {
		return err
	}
	def.ID = id
	def.DataSchemaID = t.db.schema.ID
	def.StampKeyFormat() // empty: no key of an older format
	def.StampJSONText()  // no entries left
	startRowCount(tx.kv, def)
	if err := tx.writeCatalog(t.db.eng.cat, new(catalog.Change).PutTable(t.db.schema, def).DropTableData(t.def)); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// isTruncateStatement: q is a TRUNCATE [TABLE] statement (not a DELETE GMS
// runs as a truncation).
func isTruncateStatement(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	return len(q) >= 8 && strings.EqualFold(q[:8], "TRUNCATE")
}

// genExprKey is a stored generated expression in one form: CREATE stores
// `a` where MODIFY stores t.a, so the column qualifiers are dropped. An
// expression that does not parse is its own key (compared as written).
func genExprKey(expr string) string {
	stmt, err := sqlparser.Parse("SELECT " + expr)
	if err != nil {
		return expr
	}
	_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
		if c, ok := n.(*sqlparser.ColName); ok {
			c.Qualifier = sqlparser.TableName{}
		}
		return true, nil
	}, stmt)
	return sqlparser.String(stmt)
}
