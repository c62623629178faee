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
// mixes are branchDecimal's; nil when e is not such an IFNULL.
func ifNullAsCoalesce(e *function.IfNull) sql.Expression {
	cs := e.Children()
	a, b := cs[0].Type(), cs[1].Type()
	if !isNumber(a) || !isNumber(b) || types.IsFloat(a) == types.IsFloat(b) {
		return nil
	}
	c, err := function.NewCoalesce(cs[0], cs[1])
	if err != nil || !types.IsFloat(c.Type()) {
		return nil
	}
	return c
}
