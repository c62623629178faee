package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// odkuNotNulls refuses, in a strict sql_mode, a NULL that INSERT ... ON
// DUPLICATE KEY UPDATE sets into a NOT NULL column, with 1048 as MySQL's
// UPDATE does. GMS checks the nullability of the rows an INSERT inserts and
// of an UPDATE's rows, but not of the row an ON DUPLICATE KEY UPDATE
// writes: `ON DUPLICATE KEY UPDATE v = NULL` stored NULL in a NOT NULL
// column. Without strictness a single-row INSERT ... VALUES fails so too, as
// MySQL's single-row INSERT does (and MariaDB's ODKU); a multi-row one, an
// INSERT ... SELECT or IGNORE store the column's implicit default with
// warning 1048 (nonStrictSet's storeAdjust).
func odkuNotNulls(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	strict := strictMode(ctx)
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Ignore || len(ins.OnDupExprs) == 0 {
			return n, transform.SameTree, nil
		}
		if !strict {
			v, ok := ins.Source.(*plan.Values)
			if !ok || len(v.ExpressionTuples) != 1 {
				return n, transform.SameTree, nil
			}
		}
		dups, changed := eachChanged(ins.OnDupExprs, func(_ int, e sql.Expression) (sql.Expression, bool) {
			s, ok := e.(*expression.SetField)
			if !ok {
				return e, false
			}
			gf, ok := s.LeftChild.(*expression.GetField)
			if !ok || gf.IsNullable() {
				return e, false
			}
			r := s.RightChild
			switch a := r.(type) {
			case *notNullStore:
				return e, false
			case *storeAdjust:
				na := *a
				na.nullOK = false
				r = &na
			}
			return expression.NewSetField(gf, &notNullStore{transparent: transparent{unary{r}}, col: gf.Name()}), true
		})
		if !changed {
			return n, transform.SameTree, nil
		}
		return withLeadingExprs(ins, dups)
	})
}

// notNullStore fails with 1048 when its child is NULL.
type notNullStore struct {
	transparent
	col string
}

var _ sql.Expression = (*notNullStore)(nil)

func (c *notNullStore) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(c, children)
}

func (c *notNullStore) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.child.Eval(ctx, row)
	if err == nil && v == nil {
		return nil, sql.ErrInsertIntoNonNullableProvidedNull.New(c.col)
	}
	return v, err
}
