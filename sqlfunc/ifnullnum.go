package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// ifNullAsCoalesce is IFNULL(a, b) of a number and a floating-point number
// as COALESCE(a, b), whose type is MySQL's aggregate (DOUBLE). GMS types an
// IFNULL as its first argument, so IFNULL(int_expr, 0.1) was a BIGINT and
// its 0.1 came back as 0: `c <=> IFNULL(d DIV 2, f)` was true for c = 0 in
// the select list (TestOracles, TLP, seed 1795786461191181539). DECIMAL
// mixes are branchDecimal's.
//
// A number and a string are a string in MySQL (IFNULL(d - e, s) is a
// VARCHAR), as COALESCE types them; GMS's IFNULL was the number's type, so
// a comparison with a DOUBLE read the string branch as a DOUBLE strictly
// and failed with 1366 ('a' is not a valid value for 'double') where MySQL
// compares 'a' as 0 with a warning (TestOracles, seed 1795818351511997027).
// nil when e is neither kind of IFNULL.
func ifNullAsCoalesce(e *function.IfNull) sql.Expression {
	cs := e.Children()
	a, b := cs[0].Type(), cs[1].Type()
	if numberAndText(a, b) || numberAndText(b, a) {
		c, err := function.NewCoalesce(cs[0], cs[1])
		if err != nil || !types.IsText(c.Type()) {
			return nil
		}
		return c
	}
	if !isNumber(a) || !isNumber(b) || types.IsFloat(a) == types.IsFloat(b) {
		return nil
	}
	c, err := function.NewCoalesce(cs[0], cs[1])
	if err != nil || !types.IsFloat(c.Type()) {
		return nil
	}
	return c
}

func numberAndText(a, b sql.Type) bool {
	return isNumber(a) && types.IsText(b)
}
