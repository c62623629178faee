package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// branchDouble is CASE, IF, IFNULL or COALESCE over numeric branches of
// which one is a DOUBLE (or FLOAT) and another an integer or DECIMAL.
// MySQL's result is DOUBLE (a floating-point argument makes the aggregate
// REAL); GMS typed IF as its first branch, so IF(c, int_col, double_col)
// was a BIGINT and its 1.5 came back as 2, and IF(c, dec_col, double_col)
// a DECIMAL with the DECIMAL's scale, which rounded the DOUBLE. The branch
// is chosen as GMS chooses it (branchString.chosen) and its value given as
// a DOUBLE.
type branchDouble struct {
	unary // the GMS node, whose children and text are kept
	numeric
}

// newBranchDouble returns nil unless e's branches are numbers with at
// least one floating-point one, and GMS did not type e as floating-point.
func newBranchDouble(e sql.Expression) *branchDouble {
	if types.IsFloat(e.Type()) {
		return nil
	}
	branches, ok := branchesOf(e)
	if !ok {
		return nil
	}
	float := false
	for _, b := range branches {
		t := b.Type()
		switch {
		case t == types.Null:
		case types.IsFloat(t):
			float = true
		case !isNumber(t):
			return nil
		}
	}
	if !float {
		return nil
	}
	return &branchDouble{unary: unary{e}}
}

func (b *branchDouble) Type() sql.Type { return types.Float64 }

func (b *branchDouble) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	// A later pass of the replacement wraps the GMS node below again.
	if len(children) == 1 {
		if inner, ok := children[0].(*branchDouble); ok {
			return inner, nil
		}
	}
	return withChild(b, children)
}

func (b *branchDouble) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	br, err := (&branchString{unary: b.unary}).chosen(ctx, row)
	if err != nil || br == nil {
		return nil, err
	}
	v, err := br.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	out, _, err := types.Float64.Convert(ctx, v)
	return out, err
}
