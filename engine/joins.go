package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// HashDecimalKeysByValue is an analyzer rule (run after GMS's own) that makes
// hash joins on DECIMAL keys compare values. GMS's HashLookup uses a single
// key value itself as a Go map key, and a DECIMAL value (shopspring's
// Decimal holds a *big.Int) is then compared by pointer: equal decimals from
// different rows never meet, and an equi-join on DECIMAL columns without an
// index silently loses its matches (found by conformance.TestDifferential).
// A key of two or more values is hashed by its printed form instead, which
// is canonical for decimals (1.50 and 1.5 print alike), so the rule pads the
// key with a constant (a one-element tuple evaluates to its element). NULL
// keys then meet each other, but the join condition is still evaluated on
// the matched rows.
func HashDecimalKeysByValue(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		hl, ok := n.(*plan.HashLookup)
		if !ok || !types.IsDecimal(hl.LeftProbeKey.Type()) && !types.IsDecimal(hl.RightEntryKey.Type()) {
			return n, transform.SameTree, nil
		}
		pad := func(e sql.Expression) sql.Expression {
			return expression.NewTuple(e, expression.NewLiteral(int8(0), types.Int8))
		}
		nn, err := hl.WithExpressions(pad(hl.RightEntryKey), pad(hl.LeftProbeKey))
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nn, transform.NewTree, nil
	})
}

// UnmergeMismatchedOrders is an analyzer rule (run after GMS's own) that
// turns a merge join back into a nested-loop join when its two inputs are not
// sorted in one order. GMS plans a merge join over two index scans whenever
// the join compares their columns (or expressions of them: see columnKeys),
// but a utf8mb4_general_ci index lists 'a'
// before 'B' and a utf8mb4_bin index lists 'B' before 'a' (and a string
// index lists '10' before '9' where a number index does not), so the merge
// walks past matches and silently drops rows (found by
// conformance.TestOracles). Equal collations, numbers with numbers and
// temporal types with temporal types keep the merge.
func UnmergeMismatchedOrders(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || !j.Op.IsMerge() || j.Filter == nil {
			return n, transform.SameTree, nil
		}
		cmp, ok := expression.SplitConjunction(j.Filter)[0].(expression.Comparer)
		if !ok || sameOrder(cmp.Left().Type(), cmp.Right().Type()) && columnKeys(cmp) {
			return n, transform.SameTree, nil
		}
		nj := *j
		switch j.Op {
		case plan.JoinTypeMerge:
			nj.Op = plan.JoinTypeInner
		case plan.JoinTypeLeftOuterMerge:
			nj.Op = plan.JoinTypeLeftOuter
		case plan.JoinTypeSemiMerge:
			nj.Op = plan.JoinTypeSemi
		case plan.JoinTypeAntiMerge:
			nj.Op = plan.JoinTypeAnti
		default:
			return n, transform.SameTree, nil
		}
		return &nj, transform.NewTree, nil
	})
}

// columnKeys: both sides of the merge's comparison are columns as read. GMS
// also plans a merge join over two primary-key scans for `a.id % 2 = b.id %
// 2` (the memo matches the column inside the expression), but the scans are
// sorted by the columns, not by the expressions, so the merge stepped past
// matches: 4 rows of MySQL's 8, and a LEFT JOIN filled NULLs for rows that
// had partners.
func columnKeys(cmp expression.Comparer) bool {
	_, l := cmp.Left().(*expression.GetField)
	_, r := cmp.Right().(*expression.GetField)
	return l && r
}

// sameOrder reports whether values of types a and b sort alike, so that
// index scans over them can be merged.
func sameOrder(a, b sql.Type) bool {
	switch {
	case types.IsNumber(a) && types.IsNumber(b):
		return true
	case types.IsText(a) && types.IsText(b):
		ca, aok := a.(sql.TypeWithCollation)
		cb, bok := b.(sql.TypeWithCollation)
		return aok && bok && ca.Collation() == cb.Collation()
	case types.IsTime(a) && types.IsTime(b):
		return true
	}
	return a.Equals(b)
}
