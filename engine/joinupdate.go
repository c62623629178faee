package engine

import (
	"fmt"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
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
	parts := make([]targetPart, 0, len(targets))
	for _, name := range targets {
		p := targetPart{seen: map[uint64]struct{}{}}
		p.start, p.end = joinPart(sch, name)
		if p.start < 0 {
			it.Close(ctx)
			return nil, fmt.Errorf("joinUpdate: no columns of target %s in the join", name)
		}
		if tu, ok := j.uj.Updaters[name].(*trigUpdater); ok {
			p.trig = tu
			if tu.before != nil {
				p.gens = targetGenerated(src.UpdateExprs, tu.table, len(r)+p.start, len(r)+p.end)
			}
		}
		parts = append(parts, p)
	}
	outer := false
	if jn := joinUnder(src.Child); jn != nil {
		outer = jn.JoinType().IsLeftOuter() || jn.JoinType().IsRightOuter() || jn.JoinType().IsFullOuter()
	}
	return &joinUpdateIter{src: it, sch: sch, scope: r, width: len(sch), parts: parts, outer: outer}, nil
}

// targetPart is one target table's columns [start, end) in the joined row,
// the target rows already handed on (by hash of their values: the rows
// were all read before the first write, see exactJoinSource, so a target
// row reached again has the same values), and the target's triggers.
type targetPart struct {
	start, end int
	seen       map[uint64]struct{}
	trig       *trigUpdater
	gens       []sql.Expression
}

// targetGenerated is the UpdateSource's assignments of the generated
// columns of the target at [start, end) of the joined row (GMS's SET list
// ends with them, over the joined row): a BEFORE trigger's NEW needs them
// again, as MySQL's fill_record_n_invoke_before_triggers computes the
// generated columns again after the triggers ("Re-calculate generated
// fields to cater for cases when base columns are updated by the
// triggers"); the UpdateSource computed them from the statement's values.
// Which columns are generated is the table's schema's to say (a Project in
// the join keeps no Generated). The assignments index the row the
// UpdateSource evaluates them on, which starts with the outer scope's
// values (a trigger's row): [start, end) counts them.
func targetGenerated(exprs []sql.Expression, table sql.Schema, start, end int) []sql.Expression {
	var gens []sql.Expression
	for _, e := range exprs {
		s, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := s.LeftChild.(*expression.GetField)
		if !ok {
			continue
		}
		if i := gf.Index(); i >= start && i < end && i-start < len(table) && table[i-start].Generated != nil {
			gens = append(gens, e)
		}
	}
	return gens
}

// joinUpdateIter takes the UpdateSource's rows (old joined row, new joined
// row) and returns, for each target row not seen before, the old joined
// row and a copy of it with only that target's part new. A target's BEFORE
// triggers run as its row is returned (one row at a time, as MySQL fires
// them row by row between writes), and its AFTER triggers then too when
// the row is left unchanged: GMS's update iterator writes nothing for it,
// so the updater's own firing never comes.
type joinUpdateIter struct {
	src     sql.RowIter
	sch     sql.Schema
	scope   sql.Row
	width   int
	parts   []targetPart
	outer   bool
	pending []pendingRow
}

// pendingRow is a row to return and the index of its target's part.
type pendingRow struct {
	row  sql.Row
	part int
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
			it.pending = append(it.pending, pendingRow{row: out, part: i})
		}
	}
	pr := it.pending[0]
	it.pending = it.pending[1:]
	if p := &it.parts[pr.part]; p.trig != nil {
		if err := it.fire(ctx, p, pr.row); err != nil {
			return nil, err
		}
	}
	return pr.row, nil
}

// fire runs p's BEFORE triggers over its part of row (writing their NEW
// into it) and, when the part is then unchanged, its AFTER triggers.
func (it *joinUpdateIter) fire(ctx *sql.Context, p *targetPart, row sql.Row) error {
	w := p.end - p.start
	oldPart := row[p.start:p.end]
	newPart := row[it.width+p.start : it.width+p.end]
	if p.trig.before != nil {
		oldNew := make(sql.Row, 0, 2*w)
		oldNew = append(append(oldNew, oldPart...), newPart...)
		res, err := runTriggers(ctx, p.trig.before, oldNew)
		if err != nil {
			return err
		}
		copy(newPart, res[w:])
		if len(p.gens) > 0 {
			// Over the row the UpdateSource evaluates them on: the outer
			// scope's values (a trigger's row) before the joined row's.
			nw := make(sql.Row, 0, len(it.scope)+it.width)
			nw = append(append(nw, it.scope...), row[it.width:]...)
			for _, g := range p.gens {
				v, err := g.Eval(ctx, nw)
				if err != nil {
					return err
				}
				nr, ok := v.(sql.Row)
				if !ok || len(nr) != len(nw) {
					return fmt.Errorf("joinUpdate: generated column assignment gave %T", v)
				}
				nw = nr
			}
			copy(newPart, nw[len(it.scope)+p.start:len(it.scope)+p.end])
		}
	}
	if p.trig.after == nil {
		return nil
	}
	// The comparison GMS's update iterator makes (same schema), so
	// exactly one of the two firings happens.
	same, err := oldPart.Equals(ctx, newPart, it.sch[p.start:p.end])
	if err != nil || !same {
		return err
	}
	return p.trig.fireAfter(ctx, oldPart, newPart)
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
