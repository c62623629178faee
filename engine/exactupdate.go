package engine

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
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
// under every single-table UPDATE whose table has collated string columns.
func ExactUpdates(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		u, ok := n.(*plan.Update)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, done := u.Child.(*exactUpdateSource); done {
			return n, transform.SameTree, nil
		}
		if uj, join := u.Child.(*plan.UpdateJoin); join {
			return exactJoinUpdate(u, uj)
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
// schema of the join below its UpdateSource (GMS's updateJoinIter and the
// accumulator), so that join is wrapped in exactJoinSource. Only inner
// joins: GMS recognizes outer joins there by node type (toJoinNode), which a
// wrapper would hide, and UPDATE IGNORE converts values with that schema.
func exactJoinUpdate(u *plan.Update, uj *plan.UpdateJoin) (sql.Node, transform.TreeIdentity, error) {
	src, ok := uj.Child.(*plan.UpdateSource)
	if !ok || u.Ignore {
		return u, transform.SameTree, nil
	}
	if _, done := src.Child.(*exactJoinSource); done {
		return u, transform.SameTree, nil
	}
	j, ok := src.Child.(*plan.JoinNode)
	if !ok || j.JoinType().IsLeftOuter() || j.JoinType().IsRightOuter() {
		return u, transform.SameTree, nil
	}
	sch, changed := exactSchema(j.Schema())
	if !changed {
		return u, transform.SameTree, nil
	}
	nsrc, err := src.WithChildren(&exactJoinSource{child: j, sch: sch})
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

// exactJoinSource passes its join's rows through and reports them with the
// bytewise schema.
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
	return rowexec.DefaultBuilder.Build(ctx, s.child, r)
}
