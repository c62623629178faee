package engine

import (
	"fmt"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// GMS decides whether UPDATE changed a row (and so whether to write it and
// count it in "Changed:") with Row.Equals over the table's schema, which
// compares strings under the column's collation: under a _ci collation
// 'one' -> 'ONE' (or 'x' -> 'x ' under PAD SPACE) compared equal, so the
// new value was silently never written. MySQL compares the stored bytes.
// ExactUpdates gives GMS's update iterator a schema whose string columns
// compare bytewise: GMS takes that schema from the first sql.UpdatableTable
// it finds below plan.Update, which is exactUpdateSource.

// ExactUpdates is an analyzer rule: it puts an exactUpdateSource directly
// under every single-table UPDATE whose table has collated string columns,
// and an exactJoinSource under every multi-table UPDATE over an inner join
// (exactJoinUpdate), whose UpdateJoin then runs as a joinUpdate.
func ExactUpdates(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		u, ok := n.(*plan.Update)
		if !ok {
			return n, transform.SameTree, nil
		}
		switch u.Child.(type) {
		case *exactUpdateSource, *joinUpdate:
			return n, transform.SameTree, nil
		}
		if uj, join := u.Child.(*plan.UpdateJoin); join {
			nu, _, err := exactJoinUpdate(u, uj)
			if err != nil {
				return nil, transform.SameTree, err
			}
			// Last: see joinUpdate.
			return countJoinUpdate(nu.(*plan.Update))
		}
		tbl, err := plan.GetUpdatable(u.Child)
		if err != nil {
			return n, transform.SameTree, nil
		}
		sch, changed := exactSchema(tbl.Schema())
		if !changed {
			return n, transform.SameTree, nil
		}
		nu, err := u.WithChildren(&exactUpdateSource{child: u.Child, tbl: tbl, sch: sch})
		if err != nil {
			return nil, transform.SameTree, err
		}
		return nu, transform.NewTree, nil
	})
}

// exactSchema copies sch with every collated string column's type replaced
// by a binary one of the same kind (used only to compare old and new rows).
func exactSchema(sch sql.Schema) (sql.Schema, bool) {
	var out sql.Schema
	for i, c := range sch {
		st, ok := c.Type.(types.StringType)
		if !ok || st.Collation() == sql.Collation_binary || types.IsBinaryType(st) {
			continue
		}
		if out == nil {
			out = sch.Copy()
		}
		out[i].Type = types.LongBlob
	}
	if out == nil {
		return sch, false
	}
	return out, true
}

// exactUpdateSource passes its child's rows through unchanged; it exists so
// that plan.GetUpdatable returns it, with the bytewise schema.
type exactUpdateSource struct {
	child sql.Node
	tbl   sql.UpdatableTable
	sch   sql.Schema
}

var (
	_ sql.ExecSourceRel  = (*exactUpdateSource)(nil)
	_ sql.UpdatableTable = (*exactUpdateSource)(nil)
)

func (s *exactUpdateSource) Name() string               { return s.tbl.Name() }
func (s *exactUpdateSource) String() string             { return s.child.String() }
func (s *exactUpdateSource) Resolved() bool             { return s.child.Resolved() }
func (s *exactUpdateSource) IsReadOnly() bool           { return s.child.IsReadOnly() }
func (s *exactUpdateSource) Children() []sql.Node       { return []sql.Node{s.child} }
func (s *exactUpdateSource) Collation() sql.CollationID { return s.tbl.Collation() }
func (s *exactUpdateSource) Updater(ctx *sql.Context) sql.RowUpdater {
	return s.tbl.Updater(ctx)
}

// Schema is the bytewise schema. Update.Schema (the result schema of
// UPDATE ... without RETURNING) is its child's; GMS reads it only for
// RETURNING, which MySQL does not have.
func (s *exactUpdateSource) Schema() sql.Schema { return s.sch }

func (s *exactUpdateSource) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	ns := *s
	ns.child = children[0]
	return &ns, nil
}

func (s *exactUpdateSource) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	return rowexec.DefaultBuilder.Build(ctx, s.child, r)
}

func (s *exactUpdateSource) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return nil, fmt.Errorf("exactUpdateSource: not a scannable table")
}

func (s *exactUpdateSource) PartitionRows(*sql.Context, sql.Partition) (sql.RowIter, error) {
	return nil, fmt.Errorf("exactUpdateSource: not a scannable table")
}

