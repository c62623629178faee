package planfix

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// doubleHashKeysID is from subora's range 11_430-11_439 (suborc continues
// that branch's work).
const doubleHashKeysID analyzer.RuleId = 11_435

// doubleHashKeys makes the two keys of a hash join of an integer with a
// DOUBLE meet as DOUBLEs, as MySQL compares them.
//
// GMS's HashLookup converts both keys to the left (probe) key's type before
// using them as a Go map key, and its conversion of a DOUBLE 0 (or -0) to an
// unsigned integer is 18446744073709551615: `(w - w) IN (SELECT dbl ...)`
// with w a ROW_NUMBER (BIGINT UNSIGNED) met the DOUBLE 0 only for the first
// outer row, which GMS answers by scanning while it builds the map; every
// later 0 missed it (TestOracles, seed 1795830208378389015). A signed key
// rounds the DOUBLE, which above 2^53 separates values MySQL calls equal.
// Converting both keys to DOUBLE makes every pair MySQL finds equal share
// a key; the join condition, evaluated on every pair the map returns, still
// decides. exactJoinKeys cannot prevent this: which side probes is decided
// later, and a DOUBLE column is an exact key for an integer expression.
func doubleHashKeys(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return doubleHashKeysNode(n)
}

func doubleHashKeysNode(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if h, ok := n.(*plan.HashLookup); ok {
			if r, l, changed := doubleKeys(h.RightEntryKey, h.LeftProbeKey); changed {
				nn, err := h.WithExpressions(r, l)
				if err != nil {
					return nil, transform.SameTree, err
				}
				return nn, transform.NewTree, nil
			}
		}
		// Subqueries' plans are opaque to transform.Node.
		return MapNodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			return transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				sq, ok := e.(*plan.Subquery)
				if !ok {
					return e, transform.SameTree, nil
				}
				q, same, err := doubleHashKeysNode(sq.Query)
				if err != nil || same {
					return e, transform.SameTree, err
				}
				return sq.WithQuery(q), transform.NewTree, nil
			})
		})
	})
}

// doubleKeys wraps the entry and probe keys, or the pairs of their
// elements when both are tuples (a join on several equalities), where an
// integer probes a floating-point entry.
func doubleKeys(entry, probe sql.Expression) (sql.Expression, sql.Expression, bool) {
	et, eok := entry.(expression.Tuple)
	pt, pok := probe.(expression.Tuple)
	if eok && pok && len(et) == len(pt) {
		ne, np := make(expression.Tuple, len(et)), make(expression.Tuple, len(pt))
		changed := false
		for i := range et {
			e, p, c := doubleKeys(et[i], pt[i])
			ne[i], np[i], changed = e, p, changed || c
		}
		return ne, np, changed
	}
	if !integerProbesDouble(probe.Type(), entry.Type()) {
		return entry, probe, false
	}
	return &doubleKey{entry}, &doubleKey{probe}, true
}

// integerProbesDouble: an integer probe key meets a floating-point entry key
// (a floating-point probe already converts an integer entry exactly as MySQL
// compares them).
func integerProbesDouble(probe, entry sql.Type) bool {
	return types.IsInteger(probe) && types.IsFloat(entry)
}

// doubleKey is its child's value as a DOUBLE (NULL stays NULL).
type doubleKey struct{ child sql.Expression }

var _ sql.Expression = (*doubleKey)(nil)

func (e *doubleKey) Resolved() bool             { return e.child.Resolved() }
func (e *doubleKey) IsNullable() bool           { return e.child.IsNullable() }
func (e *doubleKey) Type() sql.Type             { return types.Float64 }
func (e *doubleKey) Children() []sql.Expression { return []sql.Expression{e.child} }
func (e *doubleKey) String() string             { return fmt.Sprintf("double(%s)", e.child) }

func (e *doubleKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return &doubleKey{children[0]}, nil
}

func (e *doubleKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	f, _, err := types.Float64.Convert(ctx, v)
	return f, err
}
