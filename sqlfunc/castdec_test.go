package sqlfunc

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

func TestCastDecimal(t *testing.T) {
	ctx := sql.NewEmptyContext()
	for _, c := range []struct {
		v           any
		typ         sql.Type
		prec, scale int
		want        string
		warns       int
	}{
		{decimal.RequireFromString("-1.5"), types.MustCreateDecimalType(2, 1), 5, 0, "-2", 0},
		{0.5, types.Float64, 5, 0, "1", 0},
		{uint64(18446744073709551615), types.Uint64, 5, 0, "99999", 1},
		{int64(-9223372036854775808), types.Int64, 5, 0, "-99999", 1},
		{int64(99999), types.Int64, 4, 0, "9999", 1},
		{decimal.RequireFromString("12345.678"), types.MustCreateDecimalType(8, 3), 0, 0, "12346", 0},
		{int64(1000), types.Int64, 5, 2, "999.99", 1},
		{"12.345abc", types.LongText, 5, 2, "12.35", 1},
		{types.Timespan(36000500000), types.Time, 10, 2, "100000.50", 0},
	} {
		conv := expression.NewConvertWithLengthAndScale(expression.NewLiteral(c.v, c.typ), expression.ConvertToDecimal, c.prec, c.scale)
		cd := newCastDecimal(conv)
		if cd == nil {
			t.Fatalf("newCastDecimal(%v) = nil", conv)
		}
		before := ctx.WarningCount()
		got, err := cd.Eval(ctx, nil)
		if err != nil {
			t.Fatalf("%v: %v", conv, err)
		}
		if s := got.(decimal.Decimal).StringFixed(int32(cd.Type().(sql.DecimalType).Scale())); s != c.want {
			t.Errorf("%v = %s, want %s", conv, s, c.want)
		}
		if w := int(ctx.WarningCount() - before); w != c.warns {
			t.Errorf("%v: %d warnings, want %d", conv, w, c.warns)
		}
	}
	if newCastDecimal(expression.NewConvertWithLengthAndScale(expression.NewLiteral(1, types.Int64), expression.ConvertToDecimal, 66, 0)) != nil {
		t.Errorf("DECIMAL(66,0) accepted: GMS reports 1426 for it")
	}
}

func TestStrToUint(t *testing.T) {
	for _, c := range []struct {
		s    string
		b    int
		want uint64
	}{
		{"-2.5", 10, 18446744073709551614},
		{"  ff", 16, 255},
		{"12x", 10, 12},
		{"18446744073709551616", 10, 18446744073709551615},
		{"x", 10, 0},
	} {
		if got := strToUint(c.s, c.b); got != c.want {
			t.Errorf("strToUint(%q, %d) = %d, want %d", c.s, c.b, got, c.want)
		}
	}
	if got := strToInt("-9223372036854775809", 10); got != -9223372036854775808 {
		t.Errorf("strToInt saturates at %d", got)
	}
}

func TestPadUnits(t *testing.T) {
	for _, c := range []struct {
		s, pad string
		n      int
		left   bool
		want   string
		ok     bool
	}{
		{"héllo", "*", 6, true, "*héllo", true},
		{"héllo", "x", 2, false, "hé", true},
		{"ab", "xyz", 7, false, "abxyzxy", true},
		{"hi", "", 5, true, "", false},
		{"hi", "", 2, true, "hi", true},
	} {
		r, ok := padUnits([]rune(c.s), []rune(c.pad), c.n, c.left)
		if string(r) != c.want || ok != c.ok {
			t.Errorf("padUnits(%q, %q, %d, %v) = %q %v, want %q %v", c.s, c.pad, c.n, c.left, string(r), ok, c.want, c.ok)
		}
	}
}

func TestRoundDouble(t *testing.T) {
	for _, c := range []struct {
		v    float64
		d    int64
		want float64
	}{
		{2.5, 0, 2}, {3.5, 0, 4}, {-2.5, 0, -2}, {1.25, 1, 1.2}, {2.675, 2, 2.68},
		{12345.6789, -2, 12300}, {1.5e300, -400, 0},
	} {
		if got := roundDouble(c.v, c.d); got != c.want {
			t.Errorf("roundDouble(%v, %d) = %v, want %v", c.v, c.d, got, c.want)
		}
	}
}

func TestNumberToDatetime(t *testing.T) {
	for _, c := range []struct {
		nr   int64
		want string // "" for invalid
	}{
		{20240115, "2024-01-15 00:00:00"}, {240115, "2024-01-15 00:00:00"}, {991231, "1999-12-31 00:00:00"},
		{20240115103000, "2024-01-15 10:30:00"}, {240115103000, "2024-01-15 10:30:00"},
		{100, ""}, {20241315, ""}, {20240230, ""}, {695000, ""},
	} {
		tm, ok := numberToDatetime(c.nr)
		got := ""
		if ok {
			got = tm.Format("2006-01-02 15:04:05")
		}
		if got != c.want {
			t.Errorf("numberToDatetime(%d) = %q, want %q", c.nr, got, c.want)
		}
	}
}
