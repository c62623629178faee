package windowfunc

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// avgOver is AVG as a window function typed as MySQL types it: DECIMAL with
// four more fractional digits than an exact (integer or DECIMAL) argument,
// DOUBLE otherwise. GMS typed it as its argument, so AVG(int) OVER (...)
// was rounded to an integer and AVG(decimal(6,2)) to two digits.
type avgOver struct {
	*aggregation.Avg
}

var _ sql.Aggregation = (*avgOver)(nil)

// avgType is MySQL's AVG result type for an argument of type t.
func avgType(t sql.Type) sql.Type {
	switch {
	case types.IsDecimal(t):
		dt := t.(sql.DecimalType)
		p, s := int(dt.Precision())+4, int(dt.Scale())+4
		if p > types.DecimalTypeMaxPrecision {
			p = types.DecimalTypeMaxPrecision
		}
		if s > types.DecimalTypeMaxScale {
			s = types.DecimalTypeMaxScale
		}
		return types.MustCreateDecimalType(uint8(p), uint8(s))
	case types.IsInteger(t) || types.IsBit(t) || types.IsYear(t):
		// Precision: the widest integer's 20 digits plus the 4 fractional.
		return types.MustCreateDecimalType(24, 4)
	default:
		return types.Float64
	}
}

func (a *avgOver) Type() sql.Type { return avgType(a.Avg.Child.Type()) }

func (a *avgOver) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := a.Avg.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &avgOver{e.(*aggregation.Avg)}, nil
}

func (a *avgOver) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &avgOver{a.Avg.WithWindow(w).(*aggregation.Avg)}
}

func (a *avgOver) NewWindowFunction() (sql.WindowFunction, error) {
	inner, err := a.Avg.NewWindowFunction()
	if err != nil {
		return nil, err
	}
	return &avgOverAgg{WindowFunction: inner, typ: a.Type()}, nil
}

// avgOverAgg converts GMS's float average to the result type; a DECIMAL
// result is rounded to its scale from the float, so digits beyond about 15
// significant ones are not exact (GMS sums in float64).
type avgOverAgg struct {
	sql.WindowFunction
	typ sql.Type
}

func (a *avgOverAgg) Compute(ctx *sql.Context, iv sql.WindowInterval, buf sql.WindowBuffer) any {
	v := a.WindowFunction.Compute(ctx, iv, buf)
	f, ok := v.(float64)
	if !ok {
		return v
	}
	if math.IsNaN(f) {
		// GMS divides by the count of non-NULL values: 0/0 for a frame of
		// only NULLs, which is NULL.
		return nil
	}
	if dt, ok := a.typ.(sql.DecimalType); ok {
		return decimal.NewFromFloat(f).Round(int32(dt.Scale()))
	}
	return f
}
