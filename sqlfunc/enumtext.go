package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// enumText is an ENUM or SET expression's text, as a string function reads
// it: MySQL's CONCAT(e), UPPER(e), LENGTH(e), e LIKE 'y%' see the member
// ('yy'), GMS's saw the stored index or bit set (2, "2", 1) and answered
// silently wrong. timeTextArgs puts it where it puts timeText.
type enumText struct{ unary }

func isEnumOrSet(t sql.Type) bool { return types.IsEnum(t) || types.IsSet(t) }

// mixedEnumSet: branches of a COALESCE or IFNULL, one an ENUM or SET and
// another of any other type (GMS typed IFNULL(s, 'none') as the SET and
// failed to convert 'none' to it; MySQL's result is a string).
func mixedEnumSet(branches []sql.Expression) bool {
	var enum sql.Type
	other := false
	for _, b := range branches {
		switch t := b.Type(); {
		case t == types.Null:
		case isEnumOrSet(t):
			if enum != nil && !enum.Equals(t) {
				other = true
			}
			enum = t
		default:
			other = true
		}
	}
	return enum != nil && other
}

func (t *enumText) Type() sql.Type {
	var n int64
	var coll sql.CollationID
	switch et := t.child.Type().(type) {
	case sql.EnumType:
		coll = et.Collation()
		for _, v := range et.Values() {
			n = max(n, int64(len([]rune(v))))
		}
	case sql.SetType:
		coll = et.Collation()
		for i, v := range et.Values() {
			if i > 0 {
				n++
			}
			n += int64(len([]rune(v)))
		}
	case sql.StringType:
		// A derived UNION's column of an ENUM beside another or a
		// string, which the UNION made a VARCHAR (unionEnumColumn):
		// CONCAT(e, '!') over it was LONGTEXT.
		if types.IsText(et) && !types.IsTextBlob(et) {
			return et
		}
		return types.LongText
	default:
		return types.LongText
	}
	if st, err := types.CreateString(sqltypes.VarChar, n, coll); err == nil {
		return st
	}
	return types.LongText
}

func (t *enumText) DebugString() string { return sql.DebugString(t.child) }
func (t *enumText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, t.child)
}

func (t *enumText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(t, children)
}

func (t *enumText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := t.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if s, ok := v.(string); ok {
		return s, nil
	}
	switch et := t.child.Type().(type) {
	case sql.EnumType:
		idx, ok := enumIndex(v)
		if !ok {
			break
		}
		if s, ok := et.At(idx); ok {
			return s, nil
		}
		return nil, fmt.Errorf("myriad: ENUM index %d out of range", idx)
	case sql.SetType:
		bits, ok := setBits(v)
		if !ok {
			break
		}
		return et.BitsToString(bits)
	}
	s, _, err := types.LongText.Convert(ctx, v)
	return s, err
}

func enumIndex(v any) (int, bool) {
	switch n := v.(type) {
	case uint16:
		return int(n), true
	case uint8:
		return int(n), true
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		return int(n), true
	}
	return 0, false
}

func setBits(v any) (uint64, bool) {
	switch n := v.(type) {
	case uint64:
		return n, true
	case int64:
		return uint64(n), true
	case uint16:
		return uint64(n), true
	}
	return 0, false
}
