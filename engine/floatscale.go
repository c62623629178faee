package engine

import (
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
)

// FloatScale is the (M,D) of column db.table.column when it was declared
// FLOAT(M,D) or DOUBLE(M,D): GMS's float types keep no scale (package
// floattype), so the server asks here for a result column's decimals. It
// reads the committed definition through the catalog's cache; ok is false
// for anything else (another type, a view, an alias GMS reports instead of
// the table's name, a dropped table). For a TIMESTAMP(n) column it is
// (0, n).
func (e *Engine) FloatScale(db, table, column string) (width, scale uint8, ok bool) {
	if db == "" || table == "" || column == "" {
		return 0, 0, false
	}
	s, err := e.cat.Schema(nil, db)
	if err != nil || s == nil {
		return 0, 0, false
	}
	t, err := e.cat.Table(nil, s, table)
	if err != nil || t == nil {
		return 0, 0, false
	}
	i := t.ColumnByName(column)
	if i < 0 {
		return 0, 0, false
	}
	if d := t.Columns[i].Type; d.Q == sqltypes.Timestamp && d.P > 0 {
		// A TIMESTAMP(n)'s n, as scale: GMS's field packets give it no
		// decimals (only DATETIME's), and the server pads its values'
		// fractions to them.
		return 0, d.P, true
	}
	return t.Columns[i].Type.FloatScale()
}

// Zerofill is the display width of an integer column declared ZEROFILL,
// found by its schema, table and name: the server pads the column's values
// to it in the text protocol and marks its fields ZEROFILL.
func (e *Engine) Zerofill(db, table, column string) (width int, ok bool) {
	if !catalog.AnyZerofill() || db == "" || table == "" || column == "" {
		return 0, false
	}
	s, err := e.cat.Schema(nil, db)
	if err != nil || s == nil {
		return 0, false
	}
	t, err := e.cat.Table(nil, s, table)
	if err != nil || t == nil {
		return 0, false
	}
	i := t.ColumnByName(column)
	if i < 0 {
		return 0, false
	}
	return t.Columns[i].Type.Zerofill()
}

// IntegerColumn reports whether db.table.column is an integer column: the
// server's derivation of result decimals (floattype.ResultColumns) counts
// its decimals as 0 (FLOAT(7,4) + INT has 4).
func (e *Engine) IntegerColumn(db, table, column string) bool {
	if db == "" || table == "" || column == "" {
		return false
	}
	s, err := e.cat.Schema(nil, db)
	if err != nil || s == nil {
		return false
	}
	t, err := e.cat.Table(nil, s, table)
	if err != nil || t == nil {
		return false
	}
	i := t.ColumnByName(column)
	return i >= 0 && sqltypes.IsIntegral(t.Columns[i].Type.Q)
}
