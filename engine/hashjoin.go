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
