package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// A multi-table UPDATE's rows, as GMS runs them, are counted by a row
// handler GMS's accumulator gives only its own join-update iterator, and
// that handler ignores CLIENT_FOUND_ROWS: `UPDATE a JOIN b ... SET a.n =
// a.n` answered 0 affected rows to a client that asked for the rows found
// (go-sql-driver clientFoundRows=true, PyMySQL's FOUND_ROWS flag, which
// Django sets), where MySQL answers the rows matched. Inside a trigger body
// nothing builds that handler at all and the iterator dereferenced it: the
// first row lost the client its connection.
//
// joinUpdate replaces the execution of a plan.UpdateJoin (which stays in
// the plan as its child, for the code that looks for it: locking, EXPLAIN,
// the plan cache). Its iterator hands GMS's update iterator one row per
// target row matched, each changing only that target's part of the joined
// row, so GMS counts it with the row handler of a single-table UPDATE: one
// matched row per target row (each once, as MySQL's multi_update counts
// "found"), changed when its values changed, affected rows by
// CLIENT_FOUND_ROWS, FOUND_ROWS() and ROW_COUNT() as for one table. That
// handler needs nothing from the iterator, so a trigger body runs too.

// countJoinUpdate puts a joinUpdate in place of u's UpdateJoin.
func countJoinUpdate(u *plan.Update) (sql.Node, transform.TreeIdentity, error) {
	uj, ok := u.Child.(*plan.UpdateJoin)
	if !ok {
		return u, transform.SameTree, nil
	}
	if _, ok := uj.Child.(*plan.UpdateSource); !ok {
		return u, transform.SameTree, nil
	}
	nu, err := u.WithChildren(&joinUpdate{uj: uj})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return nu, transform.NewTree, nil
}

// joinUpdate runs its UpdateJoin's UpdateSource with joinUpdateIter.
// GMS's update node finds the join's updater through it (plan.GetUpdatable
// looks through a node with one child).
type joinUpdate struct {
	uj *plan.UpdateJoin
}

var _ sql.ExecSourceRel = (*joinUpdate)(nil)

func (j *joinUpdate) Resolved() bool       { return j.uj.Resolved() }
func (j *joinUpdate) String() string       { return j.uj.String() }
func (j *joinUpdate) IsReadOnly() bool     { return false }
func (j *joinUpdate) Schema() sql.Schema   { return j.uj.Schema() }
func (j *joinUpdate) Children() []sql.Node { return []sql.Node{j.uj} }

func (j *joinUpdate) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	uj, ok := children[0].(*plan.UpdateJoin)
	if !ok {
		return nil, fmt.Errorf("joinUpdate: child %T, want *plan.UpdateJoin", children[0])
	}
	return &joinUpdate{uj: uj}, nil
}

func (j *joinUpdate) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	src := j.uj.Child.(*plan.UpdateSource)
	it, err := rowexec.DefaultBuilder.Build(ctx, src, r)
	if err != nil {
		return nil, err
	}
	sch := src.Child.Schema()
	targets := make([]string, 0, len(j.uj.Updaters))
	for name := range j.uj.Updaters {
		targets = append(targets, name)
	}
	sort.Strings(targets)
	parts := make([]joinPart, 0, len(targets))
	for _, name := range targets {
		p := joinPart{seen: map[uint64]struct{}{}, start: -1}
		for i, c := range sch {
			if strings.EqualFold(c.Source, name) {
				if p.start < 0 {
					p.start = i
				}
				p.end = i + 1
			}
		}
		if p.start < 0 {
			it.Close(ctx)
			return nil, fmt.Errorf("joinUpdate: no columns of target %s in the join", name)
		}
		parts = append(parts, p)
	}
	outer := false
	if jn := joinUnder(src.Child); jn != nil {
		outer = jn.JoinType().IsLeftOuter() || jn.JoinType().IsRightOuter() || jn.JoinType().IsFullOuter()
	}
	return &joinUpdateIter{src: it, width: len(sch), parts: parts, outer: outer}, nil
}

// joinPart is one target table's columns [start, end) in the joined row,
// and the target rows already handed on (by hash of their values: the
// rows were all read before the first write, see exactJoinSource, so a
// target row reached again has the same values).
type joinPart struct {
	start, end int
	seen       map[uint64]struct{}
}

// joinUpdateIter takes the UpdateSource's rows (old joined row, new joined
// row) and returns, for each target row not seen before, the old joined
// row and a copy of it with only that target's part new.
type joinUpdateIter struct {
	src     sql.RowIter
	width   int
	parts   []joinPart
	outer   bool
	pending []sql.Row
}

func (it *joinUpdateIter) Next(ctx *sql.Context) (sql.Row, error) {
	for len(it.pending) == 0 {
		row, err := it.src.Next(ctx)
		if err != nil {
			return nil, err
		}
		if len(row) != 2*it.width {
			return nil, fmt.Errorf("joinUpdate: row of %d values, want %d", len(row), 2*it.width)
		}
		old, nw := row[:it.width], row[it.width:]
		for i := range it.parts {
			p := &it.parts[i]
			part := old[p.start:p.end]
			// An outer join makes up a row of NULLs for a target row that
			// has no match: it is no stored row (a target with a primary
			// key never has an all-NULL row).
			if it.outer && allNil(part) {
				continue
			}
			h, err := sql.HashOf(ctx, part)
			if err != nil {
				return nil, err
			}
			if _, dup := p.seen[h]; dup {
				continue
			}
			p.seen[h] = struct{}{}
			out := make(sql.Row, 2*it.width)
			copy(out, old)
			copy(out[it.width:], old)
			copy(out[it.width+p.start:it.width+p.end], nw[p.start:p.end])
			it.pending = append(it.pending, out)
		}
	}
	r := it.pending[0]
	it.pending = it.pending[1:]
	return r, nil
}

func (it *joinUpdateIter) Close(ctx *sql.Context) error { return it.src.Close(ctx) }

func allNil(r sql.Row) bool {
	for _, v := range r {
		if v != nil {
			return false
		}
	}
	return true
}
