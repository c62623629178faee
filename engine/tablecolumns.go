package engine

import ast "github.com/dolthub/vitess/go/vt/sqlparser"

// TableColumns is the column names of the base table db.table as last
// committed; ok is false when there is no such base table (a view, a CTE,
// information_schema). The server's parse-time rewrite of GROUP BY ...
// WITH ROLLUP (server/rollupfrom.go) reads it to resolve a GROUP BY name
// against the FROM tables before the select aliases, as MySQL does; the
// planner has not seen the statement yet.
func (s *Session) TableColumns(db, table string) (names []string, ok bool) {
	if s == nil || s.eng == nil {
		return nil, false
	}
	t := s.eng.committedTable(db, table) // floatscale.go
	if t == nil {
		return nil, false
	}
	names = make([]string, len(t.Columns))
	for i := range t.Columns {
		names[i] = t.Columns[i].Name
	}
	return names, true
}

// ViewColumns are the column names of view db.table as its definition
// spells them (its column list, or its select list's aliases and column
// names); known is false for no view, or one whose names depend on
// resolving it (a * or a UNION without a column list).
func (s *Session) ViewColumns(db, table string) (names []string, known bool) {
	if s == nil || s.eng == nil {
		return nil, false
	}
	sel, cols, ok := s.eng.viewSelect(db, table) // viewcols.go
	if !ok {
		return nil, false
	}
	if len(cols) > 0 {
		for _, c := range cols {
			names = append(names, c.String())
		}
		return names, true
	}
	one, ok := sel.(*ast.Select)
	if !ok {
		return nil, false
	}
	for _, se := range one.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return nil, false
		}
		switch {
		case !ae.As.IsEmpty():
			names = append(names, ae.As.String())
		default:
			if c, ok := ae.Expr.(*ast.ColName); ok {
				names = append(names, c.Name.String())
			} else {
				names = append(names, ae.InputExpression)
			}
		}
	}
	return names, true
}
