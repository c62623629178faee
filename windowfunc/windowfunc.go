// Package windowfunc corrects GMS v0.20.0's window frames to MySQL 8.0's.
//
// An aggregate OVER a window with ORDER BY and no frame clause (or an
// explicit RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) must see the
// partition from its start through the current row's last peer (rows equal
// on every ORDER BY key, NULLs equal to NULLs). GMS used a ROWS frame (ties
// got different running sums) or a RANGE framer that compares only the first
// key and, without PARTITION BY, summed the whole table. SUM over a frame of
// only NULLs (or of no rows) is NULL, where GMS answered 0. This package owns
// the analyzer rule that gives such aggregates (and FIRST_VALUE, LAST_VALUE,
// NTH_VALUE) a frame of its own and wraps window SUM; it must never touch
// frames MySQL defines differently (ROWS, no ORDER BY) or the frames of the
// ranking and offset functions, which ignore frames. It also owns the
// wrappers of GMS's FIRST_VALUE, LAST_VALUE, LAG and LEAD that survive a
// window with neither PARTITION BY nor ORDER BY (emptywin.go).
package windowfunc

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation/window"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// RuleID names the rule; Myriad's server rules start at 10_000.
const RuleID analyzer.RuleId = 10_400

// Install appends the rule to the analyzer's last batch, after GMS has
// settled the Window nodes.
func Install(a *analyzer.Analyzer) {
	b := a.Batches[len(a.Batches)-1]
	b.Rules = append(b.Rules, analyzer.Rule{Id: RuleID, Apply: peerFrames})
}

func peerFrames(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector,
	_ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	// retyped holds the output columns (by position) of the node just
	// visited whose type the rewrite changed (AVG); the nodes above that
	// pass rows through keep it, and the Project above takes the new types
	// into its GetFields, which GMS typed when it planned the query.
	var retyped map[int]sql.Type
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.Window:
			retyped = nil
			exprs := make([]sql.Expression, len(n.SelectExprs))
			changed := false
			for i, e := range n.SelectExprs {
				ne, same, err := transform.Expr(e, setPeerFrame)
				if err != nil {
					return nil, transform.SameTree, err
				}
				exprs[i] = ne
				changed = changed || same == transform.NewTree
				// Checked on the result, not on a change: the rule also runs
				// on subqueries that an earlier pass already rewrote.
				top := ne
				if a, ok := top.(*expression.Alias); ok {
					top = a.Child
				}
				if _, ok := top.(*avgOver); ok {
					if retyped == nil {
						retyped = map[int]sql.Type{}
					}
					retyped[i] = ne.Type()
				}
			}
			if !changed {
				return n, transform.SameTree, nil
			}
			return plan.NewWindow(exprs, n.Child), transform.NewTree, nil
		case *plan.Sort, *plan.TopN, *plan.Limit, *plan.Filter, *plan.Distinct, *plan.Offset, *plan.SubqueryAlias:
			return n, transform.SameTree, nil
		case *plan.Project:
			if retyped == nil {
				return n, transform.SameTree, nil
			}
			in := retyped
			retyped = nil
			exprs := make([]sql.Expression, len(n.Projections))
			for i, e := range n.Projections {
				ne, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
					gf, ok := e.(*expression.GetField)
					if !ok {
						return e, transform.SameTree, nil
					}
					t, ok := in[gf.Index()]
					if !ok {
						return e, transform.SameTree, nil
					}
					return expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).WithId(gf.Id()), transform.NewTree, nil
				})
				if err != nil {
					return nil, transform.SameTree, err
				}
				exprs[i] = ne
				inner := e
				if a, ok := inner.(*expression.Alias); ok {
					inner = a.Child
				}
				if gf, ok := inner.(*expression.GetField); ok {
					if t, ok := in[gf.Index()]; ok {
						if retyped == nil {
							retyped = map[int]sql.Type{}
						}
						retyped[i] = t
					}
				}
			}
			return plan.NewProject(exprs, n.Child), transform.NewTree, nil
		default:
			retyped = nil
			return n, transform.SameTree, nil
		}
	})
}

func setPeerFrame(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	if v, ok := e.(frameValue); ok {
		return setValueFrame(v)
	}
	switch e.(type) {
	case *window.LastValue, *window.FirstValue:
		return setValueFrame(e.(sql.WindowAdaptableExpression))
	}
	agg, ok := e.(sql.Aggregation)
	if !ok {
		return e, transform.SameTree, nil
	}
	ident := transform.SameTree
	switch a := e.(type) {
	case *aggregation.Sum:
		if a.Window() != nil {
			agg, ident = &nullSum{a}, transform.NewTree
		}
	case *aggregation.Avg:
		if a.Window() != nil {
			agg, ident = &avgOver{a}, transform.NewTree
		}
	}
	win := agg.Window()
	if win == nil || len(win.OrderBy) == 0 {
		return agg, ident, nil
	}
	if nw := orderedFrame(win); nw != nil {
		return agg.WithWindow(nw), transform.NewTree, nil
	}
	return agg, ident, nil
}

// orderedFrame is win, which has ORDER BY, with this package's framer for
// its RANGE frame (nil: win stays as it is).
func orderedFrame(win *sql.WindowDefinition) *sql.WindowDefinition {
	nw := *win
	switch fr := win.Frame.(type) {
	case nil, *plan.RangeUnboundedPrecedingToCurrentRowFrame:
		nw.Frame = &PeerFrame{plan.NewRangeUnboundedPrecedingToCurrentRowFrame()}
	case *PeerFrame, *RangeFrame:
		return nil
	default:
		if !isRange(fr) {
			return nil
		}
		// Offsets need one numeric key, or one DATE/DATETIME key with
		// INTERVAL offsets (MySQL's rule too). GMS framed such an
		// INTERVAL frame as the whole partition (every COUNT(*) the
		// partition's size); other shapes stay with GMS.
		if hasOffsets(fr) && (len(win.OrderBy) != 1 || !numericOrInterval(fr, win.OrderBy[0].Column.Type())) {
			return nil
		}
		nw.Frame = &RangeFrame{fr}
	}
	return &nw
}

