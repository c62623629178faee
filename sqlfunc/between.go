package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// collatedBetween is `v BETWEEN lo AND hi` over strings of different
// collations as MySQL compares it: in one collation for all three operands
// (the one of least coercibility; among columns of one character set a _bin
// collation wins). GMS compares v with each bound on its own, in the
// collation of that pair, and takes the left operand's on a tie; the WHERE
// (simplifyFilters: v >= lo AND v <= hi) and the SELECT list (lo <= v AND
// hi >= v) put different operands on the left, so they disagreed. `'B'
// BETWEEN 'ab' AND bin_col` compared 'B' with 'ab' under the connection's
// collation (true), MySQL under utf8mb4_bin (false). nil when nothing needs
// it: all operands agree already, or one is not a string.
func collatedBetween(ctx *sql.Context, e *expression.Between) sql.Expression {
	args := []sql.Expression{e.Val, e.Lower, e.Upper}
	var colls [3]sql.CollationID
	var coers [3]byte
	for i, a := range args {
		if !types.IsText(a.Type()) {
			return nil
		}
		colls[i], coers[i] = sql.GetCoercibility(ctx, a)
	}
	agg, aggCoer := colls[0], coers[0]
	for i := 1; i < 3; i++ {
		switch c, k := colls[i], coers[i]; {
		case k < aggCoer:
			agg, aggCoer = c, k
		case k == aggCoer && c != agg && c.CharacterSet() == agg.CharacterSet() &&
			strings.HasSuffix(c.Name(), "_bin") && !strings.HasSuffix(agg.Name(), "_bin"):
			agg = c
		}
	}
	if aggCoer >= 5 {
		return nil
	}
	// A pair already compared in agg either way round is left as it is
	// (an indexed column with constants keeps its index range).
	pairOK := func(i, j int) bool {
		a, _ := sql.ResolveCoercibility(colls[i], coers[i], colls[j], coers[j])
		b, _ := sql.ResolveCoercibility(colls[j], coers[j], colls[i], coers[i])
		return a == agg && b == agg
	}
	if pairOK(0, 1) && pairOK(0, 2) {
		return nil
	}
	as := func(i int) sql.Expression {
		if colls[i] == agg || colls[i].CharacterSet() != agg.CharacterSet() {
			return args[i]
		}
		return expression.NewCollatedExpression(args[i], agg)
	}
	lo, hi := expression.NewGreaterThanOrEqual(e.Val, e.Lower), expression.NewLessThanOrEqual(e.Val, e.Upper)
	if !pairOK(0, 1) {
		lo = expression.NewGreaterThanOrEqual(as(0), as(1))
	}
	if !pairOK(0, 2) {
		hi = expression.NewLessThanOrEqual(as(0), as(2))
	}
	return expression.NewAnd(lo, hi)
}
