package sqlfunc

import (
	"context"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/timetype"
)

// TIME-valued functions have MySQL's fractional-seconds precision: GMS
// types them all TIME(6)-like (a value with a fraction printed six digits,
// SEC_TO_TIME(1.5) was '00:00:01.500000') and CURTIME(n) dropped the
// fraction. MySQL's precision comes from the arguments: the larger of the
// two for TIMEDIFF, ADDTIME and SUBTIME; the seconds for SEC_TO_TIME and
// MAKETIME; the argument for TIME(); n for CURTIME(n) and UTC_TIME(n). An
// argument's precision is its type's (TIME(n), DATETIME(n), DECIMAL's
// scale, 0 for integers, 6 for DOUBLE and non-constant strings), a string
// constant's the digits it has (Item::time_precision).
func init() {
	for name, args := range map[string][]int{
		"timediff": {0, 1}, "addtime": {0, 1}, "subtime": {0, 1},
		"sec_to_time": {0}, "maketime": {2}, "time": {0},
	} {
		base, ok := functions[name]
		if !ok {
			base = gmsBuiltin(name)
		}
		functions[name] = sql.FunctionN{Name: name, Fn: timePrecisionOf(base, args)}
	}
	functions["curtime"] = sql.FunctionN{Name: "curtime", Fn: newCurTime(false)}
	functions["current_time"] = sql.FunctionN{Name: "current_time", Fn: newCurTime(false)}
	functions["utc_time"] = sql.FunctionN{Name: "utc_time", Fn: newCurTime(true)}
}

func timePrecisionOf(base sql.Function, precArgs []int) func(...sql.Expression) (sql.Expression, error) {
	return func(args ...sql.Expression) (sql.Expression, error) {
		e, err := base.NewInstance(args)
		if err != nil || !timetype.Is(e.Type()) {
			return e, err
		}
		fsp := 0
		for _, i := range precArgs {
			if i < len(args) {
				fsp = max(fsp, timePrecision(args[i]))
			}
		}
		return &timeTo{unary: unary{e}, fsp: fsp}, nil
	}
}

// timePrecision is MySQL's Item::time_precision of e.
func timePrecision(e sql.Expression) int {
	t := e.Type()
	if l, ok := e.(*expression.Literal); ok {
		switch v := l.Value().(type) {
		case nil:
			return 0
		case string:
			return literalFsp(v)
		}
	}
	if p, ok := timetype.PrecisionOf(t); ok {
		return p
	}
	if p, ok := datetimePrecision(t); ok {
		return p
	}
	switch {
	case types.IsDateType(t), isInt(t), t == types.Null:
		return 0
	case types.IsDecimal(t):
		if dt, ok := t.(sql.DecimalType); ok {
			return min(int(dt.Scale()), timetype.MaxPrecision)
		}
	}
	return timetype.MaxPrecision
}

// curTime is CURTIME(n), CURRENT_TIME(n) and UTC_TIME(n): the statement's
// time of day (local or UTC) as TIME(n).
type curTime struct {
	args []sql.Expression
	fsp  int
	utc  bool
}

func newCurTime(utc bool) func(...sql.Expression) (sql.Expression, error) {
	return func(args ...sql.Expression) (sql.Expression, error) {
		if len(args) > 1 {
			return nil, sql.ErrInvalidArgumentNumber.New("CURTIME", 1, len(args))
		}
		fsp := 0
		if len(args) == 1 {
			l, ok := args[0].(*expression.Literal)
			if !ok {
				return nil, sql.ErrInvalidArgumentDetails.New("CURTIME", args[0].String())
			}
			n, _, err := types.Int64.Convert(context.Background(), l.Value())
			if err != nil || n == nil || n.(int64) < 0 {
				return nil, sql.ErrInvalidArgumentDetails.New("CURTIME", args[0].String())
			}
			if n.(int64) > timetype.MaxPrecision {
				return nil, mysql.NewSQLError(1426, "42000", "Too big precision %d specified for 'curtime'. Maximum is %d.", n.(int64), timetype.MaxPrecision)
			}
			fsp = int(n.(int64))
		}
		return &curTime{args: args, fsp: fsp, utc: utc}, nil
	}
}

var _ sql.NonDeterministicExpression = (*curTime)(nil)

func (c *curTime) Type() sql.Type             { return timetype.New(c.fsp) }
func (c *curTime) Resolved() bool             { return true }
func (c *curTime) IsNullable() bool           { return false }
func (c *curTime) IsNonDeterministic() bool   { return true }
func (c *curTime) Children() []sql.Expression { return c.args }
func (c *curTime) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (c *curTime) String() string {
	name := "CURTIME"
	if c.utc {
		name = "UTC_TIME"
	}
	if len(c.args) == 0 {
		return name + "()"
	}
	return fmt.Sprintf("%s(%s)", name, c.args[0])
}
func (c *curTime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newCurTime(c.utc)(children...)
}

func (c *curTime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	// The statement's time at full precision, truncated to n digits as
	// MySQL's query_start_timeval_trunc does.
	t := ctx.QueryTime().UTC()
	if !c.utc {
		t = SessionNow(ctx, false)
	}
	frac := int64(t.Nanosecond() / 1000)
	for i := c.fsp; i < timetype.MaxPrecision; i++ {
		frac /= 10
	}
	for i := c.fsp; i < timetype.MaxPrecision; i++ {
		frac *= 10
	}
	us := int64(t.Hour()*3600+t.Minute()*60+t.Second())*1_000_000 + frac
	// Its text, as GMS's CURTIME returned: GMS's string functions cannot
	// read a TIME value (LENGTH(CURTIME()) is 1105 with one).
	return string(timetype.AppendText(nil, types.Time.MicrosecondsToTimespan(us), c.fsp)), nil
}
