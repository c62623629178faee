package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/timetype"
)

// GREATEST and LEAST over numbers or over temporal values, the way MySQL
// aggregates their types: GMS fails DECIMAL arguments with 1105 ("unsupported
// type for greatest/least argument: decimal.Decimal", Django's Greatest on
// DecimalFields), returns an INT for DECIMAL and INT arguments, and compares
// mixed integers and doubles through float64. Other mixes (strings with
// numbers) stay GMS's.

type greatestLeast struct {
	args     []sql.Expression
	typ      sql.Type
	greatest bool
	// numDates: numbers among dates are read as dates (greatestdate.go).
	numDates bool
}

var _ sql.FunctionExpression = (*greatestLeast)(nil)

func newGreatest(args ...sql.Expression) (sql.Expression, error) {
	args = enumsAsText(args) // greateststr.go
	// Numbers among dates (greatestdate.go).
	if t := dateNumberType(args); t != nil {
		return &greatestLeast{args: args, typ: t, greatest: true, numDates: true}, nil
	}
	args = stringsAsDouble(args)
	if t := compareType(args); t != nil {
		return &greatestLeast{args: args, typ: t, greatest: true}, nil
	}
	g, err := function.NewGreatest(args...)
	if err != nil {
		return nil, err
	}
	return collatedGreatestLeast(g, true), nil
}

func newLeast(args ...sql.Expression) (sql.Expression, error) {
	args = enumsAsText(args)
	if t := dateNumberType(args); t != nil {
		return &greatestLeast{args: args, typ: t, numDates: true}, nil
	}
	args = stringsAsDouble(args)
	if t := compareType(args); t != nil {
		return &greatestLeast{args: args, typ: t}, nil
	}
	l, err := function.NewLeast(args...)
	if err != nil {
		return nil, err
	}
	return collatedGreatestLeast(l, false), nil
}

// stringsAsDouble reads the string arguments of GREATEST/LEAST among
// numbers as DOUBLE (numeric prefix, warning 1292), as MariaDB and MySQL 5.7
// compare them: GREATEST(1, '2', 3.5) is 3.5. GMS refused the DECIMAL with
// 1105. Strings among temporal values, or only strings, are left alone.
func stringsAsDouble(args []sql.Expression) []sql.Expression {
	num, str := false, false
	for _, a := range args {
		if !a.Resolved() {
			return args
		}
		t := a.Type()
		switch {
		case isNumber(t):
			num = true
		case types.IsText(t):
			str = true
		case t == types.Null:
		default:
			return args
		}
	}
	if !num || !str {
		return args
	}
	out := make([]sql.Expression, len(args))
	for i, a := range args {
		out[i] = a
		if types.IsText(a.Type()) {
			out[i] = &toDouble{unary: unary{a}}
		}
	}
	return out
}

// compareType is the type GREATEST/LEAST compare and answer in when every
// argument is numeric, or every one temporal (NULL literals aside); nil
// otherwise.
func compareType(args []sql.Expression) sql.Type {
	if len(args) < 2 {
		return nil
	}
	var ts []sql.Type
	for _, a := range args {
		if !a.Resolved() {
			return nil
		}
		t := a.Type()
		if svt, ok := t.(sql.SystemVariableType); ok {
			t = svt.UnderlyingType()
		}
		if t == types.Null {
			continue
		}
		ts = append(ts, t)
	}
	if len(ts) == 0 {
		return nil
	}
	if t := temporalAggregate(ts); t != nil {
		return t
	}
	// Temporal values with strings compare as the temporal type
	// (LEAST('2024-01-01', DATE '2023-12-31') is 2023-12-31; GMS compared
	// as DOUBLE and answered 0).
	var temporal []sql.Type
	for _, t := range ts {
		if !types.IsText(t) {
			temporal = append(temporal, t)
		}
	}
	if len(temporal) > 0 && len(temporal) < len(ts) && allTemporalOrText(ts) {
		if t := temporalAggregate(temporal); t != nil {
			return t
		}
	}
	signed, unsigned, dec, float := false, false, false, false
	// A YEAR beside other numbers takes their type (field_types_merge_rules,
	// row MYSQL_TYPE_YEAR; Item::aggregate_type widens a mix of signs only
	// for an unsigned operand of the merged type itself, which a YEAR never
	// is): it neither signs nor unsigns the result. YEARs alone are a YEAR
	// (Item_func_min_max::resolve_type_inner); GMS answered BIGINT, and
	// beside a DECIMAL failed (1105).
	year, others := false, false
	intPart, scale := 0, 0
	for _, a := range args {
		t := a.Type()
		if svt, ok := t.(sql.SystemVariableType); ok {
			t = svt.UnderlyingType()
		}
		if t == types.Null {
			continue
		}
		others = others || !types.IsYear(t)
		switch {
		case types.IsYear(t):
			year = true
			intPart = max(intPart, 4)
			continue
		case types.IsFloat(t):
			float = true
		case types.IsDecimal(t):
			dec = true
		case types.IsInteger(t):
			if types.IsUnsigned(t) {
				unsigned = true
			} else if !nonNegativeLiteral(a) {
				// LEAST(unsigned_col, 1) stays unsigned, as in MySQL.
				signed = true
			}
		default:
			return nil
		}
		if !types.IsFloat(t) {
			p, s, ok := decimalShape(a)
			if ok {
				intPart, scale = max(intPart, p-s), max(scale, s)
			}
		}
	}
	switch {
	case year && !others:
		return types.Year
	case float:
		return types.Float64
	case dec || signed && unsigned:
		scale = min(scale, types.DecimalTypeMaxScale)
		dt, err := types.CreateDecimalType(capPrec(max(intPart+scale, 1)), uint8(scale))
		if err != nil {
			return nil
		}
		return dt
	case unsigned:
		return types.Uint64
	}
	return types.Int64
}

