package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqltext"
)

// ERROR_FOR_DIVISION_BY_ZERO (in MySQL's default sql_mode): with a strict
// mode, an INSERT or UPDATE that stores the result of a division by zero
// (x/0, x DIV 0, x MOD 0) fails with 1365 "Division by 0" and stores
// nothing; with INSERT/UPDATE IGNORE, or without strictness, it stores NULL
// with warning 1365 (as a SELECT answers NULL with it). GMS only ever did
// the latter. The divisions themselves already warn (GMS's and this
// package's): the check turns the warning a stored value's evaluation
// raised into the error, so every division operator is covered without
// knowing each one.

// divZeroStrict: division by zero in a value stored by this statement is
// an error.
func divZeroStrict(ctx *sql.Context, ignore bool) bool {
	if ignore || ctx == nil || ctx.Session == nil {
		return false
	}
	m := sql.LoadSqlMode(ctx)
	if m.ModeEnabled("TRADITIONAL") {
		return true
	}
	return m.ModeEnabled("ERROR_FOR_DIVISION_BY_ZERO") &&
		(m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES"))
}

// divZeros puts checkDivZero over the values a strict INSERT (VALUES
// tuples, its row source's projection, ON DUPLICATE KEY UPDATE) or UPDATE
// ... SET stores. The sql_mode is read when the statement is analyzed:
// cached plans are keyed by it.
func divZeros(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch nn := n.(type) {
		case *plan.InsertInto:
			if !divZeroStrict(ctx, nn.Ignore) {
				return n, transform.SameTree, nil
			}
			same := transform.SameTree
			if v, ok := nn.Source.(*plan.Values); ok {
				tuples, changed := eachChanged(v.ExpressionTuples, func(_ int, tup []sql.Expression) ([]sql.Expression, bool) {
					return divZeroCheckedList(tup)
				})
				if changed {
					nv := *v
					nv.ExpressionTuples = tuples
					nn = nn.WithSource(&nv)
					same = transform.NewTree
				}
			}
			if p, ok := nn.Source.(*plan.Project); ok {
				if projs, changed := divZeroCheckedList(p.Projections); changed {
					nn = nn.WithSource(plan.NewProject(projs, p.Child))
					same = transform.NewTree
				}
			}
			// The strict handler covers the SELECT's WHERE too: INSERT ...
			// SELECT ... WHERE 1/0 fails with 1365 (GMS only warned and
			// inserted no row).
			if src, fsame, err := divZeroFilters(nn.Source); err != nil {
				return nil, transform.SameTree, err
			} else if fsame == transform.NewTree {
				nn = nn.WithSource(src)
				same = transform.NewTree
			}
			if dups, changed := divZeroCheckedSets(nn.OnDupExprs); changed {
				return withLeadingExprs(nn, dups)
			}
			return nn, same, nil
		case *plan.Update:
			// MySQL's strict handler covers the whole statement, its WHERE
			// too: UPDATE t SET v = 2 WHERE v = 1/0 fails with 1365
			// instead of changing no row silently.
			if !divZeroStrict(ctx, nn.Ignore) {
				return n, transform.SameTree, nil
			}
			return divZeroFilters(nn)
		case *plan.DeleteFrom:
			// GMS's parser has no DELETE IGNORE: sqltext marks one.
			if !divZeroStrict(ctx, sqltext.IsDeleteIgnore(ctx.Query())) {
				return n, transform.SameTree, nil
			}
			return divZeroFilters(nn)
		case *plan.UpdateSource:
			if !divZeroStrict(ctx, nn.Ignore) {
				return n, transform.SameTree, nil
			}
			if exprs, changed := divZeroCheckedSets(nn.UpdateExprs); changed {
				return withLeadingExprs(nn, exprs)
			}
			return n, transform.SameTree, nil
		}
		return n, transform.SameTree, nil
	})
}

func errDivZero() error {
	return mysql.NewSQLError(erDivisionByZero, "22012", "Division by 0")
}

// DivZeroConstID names divZeroConstants' rule (wrong18's range 11_120-11_139).
const DivZeroConstID analyzer.RuleId = 11_121

var divZeroConstRule = analyzer.Rule{Id: DivZeroConstID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return n, transform.SameTree, divZeroConstants(ctx, n)
}}

