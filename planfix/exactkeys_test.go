package planfix

import (
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// TestExactValue checks the conversions of lookup keys against MySQL's
// comparison: a key with no equal value of the column's type must become
// NULL (no match), never a rounded or zero value.
func TestExactValue(t *testing.T) {
	ctx := sql.NewEmptyContext()
	dec := decimal.RequireFromString
	day := time.Date(2024, 1, 15, 0, 0, 0, 0, time.UTC)
	dec62 := types.MustCreateDecimalType(6, 2)
	dt3 := types.MustCreateDatetimeType(types.Datetime.Type(), 3)
	for _, c := range []struct {
		v    any
		typ  sql.Type
		want any
	}{
		{dec("0.5"), types.Int32, nil},
		{dec("1.000"), types.Int32, int32(1)},
		{dec("-1"), types.Uint32, nil},
		{int64(300), types.Int8, nil},
		{int64(-128), types.Int8, int8(-128)},
		{0.5, types.Int64, nil},
		{2.0, types.Int64, int64(2)},
		{1e30, types.Int64, nil},
		{"1abc", types.Int32, int32(1)},
		{"1.0", types.Int32, int32(1)},
		{"1.5", types.Int32, nil},
		{" 2", types.Int32, int32(2)},
		{dec("0.125"), dec62, nil},
		{dec("0.120"), dec62, dec("0.12")},
		{0.5, dec62, dec("0.50")},
		{dec("10000"), dec62, nil},
		{0.1, types.Float32, nil},
		{0.5, types.Float32, float32(0.5)},
		{"2.5x", types.Float64, 2.5},
		{day, types.Date, day},
		{day.Add(time.Second), types.Date, nil},
		{"2024-01-15", types.Date, day},
		{"2024-01-15 00:00:01", types.Date, nil},
		{"20240115", types.Date, day},
		{int64(20240115), types.Date, day},
		{"not a date", types.Date, nil},
		{day.Add(500 * time.Millisecond), types.Datetime, nil},
		{day.Add(500 * time.Millisecond), dt3, day.Add(500 * time.Millisecond)},
		{day.Add(500 * time.Microsecond), dt3, nil},
		{day, types.Datetime, day},
	} {
		got := exactValue(ctx, c.v, c.typ)
		same := got == c.want
		if d, ok := c.want.(decimal.Decimal); ok {
			gd, gok := got.(decimal.Decimal)
			same = gok && gd.Equal(d)
		}
		if tm, ok := c.want.(time.Time); ok {
			gt, gok := got.(time.Time)
			same = gok && gt.Equal(tm)
		}
		if !same {
			t.Errorf("%T %v as %s: got %T %v, want %T %v", c.v, c.v, c.typ, got, got, c.want, c.want)
		}
	}
}

// TestExactInto: which key types need exact conversion into which column types.
func TestExactInto(t *testing.T) {
	for _, c := range []struct {
		from, to sql.Type
		want     bool
	}{
		{types.Int32, types.Int64, true},
		{types.Int64, types.Int32, false},
		{types.Uint64, types.Int64, false},
		{types.MustCreateDecimalType(10, 0), types.Int32, false},
		{types.Float64, types.Int32, false},
		{types.Float64, types.Float64, true},
		{types.Int32, types.MustCreateDecimalType(6, 2), false},
		{types.Int32, types.MustCreateDecimalType(30, 2), true},
		{types.Datetime, types.Date, false},
		{types.Date, types.Datetime, true},
		{types.DatetimeMaxPrecision, types.Datetime, false},
		{types.LongText, types.Date, false},
		{types.LongText, types.LongText, true},
	} {
		if got := exactInto(c.from, c.to); got != c.want {
			t.Errorf("exactInto(%s, %s) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}
