package planfix

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// decimalPeersID is from probe19b's range 11_670-11_679.
const decimalPeersID analyzer.RuleId = 11_671

var decimalPeersRule = analyzer.Rule{Id: decimalPeersID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node,
	_ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return decimalPeers(n)
}}

// decimalPeers keys the DECIMAL ORDER BY columns of windows with the
// default frame on decimalPeerKey. GMS finds a window's peer groups (RANK,
// DENSE_RANK, PERCENT_RANK, CUME_DIST, an aggregate's default RANGE frame)
// by comparing the ORDER BY values with Go's !=, which for a DECIMAL
// compares the pointers inside two decimal.Decimal values: equal sums
// (two groups' SUM(v) of 4.00) were never peers, and RANK() numbered ties
// 3 and 4. A frame with an offset keeps the column (its bounds are computed
// from the values).
func decimalPeers(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		w, ok := n.(*plan.Window)
		if !ok {
			return n, transform.SameTree, nil
		}
		var exprs []sql.Expression
		for i, e := range w.SelectExprs {
			ne, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				wa, ok := e.(sql.WindowAdaptableExpression)
				if !ok {
					return e, transform.SameTree, nil
				}
				def := wa.Window()
				if def == nil || def.Frame != nil {
					return e, transform.SameTree, nil
				}
				var order sql.SortFields
				for j, sf := range def.OrderBy {
					if _, done := sf.Column.(*decimalPeerKey); done || !types.IsDecimal(sf.Column.Type()) {
						continue
					}
					if order == nil {
						order = append(sql.SortFields(nil), def.OrderBy...)
					}
					k := &decimalPeerKey{child: sf.Column}
					order[j].Column, order[j].Column2 = k, nil
				}
				if order == nil {
					return e, transform.SameTree, nil
				}
				nd := *def
				nd.OrderBy = order
				return wa.WithWindow(&nd), transform.NewTree, nil
			})
			if err != nil {
				return nil, transform.SameTree, err
			}
			if same == transform.NewTree {
				if exprs == nil {
					exprs = append([]sql.Expression(nil), w.SelectExprs...)
				}
				exprs[i] = ne
			}
		}
		if exprs == nil {
			return n, transform.SameTree, nil
		}
		nw := *w
		nw.SelectExprs = exprs
		return &nw, transform.NewTree, nil
	})
}

// decimalPeerKey is a DECIMAL ORDER BY key as its shortest text ("4" for
// 4 and 4.00), which Go's != tells apart only when the values differ; the
// DECIMAL type it keeps sorts the text as the number it reads.
type decimalPeerKey struct{ child sql.Expression }

var _ sql.Expression = (*decimalPeerKey)(nil)

func (k *decimalPeerKey) Resolved() bool             { return k.child.Resolved() }
func (k *decimalPeerKey) IsNullable() bool           { return k.child.IsNullable() }
func (k *decimalPeerKey) Type() sql.Type             { return k.child.Type() }
func (k *decimalPeerKey) Children() []sql.Expression { return []sql.Expression{k.child} }
func (k *decimalPeerKey) String() string             { return k.child.String() }

func (k *decimalPeerKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := k.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	switch d := v.(type) {
	case decimal.Decimal:
		return d.String(), nil
	case decimal.NullDecimal:
		if !d.Valid {
			return nil, nil
		}
		return d.Decimal.String(), nil
	}
	return v, nil
}

func (k *decimalPeerKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(k, len(children), 1)
	}
	return &decimalPeerKey{child: children[0]}, nil
}

// DebugString names the key in EXPLAIN's verbose form.
func (k *decimalPeerKey) DebugString() string {
	return fmt.Sprintf("decimalPeerKey(%s)", sql.DebugString(k.child))
}
