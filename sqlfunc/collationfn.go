package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// COLLATION() and COERCIBILITY() report an expression's collation and
// derivation, which MySQL decides from the expression, never from its
// value (Item_func_collation::val_str reads args[0]->collation). GMS
// answered binary and 6 for any NULL value (COLLATION(v) of a latin1
// column's NULL row), and binary and 7 for a scalar subquery (MySQL: its
// select item's, `COLLATION((SELECT v FROM t))` latin1_swedish_ci, 2).

type collationFn struct{ *function.Collation }

type coercibilityFn struct{ *function.Coercibility }

func newCollationFn(e sql.Expression) sql.Expression {
	return &collationFn{function.NewCollation(e).(*function.Collation)}
}

func newCoercibilityFn(e sql.Expression) sql.Expression {
	return &coercibilityFn{function.NewCoercibility(e).(*function.Coercibility)}
}

func (c *collationFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return newCollationFn(children[0]), nil
}

func (c *coercibilityFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return newCoercibilityFn(children[0]), nil
}

func (c *collationFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if _, err := c.Child.Eval(ctx, row); err != nil {
		return nil, err
	}
	coll, _ := collationOf(ctx, c.Child)
	return coll.Name(), nil
}

func (c *coercibilityFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if _, err := c.Child.Eval(ctx, row); err != nil {
		return nil, err
	}
	_, d := collationOf(ctx, c.Child)
	return int64(d), nil
}

// collationOf is e's collation and derivation as MySQL reports them.
func collationOf(ctx *sql.Context, e sql.Expression) (sql.CollationID, byte) {
	if e.Type() == types.Null {
		return sql.Collation_binary, derivIgnorable
	}
	if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
		if item := sideExpr(sq.Query, 0); item != nil && len(sq.Query.Schema()) == 1 {
			return collationOf(ctx, item)
		}
	}
	coll, d := sql.GetCoercibility(ctx, e)
	if st, ok := e.Type().(sql.StringType); ok && coll == sql.Collation_binary && types.IsText(st) && !types.IsBinaryType(st) {
		// A text expression GMS cannot trace answers binary; its type
		// knows the collation.
		coll = st.Collation()
		if d > derivImplicit {
			d = derivImplicit
		}
	}
	return coll, d
}

func init() {
	functions["collation"] = sql.Function1{Name: "collation", Fn: newCollationFn}
	functions["coercibility"] = sql.Function1{Name: "coercibility", Fn: newCoercibilityFn}
}
