package sqlfunc

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// MySQL 8.0 sorts a window's rows by the stored values of its TIMESTAMP
// columns (filesort's key is the UTC instant) but finds partition borders
// and peers by comparing each row with the row before it in that order
// (Cached_item_temporal, sql/item_buff.cc, built by
// Window::setup_ordering_cached_items, sql/window.cc), and that comparison
// is of val_temporal_by_field_type: the session's wall time. So the two
// instants of one wall time in a repeated hour are one partition and peers
// where no other row sorts between them, and two where one does. GMS sorts
// and compares a window's keys with one expression each, so no key value can
// sort by instant and compare by wall time. stampRuns, under the Window,
// sorts the rows as MySQL does and numbers its partitions and peer groups;
// the Window's PARTITION BY and ORDER BY become those numbers (runKey),
// which GMS's stable sort keeps in the order handed to it.

// runCol is one PARTITION BY or ORDER BY key of a window definition.
type runCol struct {
	e         sql.Expression
	instant   bool // a TIMESTAMP column as read: sorted by its stored instant
	desc      bool
	nullsLast bool
}

// runDef is one window definition's keys: nPart partition keys, then its
// ORDER BY keys when peers (a RANGE frame with an offset keeps GMS's
// wall-time ORDER BY, whose values its bounds are computed from).
type runDef struct {
	cols  []runCol
	nPart int
	peers bool
	// rowOrdered: a function of it depends on the order of rows within a
	// peer group (ROW_NUMBER, LAG, ...), which is the order stampRuns hands
	// the rows up in: only one such definition can have its own.
	rowOrdered bool
}

// winRuns rides at the end of every row stampRuns hands up: for definition
// k, [2k] its partition number, [2k+1] its peer group number (both count up
// along the definition's order, so sorting by them keeps it).
type winRuns []int64

// stampRuns hands up its child's rows in definition lead's order, each
// with a winRuns value appended. Within a peer group GMS keeps that order
// for every definition; where another definition that depends on it needs
// a different one (ROW_NUMBER() OVER (ORDER BY ts) beside ROW_NUMBER() OVER
// (ORDER BY ts DESC) across the two instants of one wall time) the
// statement fails with 1235 rather than number rows in the wrong order.
type stampRuns struct {
	plan.UnaryNode
	defs []runDef
	lead int
}

var _ sql.ExecSourceRel = (*stampRuns)(nil)
var _ sql.Expressioner = (*stampRuns)(nil)

// Expressions exposes the keys to GMS's later passes over a derived table,
// which number column references again.
func (s *stampRuns) Expressions() []sql.Expression {
	var out []sql.Expression
	for _, d := range s.defs {
		for _, c := range d.cols {
			out = append(out, c.e)
		}
	}
	return out
}

func (s *stampRuns) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	if len(exprs) != len(s.Expressions()) {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(exprs), len(s.Expressions()))
	}
	c := *s
	c.defs = make([]runDef, len(s.defs))
	i := 0
	for k, d := range s.defs {
		d.cols = append([]runCol(nil), d.cols...)
		for j := range d.cols {
			d.cols[j].e = exprs[i]
			i++
		}
		c.defs[k] = d
	}
	return &c, nil
}

func (s *stampRuns) String() string {
	p := sql.NewTreePrinter()
	var defs []string
	for _, d := range s.defs {
		var keys []string
		for _, c := range d.cols {
			keys = append(keys, c.e.String())
		}
		defs = append(defs, strings.Join(keys, ", "))
	}
	_ = p.WriteNode("WindowRuns(stamp instants sorted, wall times compared: %s)", strings.Join(defs, "; "))
	_ = p.WriteChildren(s.Child.String())
	return p.String()
}
func (s *stampRuns) IsReadOnly() bool { return s.Child.IsReadOnly() }
func (s *stampRuns) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	c := *s
	c.Child = children[0]
	return &c, nil
}
func (s *stampRuns) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.Child)
}

func (s *stampRuns) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, s.Child, row)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	for {
		r, err := it.Next(ctx)
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			_ = it.Close(ctx)
			return nil, err
		}
		rows = append(rows, r)
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	runs := make([]winRuns, len(rows))
	for i := range runs {
		runs[i] = make(winRuns, 2*len(s.defs))
	}
	orders := make([][]int, len(s.defs))
	keys := make([][][]any, len(s.defs))
	for k, d := range s.defs {
		var err error
		orders[k], keys[k], err = d.number(ctx, rows, runs, k)
		if err != nil {
			return nil, err
		}
	}
	first := orders[s.lead]
	pos := make([]int, len(rows))
	for j, i := range first {
		pos[i] = j
	}
	for k, d := range s.defs {
		if k != s.lead && d.rowOrdered && !keepsOrder(ctx, d, orders[k], keys[k], runs, k, pos) {
			return nil, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
				"This version of MySQL doesn't yet support 'window definitions ordering the two instants of a repeated wall time differently'")
		}
	}
	out := make([]sql.Row, len(rows))
	for j, i := range first {
		r := make(sql.Row, len(rows[i])+1)
		copy(r, rows[i])
		r[len(rows[i])] = runs[i]
		out[j] = r
	}
	return sql.RowsToRowIter(out...), nil
}

