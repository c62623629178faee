package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// newAbs is ABS with a string argument read as MySQL reads it, a DOUBLE by
// its numeric prefix (warning 1292): GMS's AbsVal has no case for strings
// and answered NULL for ABS('12abc') (MySQL 12) and ABS('ab') (MySQL 0),
// typed as the string, so a CASE around it compared as text (the oracle's
// NoREC finding, seed 1795811458939751641).
func newAbs(arg sql.Expression) sql.Expression {
	if arg.Resolved() && types.IsText(arg.Type()) {
		arg = &toDouble{unary: unary{arg}}
	}
	return function.NewAbsVal(arg)
}

func init() {
	functions["abs"] = sql.Function1{Name: "abs", Fn: newAbs}
}
