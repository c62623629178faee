package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// eachChanged is xs with f applied to every element (f reports whether it
// changed one), copied only when f changes one; changed is whether it did.
// The rules rewrite expression lists this way so that a plan they leave
// alone keeps its slices and reports transform.SameTree.
func eachChanged[T any](xs []T, f func(i int, x T) (T, bool)) (out []T, changed bool) {
	for i, x := range xs {
		nx, ok := f(i, x)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]T(nil), xs...)
		}
		out[i] = nx
	}
	if out == nil {
		return xs, false
	}
	return out, true
}

// withLeadingExprs is n with its first len(lead) expressions replaced by
// lead: an INSERT's ON DUPLICATE KEY UPDATE assignments lead its
// expressions, and an UpdateSource's SET assignments are all of its.
func withLeadingExprs(n sql.Node, lead []sql.Expression) (sql.Node, transform.TreeIdentity, error) {
	ne := n.(sql.Expressioner)
	exprs := append(append([]sql.Expression(nil), lead...), ne.Expressions()[len(lead):]...)
	nn, err := ne.WithExpressions(exprs...)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return nn, transform.NewTree, nil
}
