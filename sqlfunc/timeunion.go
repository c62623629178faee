package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// unionTimesOf: GMS's planner converts the two sides of a UNION column to
// CHAR when their types differ, which TIME(2) and TIME(6) (or TIME) now
// do, and its CHAR conversion of a TIME value is NULL: `SELECT t2 FROM t
// UNION SELECT t6 FROM t` answered NULLs. Such a column of so becomes
// MySQL's TIME(n) with the larger precision on both sides.
func unionTimesOf(so *plan.SetOp) (sql.Node, transform.TreeIdentity, error) {
	lp, rp, ok := setOpSides(so)
	if !ok {
		return so, transform.SameTree, nil
	}
	return setOpColumns(so, lp, rp, false, func(_ int, l, r sql.Expression) (sql.Expression, sql.Expression, bool, error) {
		la, lc, lok := unionTimeConvert(l)
		ra, rc, rok := unionTimeConvert(r)
		if !lok || !rok {
			return nil, nil, false, nil
		}
		lf, _ := timetype.PrecisionOf(lc.Type())
		rf, _ := timetype.PrecisionOf(rc.Type())
		fsp := max(lf, rf)
		nl, err := la.WithChildren(&timeTo{unary: unary{lc}, fsp: fsp})
		if err != nil {
			return nil, nil, false, err
		}
		nr, err := ra.WithChildren(&timeTo{unary: unary{rc}, fsp: fsp})
		if err != nil {
			return nil, nil, false, err
		}
		return nl, nr, true, nil
	})
}

// unionTimeConvert matches the planner's `alias(convert(time_expr, char))`.
func unionTimeConvert(e sql.Expression) (*expression.Alias, sql.Expression, bool) {
	a, ok := e.(*expression.Alias)
	if !ok {
		return nil, nil, false
	}
	c, ok := a.Child.(*expression.Convert)
	if !ok || !types.IsText(c.Type()) || !strings.HasSuffix(c.String(), ", char)") || !timetype.Is(c.Child.Type()) {
		return nil, nil, false
	}
	return a, c.Child, true
}

// timeTo is a TIME value as TIME(fsp), rounded.
type timeTo struct {
	unary
	numeric
	fsp int
}

func (t *timeTo) Type() sql.Type { return timetype.New(t.fsp) }

func (t *timeTo) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(t, children)
}

func (t *timeTo) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := t.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	ts, err := types.Time.ConvertToTimespan(v)
	if err != nil {
		return nil, nil
	}
	return timetype.Round(ts, t.fsp), nil
}
