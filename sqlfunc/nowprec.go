package sqlfunc

import (
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// NOW(n) (and its synonyms) and UTC_TIMESTAMP(n) are DATETIME(n), as in
// MySQL: GMS types NOW(n) and every UTC_TIMESTAMP as DATETIME(6), so the
// server, which prints a DATETIME(n) value with exactly n fractional digits,
// would print NOW(3) with six and UTC_TIMESTAMP() with a fraction; GMS's
// UTC_TIMESTAMP also kept the microseconds whatever n was. Done by the
// analyzer rule, not the function registry: GMS's parser tells a column's
// DEFAULT/ON UPDATE CURRENT_TIMESTAMP by its own node's type.
func nowPrecision(e sql.Expression) (sql.Expression, bool) {
	var args []sql.Expression
	var now *function.Now
	switch e := e.(type) {
	case *function.Now:
		args, now = e.Children(), e
	case *function.UTCTimestamp:
		// Its precision is not among its children: read it back from
		// its text, UTC_TIMESTAMP(n).
		s := e.String()
		if i := strings.IndexByte(s, '('); i >= 0 && strings.HasSuffix(s, ")") && i+1 < len(s)-1 {
			args = []sql.Expression{expression.NewLiteral(s[i+1:len(s)-1], types.LongText)}
		}
	default:
		return e, false
	}
	fsp := 0
	if len(args) == 1 {
		lit, ok := args[0].(*expression.Literal)
		if !ok {
			return e, false
		}
		v := lit.Value()
		if s, ok := v.(string); ok {
			n, err := strconv.Atoi(s)
			if err != nil {
				return e, false
			}
			v = n
		}
		n, ok := types.CoalesceInt(v)
		if !ok || n < 0 || n > 6 {
			// GMS's error (or NULL) for a precision out of range.
			return e, false
		}
		fsp = n
	}
	typ := types.MustCreateDatetimeType(sqltypes.Datetime, fsp)
	unit := time.Duration(1)
	for i := fsp; i < 9; i++ {
		unit *= 10
	}
	if now != nil {
		exact := isSysdate(now)
		if len(args) == 0 {
			typ = types.Datetime // GMS's NOW()'s type, which it tells DEFAULT CURRENT_TIMESTAMP by
		}
		// The session's wall time computed again: GMS converts the
		// current instant with the zone's offset at the wrong instant
		// (the one whose wall time in the zone is the UTC time), an hour
		// off for hours around a DST change in a named zone.
		return &zoneNow{fixedFn{inner: e, typ: func(sql.Expression) sql.Type { return typ }, post: func(ctx *sql.Context, v any) (any, error) {
			if _, ok := v.(time.Time); ok {
				return SessionNow(ctx, exact).Truncate(unit), nil
			}
			return v, nil
		}}}, true
	}
	return &fixedFn{inner: e, typ: func(sql.Expression) sql.Type { return typ }, post: func(_ *sql.Context, v any) (any, error) {
		if t, ok := v.(time.Time); ok {
			return t.Truncate(unit), nil
		}
		return v, nil
	}}, true
}

// zoneNow is NOW() and its synonyms in the session's time zone.
type zoneNow struct{ fixedFn }

var _ sql.NonDeterministicExpression = (*zoneNow)(nil)

func (z *zoneNow) IsNonDeterministic() bool { return true }
func (z *zoneNow) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	in, err := z.fixedFn.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &zoneNow{*in.(*fixedFn)}, nil
}

// isSysdate tells SYSDATE() (the time of its evaluation) from NOW() (the
// statement's): GMS's one Now node keeps that in an unexported field.
func isSysdate(n *function.Now) bool {
	f := reflect.ValueOf(n).Elem().FieldByName("alwaysUseExactTime")
	return f.IsValid() && f.Kind() == reflect.Bool && f.Bool()
}
