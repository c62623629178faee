package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/timetype"
)

// ctasExactType is the type MySQL gives column i of CREATE TABLE ...
// SELECT's SELECT sel where GMS's planner, which fixes the new table's
// columns before this package's replacements retype the SELECT, types
// the item otherwise (issue 9, branch fix24c):
//   - CAST(x AS TIME(n)) is TIME(n); GMS's CAST is TIME, i.e. TIME(6), so
//     the new column printed six fractional digits;
//   - arithmetic with a NULL literal operand (`2.5 - NULL`) is DOUBLE:
//     MySQL's Item_num_op::set_numeric_type takes a NULL (a STRING_RESULT
//     item, numeric_context_result_type REAL_RESULT) as REAL, where GMS
//     kept the other operand's DECIMAL(2,1);
//   - TRIM, LTRIM and RTRIM of a string are VARCHAR (trimType).
//
// ok is false for any other item.
func ctasExactType(sel sql.Node, i int) (sql.Type, bool) {
	if i < 0 {
		return nil, false
	}
	switch e := ctasItem(sel, i).(type) {
	case *expression.Convert:
		if timetype.Is(e.Type()) {
			return timetype.New(castTimePrecision(e)), true
		}
	case *expression.Arithmetic:
		if isNullLiteral(e.Left()) || isNullLiteral(e.Right()) {
			return types.Float64, true
		}
	case *expression.Div:
		if isNullLiteral(e.Left()) || isNullLiteral(e.Right()) {
			return types.Float64, true
		}
	case *expression.Mod:
		if isNullLiteral(e.Left()) || isNullLiteral(e.Right()) {
			return types.Float64, true
		}
	case *function.Trim, *function.LeftTrim, *function.RightTrim:
		return trimType(e.Children())
	}
	return nil, false
}

// trimType: MySQL's Item_func_trim (also LTRIM, RTRIM) is a VARCHAR of
// its string argument's length in characters, in the arguments'
// collation; GMS typed it LONGTEXT. ok is false unless the string is a
// literal or a non-binary CHAR/VARCHAR, and a pattern is one of the same
// collation.
func trimType(args []sql.Expression) (sql.Type, bool) {
	if len(args) == 0 {
		return nil, false
	}
	coll := sql.Collation_Unspecified
	for k, a := range args {
		t := a.Type()
		st, ok := t.(sql.StringType)
		if !ok || types.IsBinaryType(t) || st.Collation() == sql.Collation_binary ||
			(!isStringLiteral(a) && types.IsTextBlob(t)) {
			return nil, false
		}
		if k > 0 && st.Collation() != coll {
			return nil, false
		}
		coll = st.Collation()
	}
	n, ok := maxCharLength(args[0]) // concattype.go
	// 16383 characters of utf8mb4 are VARCHAR's 65535 bytes.
	if !ok || n > 16383 {
		return nil, false
	}
	t, err := types.CreateString(sqltypes.VarChar, n, coll)
	return t, err == nil
}
