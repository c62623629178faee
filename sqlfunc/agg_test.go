package sqlfunc

import (
	"math"
	"math/rand"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

func TestSumAvgTypes(t *testing.T) {
	dec := func(p, s uint8) sql.Type { return types.MustCreateDecimalType(p, s) }
	for _, c := range []struct {
		arg      sql.Type
		sum, avg sql.Type
	}{
		{dec(12, 2), dec(34, 2), dec(16, 6)},
		{dec(65, 30), dec(65, 30), dec(65, 30)},
		{dec(50, 28), dec(65, 28), dec(54, 30)},
		{types.Int8, dec(25, 0), dec(7, 4)},
		{types.Uint8, dec(25, 0), dec(7, 4)},
		{types.Int16, dec(27, 0), dec(9, 4)},
		{types.Int24, dec(30, 0), dec(12, 4)},
		{types.Int32, dec(32, 0), dec(14, 4)},
		{types.Uint32, dec(32, 0), dec(14, 4)},
		{types.Int64, dec(41, 0), dec(23, 4)},
		{types.Uint64, dec(42, 0), dec(24, 4)},
		{types.Float32, types.Float64, types.Float64},
		{types.Float64, types.Float64, types.Float64},
		{types.Text, types.Float64, types.Float64},
	} {
		arg := expression.NewGetField(0, c.arg, "x", true)
		if got := newSum(arg).Type(); !got.Equals(c.sum) {
			t.Errorf("SUM(%s) is %s, want %s", c.arg, got, c.sum)
		}
		if got := newAvg(arg).Type(); !got.Equals(c.avg) {
			t.Errorf("AVG(%s) is %s, want %s", c.arg, got, c.avg)
		}
	}
}

func TestSumAvgValues(t *testing.T) {
	ctx := sql.NewEmptyContext()
	d := func(s string) any { return decimal.RequireFromString(s) }
	for _, c := range []struct {
		typ      sql.Type
		vals     []any
		sum, avg string // "NULL" for nil
	}{
		{types.MustCreateDecimalType(12, 2), []any{d("100.10"), d("170.17"), nil}, "270.27", "135.135000"},
		{types.MustCreateDecimalType(12, 2), []any{d("0.01"), d("0.01"), d("0.01")}, "0.03", "0.010000"},
		{types.MustCreateDecimalType(12, 2), []any{d("1.00"), d("1.00"), d("0.01")}, "2.01", "0.670000"},
		{types.MustCreateDecimalType(12, 2), []any{nil, nil}, "NULL", "NULL"},
		{types.Int64, []any{int64(9223372036854775807), int64(9223372036854775807)}, "18446744073709551614", "9223372036854775807.0000"},
		{types.Int32, []any{int32(1), int32(2)}, "3", "1.5000"},
		{types.Int32, []any{int32(-1), int32(-2)}, "-3", "-1.5000"},
		{types.Int32, []any{int32(2), int32(1), int32(1)}, "4", "1.3333"},
		{types.Int32, []any{int32(2), int32(2), int32(1)}, "5", "1.6667"},
		{types.Uint64, []any{uint64(18446744073709551615), uint64(1)}, "18446744073709551616", "9223372036854775808.0000"},
		{types.Float64, []any{0.1, 0.2}, "0.30000000000000004", "0.15000000000000002"},
	} {
		for _, avg := range []bool{false, true} {
			a := &sumAvg{child: expression.NewGetField(0, c.typ, "x", true), avg: avg, incr: defaultDivIncrement}
			buf, err := a.NewBuffer()
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range c.vals {
				if err := buf.Update(ctx, sql.Row{v}); err != nil {
					t.Fatal(err)
				}
			}
			got, _ := buf.Eval(ctx)
			s := "NULL"
			switch g := got.(type) {
			case decimal.Decimal:
				s = g.StringFixed(int32(a.Type().(sql.DecimalType).Scale()))
			case float64:
				s = decimal.NewFromFloat(g).String()
			}
			want := c.sum
			if avg {
				want = c.avg
			}
			if s != want {
				t.Errorf("%s over %v = %s, want %s", a.FunctionName(), c.vals, s, want)
			}
		}
	}
}

func TestSumAvgWindow(t *testing.T) {
	ctx := sql.NewEmptyContext()
	typ := types.MustCreateDecimalType(12, 2)
	rows := sql.WindowBuffer{
		{decimal.RequireFromString("100.10")}, {decimal.RequireFromString("170.17")}, {nil}, {decimal.RequireFromString("0.01")},
	}
	sum := &sumAvg{child: expression.NewGetField(0, typ, "x", true)}
	avg := &sumAvg{child: expression.NewGetField(0, typ, "x", true), avg: true, incr: defaultDivIncrement}
	for _, c := range []struct {
		a          *sumAvg
		start, end int
		want       string
	}{
		{sum, 0, 1, "100.10"},
		{sum, 0, 2, "270.27"},
		{sum, 1, 4, "170.18"},
		{sum, 2, 3, "NULL"},
		{sum, 2, 2, "NULL"},
		{avg, 0, 4, "90.093333"},
		{avg, 1, 3, "170.170000"},
	} {
		w, err := c.a.NewWindowFunction()
		if err != nil {
			t.Fatal(err)
		}
		if err := w.StartPartition(ctx, sql.WindowInterval{Start: 0, End: len(rows)}, rows); err != nil {
			t.Fatal(err)
		}
		got := w.Compute(ctx, sql.WindowInterval{Start: c.start, End: c.end}, rows)
		s := "NULL"
		if g, ok := got.(decimal.Decimal); ok {
			s = g.StringFixed(int32(c.a.Type().(sql.DecimalType).Scale()))
		}
		if s != c.want {
			t.Errorf("%s over rows [%d,%d) = %s, want %s", c.a.FunctionName(), c.start, c.end, s, c.want)
		}
	}
}

// TestSumAvgBufferIntegers checks the group buffer's int64 partial sums
// against the decimal sum of every value added one by one (sumAvg.add, the
// window's and the reference path): random integers of each width, values
// at the int64 limits so that partial sums overflow both ways, uint64
// past int64, NULLs, and a DECIMAL column mixing integers and fractions.
func TestSumAvgBufferIntegers(t *testing.T) {
	ctx := sql.NewEmptyContext()
	rnd := rand.New(rand.NewSource(7))
	const maxI, minI = int64(math.MaxInt64), int64(math.MinInt64)
	gen := []struct {
		typ sql.Type
		val func() any
	}{
		{types.Int8, func() any { return int8(rnd.Intn(256) - 128) }},
		{types.Uint32, func() any { return uint32(rnd.Uint32()) }},
		{types.Int64, func() any {
			return []int64{maxI, minI, maxI - 1, minI + 1, rnd.Int63(), -rnd.Int63(), 0}[rnd.Intn(7)]
		}},
		{types.Uint64, func() any { return []uint64{math.MaxUint64, 1 << 63, uint64(rnd.Int63())}[rnd.Intn(3)] }},
		{types.MustCreateDecimalType(30, 2), func() any {
			if rnd.Intn(2) == 0 {
				return int64(rnd.Intn(1000))
			}
			return decimal.New(int64(rnd.Intn(100000)), -2)
		}},
	}
	for _, g := range gen {
		arg := expression.NewGetField(0, g.typ, "x", true)
		for _, agg := range []*sumAvg{newSum(arg).(*sumAvg), newAvg(arg).(*sumAvg)} {
			for trial := 0; trial < 50; trial++ {
				buf, err := agg.NewBuffer()
				if err != nil {
					t.Fatal(err)
				}
				var want acc
				for i := rnd.Intn(40); i > 0; i-- {
					var v any
					if rnd.Intn(8) != 0 {
						v = g.val()
					}
					if err := buf.Update(ctx, sql.Row{v}); err != nil {
						t.Fatal(err)
					}
					if err := agg.add(ctx, &want, v); err != nil {
						t.Fatal(err)
					}
				}
				got, _ := buf.Eval(ctx)
				w := agg.result(want)
				if (got == nil) != (w == nil) || got != nil && !got.(decimal.Decimal).Equal(w.(decimal.Decimal)) {
					t.Fatalf("%s over %s: buffer %v, one by one %v", agg, g.typ, got, w)
				}
			}
		}
	}
}
