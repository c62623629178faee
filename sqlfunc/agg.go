package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// sumAvg is SUM or AVG with MySQL's result types: over integers and DECIMAL
// the result is an exact DECIMAL — SUM: DECIMAL(p+22, s), AVG: DECIMAL(p+i,
// s+i), p and s the argument's precision and scale (an integer type's
// precision is its digit count), i the session's div_precision_increment
// when the statement was analyzed — and DOUBLE only over floating-point and
// other arguments. GMS sums everything in float64 and declares DOUBLE, so
// SUM of DECIMAL(12,2) 100.10 and 170.17 reached clients as
// 270.26999999999998.
type sumAvg struct {
	child  sql.Expression
	avg    bool
	incr   int // AVG's div_precision_increment (divprec.go), set by Replace
	window *sql.WindowDefinition
	id     sql.ColumnId
}

var _ sql.Aggregation = (*sumAvg)(nil)
var _ sql.FunctionExpression = (*sumAvg)(nil)

func newSum(e sql.Expression) sql.Expression { return &sumAvg{child: e} }
func newAvg(e sql.Expression) sql.Expression {
	return &sumAvg{child: e, avg: true, incr: defaultDivIncrement}
}

// intDigits is the decimal precision MySQL gives an integer type.
func intDigits(t sql.Type) uint8 {
	switch t.Type() {
	case types.Int8.Type(), types.Uint8.Type():
		return 3
	case types.Int16.Type(), types.Uint16.Type():
		return 5
	case types.Int24.Type(), types.Uint24.Type():
		return 8
	case types.Int32.Type(), types.Uint32.Type():
		return 10
	case types.Uint64.Type():
		return 20
	}
	return 19
}

func capPrec(p int) uint8 {
	if p > types.DecimalTypeMaxPrecision {
		return types.DecimalTypeMaxPrecision
	}
	return uint8(p)
}

func (a *sumAvg) Type() sql.Type {
	ct := a.child.Type()
	var prec, scale int
	switch {
	case isInt(ct):
		prec = int(intDigits(ct))
	case types.IsYear(ct):
		// YEAR and BIT are integers to MySQL (INT_RESULT): an exact
		// DECIMAL, of their display widths (4, M), as MariaDB reports;
		// GMS's DOUBLE printed AVG(year) 2007.6666666666667.
		prec = 4
	case types.IsBit(ct):
		if bt, ok := ct.(types.BitType); ok {
			prec = max(int(bt.NumberOfBits()), 1)
		} else {
			prec = 20
		}
	case types.IsDecimal(ct):
		dt := ct.(sql.DecimalType)
		prec, scale = int(dt.Precision()), int(dt.Scale())
	default:
		return types.Float64
	}
	if a.avg {
		s := scale + a.incr
		if s > types.DecimalTypeMaxScale {
			s = types.DecimalTypeMaxScale
		}
		// A column type: its values carry more digits than its scale
		// (see result), and only such a type rounds them when sent.
		return types.MustCreateColumnDecimalType(max(capPrec(prec+a.incr), uint8(s), 1), uint8(s))
	}
	return types.MustCreateDecimalType(capPrec(prec+22), uint8(scale))
}

func (a *sumAvg) exact() bool { return types.IsDecimal(a.Type()) }

func (a *sumAvg) FunctionName() string {
	if a.avg {
		return "avg"
	}
	return "sum"
}

func (a *sumAvg) Description() string {
	if a.avg {
		return "returns the average value of expr in all rows"
	}
	return "returns the sum of expr in all rows"
}

func (a *sumAvg) String() string {
	name := strings.ToUpper(a.FunctionName())
	if a.window != nil {
		pr := sql.NewTreePrinter()
		_ = pr.WriteNode("%s", name)
		_ = pr.WriteChildren(a.window.String(), a.child.String())
		return pr.String()
	}
	return fmt.Sprintf("%s(%s)", name, a.child)
}

func (a *sumAvg) IsNullable() bool { return true }

func (a *sumAvg) Resolved() bool {
	if !a.child.Resolved() {
		return false
	}
	if a.window != nil {
		for _, e := range a.window.ToExpressions() {
			if !e.Resolved() {
				return false
			}
		}
	}
	return true
}

func (a *sumAvg) Children() []sql.Expression {
	cs := []sql.Expression{a.child}
	if a.window != nil {
		cs = append(cs, a.window.ToExpressions()...)
	}
	return cs
}

func (a *sumAvg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) < 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	na := *a
	na.child = children[0]
	if len(children) > 1 && a.window != nil {
		w, err := a.window.FromExpressions(children[1:])
		if err != nil {
			return nil, err
		}
		na.window = w
	}
	return &na, nil
}

func (a *sumAvg) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (a *sumAvg) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, aggregation.ErrEvalUnsupportedOnAggregation.New(a.FunctionName())
}

func (a *sumAvg) Id() sql.ColumnId { return a.id }

func (a *sumAvg) WithId(id sql.ColumnId) sql.IdExpression {
	na := *a
	na.id = id
	return &na
}

func (a *sumAvg) Window() *sql.WindowDefinition { return a.window }

func (a *sumAvg) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	na := *a
	na.window = w
	return &na
}

func (a *sumAvg) NewBuffer() (sql.AggregationBuffer, error) {
	child, err := transform.Clone(a.child)
	if err != nil {
		return nil, err
	}
	return &sumAvgBuffer{agg: a, expr: child, exact: a.exact()}, nil
}