// divZeroConstants fails a strict INSERT, UPDATE or DELETE whose WHERE (or
// a subquery's) has a constant part that divides by zero: FoldConstants and
// GMS's simplifyFilters, which run next, evaluate such a part once, at
// analysis, and keep a NULL literal (INSERT ... SELECT ... WHERE 1/0 only
// warned and inserted nothing), so no check at execution sees the division;
// MySQL's strict handler fails the statement with 1365.
func divZeroConstants(ctx *sql.Context, n sql.Node) error {
	var ignore bool
	switch nn := n.(type) {
	case *plan.InsertInto:
		ignore = nn.Ignore
	case *plan.Update:
		ignore = nn.Ignore
	case *plan.DeleteFrom:
		ignore = sqltext.IsDeleteIgnore(ctx.Query())
	default:
		return nil
	}
	if !divZeroStrict(ctx, ignore) {
		return nil
	}
	var err error
	var visit func(n sql.Node)
	visit = func(n sql.Node) {
		_, _, _ = transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			if f, ok := n.(*plan.Filter); ok && err == nil {
				transform.InspectExpr(f.Expression, func(e sql.Expression) bool {
					if sq, ok := e.(*plan.Subquery); ok {
						visit(sq.Query)
					} else if err == nil && foldedConstant(e) && mayDivide(e) {
						err = divZeroEval(ctx, e)
					}
					return err != nil
				})
			}
			return n, transform.SameTree, nil
		})
	}
	visit(n)
	if ins, ok := n.(*plan.InsertInto); ok && err == nil && ins.Source != nil {
		// Not a child: GMS analyzes the row source on its own later.
		visit(ins.Source)
	}
	return err
}

// divZeroEval evaluates the constant e and reports 1365 when that warned of
// a division by zero.
func divZeroEval(ctx *sql.Context, e sql.Expression) error {
	before := ctx.Session.WarningCount()
	if _, err := e.Eval(ctx, nil); err != nil || ctx.Session.WarningCount() == before {
		return nil // an error of its own: the folding reports it
	}
	for i, w := range ctx.Session.Warnings() {
		if i >= int(ctx.Session.WarningCount()-before) {
			break
		}
		if w.Code == erDivisionByZero {
			return errDivZero()
		}
	}
	return nil
}

// foldedConstant: e is a part the folding evaluates (no column, subquery,
// parameter; see constant) and computes something.
func foldedConstant(e sql.Expression) bool {
	switch e.(type) {
	case *expression.Literal, expression.Tuple, *expression.Interval:
		return false
	}
	return constant(e)
}

// divZeroFilters puts checkDivZero over the WHERE conditions below an
// UPDATE or DELETE (the Filter nodes of its row source; subqueries keep
// theirs, as they are analyzed as their own scopes).
func divZeroFilters(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		if !mayDivide(f.Expression) {
			// A key condition stays as it is: the direct executors and
			// the index lookup know an Equals, not a checkDivZero over it.
			return n, transform.SameTree, nil
		}
		e, changed := divZeroChecked(f.Expression)
		if !changed {
			return n, transform.SameTree, nil
		}
		return plan.NewFilter(e, f.Child), transform.NewTree, nil
	})
}

// mayDivide reports whether evaluating e can warn of a division by zero:
// it holds a division or modulo, or something whose body the walk cannot
// see (a subquery, a function, which may divide inside).
func mayDivide(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.Div, *decDiv, *expression.IntDiv, *expression.Mod, *intDiv, *plan.Subquery:
			return true
		case sql.FunctionExpression:
			return true
		}
		return false
	})
}

func divZeroCheckedList(exprs []sql.Expression) ([]sql.Expression, bool) {
	return eachChanged(exprs, func(_ int, e sql.Expression) (sql.Expression, bool) {
		return divZeroChecked(e)
	})
}

func divZeroCheckedSets(exprs []sql.Expression) ([]sql.Expression, bool) {
	return eachChanged(exprs, func(_ int, e sql.Expression) (sql.Expression, bool) {
		s, ok := e.(*expression.SetField)
		if !ok {
			return e, false
		}
		r, ok := divZeroChecked(s.RightChild)
		if !ok {
			return e, false
		}
		return expression.NewSetField(s.LeftChild, r), true
	})
}

// divZeroChecked is e under checkDivZero when it computes anything (ok).
func divZeroChecked(e sql.Expression) (sql.Expression, bool) {
	switch e.(type) {
	case *checkDivZero, *expression.Literal, *expression.GetField, *sql.ColumnDefaultValue,
		*expression.Wrapper, *expression.BindVar:
		return e, false
	}
	return &checkDivZero{transparent{unary{e}}}, true
}

// checkDivZero fails with 1365 when its child's evaluation warned of a
// division by zero.
type checkDivZero struct{ transparent }

var _ sql.Expression = (*checkDivZero)(nil)
var _ sql.CollationCoercible = (*checkDivZero)(nil)

func (c *checkDivZero) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

func (c *checkDivZero) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	before := ctx.Session.WarningCount()
	v, err := c.child.Eval(ctx, row)
	if err != nil || ctx.Session.WarningCount() == before {
		return v, err
	}
	// Warnings() lists the newest first.
	for i, w := range ctx.Session.Warnings() {
		if i >= int(ctx.Session.WarningCount()-before) {
			break
		}
		if w.Code == erDivisionByZero {
			return nil, errDivZero()
		}
	}
	return v, nil
}
