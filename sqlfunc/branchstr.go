package sqlfunc

import (
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/floatfmt"
	"github.com/myriaddb/myriad/timetype"
)

// branchString is CASE, IF, IFNULL or COALESCE whose branches mix strings
// with temporal values. MySQL's result is a string, VARCHAR(n) with n the
// longest branch's display length (a DATE 10, a DATETIME(p) 19 or 20+p, a
// TIME(p) 10 or 11+p), and a temporal branch's value is its text.
// GMS typed such a result LONGTEXT (IF, CASE: TEXT; IFNULL: the first
// argument's type), printed a DATE branch as a DATETIME
// (COALESCE(d, 'x') was '2024-01-02 00:00:00'), a TIME branch of IF/CASE
// as ” and failed IFNULL(time, 'x') with "value x is not a valid Time".
// The branch is chosen as GMS chooses it; its value is then given the text
// of its own type.
type branchString struct {
	unary // the GMS node, whose children and text are kept
	typ   sql.Type
}

// newBranchString returns nil unless e's branches are strings of bounded
// length and temporal values, with at least one of each, or strings and
// numbers (newBranchVarchar).
func newBranchString(e sql.Expression) *branchString {
	if b := newBranchTemporalString(e); b != nil {
		return b
	}
	return newBranchVarchar(e) // branchvarchar.go
}

// newBranchStringCtx is newBranchString with the lengths of float literal
// branches read from ctx's statement (floatlit.go).
func newBranchStringCtx(ctx *sql.Context, e sql.Expression) *branchString {
	if b := newBranchTemporalString(e); b != nil {
		return b
	}
	return newBranchVarcharWith(e, func(x sql.Expression) (int64, bool) { return floatLiteralLength(ctx, x) })
}

func newBranchTemporalString(e sql.Expression) *branchString {
	branches, ok := branchesOf(e)
	if !ok {
		return nil
	}
	n, str, num, temporal := int64(0), false, false, false
	for _, b := range branches {
		t := b.Type()
		switch {
		case t == types.Null:
			continue
		case isTimeText(b) || isTemporalText(b):
			// a TIME, DATE or DATETIME branch timeTextArgs already gave
			// its text
			temporal, n = true, max(n, t.(sql.StringType).MaxCharacterLength())
		case isStringLiteral(b):
			str, n = true, max(n, int64(utf8.RuneCountInString(b.(*expression.Literal).Value().(string))))
		case types.IsText(t):
			st, ok := t.(sql.StringType)
			if !ok || types.IsTextBlob(t) || st.MaxCharacterLength() > 16383 {
				return nil
			}
			str, n = true, max(n, st.MaxCharacterLength())
		case temporalLength(t) > 0:
			temporal, n = true, max(n, temporalLength(t))
		case isInt(t) || types.IsDecimal(t) || types.IsFloat(t):
			// MySQL merges a DATE, DATETIME or TIME with a number into a
			// VARCHAR too (field_types_merge_rules): IF(c, date_col, 0)
			// is '2024-01-31' or '0'; GMS answered a DATETIME for one
			// order and the date's Unix timestamp for the other.
			l, ok := maxCharLength(b) // concattype.go
			if !ok && types.IsFloat(t) {
				l, ok = 22, true // a DOUBLE literal: MySQL's DBL_DIG + 7
			}
			if !ok {
				return nil
			}
			num, n = true, max(n, l)
		default:
			return nil
		}
	}

	if !(str || num) || !temporal {
		return nil
	}
	return &branchString{unary: unary{e}, typ: types.MustCreateStringWithDefaults(sqltypes.VarChar, n)}
}

func isTimeText(e sql.Expression) bool {
	_, ok := e.(*timeText)
	return ok
}

// isTemporalText: a DATE/DATETIME/TIMESTAMP given its text (dectext.go).
func isTemporalText(e sql.Expression) bool {
	d, ok := e.(*decimalText)
	return ok && isDatetimeType(d.child.Type())
}

func isStringLiteral(e sql.Expression) bool {
	l, ok := e.(*expression.Literal)
	if !ok {
		return false
	}
	_, ok = l.Value().(string)
	return ok
}