func allTemporalOrText(ts []sql.Type) bool {
	for _, t := range ts {
		if !(types.IsText(t) || types.IsTimespan(t) || timetype.Is(t) || types.IsDateType(t) || types.IsDatetimeType(t) || types.IsTimestampType(t)) {
			return false
		}
	}
	return true
}

func nonNegativeLiteral(e sql.Expression) bool {
	l, ok := e.(*expression.Literal)
	if !ok {
		return false
	}
	b, ok := toBig(l.Value())
	return ok && b.Sign() >= 0
}

// temporalAggregate is MySQL's type for a mix of temporal types: DATE or
// TIME when all are, TIMESTAMP when all are, else DATETIME with the largest
// fractional precision; nil when one is not temporal.
func temporalAggregate(ts []sql.Type) sql.Type {
	allDate, allTime, allStamp, fsp, timeFsp := true, true, true, 0, 0
	for _, t := range ts {
		switch {
		case timetype.Is(t):
			allDate, allStamp = false, false
			p, _ := timetype.PrecisionOf(t)
			timeFsp = max(timeFsp, p)
		case types.IsDateType(t):
			allTime, allStamp = false, false
		case types.IsDatetimeType(t) || types.IsTimestampType(t):
			allDate, allTime = false, false
			allStamp = allStamp && types.IsTimestampType(t)
			if dt, ok := t.(sql.DatetimeType); ok {
				fsp = max(fsp, dt.Precision())
			}
		default:
			return nil
		}
	}
	switch {
	case allDate:
		return types.Date
	case allTime:
		// TIME(n) with the largest n (GMS's TIME counts as 6).
		return timetype.New(timeFsp)
	case allStamp:
		return types.MustCreateDatetimeType(sqltypes.Timestamp, fsp)
	}
	return types.MustCreateDatetimeType(sqltypes.Datetime, fsp)
}

func (g *greatestLeast) FunctionName() string {
	if g.greatest {
		return "greatest"
	}
	return "least"
}

func (g *greatestLeast) Description() string {
	return "returns the " + g.FunctionName() + " of its arguments"
}

func (g *greatestLeast) Type() sql.Type             { return g.typ }
func (g *greatestLeast) Children() []sql.Expression { return g.args }
func (g *greatestLeast) IsNullable() bool           { return true }
func (g *greatestLeast) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (g *greatestLeast) Resolved() bool {
	for _, a := range g.args {
		if !a.Resolved() {
			return false
		}
	}
	return true
}

func (g *greatestLeast) String() string {
	s := make([]string, len(g.args))
	for i, a := range g.args {
		s[i] = a.String()
	}
	return fmt.Sprintf("%s(%s)", g.FunctionName(), strings.Join(s, ","))
}

func (g *greatestLeast) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(g.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(g, len(children), len(g.args))
	}
	return &greatestLeast{args: children, typ: g.typ, greatest: g.greatest, numDates: g.numDates}, nil
}

