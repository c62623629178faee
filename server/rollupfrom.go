package server

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/engine"
)

// fromColumnFunc reports whether a column of sel's FROM clause is named
// name (lower-case): MySQL resolves a GROUP BY name against the FROM
// tables before the select aliases (manual, "Problems with Column
// Aliases"; find_order_in_list warns 1052 and takes the table's column),
// so `SELECT id + 0 AS age ... GROUP BY age WITH ROLLUP` groups by the
// table's age. The rollup rewrite runs in the parser, before the planner
// sees the tables, so the names come from the catalog.
//
// unknown: a FROM item's columns cannot be told from the catalog or the
// text (a view, a derived table with SELECT * or a UNION): the caller
// refuses to guess between the alias and a column it may hold.
type fromColumnFunc func(sel *ast.Select, name string) (found, unknown bool)

// fromColumns binds the fromColumnFunc of a statement parsed for ctx's
// session; nil without one (a view's or trigger's stored text parsed by
// GMS on its own), which leaves a select alias to win as before. A FROM
// item whose columns are not known (a view, a derived table or CTE with
// SELECT * or a UNION) has none for it.
func fromColumns(ctx context.Context) func(stmt ast.SQLNode) fromColumnFunc {
	sctx, ok := ctx.(*sql.Context)
	if !ok || sctx == nil {
		return nil
	}
	s, ok := sctx.Session.(*engine.Session)
	if !ok {
		return nil
	}
	cur := sctx.GetCurrentDatabase()
	return func(stmt ast.SQLNode) fromColumnFunc {
		return fromColumnsOf(s, cur, statementCTEs(stmt))
	}
}

// statementCTEs are the CTEs defined anywhere in stmt, by lower-case
// name: a ROLLUP's FROM may name one of an enclosing statement.
func statementCTEs(stmt ast.SQLNode) map[string]*ast.CommonTableExpr {
	ctes := map[string]*ast.CommonTableExpr{}
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		var w *ast.With
		switch n := n.(type) {
		case *ast.Select:
			w = n.With
		case *ast.SetOp:
			w = n.With
		case *ast.Insert:
			w = n.With
		case *ast.Update:
			w = n.With
		case *ast.Delete:
			w = n.With
		}
		if w != nil {
			for _, c := range w.Ctes {
				if c != nil && c.AliasedTableExpr != nil {
					ctes[strings.ToLower(c.As.String())] = c
				}
			}
		}
		return true, nil
	}, stmt)
	return ctes
}

func fromColumnsOf(s *engine.Session, cur string, ctes map[string]*ast.CommonTableExpr) fromColumnFunc {
	return func(sel *ast.Select, name string) (found, unknown bool) {
		var has func(te ast.TableExpr) bool
		has = func(te ast.TableExpr) bool {
			switch te := te.(type) {
			case *ast.JoinTableExpr:
				return has(te.LeftExpr) || has(te.RightExpr)
			case *ast.ParenTableExpr:
				for _, x := range te.Exprs {
					if has(x) {
						return true
					}
				}
			case *ast.AliasedTableExpr:
				switch x := te.Expr.(type) {
				case ast.TableName:
					db := x.DbQualifier.String()
					if db == "" {
						if c := ctes[strings.ToLower(x.Name.String())]; c != nil {
							return cteHasColumn(c, name)
						}
						db = cur
					}
					cols, ok := s.TableColumns(db, x.Name.String())
					if !ok {
						var known bool
						if cols, known = s.ViewColumns(db, x.Name.String()); !known {
							unknown = true
						}
					}
					for _, c := range cols {
						if strings.EqualFold(c, name) {
							return true
						}
					}
				case *ast.Subquery:
					if !derivedColumnsKnown(x) {
						unknown = true
					}
					return derivedHasColumn(x, name)
				}
			}
			return false
		}
		for _, te := range sel.From {
			if has(te) {
				return true, false
			}
		}
		return false, unknown
	}
}

// derivedColumnsKnown: a derived table's column names are in its text (a
// column list, or a single SELECT without *).
func derivedColumnsKnown(sq *ast.Subquery) bool {
	if len(sq.Columns) > 0 {
		return true
	}
	inner, ok := sq.Select.(*ast.Select)
	if !ok {
		return false
	}
	for _, se := range inner.SelectExprs {
		if _, star := se.(*ast.StarExpr); star {
			return false
		}
	}
	return true
}

// cteHasColumn: a CTE's column list, or its query's names, holds name.
func cteHasColumn(c *ast.CommonTableExpr, name string) bool {
	for _, col := range c.Columns {
		if col.Lowered() == name {
			return true
		}
	}
	sq, ok := c.AliasedTableExpr.Expr.(*ast.Subquery)
	return ok && len(c.Columns) == 0 && derivedHasColumn(sq, name)
}

// derivedHasColumn: a derived table's column list, or its select list's
// names (an alias, or a column's own name), holds name.
func derivedHasColumn(sq *ast.Subquery, name string) bool {
	for _, c := range sq.Columns {
		if c.Lowered() == name {
			return true
		}
	}
	if len(sq.Columns) > 0 {
		return false
	}
	inner, ok := sq.Select.(*ast.Select)
	if !ok {
		return false
	}
	for _, se := range inner.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			continue
		}
		if !ae.As.IsEmpty() {
			if ae.As.Lowered() == name {
				return true
			}
			continue
		}
		if c, ok := ae.Expr.(*ast.ColName); ok && c.Name.Lowered() == name {
			return true
		}
	}
	return false
}
