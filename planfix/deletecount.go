package planfix

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// deleteCountID is from wrong22's range 11_230-11_239.
const deleteCountID analyzer.RuleId = 11_230

// countDeletedRows gives a DELETE with explicit targets (`DELETE p, c FROM
// p JOIN c ...`) MySQL's affected-row count: the rows deleted, each once.
// GMS's accumulator counts the joined rows its delete iterator passes on,
// so deleting one row of each of two tables said 1 (MySQL 2), and a row of
// p joined to two rows of c counted twice (MySQL once).
//
// The DeleteFrom is wrapped in a countedDelete, which at execution wraps
// every target's deleter with a counter of the distinct rows it deleted,
// and replaces the OK result's row count (and ROW_COUNT()) with their sum.
// The counters are made per execution, so a cached plan starts at zero.
func countDeletedRows(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	done := false
	transform.Inspect(n, func(n sql.Node) bool {
		if _, ok := n.(*countedDelete); ok {
			done = true
		}
		return !done
	})
	if done {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		d, ok := n.(*plan.DeleteFrom)
		if !ok || !d.HasExplicitTargets() {
			return n, transform.SameTree, nil
		}
		return &countedDelete{d: d}, transform.NewTree, nil
	})
}

// countedDelete runs d and answers OK with the number of rows d's
// targets deleted.
type countedDelete struct {
	d *plan.DeleteFrom
}

var _ sql.ExecSourceRel = (*countedDelete)(nil)

func (c *countedDelete) Resolved() bool       { return c.d.Resolved() }
func (c *countedDelete) IsReadOnly() bool     { return false }
func (c *countedDelete) Schema() sql.Schema   { return c.d.Schema() }
func (c *countedDelete) Children() []sql.Node { return []sql.Node{c.d} }
func (c *countedDelete) String() string       { return c.d.String() }

func (c *countedDelete) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	d, ok := children[0].(*plan.DeleteFrom)
	if !ok {
		return children[0], nil
	}
	return &countedDelete{d: d}, nil
}

func (c *countedDelete) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	targets := c.d.GetDeleteTargets()
	counted := make([]sql.Node, len(targets))
	counters := make([]*countingTarget, len(targets))
	for i, t := range targets {
		del, err := plan.GetDeletable(t)
		if err != nil {
			return nil, err
		}
		counters[i] = newCountingTarget(t, del)
		counted[i] = counters[i]
	}
	it, err := rowexec.DefaultBuilder.Build(ctx, c.d.WithExplicitTargets(counted), row)
	if err != nil {
		return nil, err
	}
	return &countedDeleteIter{child: it, counters: counters}, nil
}

// countedDeleteIter is a sql.MutableRowIter so that GMS puts its OK-result
// accumulator between it and the delete iterator: it sees the accumulated
// OK result, after every row was deleted.
type countedDeleteIter struct {
	child    sql.RowIter
	counters []*countingTarget
}

var _ sql.MutableRowIter = (*countedDeleteIter)(nil)

func (it *countedDeleteIter) GetChildIter() sql.RowIter { return it.child }

func (it *countedDeleteIter) WithChildIter(child sql.RowIter) sql.RowIter {
	n := *it
	n.child = child
	return &n
}

func (it *countedDeleteIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.child.Next(ctx)
	if err != nil {
		return nil, err
	}
	if len(row) != 1 {
		return row, nil
	}
	res, ok := row[0].(types.OkResult)
	if !ok {
		return row, nil
	}
	var n uint64
	for _, c := range it.counters {
		n += c.deleted.n
	}
	res.RowsAffected = n
	ctx.SetLastQueryInfoInt(sql.RowCount, int64(n))
	return sql.NewRow(res), nil
}

func (it *countedDeleteIter) Close(ctx *sql.Context) error { return it.child.Close(ctx) }

// countingTarget is a delete target whose deleter counts the rows it
// deleted. A row of the target joined to several rows of another table
// reaches it once per join row, so a row is counted once by its hash; but a
// keyless table may hold identical rows, which MySQL counts one by one: there
// a repeated hash counts again when the engine found another stored copy
// (engine's LastDeleteFound; it deletes a keyless row by its values, one
// copy per call).
type countingTarget struct {
	sql.Node
	del     sql.DeletableTable
	keyless bool
	deleted *deletedRows
}

// deletedRows is one target's count for one execution.
type deletedRows struct {
	seen map[uint64]struct{}
	n    uint64
}

var _ sql.DeletableTable = (*countingTarget)(nil)

func newCountingTarget(n sql.Node, del sql.DeletableTable) *countingTarget {
	keyless := true
	for _, c := range del.Schema() {
		if c.PrimaryKey {
			keyless = false
			break
		}
	}
	return &countingTarget{Node: n, del: del, keyless: keyless,
		deleted: &deletedRows{seen: map[uint64]struct{}{}}}
}

func (t *countingTarget) Name() string               { return t.del.Name() }
func (t *countingTarget) Collation() sql.CollationID { return t.del.Collation() }
func (t *countingTarget) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	return t.del.Partitions(ctx)
}
func (t *countingTarget) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	return t.del.PartitionRows(ctx, p)
}
func (t *countingTarget) Children() []sql.Node { return []sql.Node{t.Node} }

func (t *countingTarget) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(children), 1)
	}
	n := *t
	n.Node = children[0]
	return &n, nil
}

func (t *countingTarget) Deleter(ctx *sql.Context) sql.RowDeleter {
	d := t.del.Deleter(ctx)
	return &countingDeleter{RowDeleter: d, found: deleteFinderOf(d), keyless: t.keyless, deleted: t.deleted}
}

// deleteFinder is the engine's editor (engine/editor.go).
type deleteFinder interface {
	LastDeleteFound() bool
}

// deleteFinderOf finds the engine's editor under the wrappers a delete
// target's deleter can have (nil: another kind of table).
func deleteFinderOf(d sql.RowDeleter) deleteFinder {
	switch d := d.(type) {
	case deleteFinder:
		return d
	case *ignoringDeleter:
		return deleteFinderOf(d.RowDeleter)
	case *plan.ForeignKeyHandler:
		if d.Editor != nil {
			if f, ok := d.Editor.Editor.(deleteFinder); ok {
				return f
			}
		}
	}
	return nil
}

type countingDeleter struct {
	sql.RowDeleter
	found   deleteFinder
	keyless bool
	deleted *deletedRows
}

func (d *countingDeleter) Delete(ctx *sql.Context, row sql.Row) error {
	if err := d.RowDeleter.Delete(ctx, row); err != nil {
		return err
	}
	if ig, ok := d.RowDeleter.(*ignoringDeleter); ok && ig.skipped {
		return nil
	}
	if d.found != nil && !d.found.LastDeleteFound() {
		return nil
	}
	h, err := sql.HashOf(ctx, row)
	if err != nil {
		return err
	}
	if _, seen := d.deleted.seen[h]; seen {
		if d.keyless && d.found != nil {
			d.deleted.n++ // another identical row
		}
		return nil
	}
	d.deleted.seen[h] = struct{}{}
	d.deleted.n++
	return nil
}
