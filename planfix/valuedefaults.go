package planfix

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// valueDefaultsID is from probe20b's range 11_750-11_759.
const valueDefaultsID analyzer.RuleId = 11_750

var valueDefaultsRule = analyzer.Rule{Id: valueDefaultsID, Apply: func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node,
	_ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return valueDefaults(ctx, a, n)
}}

// valueDefaults binds the column references of an expression DEFAULT that
// a VALUES tuple asks for (the DEFAULT keyword, or every column of `()
// VALUES ()`) to the values of that row. MySQL computes such a default
// from the row being inserted (`d INT DEFAULT (a * 10)`: `INSERT INTO t ()
// VALUES ()` stores a's default times 10); GMS evaluates the tuple's
// DEFAULT without a row, so d was stored NULL without a word, or `(d)
// VALUES (DEFAULT)` failed with "unable to find field with index -1". A
// reference to a column the tuple gives reads that value converted to the
// column's type; one to a column left to its default reads that default,
// itself bound the same way (MySQL allows references to earlier columns
// only, so there is no cycle; a depth bound guards anyway).
func valueDefaults(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Destination == nil {
			return n, transform.SameTree, nil
		}
		vals, ok := ins.Source.(*plan.Values)
		if !ok {
			return n, transform.SameTree, nil
		}
		sch := ins.Destination.Schema()
		names := ins.ColumnNames
		if len(names) == 0 {
			for _, c := range sch {
				names = append(names, c.Name)
			}
		}
		var tuples [][]sql.Expression
		copied := map[int]bool{}
		for r, tup := range vals.ExpressionTuples {
			if len(tup) != len(names) {
				continue
			}
			b := &rowBinder{ctx: ctx, a: a, sch: sch, names: names, tup: tup}
			for j, e := range tup {
				cd := defaultIn(e)
				if cd == nil || !mentionsColumn(cd.Expr) {
					continue
				}
				bound, err := b.bind(cd, 0)
				if err != nil {
					return nil, transform.SameTree, err
				}
				if tuples == nil {
					tuples = append([][]sql.Expression(nil), vals.ExpressionTuples...)
				}
				if !copied[r] {
					tuples[r], copied[r] = append([]sql.Expression(nil), tup...), true
				}
				tuples[r][j] = expression.WrapExpression(bound)
			}
		}
		if tuples == nil {
			return n, transform.SameTree, nil
		}
		nv := *vals
		nv.ExpressionTuples = tuples
		return ins.WithSource(&nv), transform.NewTree, nil
	})
}

// defaultIn is the column default e stands for (nil: e is a value).
func defaultIn(e sql.Expression) *sql.ColumnDefaultValue {
	if w, ok := e.(*expression.Wrapper); ok {
		e = w.Unwrap()
	}
	cd, _ := e.(*sql.ColumnDefaultValue)
	return cd
}

func mentionsColumn(e sql.Expression) bool {
	found := false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if _, ok := e.(*expression.GetField); ok {
			found = true
		}
		return found
	})
	return found
}

// rowBinder binds the defaults of one VALUES tuple.
type rowBinder struct {
	ctx   *sql.Context
	a     *analyzer.Analyzer
	sch   sql.Schema
	names []string
	tup   []sql.Expression
}

func (b *rowBinder) bind(cd *sql.ColumnDefaultValue, depth int) (*sql.ColumnDefaultValue, error) {
	if depth > len(b.sch) {
		return nil, fmt.Errorf("column defaults refer to each other")
	}
	e, _, err := transform.Expr(cd.Expr, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		v, err := b.column(gf.Name(), depth)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return v, transform.NewTree, nil
	})
	if err != nil {
		return nil, err
	}
	nd := *cd
	nd.Expr = e
	return &nd, nil
}

// column is the value the row being inserted has in column name.
func (b *rowBinder) column(name string, depth int) (sql.Expression, error) {
	var col *sql.Column
	for _, c := range b.sch {
		if strings.EqualFold(c.Name, name) {
			col = c
			break
		}
	}
	if col == nil {
		return nil, sql.ErrColumnNotFound.New(name)
	}
	for q, n := range b.names {
		if !strings.EqualFold(n, name) {
			continue
		}
		if cd := defaultIn(b.tup[q]); cd != nil {
			return b.bind(cd, depth+1)
		}
		return &asColumn{child: b.tup[q], typ: col.Type}, nil
	}
	def := col.Default
	if def == nil {
		return expression.NewLiteral(nil, col.Type), nil
	}
	if _, ok := def.Expr.(*sql.UnresolvedColumnDefault); ok {
		if def = resolvedDefault(b.ctx, b.a, b.sch, col); def == nil {
			return nil, fmt.Errorf("cannot resolve the default of column %s", col.Name)
		}
	}
	return b.bind(def, depth+1)
}

// asColumn is a value as the column it is given to stores it, which is
// what a default reading that column sees.
type asColumn struct {
	child sql.Expression
	typ   sql.Type
}

func (c *asColumn) Resolved() bool             { return c.child.Resolved() }
func (c *asColumn) String() string             { return c.child.String() }
func (c *asColumn) Type() sql.Type             { return c.typ }
func (c *asColumn) IsNullable() bool           { return c.child.IsNullable() }
func (c *asColumn) Children() []sql.Expression { return []sql.Expression{c.child} }
func (c *asColumn) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 1)
	}
	return &asColumn{child: ch[0], typ: c.typ}, nil
}

func (c *asColumn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	// An out-of-range value fails the INSERT itself; here the clamped
	// value is what the column would hold.
	out, _, err := c.typ.Convert(ctx, v)
	if err != nil {
		return v, nil
	}
	return out, nil
}
