package sqlfunc

import (
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// likeEscape is the value of a LIKE's ESCAPE clause as MySQL reads it
// (Item_func_like's escape evaluation): an empty string means the default
// escape, a backslash, unless sql_mode has NO_BACKSLASH_ESCAPES, where it is
// refused like a string of more than one character, with 1210 "Incorrect
// arguments to ESCAPE". GMS's Like indexed the empty string's first rune
// (the connection's handler caught the panic: 1105) and refused two
// characters with 1105.
type likeEscape struct{ unary }

// ErWrongArguments is ER_WRONG_ARGUMENTS.
const ErWrongArguments = 1210

func wrongEscape() error {
	return mysql.NewSQLError(ErWrongArguments, "HY000", "Incorrect arguments to ESCAPE")
}

// withLikeEscape puts likeEscape around l's ESCAPE value; ok is false when
// l has none or has it already. An ESCAPE that reads a column is refused
// with 1210 as MySQL refuses an escape that is not constant for the
// execution (Item_func_like::resolve_type); GMS failed it with 1105
// ("unable to find field with index ...").
func withLikeEscape(l *expression.Like) (sql.Expression, bool, error) {
	if l.Escape == nil {
		return l, false, nil
	}
	if _, done := l.Escape.(*likeEscape); done {
		return l, false, nil
	}
	if transform.InspectExpr(l.Escape, func(e sql.Expression) bool {
		_, col := e.(*expression.GetField)
		return col
	}) {
		return nil, false, wrongEscape()
	}
	return expression.NewLike(l.LeftChild, l.RightChild, &likeEscape{unary{l.Escape}}), true, nil
}

func (e *likeEscape) Type() sql.Type   { return types.LongText }
func (e *likeEscape) IsNullable() bool { return false }
func (e *likeEscape) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(e, children)
}

func (e *likeEscape) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		// NULL: GMS's default, the backslash, as MySQL's.
		return nil, err
	}
	if s, ok := v.(string); !ok {
		c, _, err := types.LongText.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		v = c
	} else {
		v = s
	}
	s := v.(string)
	switch n := utf8.RuneCountInString(s); {
	case n == 1:
		return s, nil
	case n == 0 && !noBackslashEscapes(ctx):
		return `\`, nil
	}
	return nil, wrongEscape()
}

func noBackslashEscapes(ctx *sql.Context) bool {
	if ctx == nil || ctx.Session == nil {
		return false
	}
	return sql.LoadSqlMode(ctx).ModeEnabled("NO_BACKSLASH_ESCAPES")
}