// number sorts rows by d's keys as MySQL's filesort does (instants for
// TIMESTAMP columns as read, stable) and numbers partitions and peer groups
// by comparing each row's wall times with the previous row's; it returns
// the order.
func (d runDef) number(ctx *sql.Context, rows []sql.Row, runs []winRuns, k int) ([]int, [][]any, error) {
	loc := SessionZone(ctx)
	wall := make([][]any, len(rows))
	key := make([][]any, len(rows))
	for i, r := range rows {
		wall[i] = make([]any, len(d.cols))
		key[i] = make([]any, len(d.cols))
		for j, c := range d.cols {
			v, err := c.e.Eval(ctx, r)
			if err != nil {
				return nil, nil, err
			}
			wall[i][j], key[i][j] = v, v
			if t, ok := v.(time.Time); ok && c.instant {
				key[i][j] = StampInstant(t, loc)
			}
		}
	}
	order := make([]int, len(rows))
	for i := range order {
		order[i] = i
	}
	var cmpErr error
	sort.SliceStable(order, func(x, y int) bool {
		n, err := d.compare(ctx, key[order[x]], key[order[y]])
		if err != nil {
			cmpErr = err
		}
		return n < 0
	})
	if cmpErr != nil {
		return nil, nil, cmpErr
	}
	var part, peer int64
	for x, i := range order {
		newPart, newPeer := x == 0, x == 0
		if x > 0 {
			prev := wall[order[x-1]]
			for j, c := range d.cols {
				same, err := sameWall(ctx, c.e.Type(), prev[j], wall[i][j])
				if err != nil {
					return nil, nil, err
				}
				if !same {
					if j < d.nPart {
						newPart = true
					}
					newPeer = true
					break
				}
			}
		}
		if newPart {
			part++
		}
		if newPeer {
			peer++
		}
		runs[i][2*k], runs[i][2*k+1] = part, peer
	}
	return order, key, nil
}

// compare orders two rows' sort keys as filesort does.
func (d runDef) compare(ctx *sql.Context, a, b []any) (int, error) {
	for j, c := range d.cols {
		av, bv := a[j], b[j]
		if c.desc {
			av, bv = bv, av
		}
		switch {
		case av == nil && bv == nil:
			continue
		case av == nil:
			if c.nullsLast {
				return 1, nil
			}
			return -1, nil
		case bv == nil:
			if c.nullsLast {
				return -1, nil
			}
			return 1, nil
		}
		n, err := c.e.Type().Compare(ctx, av, bv)
		if err != nil || n != 0 {
			return n, err
		}
	}
	return 0, nil
}

// keepsOrder: within each of definition k's peer groups, the rows handed
// up in pos order are in k's own sort order, up to rows whose keys are
// equal (whose order MySQL leaves open too).
func keepsOrder(ctx *sql.Context, d runDef, order []int, key [][]any, runs []winRuns, k int, pos []int) bool {
	prevMax, curMax := -1, -1
	for x, i := range order {
		if x > 0 {
			p := order[x-1]
			if runs[p][2*k+1] != runs[i][2*k+1] {
				prevMax, curMax = -1, -1
			} else if n, err := d.compare(ctx, key[p], key[i]); err != nil || n != 0 {
				prevMax = max(prevMax, curMax)
				curMax = -1
			}
		}
		if pos[i] < prevMax {
			return false
		}
		curMax = max(curMax, pos[i])
	}
	return true
}

// sameWall is Cached_item's comparison: NULL equals NULL.
func sameWall(ctx *sql.Context, t sql.Type, a, b any) (bool, error) {
	if a == nil || b == nil {
		return a == nil && b == nil, nil
	}
	n, err := t.Compare(ctx, a, b)
	return n == 0, err
}

// runKey is a rewritten window's PARTITION BY (peer false) or ORDER BY
// (peer true) key: the number stampRuns gave the row's partition or peer
// group for definition def. It prints as the keys it stands for, with
// def: GMS groups window functions by their keys' text.
type runKey struct {
	def   int
	peer  bool
	label string
}

var _ sql.Expression = (*runKey)(nil)

func (r *runKey) Resolved() bool             { return true }
func (r *runKey) IsNullable() bool           { return false }
func (r *runKey) Type() sql.Type             { return types.Int64 }
func (r *runKey) Children() []sql.Expression { return nil }
func (r *runKey) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (r *runKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 0)
	}
	return r, nil
}
func (r *runKey) String() string {
	kind := "partition"
	if r.peer {
		kind = "peers"
	}
	return fmt.Sprintf("wall_runs_%d_%s(%s)", r.def, kind, r.label)
}

// Eval finds the row's winRuns from its end: GMS appends values of its own
// (a row's input position) while it sorts.
func (r *runKey) Eval(_ *sql.Context, row sql.Row) (any, error) {
	for i := len(row) - 1; i >= 0 && i >= len(row)-4; i-- {
		if w, ok := row[i].(winRuns); ok {
			j := 2 * r.def
			if r.peer {
				j++
			}
			if j < len(w) {
				return w[j], nil
			}
			break
		}
	}
	return nil, fmt.Errorf("window keys %s: the row has no partition and peer numbers", r)
}
