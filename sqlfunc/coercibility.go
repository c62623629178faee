package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Coercibility is sql.GetCoercibility, except that a CASE, IF, IFNULL or
// COALESCE of strings takes its collation and derivation from its result
// branches, resolved as a comparison's operands (MySQL's
// agg_arg_charsets_for_string_result); GMS derives a CASE's and a
// COALESCE's from its type (a CONCAT branch: utf8mb4_0900_bin), an IF's
// from its THEN and an IFNULL's from its first argument. engine/padspace.go
// decides comparisons with it, and FoldConstants types its literals with it.
func Coercibility(ctx *sql.Context, e sql.Expression) (sql.CollationID, byte) {
	if branches, ok := branchesOf(e); ok && types.IsTextOnly(e.Type()) {
		var coll sql.CollationID
		var co byte
		first := true
		for _, b := range branches {
			if b.Type() == types.Null {
				continue
			}
			c, k := Coercibility(ctx, b)
			if first {
				coll, co, first = c, k, false
			} else {
				coll, co = sql.ResolveCoercibility(coll, co, c, k)
			}
		}
		if !first {
			return coll, co
		}
	}
	return sql.GetCoercibility(ctx, e)
}
