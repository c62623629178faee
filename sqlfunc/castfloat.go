package sqlfunc

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// castFloat is CAST(x AS FLOAT) as MySQL 8.0 computes it
// (Item_typecast_real): x as a DOUBLE, rounded to a single; a DOUBLE past
// the largest single fails with 1690 "DOUBLE value is out of range in
// 'cast(x as float)'". GMS clamped it to ±3.4028235e38 silently.
type castFloat struct {
	double sql.Expression // CAST(x AS DOUBLE), this package's where it has one
	child  sql.Expression // x, for the message
}

// newCastFloat is c (a CAST to FLOAT) as a castFloat.
func newCastFloat(ctx *sql.Context, c *expression.Convert, ignore bool) (sql.Expression, error) {
	d, _, err := replaceExpr(ctx, expression.NewConvert(c.Child, expression.ConvertToDouble), ignore)
	if err != nil {
		return nil, err
	}
	return &castFloat{double: d, child: c.Child}, nil
}

var _ sql.Expression = (*castFloat)(nil)
var _ sql.CollationCoercible = (*castFloat)(nil)

func (c *castFloat) Type() sql.Type             { return types.Float32 }
func (c *castFloat) Resolved() bool             { return c.double.Resolved() }
func (c *castFloat) IsNullable() bool           { return c.double.IsNullable() }
func (c *castFloat) Children() []sql.Expression { return []sql.Expression{c.double} }
func (c *castFloat) String() string {
	return fmt.Sprintf("cast(%s as float)", mysqlString(c.child))
}
func (c *castFloat) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (c *castFloat) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &castFloat{double: children[0], child: c.child}, nil
}

func (c *castFloat) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.double.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	var x float64
	switch n := v.(type) {
	case float64:
		x = n
	case float32:
		x = float64(n)
	default:
		d, _, err := types.Float64.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		x = d.(float64)
	}
	if math.Abs(x) > math.MaxFloat32 {
		return nil, mysql.NewSQLError(ErDataOutOfRange, "22003", "DOUBLE value is out of range in '%s'", c.String())
	}
	return float32(x), nil
}
