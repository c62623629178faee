package windowfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation/window"
)

// GMS's FIRST_VALUE, LAST_VALUE, LAG and LEAD list their window's PARTITION
// BY and ORDER BY expressions among their children but refuse fewer than two
// children back, so over a window with neither (OVER (), OVER w of an empty
// w) with one argument, WithChildren(Children()...) fails. GMS's
// assignExecIndexes drops that error and leaves a nil select expression,
// and the next rule's Resolved() panicked: the client lost its connection.
// These wrappers take back exactly what Children gave. They are built by
// sqlfunc's registry; the rest (values, frames, types) is GMS's.

// FirstValue is FIRST_VALUE.
type FirstValue struct{ *window.FirstValue }

// NewFirstValue is FIRST_VALUE(e).
func NewFirstValue(e sql.Expression) *FirstValue {
	return &FirstValue{window.NewFirstValue(e).(*window.FirstValue)}
}

func (f *FirstValue) WithId(id sql.ColumnId) sql.IdExpression {
	return &FirstValue{f.FirstValue.WithId(id).(*window.FirstValue)}
}
func (f *FirstValue) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &FirstValue{f.FirstValue.WithWindow(w).(*window.FirstValue)}
}
func (f *FirstValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	w, err := windowFrom(f, f.Window(), children, 1)
	if err != nil {
		return nil, err
	}
	nf := *f.FirstValue
	nf.Child = children[len(children)-1]
	return &FirstValue{nf.WithWindow(w).(*window.FirstValue)}, nil
}

// LastValue is LAST_VALUE.
type LastValue struct{ *window.LastValue }

// NewLastValue is LAST_VALUE(e).
func NewLastValue(e sql.Expression) *LastValue {
	return &LastValue{window.NewLastValue(e).(*window.LastValue)}
}

func (f *LastValue) WithId(id sql.ColumnId) sql.IdExpression {
	return &LastValue{f.LastValue.WithId(id).(*window.LastValue)}
}
func (f *LastValue) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &LastValue{f.LastValue.WithWindow(w).(*window.LastValue)}
}
func (f *LastValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	w, err := windowFrom(f, f.Window(), children, 1)
	if err != nil {
		return nil, err
	}
	nf := *f.LastValue
	nf.Child = children[len(children)-1]
	return &LastValue{nf.WithWindow(w).(*window.LastValue)}, nil
}

// Lag is LAG.
type Lag struct{ *window.Lag }

// NewLag is LAG(e [, offset [, default]]).
func NewLag(args ...sql.Expression) (*Lag, error) {
	l, err := window.NewLag(args...)
	if err != nil {
		return nil, err
	}
	return &Lag{l}, nil
}

func (l *Lag) WithId(id sql.ColumnId) sql.IdExpression {
	return &Lag{l.Lag.WithId(id).(*window.Lag)}
}
func (l *Lag) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &Lag{l.Lag.WithWindow(w).(*window.Lag)}
}
func (l *Lag) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n := len(l.ChildExpressions)
	w, err := windowFrom(l, l.Window(), children, n)
	if err != nil {
		return nil, err
	}
	nl := *l.Lag
	nl.ChildExpressions = append([]sql.Expression(nil), children[len(children)-n:]...)
	return &Lag{nl.WithWindow(w).(*window.Lag)}, nil
}

// Lead is LEAD.
type Lead struct{ *window.Lead }

// NewLead is LEAD(e [, offset [, default]]).
func NewLead(args ...sql.Expression) (*Lead, error) {
	l, err := window.NewLead(args...)
	if err != nil {
		return nil, err
	}
	return &Lead{l}, nil
}

func (l *Lead) WithId(id sql.ColumnId) sql.IdExpression {
	return &Lead{l.Lead.WithId(id).(*window.Lead)}
}
func (l *Lead) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &Lead{l.Lead.WithWindow(w).(*window.Lead)}
}
func (l *Lead) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n := len(l.ChildExpressions)
	w, err := windowFrom(l, l.Window(), children, n)
	if err != nil {
		return nil, err
	}
	nl := *l.Lead
	nl.ChildExpressions = append([]sql.Expression(nil), children[len(children)-n:]...)
	return &Lead{nl.WithWindow(w).(*window.Lead)}, nil
}

// windowFrom is w with the window expressions at the head of children,
// which must be as many as w has plus the function's own args.
func windowFrom(e sql.Expression, w *sql.WindowDefinition, children []sql.Expression, args int) (*sql.WindowDefinition, error) {
	want := len(w.ToExpressions()) + args
	if len(children) != want {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), want)
	}
	return w.FromExpressions(children[:want-args])
}
