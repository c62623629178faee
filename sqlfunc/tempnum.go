package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/timetype"
)

// temporalNum is a DATE, DATETIME, TIMESTAMP or TIME operand of
// arithmetic, read as MySQL's number: YYYYMMDD, YYYYMMDDhhmmss[.f], hhmmss.
// GMS turned a DATE into YYYYMMDD000000 (CAST('2024-01-15' AS DATE) + 0 was
// 20240115000000, - 1 was 20240114999999), dropped a DATETIME's fraction
// and read a TIME as 0.
type temporalNum struct {
	unary
	numeric
	typ sql.Type
}

func newTemporalNum(e sql.Expression) sql.Expression {
	if h := newHybridNum(e); h != nil { // hybridnum.go
		return h
	}
	t := e.Type()
	switch {
	case types.IsDateType(t):
		return &temporalNum{unary: unary{e}, typ: types.Int64}
	case types.IsDatetimeType(t) || types.IsTimestampType(t):
		p, _ := datetimePrecision(t)
		if p == 0 {
			return &temporalNum{unary: unary{e}, typ: types.Int64}
		}
		return &temporalNum{unary: unary{e}, typ: types.MustCreateDecimalType(uint8(14+p), uint8(p))}
	case timetype.Is(t):
		if p, ok := t.(timetype.Type); ok {
			// TIME(n): hhmmss with n decimals, as MySQL types it.
			if p.Precision() == 0 {
				return &temporalNum{unary: unary{e}, typ: types.Int64}
			}
			return &temporalNum{unary: unary{e}, typ: types.MustCreateDecimalType(uint8(7+p.Precision()), uint8(p.Precision()))}
		}
		if l, ok := e.(*expression.Literal); ok {
			if ts, ok := l.Value().(types.Timespan); ok && int64(ts)%1_000_000 == 0 {
				// A TIME literal without a fraction: hhmmss is an integer.
				return &temporalNum{unary: unary{e}, typ: types.Int64}
			}
		}
		// GMS's TIME has no fractional precision; a DECIMAL keeps any
		// microseconds a value has.
		return &temporalNum{unary: unary{e}, typ: types.MustCreateDecimalType(16, 6)}
	}
	return e
}

func (n *temporalNum) Type() sql.Type { return n.typ }

func (n *temporalNum) readType() sql.Type { return n.child.Type() }

func (n *temporalNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}

func (n *temporalNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if _, ok := v.(time.Time); !ok {
		if _, ok := v.(types.Timespan); !ok {
			// A value GMS holds as text (TIME columns convert on read).
			cv, _, err := n.readType().Convert(ctx, v)
			if err != nil || cv == nil {
				return nil, err
			}
			v = cv
		}
	}
	d, ok := exactDecimal(v, n.readType())
	if !ok {
		return nil, nil
	}
	if n.typ == types.Int64 {
		return d.IntPart(), nil
	}
	if dt, ok := n.typ.(sql.DecimalType); ok && dt.Scale() != 6 {
		return d.Round(int32(dt.Scale())), nil
	}
	if d.Equal(d.Truncate(0)) {
		return d.Truncate(0), nil
	}
	return d, nil
}

// temporalOperands wraps e's DATE/DATETIME/TIME operands in temporalNum,
// or returns e unchanged; date ± INTERVAL is not arithmetic on numbers.
func temporalOperands(e sql.Expression) sql.Expression {
	cs := e.Children()
	for _, c := range cs {
		if _, ok := c.(*expression.Interval); ok {
			return e
		}
	}
	changed := false
	ncs := make([]sql.Expression, len(cs))
	for i, c := range cs {
		ncs[i] = newTemporalNum(c)
		if ncs[i] == c {
			ncs[i] = newUintNum(c)
		}
		changed = changed || ncs[i] != c
	}
	if !changed {
		return e
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e
	}
	return ne
}
