package engine

import (
	"regexp"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/sqltypes"
)

// ALTER TABLE ... [DEFAULT] CHARACTER SET / COLLATE changes the table's
// default collation alone (catalog-only, as in MySQL); ALTER TABLE ...
// CONVERT TO CHARACTER SET also converts every text column, which
// rewrites the rows and rebuilds the indexes on them (online when it is
// the first thing its statement writes, see rewrite.go). GMS's planner
// hands both to ModifyDefaultCollation; CONVERT is told apart by the
// statement text.

var _ sql.CollationAlterableTable = (*Table)(nil)

var convertTo = regexp.MustCompile(`(?i)\bCONVERT\s+TO\s+(CHARACTER\s+SET|CHARSET)\b`)

// ModifyDefaultCollation implements sql.CollationAlterableTable.
func (t *Table) ModifyDefaultCollation(ctx *sql.Context, c sql.CollationID) (err error) {
	if convertTo.MatchString(ctx.Query()) {
		return t.ModifyStoredCollation(ctx, c)
	}
	defer ddlStep(ctx)(&err)
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def := t.def.Clone()
	def.Collation = c
	if err := t.db.putTable(ctx, tx, def); err != nil {
		return err
	}
	t.setDef(def)
	return nil
}

// ModifyStoredCollation implements sql.CollationAlterableTable (CONVERT TO
// CHARACTER SET): the default and every CHAR, VARCHAR, TEXT, ENUM and SET
// column take collation c.
func (t *Table) ModifyStoredCollation(ctx *sql.Context, c sql.CollationID) (err error) {
	defer ddlStep(ctx)(&err)
	tx, err := txnOf(ctx)
	if err != nil {
		return err
	}
	def := t.def.Clone()
	def.Collation = c
	changed := false
	for i := range def.Columns {
		ty := &def.Columns[i].Type
		switch ty.Q {
		case sqltypes.Char, sqltypes.VarChar, sqltypes.Text, sqltypes.Enum, sqltypes.Set:
			if ty.C != uint16(c) {
				ty.C, changed = uint16(c), true
			}
		}
	}
	m := methodInstant
	if changed {
		m = methodRebuild
	}
	if _, err := checkAlgorithm(ctx, m, rebuildWhy{typeChange: changed}); err != nil {
		return err
	}
	if !changed {
		if err := t.db.putTable(ctx, tx, def); err != nil {
			return err
		}
		t.setDef(def)
		return nil
	}
	if err := def.Prepare(t.db.schema.Name); err != nil {
		return err
	}
	if s, ok := ctx.Session.(*Session); ok && !tx.catalogDirty() && tx.kv.Writes() == 0 && onlineRewritable(t.def, def) {
		return t.rewriteOnline(ctx, tx, s, def)
	}
	conv, err := newRowConv(t.def, def)
	if err != nil {
		return err
	}
	if err := conv.setGens(ctx, t.def, def); err != nil {
		return err
	}
	n := int64(0)
	return t.rebuild(ctx, def, func(r sql.Row) (sql.Row, error) {
		n++
		return conv.apply(ctx, r, n)
	})
}