func (a *sumAvg) NewWindowFunction() (sql.WindowFunction, error) {
	child, err := transform.Clone(a.child)
	if err != nil {
		return nil, err
	}
	w := &sumAvgWindow{agg: a, expr: child}
	if a.window != nil && a.window.Frame != nil {
		f, err := a.window.Frame.NewFramer(a.window)
		if err != nil {
			return nil, err
		}
		w.framer = f
	}
	return w, nil
}

// acc accumulates one group or frame: exactly in a decimal for exact
// types, in a float64 otherwise.
type acc struct {
	dec   decimal.Decimal
	flt   float64
	count int64
}

func (a *sumAvg) add(ctx *sql.Context, s *acc, v any) error {
	if v == nil {
		return nil
	}
	s.count++
	if !a.exact() {
		if str, ok := asString(v); ok {
			s.flt += strToFloat(ctx, str)
			return nil
		}
		f, _, err := types.Float64.Convert(ctx, v)
		if err != nil {
			return err
		}
		s.flt += f.(float64)
		return nil
	}
	if b, ok := toBig(v); ok {
		s.dec = s.dec.Add(decimal.NewFromBigInt(b, 0))
		return nil
	}
	d, _, err := types.InternalDecimalType.Convert(ctx, v)
	if err != nil {
		return err
	}
	s.dec = s.dec.Add(d.(decimal.Decimal))
	return nil
}

func (a *sumAvg) result(s acc) any {
	if s.count == 0 {
		return nil
	}
	if !a.exact() {
		if a.avg {
			return s.flt / float64(s.count)
		}
		return s.flt
	}
	scale := int32(a.Type().(sql.DecimalType).Scale())
	if a.avg {
		// MySQL divides into whole 9-digit words of fraction and truncates
		// (AVG of a DECIMAL(10,3) holds 9 digits, shown rounded to 7):
		// AVG(d) * 3 is 5.7505000, not 5.7504999 from a rounded 1.9168333.
		words := (scale + 8) / 9
		q, _ := s.dec.QuoRem(decimal.NewFromInt(s.count), words*9)
		return q
	}
	return s.dec.Round(scale)
}

// sumAvgBuffer is one group's SUM or AVG. Integer values of an exact
// aggregate are first added in an int64 (ints), folded into the decimal
// only when the next would overflow it and at Eval: the sum of integers is
// the same, and a decimal addition per row (two big.Ints and a decimal)
// was 10% of oltp_read_only's allocations, for its SUM(k) over 100 rows
// (docs/PROFILES.md, Session 9). exact is the aggregate's exact(), which
// builds a DECIMAL type per call.
type sumAvgBuffer struct {
	agg   *sumAvg
	expr  sql.Expression
	acc   acc
	exact bool
	ints  int64
}

func (b *sumAvgBuffer) Update(ctx *sql.Context, row sql.Row) error {
	v, err := b.expr.Eval(ctx, row)
	if err != nil {
		return err
	}
	if b.exact {
		if i, ok := smallInt(v); ok {
			sum := b.ints + i
			if (i > 0 && sum < b.ints) || (i < 0 && sum > b.ints) {
				b.acc.dec = b.acc.dec.Add(decimal.NewFromInt(b.ints))
				sum = i
			}
			b.ints = sum
			b.acc.count++
			return nil
		}
	}
	return b.agg.add(ctx, &b.acc, v)
}

func (b *sumAvgBuffer) Eval(*sql.Context) (any, error) {
	s := b.acc
	if b.ints != 0 {
		s.dec = s.dec.Add(decimal.NewFromInt(b.ints))
	}
	return b.agg.result(s), nil
}

func (b *sumAvgBuffer) Dispose() { expression.Dispose(b.expr) }

// sumAvgWindow keeps prefix sums over a partition so each frame costs two
// lookups; decimal prefix sums are exact, so differences are too.
type sumAvgWindow struct {
	agg    *sumAvg
	expr   sql.Expression
	framer sql.WindowFramer
	start  int
	prefix []acc // prefix[i]: rows start .. start+i-1
}

func (w *sumAvgWindow) Dispose() { expression.Dispose(w.expr) }

func (w *sumAvgWindow) DefaultFramer() sql.WindowFramer {
	if w.framer != nil {
		return w.framer
	}
	return aggregation.NewUnboundedPrecedingToCurrentRowFramer()
}

func (w *sumAvgWindow) StartPartition(ctx *sql.Context, in sql.WindowInterval, buf sql.WindowBuffer) error {
	w.Dispose()
	w.start = in.Start
	w.prefix = make([]acc, 1, in.End-in.Start+1)
	for i := in.Start; i < in.End; i++ {
		v, err := w.expr.Eval(ctx, buf[i])
		if err != nil {
			return err
		}
		next := w.prefix[len(w.prefix)-1]
		if err := w.agg.add(ctx, &next, v); err != nil {
			return err
		}
		w.prefix = append(w.prefix, next)
	}
	return nil
}

func (w *sumAvgWindow) Compute(_ *sql.Context, in sql.WindowInterval, _ sql.WindowBuffer) any {
	if in.End <= in.Start {
		return nil
	}
	hi, lo := w.prefix[in.End-w.start], w.prefix[in.Start-w.start]
	return w.agg.result(acc{dec: hi.dec.Sub(lo.dec), flt: hi.flt - lo.flt, count: hi.count - lo.count})
}
