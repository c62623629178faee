package sqlfunc

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

func lit(v any, t sql.Type) sql.Expression { return expression.NewLiteral(v, t) }

// col is an operand of a given type that is not a literal (GMS types
// literals by their value; MySQL's literals are signed).
type col struct {
	v any
	t sql.Type
}

func (c col) Resolved() bool                                         { return true }
func (c col) String() string                                         { return fmt.Sprint(c.v) }
func (c col) Type() sql.Type                                         { return c.t }
func (c col) IsNullable() bool                                       { return c.v == nil }
func (c col) Eval(*sql.Context, sql.Row) (any, error)                { return c.v, nil }
func (c col) Children() []sql.Expression                             { return nil }
func (c col) WithChildren(...sql.Expression) (sql.Expression, error) { return c, nil }

func TestIntegerArithmetic(t *testing.T) {
	i64 := func(v int64) sql.Expression { return lit(v, types.Int64) }
	u64 := func(v uint64) sql.Expression { return col{v, types.Uint64} }
	i8 := func(v int8) sql.Expression { return lit(v, types.Int8) }
	u8 := func(v uint8) sql.Expression { return col{v, types.Uint8} }
	cases := []struct {
		e    sql.Expression
		want any // nil with err: 1690
		err  string
	}{
		{&arith{i64(math.MaxInt64), i64(1), "+"}, nil, "BIGINT value is out of range in '(9223372036854775807 + 1)'"},
		{&arith{i64(math.MinInt64), i64(1), "-"}, nil, "BIGINT value is out of range in '(-9223372036854775808 - 1)'"},
		{&arith{i64(math.MaxInt64), i64(2), "*"}, nil, "BIGINT value is out of range in '(9223372036854775807 * 2)'"},
		{&arith{i64(math.MaxInt64 - 1), i64(1), "+"}, int64(math.MaxInt64), ""},
		{&arith{i64(math.MinInt64), i64(-1), "*"}, nil, "BIGINT value"},
		{&arith{i64(-1), i64(math.MinInt64), "*"}, nil, "BIGINT value"},
		{&arith{i64(math.MinInt64), i64(1), "*"}, int64(math.MinInt64), ""},
		{&arith{i64(math.MinInt64 / 2), i64(2), "*"}, int64(math.MinInt64), ""},
		{&arith{i64(math.MaxInt64/2 + 1), i64(2), "*"}, nil, "BIGINT value"},
		{&arith{i64(math.MinInt64), i64(0), "*"}, int64(0), ""},
		{&arith{i64(0), i64(math.MinInt64), "-"}, nil, "BIGINT value"},
		{&arith{i64(-1), i64(math.MaxInt64), "-"}, int64(math.MinInt64), ""},
		{&arith{i64(math.MinInt64), i64(math.MinInt64), "+"}, nil, "BIGINT value"},
		{&arith{i8(127), i8(1), "+"}, int64(128), ""},
		{&arith{u8(255), u8(1), "+"}, uint64(256), ""},
		{&arith{u64(0), i64(1), "-"}, nil, "BIGINT UNSIGNED value is out of range in '(0 - 1)'"},
		{&arith{u64(5), i64(-3), "+"}, uint64(2), ""},
		{&arith{u64(math.MaxUint64), i64(1), "+"}, nil, "BIGINT UNSIGNED"},
		{&arith{u64(2), i64(-1), "*"}, nil, "BIGINT UNSIGNED"},
		{&arith{u64(0), i64(-1), "*"}, uint64(0), ""},
		{&arith{i64(1), lit(nil, types.Int64), "+"}, nil, ""},
		{&arith{lit(uint8(0), types.Uint8), lit(uint8(200), types.Uint8), "-"}, int64(-200), ""}, // literals are signed
		{&arith{lit(uint64(math.MaxUint64), types.Uint64), i64(1), "-"}, uint64(math.MaxUint64 - 1), ""},
		{newIntDiv(i64(math.MinInt64), i64(-1), false), nil, "BIGINT value is out of range"},
		{newIntDiv(i64(-7), i64(2), false), int64(-3), ""},
		{newIntDiv(i64(-7), i64(2), true), int64(-1), ""},
		{newIntDiv(i64(7), i64(-2), true), int64(1), ""},
		{newIntDiv(u64(7), i64(-2), true), uint64(1), ""},
		{newIntDiv(u64(7), i64(-1), false), nil, "BIGINT UNSIGNED"},
		{newIntDiv(i64(math.MinInt64), i64(-1), true), int64(0), ""},
		{newIntDiv(i64(1), i64(0), false), nil, ""},
		{&neg{unary: unary{i64(math.MinInt64)}}, nil, "BIGINT value is out of range in '-(-9223372036854775808)'"},
		{&neg{unary: unary{u64(1 << 63)}}, int64(math.MinInt64), ""},
		{&neg{unary: unary{u64(1<<63 + 1)}}, nil, "BIGINT value"},
		{&neg{unary: unary{u8(200)}}, int64(-200), ""},
		{&neg{unary: unary{i64(0)}}, int64(0), ""},
	}
	ctx := sql.NewEmptyContext()
	for _, c := range cases {
		got, err := c.e.Eval(ctx, nil)
		if c.err != "" {
			var se *mysql.SQLError
			if !errors.As(err, &se) || se.Number() != ErDataOutOfRange || !strings.Contains(se.Message, c.err) {
				t.Errorf("%s: got %v, %v; want 1690 %q", c.e, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s = %v (%T), %v; want %v (%T)", c.e, got, got, err, c.want, c.want)
		}
	}
}
