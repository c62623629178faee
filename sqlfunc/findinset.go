package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// setMember is FIND_IN_SET(constant, set_column): MySQL's
// Item_func_find_in_set::resolve_type looks the constant up among the SET
// column's members once (find_type, case-insensitive) and val_int answers
// that member's position in the column's definition when the row's value
// has its bit, 0 otherwise. So with s SET('x','y','z') holding 'x,z',
// FIND_IN_SET('z', s) is 3 in MySQL (and MariaDB); GMS answered the
// position in the value's text, 2.
type setMember struct {
	unary
	numeric
	pos int64
}

func (m *setMember) Type() sql.Type { return types.Int32 }
func (m *setMember) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(m, children)
}

func (m *setMember) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := m.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	bits, ok := v.(uint64)
	if !ok {
		c, _, err := m.child.Type().Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		if bits, ok = c.(uint64); !ok {
			return nil, nil
		}
	}
	if m.pos > 0 && bits&(1<<(m.pos-1)) != 0 {
		return int32(m.pos), nil
	}
	return int32(0), nil
}

// newSetMember returns setMember for FIND_IN_SET(string constant, SET
// column), or nil.
func newSetMember(f *function.FindInSet) sql.Expression {
	col, ok := f.RightChild.(*expression.GetField)
	if !ok {
		return nil
	}
	st, ok := col.Type().(sql.SetType)
	if !ok {
		return nil
	}
	lit, ok := f.LeftChild.(*expression.Literal)
	if !ok {
		return nil
	}
	s, ok := lit.Value().(string)
	if !ok {
		return nil
	}
	pos := int64(0)
	for i, v := range st.Values() {
		if strings.EqualFold(strings.TrimRight(v, " "), strings.TrimRight(s, " ")) {
			pos = int64(i + 1)
			break
		}
	}
	return &setMember{unary: unary{col}, pos: pos}
}

// findInSetEmpty is GMS's FIND_IN_SET answering 0 for an empty list, as
// MySQL's does ("0 if ... strlist is the empty string"); GMS found ”
// in ” at position 1.
type findInSetEmpty struct {
	*function.FindInSet
}

func (f *findInSetEmpty) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := f.FindInSet.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &findInSetEmpty{n.(*function.FindInSet)}, nil
}

func (f *findInSetEmpty) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	l, err := f.RightChild.Eval(ctx, row)
	if err != nil || l == nil {
		return nil, err
	}
	if s, ok := asString(l); ok && s == "" {
		v, err := f.LeftChild.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		return int32(0), nil
	}
	return f.FindInSet.Eval(ctx, row)
}
