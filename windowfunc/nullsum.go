package windowfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
)

// nullSum is SUM as a window function whose frame of only NULLs (or no
// rows) is NULL, as in MySQL; GMS's SumAgg answers 0 there. Everything else,
// the sum itself included, is GMS's.
type nullSum struct {
	*aggregation.Sum
}

var _ sql.Aggregation = (*nullSum)(nil)

func (s *nullSum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := s.Sum.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &nullSum{e.(*aggregation.Sum)}, nil
}

func (s *nullSum) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &nullSum{s.Sum.WithWindow(w).(*aggregation.Sum)}
}

func (s *nullSum) NewWindowFunction() (sql.WindowFunction, error) {
	inner, err := s.Sum.NewWindowFunction()
	if err != nil {
		return nil, err
	}
	return &nullSumAgg{WindowFunction: inner, expr: s.Sum.Child}, nil
}

// nullSumAgg counts the non-NULL values before each row of the partition so
// that any frame's count is one subtraction.
type nullSumAgg struct {
	sql.WindowFunction
	expr    sql.Expression
	start   int
	nonNull []int // nonNull[i]: non-NULL values in rows [start, start+i)
}

func (a *nullSumAgg) StartPartition(ctx *sql.Context, iv sql.WindowInterval, buf sql.WindowBuffer) error {
	if err := a.WindowFunction.StartPartition(ctx, iv, buf); err != nil {
		return err
	}
	a.start = iv.Start
	a.nonNull = make([]int, iv.End-iv.Start+1)
	for i := iv.Start; i < iv.End; i++ {
		v, err := a.expr.Eval(ctx, buf[i])
		if err != nil {
			return err
		}
		n := a.nonNull[i-iv.Start]
		if v != nil {
			n++
		}
		a.nonNull[i-iv.Start+1] = n
	}
	return nil
}

func (a *nullSumAgg) Compute(ctx *sql.Context, iv sql.WindowInterval, buf sql.WindowBuffer) any {
	lo, hi := iv.Start-a.start, iv.End-a.start
	if lo >= hi {
		return nil
	}
	if lo >= 0 && hi < len(a.nonNull) && a.nonNull[hi] == a.nonNull[lo] {
		return nil
	}
	return a.WindowFunction.Compute(ctx, iv, buf)
}
