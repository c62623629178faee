package sqlfunc

import (
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// groupConcatArgs makes GROUP_CONCAT(a, b, ...) GROUP_CONCAT(CONCAT(a, b,
// ...)): GMS's GroupConcat evaluates every argument but appends only the
// first (aggregation/group_concat.go, evalRow[0]), so `GROUP_CONCAT(id,
// ':', n)` answered `1,2,3` where MySQL answers `1:10,2:20,3:30`. MySQL
// skips a row when any argument is NULL, as CONCAT is NULL then, and types
// the result as it types CONCAT of the arguments. With DISTINCT the
// arguments are a tuple, which a concatenation cannot stand for ((1, '23')
// and (12, '3') are both '123'); checkGroupConcatDistinct refuses that.
// Reports whether it changed stmt.
func groupConcatArgs(stmt ast.SQLNode) bool {
	changed := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if g, ok := n.(*ast.GroupConcatExpr); ok && concatArgs(g) {
			changed = true
		}
		return true, nil
	}, stmt)
	return changed
}

// concatArgs is groupConcatArgs for one GROUP_CONCAT (ExactLiterals calls
// it from its own walk of a query).
func concatArgs(gc *ast.GroupConcatExpr) bool {
	if len(gc.Exprs) < 2 || gc.Distinct != "" {
		return false
	}
	gc.Exprs = ast.SelectExprs{&ast.AliasedExpr{Expr: &ast.FuncExpr{Name: ast.NewColIdent("concat"), Exprs: gc.Exprs}}}
	return true
}

// checkGroupConcatDistinct refuses GROUP_CONCAT(DISTINCT a, b, ...) (see
// groupConcatArgs) with 1235 rather than answering with the first
// argument alone.
func checkGroupConcatDistinct(stmt ast.SQLNode) error {
	var err error
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if gc, ok := n.(*ast.GroupConcatExpr); ok && gc.Distinct != "" && len(gc.Exprs) > 1 {
			err = mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
				"This version of MySQL doesn't yet support 'GROUP_CONCAT(DISTINCT ...) of more than one expression (concatenate them with CONCAT(...) inside)'")
		}
		return err == nil, nil
	}, stmt)
	return err
}

// checkWindowDistinct refuses an aggregate with DISTINCT used as a window
// function (COUNT(DISTINCT c) OVER (), SUM/AVG(DISTINCT ...) OVER) with
// MySQL 8.0's 1235: GMS answered it, de-duplicating by bytes whatever the
// collation ('a ' and 'A' counted twice under utf8mb4_general_ci). MIN and
// MAX drop their DISTINCT in MySQL's grammar and stay allowed. MySQL refuses
// GROUP_CONCAT(...) OVER too (1235 'group_concat as window function');
// GMS's parser already fails it, with 1064.
func checkWindowDistinct(stmt ast.SQLNode) error {
	var err error
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		f, ok := n.(*ast.FuncExpr)
		if ok && f.Over != nil && f.Distinct {
			switch strings.ToLower(f.Name.String()) {
			case "min", "max":
			default:
				err = mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
					"This version of MySQL doesn't yet support '<window function>(DISTINCT ..)'")
			}
		}
		return err == nil, nil
	}, stmt)
	return err
}
