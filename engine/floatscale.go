package engine

import (
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/floattype"
)

// committedTable is base table db.table as last committed, read through
// the catalog's cache; nil for a name that is no base table (a view, an
// alias GMS reports instead of the table's name, a dropped table).
func (e *Engine) committedTable(db, table string) *catalog.Table {
	if db == "" || table == "" {
		return nil
	}
	s, err := e.cat.Schema(nil, db)
	if err != nil || s == nil {
		return nil
	}
	t, err := e.cat.Table(nil, s, table)
	if err != nil {
		return nil
	}
	return t
}

// columnType is the committed catalog type of column db.table.column; ok
// is false for a name that is no base table's column. The server's
// result-field lookups below go through it.
func (e *Engine) columnType(db, table, column string) (catalog.TypeDesc, bool) {
	t := e.committedTable(db, table)
	if t == nil || column == "" {
		return catalog.TypeDesc{}, false
	}
	i := t.ColumnByName(column)
	if i < 0 {
		return catalog.TypeDesc{}, false
	}
	return t.Columns[i].Type, true
}

// FloatScale is the (M,D) of column db.table.column when it was declared
// FLOAT(M,D) or DOUBLE(M,D): GMS's float types keep no scale (package
// floattype), so the server asks here for a result column's decimals; ok
// is false for anything else, with width floattype.Present for another
// column of a table, floattype.Absent for a table without that column (a
// join's unqualified column is the table's that has it). For a
// TIMESTAMP(n) column it is (0, n).
func (e *Engine) FloatScale(db, table, column string) (width, scale uint8, ok bool) {
	return e.FloatScaleAt(db, table, column, defaultDivIncrement)
}

// defaultDivIncrement is MySQL's default div_precision_increment.
const defaultDivIncrement = 4

// FloatScaleAt is FloatScale under div_precision_increment incr, which a
// view's column that divides adds to its decimals.
func (e *Engine) FloatScaleAt(db, table, column string, incr int) (width, scale uint8, ok bool) {
	d, ok := e.columnType(db, table, column)
	if !ok {
		if column != "" && e.committedTable(db, table) != nil {
			return floattype.Absent, 0, false
		}
		return e.viewFloatScale(db, table, column, incr) // viewcols.go
	}
	if d.Q == sqltypes.Timestamp && d.P > 0 {
		// A TIMESTAMP(n)'s n, as scale: GMS's field packets give it no
		// decimals (only DATETIME's), and the server pads its values'
		// fractions to them.
		return 0, d.P, true
	}
	if m, s, ok := d.FloatScale(); ok {
		return m, s, true
	}
	return floattype.Present, 0, false
}

// Zerofill is the display width of an integer column declared ZEROFILL,
// found by its schema, table and name: the server pads the column's values
// to it in the text protocol and marks its fields ZEROFILL.
func (e *Engine) Zerofill(db, table, column string) (width int, ok bool) {
	if !catalog.AnyZerofill() {
		return 0, false
	}
	d, ok := e.columnType(db, table, column)
	if !ok {
		return e.viewZerofill(db, table, column) // viewcols.go
	}
	return d.Zerofill()
}

// IntegerColumn reports whether db.table.column is an integer column: the
// server's derivation of result decimals (floattype.ResultColumns) counts
// its decimals as 0 (FLOAT(7,4) + INT has 4).
func (e *Engine) IntegerColumn(db, table, column string) bool {
	d, ok := e.columnType(db, table, column)
	return ok && sqltypes.IsIntegral(d.Q)
}