// temporalLength is the display length of a temporal type t; 0 for
// another type.
func temporalLength(t sql.Type) int64 {
	switch {
	case timetype.Is(t):
		fsp, _ := timetype.PrecisionOf(t)
		return int64(timetype.DisplayLength(fsp))
	case types.IsDateType(t):
		return 10
	case types.IsDatetimeType(t) || types.IsTimestampType(t):
		if dt, ok := t.(sql.DatetimeType); ok && dt.Precision() > 0 {
			return 20 + int64(dt.Precision())
		}
		return 19
	}
	return 0
}

func (b *branchString) Type() sql.Type { return b.typ }

func (b *branchString) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCharacterSet().DefaultCollation(), 4
}

func (b *branchString) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	// A later pass of the replacement wraps the GMS node below again.
	if len(children) == 1 {
		if inner, ok := children[0].(*branchString); ok {
			return inner, nil
		}
		if inner, ok := children[0].(*branchColl); ok {
			return inner, nil
		}
	}
	return withChild(b, children)
}

func (b *branchString) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	br, err := b.chosen(ctx, row)
	if err != nil || br == nil {
		return nil, err
	}
	v, err := br.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if _, ok := br.(*decimalText); ok {
		if s, ok := v.(string); ok {
			// Already MySQL's text (a DOUBLE's may be longer than the
			// VARCHAR(22) MySQL declares: -1.2345678901234567e-100).
			return s, nil
		}
	}
	t := br.Type()
	switch {
	case types.IsFloat(t):
		// MySQL's text of a DOUBLE or FLOAT (my_gcvt): IFNULL(dbl,
		// 'text') is a string, and a driver reads 1e20 as "1e20".
		switch f := v.(type) {
		case float64:
			return string(floatfmt.AppendDouble(nil, f)), nil
		case float32:
			return string(floatfmt.AppendFloat(nil, f)), nil
		}
	case timetype.Is(t):
		ts, err := types.Time.ConvertToTimespan(v)
		if err != nil {
			return nil, err
		}
		fsp, _ := timetype.PrecisionOf(t)
		return string(timetype.AppendText(nil, ts, fsp)), nil
	case temporalLength(t) > 0:
		tm, ok := v.(time.Time)
		if !ok {
			break
		}
		if dt, ok := t.(sql.DatetimeType); ok && tm.Equal(gmsZeroTime) {
			return zeroTemporalText(dt), nil // dectext.go
		}
		if types.IsDateType(t) {
			return tm.Format("2006-01-02"), nil
		}
		s := tm.Format("2006-01-02 15:04:05.000000")
		if dt, ok := t.(sql.DatetimeType); ok && dt.Precision() > 0 {
			return s[:20+dt.Precision()], nil
		}
		return s[:19], nil
	}
	out, _, err := b.typ.Convert(ctx, v)
	return out, err
}

// chosen is the branch whose value e answers with for row, as GMS's node
// chooses it; nil for none (the result is NULL).
func (b *branchString) chosen(ctx *sql.Context, row sql.Row) (sql.Expression, error) {
	switch e := b.child.(type) {
	case *function.IfNull, *function.Coalesce:
		cs := e.Children()
		for i, c := range cs {
			if i == len(cs)-1 {
				return c, nil
			}
			v, err := c.Eval(ctx, row)
			if err != nil {
				return nil, err
			}
			if v != nil {
				return c, nil
			}
		}
		return nil, nil
	case *function.If:
		cs := e.Children()
		c, err := cs[0].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if c != nil {
			if t, err := sql.ConvertToBool(ctx, c); err != nil {
				return nil, err
			} else if t {
				return cs[1], nil
			}
		}
		return cs[2], nil
	case *expression.Case:
		for _, br := range e.Branches {
			cond := br.Cond
			if e.Expr != nil {
				cond = expression.NewEquals(e.Expr, br.Cond)
			}
			res, err := sql.EvaluateCondition(ctx, cond, row)
			if err != nil {
				return nil, err
			}
			if sql.IsTrue(res) {
				return br.Value, nil
			}
		}
		return e.Else, nil
	}
	return nil, nil
}
