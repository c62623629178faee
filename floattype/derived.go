package floattype

import (
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// A derived table, a view and a scalar subquery pass on the declaration
// of the columns their select list reads: MySQL's Item_ref and
// Item_singlerow_subselect keep a FLOAT(M,D) column's decimals and a
// ZEROFILL column's padding (`SELECT f FROM (SELECT f FROM t) s` prints
// 3.50 for a FLOAT(7,2)), where GMS's result field names the derived
// table, view or subquery text and its type keeps no scale. The functions
// below read such a SELECT's result columns by name.

// StatementColumns is ResultColumns of a SELECT, SetOpColumns of a set
// operation, nil for anything else.
func StatementColumns(s ast.SelectStatement, db string, incr int, lookup Lookup) []Column {
	return statementColumns(s, db, incr, lookup, nil)
}

// statementColumns is StatementColumns with a LATERAL derived table's
// outer tables.
func statementColumns(s ast.SelectStatement, db string, incr int, lookup Lookup, outer []tableRef) []Column {
	switch x := s.(type) {
	case *ast.ParenSelect:
		return statementColumns(x.Select, db, incr, lookup, outer)
	case *ast.Select:
		return resultColumns(x, db, incr, lookup, outer)
	case *ast.SetOp:
		return SetOpColumns(x, db, incr, lookup)
	}
	return nil
}

// ResultNames are the names of s's result columns: cols when the derived
// table or view lists them, else each select expression's alias, or the
// column it is, or an expression's text as written; "" where none says (a
// literal, whose name is its value), nil for a select list with a *.
func ResultNames(s ast.SelectStatement, cols ast.Columns) []string {
	first := firstSelect(s)
	if first == nil {
		return nil
	}
	out := make([]string, len(first.SelectExprs))
	if len(cols) > 0 {
		if len(cols) != len(out) {
			return nil
		}
		for i, c := range cols {
			out[i] = c.String()
		}
		return out
	}
	for i, se := range first.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return nil
		}
		switch x := ae.Expr.(type) {
		case *ast.ColName:
			out[i] = x.Name.String()
		case *ast.SQLVal, *ast.NullVal, ast.BoolVal:
			// A literal's name is its value, not its text.
		default:
			// MySQL names an expression by its text as written
			// (the parser's InputExpression), which names no column.
			out[i] = strings.TrimSpace(ae.InputExpression)
		}
		if !ae.As.IsEmpty() {
			out[i] = ae.As.String()
		}
	}
	return out
}

// firstSelect is s, or the first branch of a set operation.
func firstSelect(s ast.SelectStatement) *ast.Select {
	for {
		switch x := s.(type) {
		case *ast.ParenSelect:
			s = x.Select
		case *ast.SetOp:
			s = x.Left
		case *ast.Select:
			return x
		default:
			return nil
		}
	}
}

// nameIndex is the position of name among names (case-insensitive), -1
// when it is absent or not unique.
func nameIndex(names []string, name string) int {
	at := -1
	for i, n := range names {
		if n != "" && strings.EqualFold(n, name) {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// SubColumn is the Column of s's result column name (cols: the column
// list of the derived table or view, if any). A SELECT * from one table
// passes the table's columns on (lookup of that table's column).
func SubColumn(s ast.SelectStatement, cols ast.Columns, name, db string, incr int, lookup Lookup) Column {
	return subColumn(s, cols, name, db, incr, lookup, nil)
}

// subColumn is SubColumn of a LATERAL derived table, which sees outer.
func subColumn(s ast.SelectStatement, cols ast.Columns, name, db string, incr int, lookup Lookup, outer []tableRef) Column {
	if len(cols) == 0 {
		if t, ok := starTable(s, db); ok {
			if len(t.members) > 0 {
				// `SELECT *` of a join: the column of that name.
				t.incr = incr
				m, d, ok := t.column(&ast.ColName{Name: ast.NewColIdent(name)}, lookup)
				return Column{M: m, D: d, Bare: ok && m > 0, OK: ok}
			}
			if t.sub != nil {
				return subColumn(t.sub, t.subCols, name, db, incr, lookup, nil)
			}
			m, d, ok := lookup(t.db, t.name, name)
			return Column{M: m, D: d, Bare: true, OK: ok}
		}
	}
	i := nameIndex(ResultNames(s, cols), name)
	if i < 0 {
		return Column{}
	}
	rc := statementColumns(s, db, incr, lookup, outer)
	if i >= len(rc) {
		return Column{}
	}
	return rc[i]
}

// SubOrigin is the table column behind s's result column name, when the
// select list passes one on unchanged (for a ZEROFILL column's padding).
func SubOrigin(s ast.SelectStatement, cols ast.Columns, name, db string, lookup Lookup) Origin {
	return subOrigin(s, cols, name, db, lookup, nil)
}

// subOrigin is SubOrigin of a LATERAL derived table, which sees outer.
func subOrigin(s ast.SelectStatement, cols ast.Columns, name, db string, lookup Lookup, outer []tableRef) Origin {
	if len(cols) == 0 {
		if t, ok := starTable(s, db); ok {
			if len(t.members) > 0 {
				// `SELECT *` of a join: the column of that name.
				mb, _, ok := t.owner(&ast.ColName{Name: ast.NewColIdent(name)}, lookup)
				if !ok || len(mb.members) > 0 {
					return Origin{}
				}
				t = mb
			}
			if t.sub != nil {
				return subOrigin(t.sub, t.subCols, name, db, lookup, t.outer)
			}
			if t.db == "" {
				return Origin{}
			}
			return Origin{DB: t.db, Table: t.name, Column: name}
		}
	}
	sel, ok := s.(*ast.Select)
	if !ok {
		return Origin{}
	}
	i := nameIndex(ResultNames(s, cols), name)
	o := origins(sel, db, lookup, outer)
	if i < 0 || i >= len(o) {
		return Origin{}
	}
	return o[i]
}

// starTable is the one table (or derived table) of `SELECT * FROM t`.
func starTable(s ast.SelectStatement, db string) (tableRef, bool) {
	sel, ok := s.(*ast.Select)
	if !ok || len(sel.SelectExprs) != 1 {
		return tableRef{}, false
	}
	if _, star := sel.SelectExprs[0].(*ast.StarExpr); !star {
		return tableRef{}, false
	}
	_, from, ok := singleTable(sel, db)
	if !ok || len(from.members) == 0 && (from.name == "" || (from.sub == nil && from.db == "")) {
		return tableRef{}, false
	}
	return from, true
}
