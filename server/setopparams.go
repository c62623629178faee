package server

import (
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// countParams counts the placeholders of a parsed statement. The parser's
// walk does not descend into a UNION/INTERSECT/EXCEPT's own ORDER BY,
// LIMIT and WITH (SetOp.walkSubtree visits only its two sides), so the
// protocol library, which counts with it, reported no parameter for
// `SELECT ... UNION SELECT ... ORDER BY 1 LIMIT ?`: drivers then sent none
// and the execution failed, or go-sql-driver refused the argument.
func countParams(stmt sqlparser.SQLNode) int {
	n := 0
	var visit sqlparser.Visit
	visit = func(node sqlparser.SQLNode) (bool, error) {
		switch node := node.(type) {
		case *sqlparser.SQLVal:
			if strings.HasPrefix(string(node.Val), ":v") {
				n++
			}
		case *sqlparser.SetOp:
			if node.With != nil {
				_ = sqlparser.Walk(visit, node.With)
			}
			if node.OrderBy != nil {
				_ = sqlparser.Walk(visit, node.OrderBy)
			}
			if node.Limit != nil {
				_ = sqlparser.Walk(visit, node.Limit)
			}
		}
		return true, nil
	}
	_ = sqlparser.Walk(visit, stmt)
	return n
}
