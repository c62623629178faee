package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Coercibility is sql.GetCoercibility, except that a CASE, IF, IFNULL or
// COALESCE of strings takes its collation and derivation from its result
// branches, resolved as a comparison's operands (MySQL's
// agg_arg_charsets_for_string_result); GMS derives a CASE's and a
// COALESCE's from its type (a CONCAT branch: utf8mb4_0900_bin), an IF's
// from its THEN and an IFNULL's from its first argument. engine/padspace.go
// decides comparisons with it, and FoldConstants types its literals with it.
//
// Those branches, and the arguments of CONCAT and the other string
// functions that aggregate theirs (collagg.go), resolve by MySQL's
// DTCollation::aggregate: two IMPLICIT columns of different collations of
// one character set give that character set's _bin collation of derivation
// NONE (GMS: the left one, IMPLICIT). GMS's own CONCAT resolves from its
// arguments' GMS derivations (a COALESCE's from its type: CONCAT(COALESCE(c,
// c), COALESCE(NULL, 'a')) was utf8mb4_0900_bin, not c's collation).
func Coercibility(ctx *sql.Context, e sql.Expression) (sql.CollationID, byte) {
	if e.Type() == types.Null {
		// MySQL's NULL is IGNORABLE (GMS: NUMERIC, 5).
		return sql.Collation_binary, derivIgnorable
	}
	if branches, ok := branchesOf(e); ok && types.IsTextOnly(e.Type()) {
		if c, k, ok := branchCollation(ctx, branches); ok {
			return c, k
		}
	}
	if bs, ok := e.(*branchString); ok {
		// strings and temporal values' text: the strings decide.
		if branches, ok := branchesOf(bs.child); ok {
			if c, k, ok := branchCollation(ctx, branches); ok {
				return c, k
			}
		}
	}
	if c, k, ok := derivedAggregate(ctx, e); ok {
		return c, k
	}
	if l, ok := e.(*expression.Literal); ok && types.IsText(l.Type()) {
		// GMS folds `_cs 'x' COLLATE c` into a literal typed c, of
		// derivation COERCIBLE like any literal, so the other side's
		// collation won (_utf8mb4 'ß' = _utf8mb4 'ss' COLLATE
		// utf8mb4_general_ci was 1). A text literal's collation is the
		// connection's, or its introducer's character set's default,
		// unless a COLLATE named it: then it is EXPLICIT. (A COLLATE naming
		// one of those two collations still reads as COERCIBLE.)
		c, _ := l.Type().(sql.StringType)
		if c != nil {
			coll := c.Collation()
			// utf8mb4_0900_bin is excluded: it is the collation GMS types
			// every computed string with (a CONCAT's LONGTEXT), and its own
			// constant folding leaves literals of it (CONCAT('e', 'a ')
			// became an EXPLICIT 'ea ' that beat a utf8mb4_general_ci
			// column's collation: the oracle's NoREC finding, seed
			// 1795811458939751641). So a COLLATE utf8mb4_0900_bin stays
			// COERCIBLE too.
			if coll != ctx.GetCollation() && coll != coll.CharacterSet().DefaultCollation() && coll != sql.Collation_utf8mb4_0900_bin {
				return coll, 0
			}
		}
	}
	if sq, ok := e.(*plan.Subquery); ok {
		// A scalar subquery has its selected expression's collation and
		// derivation (Item_singlerow_subselect); GMS's resolves over every
		// node and expression of the query, binary of coercibility 7 for
		// (SELECT x.c FROM t x WHERE x.id = t.id).
		if p := selected(sq.Query); p != nil {
			return Coercibility(ctx, p)
		}
	}
	return sql.GetCoercibility(ctx, e)
}

// branchCollation is the collation and derivation of a CASE's (IF's,
// COALESCE's) result branches, aggregated for a string result.
func branchCollation(ctx *sql.Context, branches []sql.Expression) (sql.CollationID, byte, bool) {
	dts := make([]dtColl, 0, len(branches))
	for _, b := range branches {
		if b.Type() == types.Null {
			continue
		}
		dts = append(dts, dtOf(ctx, b))
	}
	if len(dts) == 0 {
		return 0, 0, false
	}
	d, err := aggregateDTs(ctx, "case", dts, forStringResult)
	if err != nil || d.coll == sql.Collation_Unspecified {
		return 0, 0, false
	}
	return d.coll, d.deriv, true
}

// selected is the one expression a query's top projection selects, nil
// when there is none or more.
func selected(n sql.Node) sql.Expression {
	for n != nil {
		switch q := n.(type) {
		case *plan.Project:
			if len(q.Projections) == 1 {
				return q.Projections[0]
			}
			return nil
		case *plan.GroupBy:
			// GMS may erase a projection that only repeats the grouping's
			// select list.
			if len(q.SelectedExprs) == 1 {
				return q.SelectedExprs[0]
			}
			return nil
		case *plan.Limit, *plan.Sort, *plan.Filter, *plan.TopN, *plan.Distinct, *plan.Having:
			n = q.Children()[0]
		default:
			return nil
		}
	}
	return nil
}
