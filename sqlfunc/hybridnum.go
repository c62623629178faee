package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
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
	// dec: the number as a DECIMAL (val_decimal), for a cast to an
	// integer or DECIMAL, which round it half up (val_int_from_decimal).
	dec bool
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

func (h *hybridNum) Type() sql.Type {
	if h.dec {
		return types.MustCreateDecimalType(20, 6)
	}
	return types.Float64
}
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
		c, _, err := h.Type().Convert(ctx, v)
		return c, err
	}
	if h.dec {
		// The text's digits exactly (a DOUBLE's 17 digits hold
		// YYYYMMDDhhmmss.ffffff only approximately).
		if d, ok := hybridDecimal(s); ok {
			return d, nil
		}
		c, _, err := h.Type().Convert(ctx, s)
		return c, err
	}
	return hybridNumber(ctx, s)
}

// hybridNumber is the number of a hybrid function's string result s, a
// DOUBLE.
func hybridNumber(ctx *sql.Context, s string) (any, error) {
	if d, ok := hybridDecimal(s); ok {
		f, _ := d.Float64()
		return f, nil
	}
	c, _, err := types.Float64.Convert(ctx, s)
	return c, err
}

// hybridDecimal is the exact number of s, a date, datetime or time text:
// YYYYMMDD, YYYYMMDDhhmmss.ffffff, hhmmss.ffffff; ok is false for any
// other text.
func hybridDecimal(s string) (decimal.Decimal, bool) {
	s = strings.TrimSpace(s)
	if strings.IndexByte(s, '-') > 0 {
		t, ok, known := parseDateText(s)
		if !ok || !known {
			return decimal.Decimal{}, false
		}
		n := decimal.NewFromInt(int64(t.y*10000 + t.m*100 + t.d))
		if strings.ContainsAny(s, " T") {
			n = n.Shift(6).Add(decimal.NewFromInt(int64(t.h*10000 + t.mi*100 + t.s))).Add(decimal.New(int64(t.us), -6))
		}
		return n, true
	}
	ts, ok := parseTime(s)
	if !ok {
		return decimal.Decimal{}, false
	}
	us := ts.AsMicroseconds()
	neg := us < 0
	if neg {
		us = -us
	}
	secs := us / 1_000_000
	n := decimal.NewFromInt((secs/3600)*10000 + (secs/60%60)*100 + secs%60).Add(decimal.New(us%1_000_000, -6))
	if neg {
		n = n.Neg()
	}
	return n, true
}