// frameValue is a function that reads one row of its frame: FIRST_VALUE,
// LAST_VALUE and sqlfunc's NTH_VALUE (which embeds FirstValue).
type frameValue interface {
	sql.WindowAdaptableExpression
	readsFrameRow()
}

func (*FirstValue) readsFrameRow() {}
func (*LastValue) readsFrameRow()  {}

// setValueFrame gives FIRST_VALUE, LAST_VALUE and NTH_VALUE MySQL's frames:
// without a frame clause the default one, RANGE BETWEEN UNBOUNDED PRECEDING
// AND CURRENT ROW, whose end is the current row's last peer (GMS read ROWS
// from the partition start through the current row, so LAST_VALUE OVER
// (ORDER BY k) answered each tie's own value); with no ORDER BY keys every
// row is a peer, so the peer frame is the whole partition, MySQL's default
// then. RANGE frames with offsets or CURRENT ROW get RangeFrame, as the
// aggregates do (GMS framed the whole table without PARTITION BY, so
// FIRST_VALUE OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)
// was the table's first value on every row).
func setValueFrame(e sql.WindowAdaptableExpression) (sql.Expression, transform.TreeIdentity, error) {
	win := e.Window()
	if win == nil {
		return e, transform.SameTree, nil
	}
	if len(win.OrderBy) == 0 {
		switch win.Frame.(type) {
		case nil, *plan.RangeUnboundedPrecedingToCurrentRowFrame:
			nw := *win
			nw.Frame = &PeerFrame{plan.NewRangeUnboundedPrecedingToCurrentRowFrame()}
			return e.WithWindow(&nw), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	}
	if nw := orderedFrame(win); nw != nil {
		return e.WithWindow(nw), transform.NewTree, nil
	}
	return e, transform.SameTree, nil
}

// PeerFrame is RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW over every
// ORDER BY key. It reuses GMS's frame description for printing and bound
// queries and replaces only the executable framer.
type PeerFrame struct {
	*plan.RangeUnboundedPrecedingToCurrentRowFrame
}

var _ sql.WindowFrame = (*PeerFrame)(nil)

// NewFramer returns the framer for one window definition.
func (f *PeerFrame) NewFramer(w *sql.WindowDefinition) (sql.WindowFramer, error) {
	keys := make([]sql.SortField, len(w.OrderBy))
	copy(keys, w.OrderBy)
	return &peerFramer{keys: keys}, nil
}

// peerFramer walks one sorted partition; each frame ends after the last
// row that ties with the current one.
type peerFramer struct {
	keys                 []sql.SortField
	start, end, idx      int
	frameStart, frameEnd int
	set                  bool
}

func (f *peerFramer) NewFramer(iv sql.WindowInterval) (sql.WindowFramer, error) {
	return &peerFramer{keys: f.keys, start: iv.Start, end: iv.End, idx: iv.Start,
		frameStart: -1, frameEnd: -1, set: true}, nil
}

func (f *peerFramer) Next(ctx *sql.Context, buf sql.WindowBuffer) (sql.WindowInterval, error) {
	if !f.set || f.idx >= f.end {
		return sql.WindowInterval{}, io.EOF
	}
	// Peers share a frame: keep the end found for the first of them.
	if f.frameEnd <= f.idx {
		end := f.idx + 1
		for end < f.end {
			same, err := f.peers(ctx, buf[f.idx], buf[end])
			if err != nil {
				return sql.WindowInterval{}, err
			}
			if !same {
				break
			}
			end++
		}
		f.frameEnd = end
	}
	f.frameStart = f.start
	f.idx++
	return f.Interval()
}

func (f *peerFramer) peers(ctx *sql.Context, a, b sql.Row) (bool, error) {
	for _, k := range f.keys {
		va, err := k.Column.Eval(ctx, a)
		if err != nil {
			return false, err
		}
		vb, err := k.Column.Eval(ctx, b)
		if err != nil {
			return false, err
		}
		if va == nil || vb == nil {
			if va != nil || vb != nil {
				return false, nil
			}
			continue
		}
		c, err := k.Column.Type().Compare(ctx, va, vb)
		if err != nil {
			return false, err
		}
		if c != 0 {
			return false, nil
		}
	}
	return true, nil
}

func (f *peerFramer) FirstIdx() int { return f.frameStart }
func (f *peerFramer) LastIdx() int  { return f.frameEnd }

func (f *peerFramer) Interval() (sql.WindowInterval, error) {
	return sql.WindowInterval{Start: f.frameStart, End: f.frameEnd}, nil
}

// numericOrInterval: the frame's offsets fit its one ORDER BY key of type t:
// numbers for a numeric key, INTERVALs for a DATE, DATETIME or TIMESTAMP
// key.
func numericOrInterval(fr sql.WindowFrame, t sql.Type) bool {
	intervals := 0
	offsets := 0
	for _, e := range []sql.Expression{fr.StartNPreceding(), fr.StartNFollowing(), fr.EndNPreceding(), fr.EndNFollowing()} {
		if e == nil {
			continue
		}
		offsets++
		if _, ok := e.(*expression.Interval); ok {
			intervals++
		}
	}
	if types.IsNumber(t) {
		return intervals == 0
	}
	temporal := types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t)
	return temporal && intervals == offsets
}