// exactJoinUpdate: a multi-table UPDATE compares old and new rows with the
// schema of the node below its UpdateSource (GMS's updateJoinIter, the join
// updater and the accumulator), so that node is given the bytewise schema:
//   - under an inner join, by exactJoinSource, which passes rows through;
//   - under an outer join, by a plan.Project of the same columns with the
//     bytewise types: GMS recognizes an outer join there by looking through
//     a few node types (rowexec's toJoinNode: Project, Filter, ...) and
//     must, or it updates the rows an outer join made up for unmatched
//     rows. A Project drops the outer scope's values GMS puts before the
//     join's (a trigger's row, JoinNode.ScopeLen), which the UPDATE's SET
//     expressions may read, so an outer join under a scope keeps GMS's
//     comparison (and its silent case-only no-op; docs/COMPATIBILITY.md).
//
// UPDATE IGNORE truncates a too long value to the length of the column in
// that schema, which exactString keeps.
func exactJoinUpdate(u *plan.Update, uj *plan.UpdateJoin) (sql.Node, transform.TreeIdentity, error) {
	src, ok := uj.Child.(*plan.UpdateSource)
	if !ok {
		return u, transform.SameTree, nil
	}
	switch c := src.Child.(type) {
	case *exactJoinSource:
		return u, transform.SameTree, nil
	case *plan.Project:
		if isExactProject(c) {
			return u, transform.SameTree, nil
		}
	}
	j := joinUnder(src.Child)
	if j == nil {
		return u, transform.SameTree, nil
	}
	sch, changed := exactJoinSchema(src.Child.Schema())
	var child sql.Node
	switch {
	case !j.JoinType().IsLeftOuter() && !j.JoinType().IsRightOuter():
		child = &exactJoinSource{child: src.Child, sch: sch}
	case !changed:
		return u, transform.SameTree, nil
	case j.ScopeLen == 0:
		projs := make([]sql.Expression, len(sch))
		for i, c := range sch {
			projs[i] = &exactField{expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)}
		}
		child = plan.NewProject(projs, src.Child)
	default:
		return u, transform.SameTree, nil
	}
	nsrc, err := src.WithChildren(child)
	if err != nil {
		return nil, transform.SameTree, err
	}
	nuj, err := uj.WithChildren(nsrc)
	if err != nil {
		return nil, transform.SameTree, err
	}
	nu, err := u.WithChildren(nuj)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return nu, transform.NewTree, nil
}

// joinUnder finds the join below an UpdateSource through the nodes GMS's
// toJoinNode looks through (nil: none there).
func joinUnder(n sql.Node) *plan.JoinNode {
	for {
		switch c := n.(type) {
		case *plan.JoinNode:
			return c
		case *plan.Filter, *plan.Project, *plan.TopN, *plan.Limit, *plan.Offset, *plan.Sort,
			*plan.Distinct, *plan.Having, *plan.Window:
			n = c.Children()[0]
		default:
			return nil
		}
	}
}

// exactField is a column of the Project exactJoinUpdate puts over an outer
// join; its type marks that Project as done.
type exactField struct{ *expression.GetField }

func (f *exactField) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 0)
	}
	return f, nil
}

func isExactProject(p *plan.Project) bool {
	if len(p.Projections) == 0 {
		return false
	}
	_, ok := p.Projections[0].(*exactField)
	return ok
}

// exactJoinSchema is exactSchema with exactString types, which keep the
// column's length for UPDATE IGNORE's truncation.
func exactJoinSchema(sch sql.Schema) (sql.Schema, bool) {
	var out sql.Schema
	for i, c := range sch {
		st, ok := c.Type.(types.StringType)
		if !ok || st.Collation() == sql.Collation_binary || types.IsBinaryType(st) {
			continue
		}
		if out == nil {
			out = sch.Copy()
		}
		out[i].Type = exactString{StringType: types.LongBlob.(types.StringType), maxChars: st.MaxCharacterLength()}
	}
	if out == nil {
		return sch, false
	}
	return out, true
}

// exactString compares bytewise (LONGBLOB) and reports its column's
// character length: UPDATE IGNORE cuts a too long value to the length of
// the update schema's column (rowexec's convertDataAndWarn).
type exactString struct {
	types.StringType
	maxChars int64
}

func (t exactString) MaxCharacterLength() int64 { return t.maxChars }

// exactJoinSource reads all its join's rows before passing the first one
// on, and reports them with the bytewise schema. GMS writes each joined row
// as it comes and recognizes a target row it already updated by hashing the
// row as read; a target read again after that write (by index lookup per
// row of the other table, or a rescan) comes back with the new values, so
// UPDATE a JOIN b ON a.id = b.aid SET a.n = a.n + 1 with two b rows added
// 2 and counted a's row matched twice. MySQL updates each target row once
// per statement. With every read done before the first write, the repeats
// hash alike and GMS skips them. The buffer is the statement's joined rows
// (MySQL too keeps the rows of the tables it does not update on the fly in
// temporary tables).
type exactJoinSource struct {
	child sql.Node
	sch   sql.Schema
}

var _ sql.ExecSourceRel = (*exactJoinSource)(nil)

func (s *exactJoinSource) Resolved() bool       { return s.child.Resolved() }
func (s *exactJoinSource) String() string       { return s.child.String() }
func (s *exactJoinSource) IsReadOnly() bool     { return s.child.IsReadOnly() }
func (s *exactJoinSource) Schema() sql.Schema   { return s.sch }
func (s *exactJoinSource) Children() []sql.Node { return []sql.Node{s.child} }

func (s *exactJoinSource) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return &exactJoinSource{child: children[0], sch: s.sch}, nil
}

func (s *exactJoinSource) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, s.child, r)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	for {
		row, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			it.Close(ctx)
			return nil, err
		}
		rows = append(rows, row.Copy())
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(rows...), nil
}