// Eval converts every argument to the compared type (a DATE to a
// DATETIME, an INT to a DECIMAL) and keeps the greatest or least; any NULL
// makes the result NULL.
func (g *greatestLeast) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var best any
	for i, a := range g.args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		if d, ok := v.(decimal.NullDecimal); ok {
			if !d.Valid {
				return nil, nil
			}
			v = d.Decimal
		}
		if g.numDates {
			if v = numberAsDate(ctx, v); v == errZeroPartCompare { // greatestdate.go
				return nil, errZeroPartCompare
			}
		}
		cv, _, err := g.typ.Convert(ctx, v)
		if err != nil {
			if _, isStr := asString(v); isStr && !isNumber(g.typ) {
				// A string that is no date among dates: NULL, as MySQL.
				return nil, nil
			}
			return nil, err
		}
		if cv == nil {
			return nil, nil
		}
		if i == 0 {
			best = cv
			continue
		}
		c, err := g.typ.Compare(ctx, cv, best)
		if err != nil {
			return nil, err
		}
		if g.greatest && c > 0 || !g.greatest && c < 0 {
			best = cv
		}
	}
	if g.numDates && isZeroDateResult(ctx, best) { // greatestdate.go
		return nil, nil
	}
	// The client prints a DECIMAL as it comes: with the result's scale, as
	// MySQL (GREATEST(1.50, 2) is 2.00).
	if d, ok := best.(decimal.Decimal); ok {
		if dt, ok := g.typ.(sql.DecimalType); ok {
			best = d.Round(int32(dt.Scale()))
		}
	}
	return best, nil
}

// branchTemporal is COALESCE, IFNULL, IF or CASE whose branches are all
// temporal: MySQL answers in their aggregate type (COALESCE(datetime(6)
// column, NOW()) is a DATETIME(6)); GMS declares LONGTEXT when the
// precisions differ, and Django then reads a string where it expects a
// datetime.
type branchTemporal struct {
	unary // the GMS node evaluated, whose children and text are kept
	numeric
	typ sql.Type
}

// newBranchTemporal returns nil unless e's branches are all temporal and
// GMS's type for e is not already their aggregate.
func newBranchTemporal(e sql.Expression) *branchTemporal {
	branches, ok := branchesOf(e)
	if !ok {
		return nil
	}
	var ts []sql.Type
	for _, b := range branches {
		if t := b.Type(); t != types.Null {
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return nil
	}
	t := temporalAggregate(ts)
	if t == nil || t.Equals(e.Type()) {
		return nil
	}
	return &branchTemporal{unary: unary{e}, typ: t}
}

func (b *branchTemporal) Type() sql.Type { return b.typ }

func (b *branchTemporal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *branchTemporal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if c, ok := b.child.(*function.Coalesce); ok {
		// GMS's COALESCE converts the value to its own type first, and
		// its LONGTEXT refuses a TIME value.
		for _, arg := range c.Children() {
			v, err := arg.Eval(ctx, row)
			if err != nil {
				return nil, err
			}
			if v != nil {
				cv, _, err := b.typ.Convert(ctx, v)
				return cv, err
			}
		}
		return nil, nil
	}
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	cv, _, err := b.typ.Convert(ctx, v)
	return cv, err
}

// signFunc is SIGN(X): GMS converts a fractional X to an integer first, so
// SIGN(0.33) was 0 and SIGN(-0.4) 0.
type signFunc struct {
	unary
	numeric
}

var _ sql.FunctionExpression = (*signFunc)(nil)

func newSign(x sql.Expression) sql.Expression {
	return &signFunc{unary: unary{x}}
}

func (s *signFunc) FunctionName() string { return "sign" }
func (s *signFunc) Description() string  { return "returns the sign of the argument" }
func (s *signFunc) Type() sql.Type       { return types.Int64 }
func (s *signFunc) String() string       { return fmt.Sprintf("sign(%s)", s.child) }

func (s *signFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(s, children)
}

func (s *signFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	var n int
	switch x := v.(type) {
	case decimal.Decimal:
		n = x.Sign()
	case decimal.NullDecimal:
		if !x.Valid {
			return nil, nil
		}
		n = x.Decimal.Sign()
	case float64:
		n = floatSign(x)
	case float32:
		n = floatSign(float64(x))
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint:
		b, _ := toBig(x)
		n = b.Sign()
	default:
		if str, ok := asString(v); ok {
			n = floatSign(strToFloat(ctx, str))
			break
		}
		f, _, err := types.Float64.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		n = floatSign(f.(float64))
	}
	return int64(n), nil
}

func floatSign(f float64) int {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return 0
}
