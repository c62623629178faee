package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

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
//     kept the other operand's DECIMAL(2,1).
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
	}
	return nil, false
}
