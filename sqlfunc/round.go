package sqlfunc

import (
	"math"
	"math/big"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// round is ROUND(x[, d]) for integer, DOUBLE and string x (DECIMAL x stays
// GMS's, which is right). GMS rounded everything as DECIMAL half away from
// zero and converted back to x's type: ROUND(2.5e0) was 3 (MySQL rounds
// doubles with rint: 2), and ROUND(255, -1) was 255 (the TINYINT UNSIGNED of
// the literal could not hold 260). MySQL gives an integer x's result a
// BIGINT, and a string or NULL x's a DOUBLE.
type round struct {
	*function.Round
}

func newRound(args ...sql.Expression) (sql.Expression, error) {
	r, err := function.NewRound(args...)
	if err != nil {
		return nil, err
	}
	return &round{r.(*function.Round)}, nil
}

// Right hides the embedded Round's Right() sql.Expression, so that round is
// no expression.BinaryExpression: when a statement is prepared, GMS's
// planbuilder gives a ? operand of any BinaryExpression the type of the
// other operand, and for ROUND(?) that operand is nil: the prepare panicked
// (1105) before any row was read.
func (r *round) Right() (sql.Expression, bool) {
	return r.RightChild, r.RightChild != nil
}

func (r *round) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newRound(children...)
}

func (r *round) Type() sql.Type {
	t := r.LeftChild.Type()
	switch {
	case isInt(t):
		if r.unsignedResult() {
			return types.Uint64
		}
		return types.Int64
	case types.IsFloat(t), types.IsText(t), t == types.Null:
		return types.Float64
	case types.IsDecimal(t):
		if dt, ok := r.decimalType(t.(sql.DecimalType)); ok {
			return dt
		}
	}
	return r.Round.Type()
}

// decimalType is MySQL's type of ROUND(decimal, D) for a constant D: the
// scale min(max(D, 0), 30), one more integer digit for a carry. Without it
// the argument's scale was kept: ROUND(AVG(int_col), 1) reached the
// client as 32.5000.
func (r *round) decimalType(t sql.DecimalType) (sql.Type, bool) {
	d := int64(0)
	if r.RightChild != nil {
		l, ok := r.RightChild.(*expression.Literal)
		if !ok || l.Value() == nil {
			return nil, false
		}
		b, ok := toBig(l.Value())
		if !ok || !b.IsInt64() {
			return nil, false
		}
		d = b.Int64()
	}
	// Item_func_round::fix_length_and_dec: the scale is D (not capped by
	// s: ROUND(1/3, 6) has 6 decimals, ROUND(2.5, 3) is 2.500), the
	// precision moves with it, one more digit when digits are cut.
	s := int64(t.Scale())
	scale := min(max(d, 0), types.DecimalTypeMaxScale)
	prec := int64(t.Precision()) - (s - scale)
	if s > scale {
		prec++
	}
	prec = min(max(prec, scale, 1), types.DecimalTypeMaxPrecision)
	dt, err := types.CreateDecimalType(uint8(prec), uint8(scale))
	if err != nil {
		return nil, false
	}
	return dt, true
}

// unsignedResult: an unsigned column keeps its signedness; an integer
// literal only when it does not fit a BIGINT.
func (r *round) unsignedResult() bool {
	if !types.IsUnsigned(r.LeftChild.Type()) {
		return false
	}
	if l, ok := r.LeftChild.(*expression.Literal); ok {
		if b, ok := toBig(l.Value()); ok {
			return b.Cmp(maxInt64) > 0
		}
	}
	return true
}

func (r *round) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	t := r.LeftChild.Type()
	if t == types.Null {
		return nil, nil
	}
	if !isInt(t) && !types.IsFloat(t) && !types.IsText(t) {
		return r.Round.Eval(ctx, row)
	}
	v, err := r.LeftChild.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	d := int64(0)
	if r.RightChild != nil {
		dv, err := r.RightChild.Eval(ctx, row)
		if err != nil || dv == nil {
			return nil, err
		}
		di, _, err := types.Int64.Convert(ctx, dv)
		if err != nil {
			return nil, err
		}
		d = di.(int64)
	}
	if isInt(t) {
		b, ok := toBig(v)
		if !ok {
			return r.Round.Eval(ctx, row)
		}
		if d < 0 {
			b = roundBig(b, -d)
		}
		res, ok := fit(b, r.unsignedResult())
		if !ok {
			return nil, outOfRange(r.unsignedResult(), r)
		}
		return res, nil
	}
	f, err := toFloat(ctx, v)
	if err != nil {
		return nil, err
	}
	return roundDouble(f, d), nil
}

// roundBig rounds b half away from zero to a multiple of 10^digits.
func roundBig(b *big.Int, digits int64) *big.Int {
	if digits > 20 {
		return new(big.Int)
	}
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(digits), nil)
	q, m := new(big.Int).QuoRem(b, unit, new(big.Int))
	if new(big.Int).Mul(new(big.Int).Abs(m), big.NewInt(2)).Cmp(unit) >= 0 {
		if b.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q.Mul(q, unit)
}

// roundDouble is MySQL's my_double_round: scale by 10^d, rint (half to
// even), scale back.
func roundDouble(v float64, d int64) float64 {
	ad := d
	if ad < 0 {
		ad = -ad
	}
	tmp := math.Pow(10, float64(ad))
	switch {
	case d < 0 && math.IsInf(tmp, 0):
		return 0
	case d >= 0 && math.IsInf(v*tmp, 0):
		return v
	case d < 0:
		return math.RoundToEven(v/tmp) * tmp
	}
	return math.RoundToEven(v*tmp) / tmp
}
