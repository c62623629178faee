package planfix

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/shopspring/decimal"
)

// negativeAutoIncID is from wrong22's range 11_230-11_239.
const negativeAutoIncID analyzer.RuleId = 11_231

// guardNegativeAutoInc puts unsignedAutoInc under the AUTO_INCREMENT
// generator of an UNSIGNED column. GMS's expression.AutoIncrement keeps a
// negative value given for the column and converts it ignoring the
// conversion's out-of-range flag, so `INSERT INTO t (id) VALUES (-40)`
// stored 18446744073709551576 and moved the sequence past it (the next id
// was 0). MySQL refuses it in strict mode with 1264; otherwise (or with
// IGNORE) it stores the nearest value, 0, with warning 1264, and 0 then
// generates an id unless NO_AUTO_VALUE_ON_ZERO. The guard sits under the
// generator, so engine/directinsert.go's copy of the generator (which
// evaluates the generator's child) gets it too.
func guardNegativeAutoInc(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	ins, ok := n.(*plan.InsertInto)
	if !ok || ins.Source == nil {
		return n, transform.SameTree, nil
	}
	var col string
	for _, c := range ins.Destination.Schema() {
		if c.AutoIncrement {
			col = c.Name
		}
	}
	src, same, err := transform.NodeExprs(ins.Source, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		ai, ok := e.(*expression.AutoIncrement)
		if !ok || !types.IsUnsigned(ai.Type()) {
			return e, transform.SameTree, nil
		}
		if _, done := ai.Child.(*unsignedAutoInc); done {
			return e, transform.SameTree, nil
		}
		ne, err := ai.WithChildren(&unsignedAutoInc{child: ai.Child, col: col, ignore: ins.Ignore})
		return ne, transform.NewTree, err
	})
	if err != nil || same {
		return n, transform.SameTree, err
	}
	return ins.WithSource(src), transform.NewTree, nil
}

// unsignedAutoInc is the value given for an UNSIGNED AUTO_INCREMENT
// column, a negative one refused (strict mode) or made 0 with a warning.
type unsignedAutoInc struct {
	child  sql.Expression
	col    string
	ignore bool
}

var _ sql.Expression = (*unsignedAutoInc)(nil)

func (u *unsignedAutoInc) Resolved() bool             { return u.child.Resolved() }
func (u *unsignedAutoInc) IsNullable() bool           { return u.child.IsNullable() }
func (u *unsignedAutoInc) Type() sql.Type             { return u.child.Type() }
func (u *unsignedAutoInc) Children() []sql.Expression { return []sql.Expression{u.child} }
func (u *unsignedAutoInc) String() string             { return u.child.String() }
func (u *unsignedAutoInc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(u, len(children), 1)
	}
	return &unsignedAutoInc{child: children[0], col: u.col, ignore: u.ignore}, nil
}

func (u *unsignedAutoInc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.child.Eval(ctx, row)
	if err != nil || v == nil || !negative(v) {
		return v, err
	}
	if !u.ignore && strictMode(ctx) {
		return nil, mysql.NewSQLError(mysql.ERWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row 1", u.col)
	}
	ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: mysql.ERWarnDataOutOfRange,
		Message: fmt.Sprintf("Out of range value for column '%s' at row 1", u.col)})
	return int64(0), nil
}

// negative is whether v, stored in an integer column, is below zero
// (rounded as MySQL stores a fraction: half away from zero).
func negative(v any) bool {
	switch x := v.(type) {
	case int:
		return x < 0
	case int8:
		return x < 0
	case int16:
		return x < 0
	case int32:
		return x < 0
	case int64:
		return x < 0
	case float32:
		return math.Round(float64(x)) < 0
	case float64:
		return math.Round(x) < 0
	case decimal.Decimal:
		return x.Round(0).Sign() < 0
	case decimal.NullDecimal:
		return x.Valid && x.Decimal.Round(0).Sign() < 0
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return err == nil && math.Round(f) < 0
	case []byte:
		return negative(string(x))
	}
	return false
}
