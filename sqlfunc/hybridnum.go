package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// hybridNum is a date function whose result is a string because its
// argument is one (DATE_ADD('2024-01-01', INTERVAL 1 DAY), ADDTIME of
// texts, TIMESTAMPADD of a text), read in numeric context. MySQL's
// Item_temporal_hybrid_func reads such a value as the date or time it
// holds (val_real/val_int from val_decimal: YYYYMMDD, YYYYMMDDhhmmss[.f],
// hhmmss[.f]); GMS read the text's numeric prefix: `+ 0` was 2024 for
// '2024-01-02', `-x` 0, CAST AS SIGNED and SUM 2024.
type hybridNum struct {
	unary
	numeric
}

// newHybridNum wraps e when it is such a function, else returns nil.
func newHybridNum(e sql.Expression) sql.Expression {
	if !isHybrid(e) {
		return nil
	}
	return &hybridNum{unary: unary{e}}
}

func isHybrid(e sql.Expression) bool {
	if !types.IsText(e.Type()) {
		return false
	}
	switch x := e.(type) {
	case *dateArith, *addTime:
		return true
	case sql.FunctionExpression:
		return strings.EqualFold(x.FunctionName(), "timestampadd")
	}
	return false
}

func (h *hybridNum) Type() sql.Type   { return types.Float64 }
func (h *hybridNum) IsNullable() bool { return true }
func (h *hybridNum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(h, children)
}

func (h *hybridNum) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := h.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, ok := asString(v)
	if !ok {
		c, _, err := types.Float64.Convert(ctx, v)
		return c, err
	}
	return hybridNumber(ctx, s)
}

// hybridNumber is the number of a hybrid function's string result s.
func hybridNumber(ctx *sql.Context, s string) (any, error) {
	s = strings.TrimSpace(s)
	if strings.IndexByte(s, '-') > 0 {
		if t, ok, known := parseDateText(s); ok && known {
			n := float64(t.y*10000 + t.m*100 + t.d)
			if strings.ContainsAny(s, " T") {
				n = n*1_000_000 + float64(t.h*10000+t.mi*100+t.s) + float64(t.us)/1e6
			}
			return n, nil
		}
	} else if ts, ok := parseTime(s); ok {
		us := ts.AsMicroseconds()
		neg := us < 0
		if neg {
			us = -us
		}
		secs := us / 1_000_000
		n := float64((secs/3600)*10000+(secs/60%60)*100+secs%60) + float64(us%1_000_000)/1e6
		if neg {
			n = -n
		}
		return n, nil
	}
	c, _, err := types.Float64.Convert(ctx, s)
	return c, err
}
