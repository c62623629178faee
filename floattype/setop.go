package floattype

import (
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// SetOpColumns derives the decimals of a UNION's (INTERSECT's, EXCEPT's)
// result columns as MySQL's Item_aggregate_type does: the largest of the
// branches' decimals, NOT_FIXED_DEC when a branch's is not fixed (a
// DOUBLE literal: `SELECT f FROM d UNION SELECT 1.5e0` prints 1.5, not
// 1.50). A position is OK only when every branch's decimals are known here
// (a FLOAT(M,D)/DOUBLE(M,D) column, an expression ResultColumns derives,
// a literal, NULL) and at least one branch reads such a column; nil when
// stmt is not a set operation or a branch is not a plain SELECT.
func SetOpColumns(stmt ast.Statement, db string, incr int, lookup Lookup) []Column {
	so, ok := stmt.(*ast.SetOp)
	if !ok {
		return nil
	}
	var branches []*ast.Select
	var flatten func(s ast.SelectStatement) bool
	flatten = func(s ast.SelectStatement) bool {
		switch x := s.(type) {
		case *ast.SetOp:
			return flatten(x.Left) && flatten(x.Right)
		case *ast.ParenSelect:
			return flatten(x.Select)
		case *ast.Select:
			branches = append(branches, x)
			return true
		}
		return false
	}
	if !flatten(so) || len(branches) == 0 {
		return nil
	}
	var out []Column
	reads := []bool(nil)
	for bi, b := range branches {
		cols := ResultColumns(b, db, incr, lookup)
		if bi == 0 {
			out = make([]Column, len(b.SelectExprs))
			reads = make([]bool, len(b.SelectExprs))
			for i := range out {
				out[i].OK = true
			}
		}
		if len(b.SelectExprs) != len(out) {
			return nil
		}
		for i, se := range b.SelectExprs {
			if !out[i].OK {
				continue
			}
			d, known := 0, false
			if len(cols) == len(out) && cols[i].OK {
				d, known = int(cols[i].D), true
				reads[i] = true
			} else if ae, ok := se.(*ast.AliasedExpr); ok {
				switch v := ae.Expr.(type) {
				case *ast.SQLVal:
					d, known = literalScale(v)
				case *ast.NullVal:
					d, known = 0, true
				}
			}
			if !known {
				out[i] = Column{}
				continue
			}
			out[i].D = uint8(min(max(int(out[i].D), d), NotFixed))
		}
	}
	for i := range out {
		if !reads[i] {
			out[i] = Column{}
		}
	}
	return out
}
