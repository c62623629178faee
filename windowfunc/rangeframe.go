package windowfunc

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// RangeFrame executes any RANGE frame by ORDER BY values: CURRENT ROW
// bounds are the current row's peers, `n PRECEDING/FOLLOWING` bounds are
// values within n of the current row's (one numeric key, as MySQL requires,
// or one DATE/DATETIME key with INTERVAL offsets, moved as DATE_ADD moves it);
// a NULL current row's offset bounds are its NULL peers. GMS's RANGE framers
// ignored the offsets and, without PARTITION BY, framed the whole table.
type RangeFrame struct {
	sql.WindowFrame
}

// isRange reports whether GMS parsed f from a RANGE clause (its frames
// print as "RANGE ...").
func isRange(f sql.WindowFrame) bool {
	return f != nil && strings.HasPrefix(strings.TrimSpace(f.String()), "RANGE")
}

func hasOffsets(f sql.WindowFrame) bool {
	return f.StartNPreceding() != nil || f.StartNFollowing() != nil ||
		f.EndNPreceding() != nil || f.EndNFollowing() != nil
}

// NewFramer returns the framer for one window definition.
func (f *RangeFrame) NewFramer(w *sql.WindowDefinition) (sql.WindowFramer, error) {
	keys := make([]sql.SortField, len(w.OrderBy))
	copy(keys, w.OrderBy)
	return &rangeFramer{frame: f.WindowFrame, peers: peerFramer{keys: keys}}, nil
}

type rangeFramer struct {
	frame                sql.WindowFrame
	peers                peerFramer // key comparison only
	start, end, idx      int
	frameStart, frameEnd int
	set                  bool
}

func (f *rangeFramer) NewFramer(iv sql.WindowInterval) (sql.WindowFramer, error) {
	return &rangeFramer{frame: f.frame, peers: f.peers, start: iv.Start, end: iv.End, idx: iv.Start,
		frameStart: -1, frameEnd: -1, set: true}, nil
}

// key is the sort-order value of row r: the first key as float64, negated
// for DESC so that it never decreases along the partition; ok is false for
// NULL.
func (f *rangeFramer) key(ctx *sql.Context, r sql.Row) (float64, bool, error) {
	k := f.peers.keys[0]
	v, err := k.Column.Eval(ctx, r)
	if err != nil || v == nil {
		return 0, false, err
	}
	fv, _, err := types.Float64.Convert(ctx, v)
	if err != nil || fv == nil {
		return 0, false, err
	}
	x := fv.(float64)
	if t, ok := v.(time.Time); ok {
		// A DATE/DATETIME key in microseconds (exact within ~285 years
		// of 1970: float64's 53 bits).
		x = float64(t.UnixMicro())
	}
	if k.Order == sql.Descending {
		x = -x
	}
	return x, true, nil
}

func offset(ctx *sql.Context, e sql.Expression) (float64, error) {
	v, err := e.Eval(ctx, nil)
	if err != nil {
		return 0, err
	}
	fv, _, err := types.Float64.Convert(ctx, v)
	if err != nil || fv == nil {
		return 0, err
	}
	return fv.(float64), nil
}

func (f *rangeFramer) Next(ctx *sql.Context, buf sql.WindowBuffer) (sql.WindowInterval, error) {
	if !f.set || f.idx >= f.end {
		return sql.WindowInterval{}, io.EOF
	}
	i := f.idx
	// The current row's peer group [ps, pe).
	ps, pe := i, i+1
	for ps > f.start {
		same, err := f.peers.peers(ctx, buf[ps-1], buf[i])
		if err != nil {
			return sql.WindowInterval{}, err
		}
		if !same {
			break
		}
		ps--
	}
	for pe < f.end {
		same, err := f.peers.peers(ctx, buf[pe], buf[i])
		if err != nil {
			return sql.WindowInterval{}, err
		}
		if !same {
			break
		}
		pe++
	}
	fr := f.frame
	var cur float64
	curOK := false
	if hasOffsets(fr) {
		var err error
		cur, curOK, err = f.key(ctx, buf[i])
		if err != nil {
			return sql.WindowInterval{}, err
		}
	}
	// bound returns the sort-order value at distance n from the current row.
	bound := func(prec, foll sql.Expression) (float64, error) {
		if iv, ok := prec.(*expression.Interval); ok {
			return f.intervalBound(ctx, buf[i], iv, -1)
		}
		if iv, ok := foll.(*expression.Interval); ok {
			return f.intervalBound(ctx, buf[i], iv, 1)
		}
		if prec != nil {
			n, err := offset(ctx, prec)
			return cur - n, err
		}
		n, err := offset(ctx, foll)
		return cur + n, err
	}

	var lo, hi int
	switch {
	case fr.UnboundedPreceding():
		lo = f.start
	case fr.StartCurrentRow():
		lo = ps
	case !curOK:
		lo = ps
	default:
		b, err := bound(fr.StartNPreceding(), fr.StartNFollowing())
		if err != nil {
			return sql.WindowInterval{}, err
		}
		lo = f.end
		for j := f.start; j < f.end; j++ {
			x, ok, err := f.key(ctx, buf[j])
			if err != nil {
				return sql.WindowInterval{}, err
			}
			if ok && x >= b {
				lo = j
				break
			}
		}
	}
	switch {
	case fr.UnboundedFollowing():
		hi = f.end
	case fr.EndCurrentRow():
		hi = pe
	case !curOK:
		hi = pe
	default:
		b, err := bound(fr.EndNPreceding(), fr.EndNFollowing())
		if err != nil {
			return sql.WindowInterval{}, err
		}
		hi = f.start
		for j := f.end - 1; j >= f.start; j-- {
			x, ok, err := f.key(ctx, buf[j])
			if err != nil {
				return sql.WindowInterval{}, err
			}
			if ok && x <= b {
				hi = j + 1
				break
			}
		}
	}
	if hi < lo {
		hi = lo
	}
	f.frameStart, f.frameEnd = lo, hi
	f.idx++
	return f.Interval()
}

// intervalBound is the sort-order value of the current row's DATE or
// DATETIME key moved by `INTERVAL n unit PRECEDING` (sign -1) or
// FOLLOWING (+1) in the key's direction, with calendar arithmetic as
// DATE_ADD's (INTERVAL 1 MONTH is not a fixed length).
func (f *rangeFramer) intervalBound(ctx *sql.Context, r sql.Row, iv *expression.Interval, sign int) (float64, error) {
	k := f.peers.keys[0]
	v, err := k.Column.Eval(ctx, r)
	if err != nil {
		return 0, err
	}
	t, ok := v.(time.Time)
	if !ok {
		return 0, fmt.Errorf("RANGE INTERVAL frame over a %s key", k.Column.Type())
	}
	d, err := iv.EvalDelta(ctx, nil)
	if err != nil || d == nil {
		return 0, err
	}
	if k.Order == sql.Descending {
		sign = -sign
	}
	if sign < 0 {
		t = d.Sub(t)
	} else {
		t = d.Add(t)
	}
	x := float64(t.UnixMicro())
	if k.Order == sql.Descending {
		x = -x
	}
	return x, nil
}

func (f *rangeFramer) FirstIdx() int { return f.frameStart }
func (f *rangeFramer) LastIdx() int  { return f.frameEnd }

func (f *rangeFramer) Interval() (sql.WindowInterval, error) {
	return sql.WindowInterval{Start: f.frameStart, End: f.frameEnd}, nil
}
