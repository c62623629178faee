package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RuleDrawSortKeysInReadOrder is from the lead's session-24 range 11_950-11_959.
const RuleDrawSortKeysInReadOrder analyzer.RuleId = 11_950

// drawSortKeysInReadOrder makes `ORDER BY RAND(7)` MySQL's shuffle. MySQL's
// filesort computes each row's sort key once, as the row is read, so the
// n-th row read gets the n-th number of the seeded generator. GMS's Sort
// evaluates an ORDER BY expression inside its comparisons: RAND(N)
// (sqlfunc/randseed.go) remembers each row's number, but a row drew it when
// the sort first compared it, so rows 1 and 2 of eight swapped places
// against MySQL and MariaDB. The rule puts a node under such a Sort (or
// TopN) that evaluates the non-deterministic sort keys of each row as it
// passes, in read order; the comparisons then find the numbers drawn.
func drawSortKeysInReadOrder(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch s := n.(type) {
		case *plan.Sort:
			keys := nonDeterministicKeys(s.SortFields)
			if _, done := s.Child.(*drawSortKeys); done || len(keys) == 0 {
				return n, transform.SameTree, nil
			}
			m, err := s.WithChildren(&drawSortKeys{child: s.Child, keys: keys})
			return m, transform.NewTree, err
		case *plan.Limit, *plan.Offset:
			// TopN appends a counter to each row it keeps, so the row a
			// number was drawn for is not the row compared; the Limit
			// (and Offset) above it limit a plain Sort as well.
			t, ok := n.Children()[0].(*plan.TopN)
			if !ok {
				return n, transform.SameTree, nil
			}
			keys := nonDeterministicKeys(t.Fields)
			if len(keys) == 0 {
				return n, transform.SameTree, nil
			}
			m, err := n.WithChildren(plan.NewSort(t.Fields, &drawSortKeys{child: t.Child, keys: keys}))
			return m, transform.NewTree, err
		case *plan.Project:
			return sharedSortKeys(s)
		}
		return n, transform.SameTree, nil
	})
}

// sharedSortKeys makes a select expression that is also a non-deterministic
// ORDER BY key (`SELECT id, RAND(7) ... ORDER BY RAND(7)`) the sort's own
// expression, so it shows the number the row was sorted by: MySQL and
// MariaDB resolve such an ORDER BY item to the select list's item. GMS
// planned two generators, and the shown numbers were drawn anew in output
// order.
func sharedSortKeys(p *plan.Project) (sql.Node, transform.TreeIdentity, error) {
	below := p.Child
	for {
		switch c := below.(type) {
		case *plan.Limit:
			below = c.Child
			continue
		case *plan.Offset:
			below = c.Child
			continue
		}
		break
	}
	s, ok := below.(*plan.Sort)
	if !ok {
		return p, transform.SameTree, nil
	}
	keys := nonDeterministicKeys(s.SortFields)
	if len(keys) == 0 {
		return p, transform.SameTree, nil
	}
	exprs, same, err := transform.Exprs(p.Projections, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		for _, k := range keys {
			if e != k && e.String() == k.String() {
				return k, transform.NewTree, nil
			}
		}
		return e, transform.SameTree, nil
	})
	if err != nil || same {
		return p, transform.SameTree, err
	}
	m, err := p.WithExpressions(exprs...)
	return m, transform.NewTree, err
}

func nonDeterministicKeys(fields sql.SortFields) []sql.Expression {
	var keys []sql.Expression
	for _, f := range fields {
		if drawsRand(f.Column) {
			keys = append(keys, f.Column)
		}
	}
	return keys
}

// drawsRand: e reads RAND and no subquery (a subquery's outer row is not
// the row below the sort).
func drawsRand(e sql.Expression) bool {
	rnd, sub := false, false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch f := e.(type) {
		case *plan.Subquery:
			sub = true
		case sql.FunctionExpression:
			rnd = rnd || f.FunctionName() == "rand"
		}
		return sub
	})
	return rnd && !sub
}

// drawSortKeys passes its child's rows through unchanged after evaluating
// keys on each (for their side effect: the number a row draws).
type drawSortKeys struct {
	child sql.Node
	keys  []sql.Expression
}

var _ sql.ExecSourceRel = (*drawSortKeys)(nil)

func (d *drawSortKeys) Resolved() bool       { return d.child.Resolved() }
func (d *drawSortKeys) String() string       { return d.child.String() }
func (d *drawSortKeys) IsReadOnly() bool     { return d.child.IsReadOnly() }
func (d *drawSortKeys) Schema() sql.Schema   { return d.child.Schema() }
func (d *drawSortKeys) Children() []sql.Node { return []sql.Node{d.child} }

func (d *drawSortKeys) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	n := *d
	n.child = children[0]
	return &n, nil
}

func (d *drawSortKeys) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, d.child, r)
	if err != nil {
		return nil, err
	}
	return &drawSortKeysIter{child: it, keys: d.keys}, nil
}

type drawSortKeysIter struct {
	child sql.RowIter
	keys  []sql.Expression
}

func (it *drawSortKeysIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.child.Next(ctx)
	if err != nil {
		return nil, err
	}
	for _, k := range it.keys {
		if _, err := k.Eval(ctx, row); err != nil {
			return nil, err
		}
	}
	return row, nil
}

func (it *drawSortKeysIter) Close(ctx *sql.Context) error { return it.child.Close(ctx) }
