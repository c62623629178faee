package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// yearStore is a value a strict INSERT's VALUES or an UPDATE's SET stores
// into a YEAR column, with a string zero read as MySQL does (yearOfString).
// Non-strict statements read it in adjustYear.
type yearStore struct{ unary }

func (y *yearStore) Type() sql.Type { return y.child.Type() }
func (y *yearStore) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, y.child)
}
func (y *yearStore) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(y, children)
}

func (y *yearStore) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := y.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	return yearOfString(v), nil
}

// yearOfString is the YEAR a string reading as the integer zero stands
// for: MySQL's Field_year::store(const char*) keeps 0 only for a string of
// exactly four characters ('0000' is YEAR 0000) and adds 2000 otherwise
// ('0', '00', '000' are 2000); GMS stored '0000' as 2000 and '000' as 0.
// Other values are returned as they are.
func yearOfString(v any) any {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return v
	}
	num, trunc, ok := readNumber(s)
	if !ok || trunc {
		return v
	}
	digits := num
	if digits != "" && (digits[0] == '+' || digits[0] == '-') {
		digits = digits[1:]
	}
	if digits == "" {
		return v
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] != '0' {
			return v
		}
	}
	if len(s) == 4 {
		return int16(0)
	}
	return int16(2000)
}

// yearStoreSet puts yearStore under an UPDATE's SET of a YEAR column; nil
// when there is none to put.
func yearStoreSet(s *expression.SetField) sql.Expression {
	gf, ok := s.LeftChild.(*expression.GetField)
	if !ok || !types.IsYear(gf.Type()) {
		return nil
	}
	switch s.RightChild.(type) {
	case *yearStore, *storeAdjust, *sql.ColumnDefaultValue, *expression.Wrapper:
		return nil
	}
	return expression.NewSetField(gf, &yearStore{unary{s.RightChild}})
}
