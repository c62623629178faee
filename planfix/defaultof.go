package planfix

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqlfunc"
)

// defaultOfID is from probe19b's range 11_670-11_679.
const defaultOfID analyzer.RuleId = 11_670

var defaultOfRule = analyzer.Rule{Id: defaultOfID, Apply: func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node,
	_ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return defaultsOf(ctx, a, n)
}}

// defaultsOf puts the default of the column a DEFAULT(col) names (a
// sqlfunc.DefaultOf) in its place in an INSERT's VALUES, an UPDATE's SET
// and ON DUPLICATE KEY UPDATE: the value MySQL uses, converted to the
// assigned column as any value is. The planner's DEFAULT is the default of
// the assigned column, which is col's only when the two are one.
func defaultsOf(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.InsertInto:
			sch := n.Destination.Schema()
			same := transform.SameTree
			if vals, ok := n.Source.(*plan.Values); ok {
				var tuples [][]sql.Expression
				copied := map[int]bool{}
				for i, tup := range vals.ExpressionTuples {
					for j, e := range tup {
						d, ok := e.(*sqlfunc.DefaultOf)
						if !ok {
							continue
						}
						rep, err := defaultOfColumn(ctx, a, sch, d.Column)
						if err != nil {
							return nil, transform.SameTree, err
						}
						if tuples == nil {
							tuples = make([][]sql.Expression, len(vals.ExpressionTuples))
							copy(tuples, vals.ExpressionTuples)
						}
						if !copied[i] {
							tuples[i], copied[i] = append([]sql.Expression(nil), tup...), true
						}
						tuples[i][j] = rep
					}
				}
				if tuples != nil {
					nv := *vals
					nv.ExpressionTuples = tuples
					n = n.WithSource(&nv)
					same = transform.NewTree
				}
			}
			dup, dupSame, err := setsOf(ctx, a, sch, n.OnDupExprs)
			if err != nil {
				return nil, transform.SameTree, err
			}
			if !dupSame {
				nn := *n
				nn.OnDupExprs = dup
				n, same = &nn, transform.NewTree
			}
			return n, same, nil
		case *plan.UpdateSource:
			exprs, same, err := setsOf(ctx, a, n.Child.Schema(), n.UpdateExprs)
			if err != nil || same {
				return n, transform.SameTree, err
			}
			nu := *n
			nu.UpdateExprs = exprs
			return &nu, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// setsOf is exprs (SET assignments) with each DEFAULT(col) on the right
// replaced from sch; same when there was none.
func setsOf(ctx *sql.Context, a *analyzer.Analyzer, sch sql.Schema, exprs []sql.Expression) ([]sql.Expression, bool, error) {
	var out []sql.Expression
	for i, e := range exprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		d, ok := sf.RightChild.(*sqlfunc.DefaultOf)
		if !ok {
			continue
		}
		rep, err := defaultOfColumn(ctx, a, sch, d.Column)
		if err != nil {
			return nil, false, err
		}
		ne, err := sf.WithChildren(sf.LeftChild, rep)
		if err != nil {
			return nil, false, err
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = ne
	}
	if out == nil {
		return exprs, true, nil
	}
	return out, false, nil
}

// defaultOfColumn is the value DEFAULT(name) stands for among sch's
// columns. Defaults the planner would have to bind to the row (naming
// other columns) and the columns whose DEFAULT MySQL gives no plain value
// for (generated, AUTO_INCREMENT) are refused.
func defaultOfColumn(ctx *sql.Context, a *analyzer.Analyzer, sch sql.Schema, name string) (sql.Expression, error) {
	var col *sql.Column
	for _, c := range sch {
		if !strings.EqualFold(c.Name, name) {
			continue
		}
		if col != nil && !strings.EqualFold(col.Source, c.Source) {
			return nil, mysql.NewSQLError(mysql.ERNonUniq, "23000", "Column '%s' in field list is ambiguous", name)
		}
		col = c
	}
	if col == nil {
		return nil, mysql.NewSQLError(mysql.ERBadFieldError, "42S22", "Unknown column '%s' in 'field list'", name)
	}
	if col.Generated != nil || col.AutoIncrement {
		return nil, sqlfunc.ErrDefaultOf()
	}
	if col.Default == nil {
		if col.Nullable {
			return expression.NewLiteral(nil, col.Type), nil
		}
		if strictMode(ctx) {
			return nil, sql.ErrInsertIntoNonNullableDefaultNullColumn.New(col.Name)
		}
		return nil, sqlfunc.ErrDefaultOf()
	}
	def := col.Default
	if _, ok := def.Expr.(*sql.UnresolvedColumnDefault); ok {
		// A scanned table's schema (an UPDATE's) holds the default's
		// text; the planner resolves it for a DEFAULT it builds.
		if def = resolvedDefault(ctx, a, sch, col); def == nil {
			return nil, sqlfunc.ErrDefaultOf()
		}
	}
	bound := false
	transform.InspectExpr(def, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.UnresolvedColumn:
			bound = true
		}
		return bound
	})
	if bound {
		return nil, sqlfunc.ErrDefaultOf()
	}
	return expression.WrapExpression(def), nil
}

// resolvedDefault is col's default resolved among the columns of its own
// table in sch; nil when the planner fails at it.
func resolvedDefault(ctx *sql.Context, a *analyzer.Analyzer, sch sql.Schema, col *sql.Column) (def *sql.ColumnDefaultValue) {
	var own sql.Schema
	at := -1
	for _, c := range sch {
		if strings.EqualFold(c.Source, col.Source) {
			if c == col {
				at = len(own)
			}
			own = append(own, c)
		}
	}
	if at < 0 || a == nil {
		return nil
	}
	db := col.DatabaseSource
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	defer func() {
		// The planner reports its errors by panicking.
		if recover() != nil {
			def = nil
		}
	}()
	res := planbuilder.New(ctx, a.Catalog, nil, sql.GlobalParser).ResolveSchemaDefaults(db, col.Source, own)
	if at >= len(res) || res[at].Default == nil || !res[at].Default.Resolved() {
		return nil
	}
	return res[at].Default
}
