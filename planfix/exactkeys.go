package planfix

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/sqlfunc"
)

// exactJoinKeys rewrites `col = expr`, where expr reads columns and its values
// do not all convert exactly to col's type (a DECIMAL, DOUBLE or string
// compared with an INT key, a DATETIME or string with a DATE key), into
// `col = exact(expr)`, before the join planner sees the condition.
//
// GMS turns such a condition into an index lookup on col whose key is expr
// converted to col's type, and drops the condition itself: 0.5 converted to
// INT is 1 (or 0), so `JOIN u ON u.id = t.dec_col` joined 0.5 with id 1, and
// a key that does not convert at all became the type's zero value. A hash
// join converts one side to the other's type in the same lossy way. exact
// converts as MySQL compares (0.5 equals no integer; '2024-01-01 10:00' no
// DATE): it yields the one value of col's type equal to expr, or NULL when
// there is none, so the lookup, hash key and condition all agree with MySQL.
// NULL and FALSE filter alike, so only positive positions are rewritten: the
// top-level conjuncts (and disjuncts) of join conditions and filters. A
// constant expr is left alone: GMS builds its range statically, exactly.
// `a <=> b` becomes `a <=> exact(b) AND (b IS NULL OR exact(b) IS NOT NULL)`.
// Comparisons of unsigned columns with negative constants are rewritten
// first (see unsignedBelowZero).
func exactJoinKeys(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	n, same, err := transform.NodeExprs(n, unsignedBelowZero)
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, same1, err := transform.NodeExprs(n, intLiterals)
	if err != nil {
		return nil, transform.SameTree, err
	}
	same = same && same1
	n, same2, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.JoinNode:
			if n.Filter == nil {
				return n, transform.SameTree, nil
			}
			f, same := exactPredicate(n.Filter, true)
			if same {
				return n, transform.SameTree, nil
			}
			nj := *n
			nj.Filter = f
			return &nj, transform.NewTree, nil
		case *plan.Filter:
			f, same := exactPredicate(n.Expression, false)
			if same {
				return n, transform.SameTree, nil
			}
			return plan.NewFilter(f, n.Child), transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
	return n, same && same2, err
}

// exactPredicate rewrites the equalities among p's top-level conjuncts and
// disjuncts (see exactJoinKeys); in a join condition (join) constants too:
// GMS makes `JOIN u ON u.bigint_col = -2.25` a lookup of the key converted
// to the column's type (-2), dropping the condition, where a filter's
// range is built exactly.
func exactPredicate(p sql.Expression, join bool) (sql.Expression, bool) {
	switch e := p.(type) {
	case *expression.And:
		l, ls := exactPredicate(e.LeftChild, join)
		r, rs := exactPredicate(e.RightChild, join)
		if ls && rs {
			return p, true
		}
		return expression.NewAnd(l, r), false
	case *expression.Or:
		l, ls := exactPredicate(e.LeftChild, join)
		r, rs := exactPredicate(e.RightChild, join)
		if ls && rs {
			return p, true
		}
		return expression.NewOr(l, r), false
	case *expression.Equals:
		l, r := e.Left(), e.Right()
		if nl, nr, ok := exactSides(l, r, join); ok {
			return expression.NewEquals(nl, nr), false
		}
	case *expression.NullSafeEquals:
		// NULL from exact would match the NULL keys: the second conjunct
		// rejects a non-NULL value that has no exact equal. Both conjuncts
		// are never NULL, so the rewrite is an equivalence.
		if nl, nr, ok := exactSides(e.Left(), e.Right(), join); ok {
			orig, conv := e.Right(), nr
			if nl != e.Left() {
				orig, conv = e.Left(), nl
			}
			return expression.NewAnd(expression.NewNullSafeEquals(nl, nr),
				expression.NewOr(expression.NewIsNull(orig), expression.NewNot(expression.NewIsNull(conv)))), false
		}
	case *trueEq:
		if nl, nr, ok := exactSides(e.Left(), e.Right(), join); ok {
			return &trueEq{expression.NewEquals(nl, nr)}, false
		}
	}
	return p, true
}

// exactSides returns the operands of l = r with the one whose values do not
// convert exactly to the other column's type wrapped in exactKey; ok is false
// when nothing needs it. A constant side is left alone outside joins.
func exactSides(l, r sql.Expression, join bool) (sql.Expression, sql.Expression, bool) {
	lc, lok := l.(*expression.GetField)
	rc, rok := r.(*expression.GetField)
	if nl, nr, ok := doubleSides(l, r, lok, rok); ok {
		return nl, nr, true
	}
	switch {
	case lok && rok:
		lt, rt := l.Type(), r.Type()
		if !exactInto(rt, lt) {
			return l, &exactKey{child: r, typ: lt}, true
		}
		if !exactInto(lt, rt) {
			return &exactKey{child: l, typ: rt}, r, true
		}
	case lok && (join || !constant(r)) && !exactValuesInto(r, lc.Type()):
		return l, &exactKey{child: r, typ: lc.Type()}, true
	case rok && (join || !constant(l)) && !exactValuesInto(l, rc.Type()):
		return &exactKey{child: l, typ: rc.Type()}, r, true
	}
	return l, r, false
}

// exactValuesInto is exactInto for the values e yields. GMS types an IFNULL
// as its first argument, but it yields the second's values too:
// IFNULL(int_col, dec_col) IN (SELECT indexed_int ...) looked 3.01 up as 3
// (TestOracles NoREC, seed 1795830208378389015).
func exactValuesInto(e sql.Expression, to sql.Type) bool {
	if !exactInto(e.Type(), to) {
		return false
	}
	if f, ok := e.(*function.IfNull); ok {
		return exactValuesInto(f.LeftChild, to) && exactValuesInto(f.RightChild, to)
	}
	return true
}

// constant: e reads no column (its index range is built statically).
func constant(e sql.Expression) bool {
	return !transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *plan.Subquery:
			return true
		}
		return false
	})
}

// exactInto reports whether every value of type from converts to type to
// without changing what `=` between them means, so GMS's conversion of a
// lookup key is already exact. Only the column types exact handles are
// judged; strings compared with numbers are package sqlfunc's (it compares
// them as DOUBLE before any index is chosen).
func exactInto(from, to sql.Type) bool {
	switch {
	case types.IsInteger(to):
		if types.IsInteger(from) {
			return intRangeWithin(from, to)
		}
		return !types.IsDecimal(from) && !types.IsFloat(from) && !types.IsText(from) && !types.IsTime(from)
	case types.IsDecimal(to):
		if types.IsInteger(from) {
			dt := to.(sql.DecimalType)
			return int(dt.Precision())-int(dt.Scale()) >= 20
		}
		if types.IsDecimal(from) {
			ft, dt := from.(sql.DecimalType), to.(sql.DecimalType)
			return ft.Scale() <= dt.Scale() && int(ft.Precision())-int(ft.Scale()) <= int(dt.Precision())-int(dt.Scale())
		}
		return !types.IsFloat(from) && !types.IsText(from) && !types.IsTime(from)
	case types.IsFloat(to):
		if to.Type() == types.Float32.Type() {
			return from.Type() == to.Type() || !types.IsNumber(from) && !types.IsText(from) && !types.IsTime(from)
		}
		return !types.IsText(from) && !types.IsTime(from)
	case types.IsDateType(to):
		return types.IsDateType(from) || !types.IsTime(from) && !types.IsText(from) && !types.IsNumber(from)
	case types.IsDatetimeType(to) || types.IsTimestampType(to):
		if types.IsDateType(from) || !types.IsTime(from) && !types.IsText(from) && !types.IsNumber(from) {
			return true
		}
		if types.IsDatetimeType(from) || types.IsTimestampType(from) {
			return from.(sql.DatetimeType).Precision() <= to.(sql.DatetimeType).Precision()
		}
		return false
	}
	return true
}

// intRangeWithin: every value of integer type from is a value of to.
func intRangeWithin(from, to sql.Type) bool {
	lo, hi := intRange(from)
	tlo, thi := intRange(to)
	return lo.Cmp(tlo) >= 0 && hi.Cmp(thi) <= 0
}

func intRange(t sql.Type) (*big.Int, *big.Int) {
	bits := 64
	switch t.Type() {
	case types.Int8.Type(), types.Uint8.Type():
		bits = 8
	case types.Int16.Type(), types.Uint16.Type():
		bits = 16
	case types.Int24.Type(), types.Uint24.Type():
		bits = 24
	case types.Int32.Type(), types.Uint32.Type():
		bits = 32
	}
	one := big.NewInt(1)
	if types.IsUnsigned(t) {
		hi := new(big.Int).Lsh(one, uint(bits))
		return big.NewInt(0), hi.Sub(hi, one)
	}
	hi := new(big.Int).Lsh(one, uint(bits-1))
	lo := new(big.Int).Neg(hi)
	return lo, hi.Sub(hi, one)
}

// exactKey is its child converted to typ as MySQL compares the two: the one
// value of typ equal to the child's value, or NULL when there is none.
type exactKey struct {
	child sql.Expression
	typ   sql.Type
}

var _ sql.Expression = (*exactKey)(nil)

func (e *exactKey) Resolved() bool             { return e.child.Resolved() }
func (e *exactKey) IsNullable() bool           { return true }
func (e *exactKey) Type() sql.Type             { return e.typ }
func (e *exactKey) Children() []sql.Expression { return []sql.Expression{e.child} }
func (e *exactKey) String() string             { return fmt.Sprintf("exact(%s AS %s)", e.child, e.typ) }
func (e *exactKey) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, e.child)
}

func (e *exactKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return &exactKey{child: children[0], typ: e.typ}, nil
}

func (e *exactKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return exactValue(ctx, asComparedWith(v, e.child.Type(), e.typ), e.typ), nil
}

// asComparedWith is v, of type vt, as MySQL takes it in a comparison with a
// value of type t: a DATE or DATETIME meets a number as the number 20240115
// or 20240115103000[.5].
func asComparedWith(v any, vt, t sql.Type) any {
	tm, ok := v.(time.Time)
	if !ok || !types.IsNumber(t) {
		return v
	}
	layout := "20060102150405.999999"
	if types.IsDateType(vt) {
		layout = "20060102"
	}
	d, err := decimal.NewFromString(tm.Format(layout))
	if err != nil {
		return nil
	}
	return d
}

// exactValue is v as a value of t when one equals it, else nil.
func exactValue(ctx *sql.Context, v any, t sql.Type) any {
	if bs, ok := v.([]byte); ok {
		v = string(bs)
	}
	switch {
	case types.IsInteger(t):
		d, ok := numberOf(ctx, v)
		if !ok || !d.IsInteger() {
			return nil
		}
		return inRange(ctx, d, t)
	case types.IsDecimal(t):
		d, ok := numberOf(ctx, v)
		if !ok {
			return nil
		}
		scale := int32(t.(sql.DecimalType).Scale())
		if !d.Round(scale).Equal(d) {
			return nil
		}
		return inRange(ctx, d, t)
	case types.IsFloat(t):
		f, ok := floatOf(ctx, v)
		if !ok {
			return nil
		}
		if t.Type() == types.Float32.Type() {
			if float64(float32(f)) != f {
				return nil
			}
			return float32(f)
		}
		return f
	case types.IsDateType(t), types.IsDatetimeType(t), types.IsTimestampType(t):
		tm, ok := timeOf(ctx, v)
		if !ok {
			return nil
		}
		prec := 0
		if dt, ok := t.(sql.DatetimeType); ok && !types.IsDateType(t) {
			prec = dt.Precision()
		}
		unit := time.Duration(math.Pow10(9 - prec))
		if types.IsDateType(t) {
			unit = 24 * time.Hour
		}
		if !tm.Truncate(unit).Equal(tm) {
			return nil
		}
		if conv, inr, err := t.Convert(ctx, tm); err == nil && inr == sql.InRange {
			return conv
		}
		return nil
	}
	conv, _, err := t.Convert(ctx, v)
	if err != nil {
		return nil
	}
	return conv
}

// inRange is d as a value of numeric type t, or nil when t cannot hold it.
func inRange(ctx *sql.Context, d decimal.Decimal, t sql.Type) any {
	if types.IsInteger(t) {
		lo, hi := intRange(t)
		b := d.BigInt()
		if b.Cmp(lo) < 0 || b.Cmp(hi) > 0 {
			return nil
		}
	}
	conv, inr, err := t.Convert(ctx, d)
	if err != nil || inr != sql.InRange {
		return nil
	}
	return conv
}

// numberOf is v as an exact number; a string is read as MySQL reads it
// against a number (as DOUBLE, from its numeric prefix).
func numberOf(ctx *sql.Context, v any) (decimal.Decimal, bool) {
	switch n := v.(type) {
	case decimal.Decimal:
		return n, true
	case float32, float64, string:
		f, ok := floatOf(ctx, v)
		if !ok || math.IsInf(f, 0) || math.IsNaN(f) {
			return decimal.Decimal{}, false
		}
		return decimal.NewFromFloat(f), true
	case bool:
		if n {
			return decimal.NewFromInt(1), true
		}
		return decimal.Zero, true
	case int:
		return decimal.NewFromInt(int64(n)), true
	case int8:
		return decimal.NewFromInt(int64(n)), true
	case int16:
		return decimal.NewFromInt(int64(n)), true
	case int32:
		return decimal.NewFromInt(int64(n)), true
	case int64:
		return decimal.NewFromInt(n), true
	case uint:
		return decimal.NewFromBigInt(new(big.Int).SetUint64(uint64(n)), 0), true
	case uint8:
		return decimal.NewFromInt(int64(n)), true
	case uint16:
		return decimal.NewFromInt(int64(n)), true
	case uint32:
		return decimal.NewFromInt(int64(n)), true
	case uint64:
		return decimal.NewFromBigInt(new(big.Int).SetUint64(n), 0), true
	}
	return decimal.Decimal{}, false
}

func floatOf(ctx *sql.Context, v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case float32:
		return float64(n), true
	case string:
		return sqlfunc.StringToDouble(ctx, n), true
	case decimal.Decimal:
		f, _ := n.Float64()
		return f, true
	}
	d, ok := numberOf(ctx, v)
	if !ok {
		return 0, false
	}
	f, _ := d.Float64()
	return f, true
}

// timeOf is v as a point in time, as MySQL reads a string or a number
// compared with a DATE or DATETIME (20240115 is 2024-01-15).
func timeOf(ctx *sql.Context, v any) (time.Time, bool) {
	var s string
	switch n := v.(type) {
	case time.Time:
		return n.UTC(), true
	case string:
		s = n
	case decimal.Decimal:
		s = n.String()
	case float64:
		s = strconv.FormatFloat(n, 'f', -1, 64)
	case float32:
		s = strconv.FormatFloat(float64(n), 'f', -1, 32)
	default:
		d, ok := numberOf(ctx, v)
		if !ok {
			return time.Time{}, false
		}
		s = d.String()
	}
	tm, err := types.DatetimeMaxPrecision.ConvertWithoutRangeCheck(ctx, s)
	if err != nil {
		return time.Time{}, false
	}
	return tm, true
}

// unsignedBelowZero rewrites a comparison of an unsigned integer column with
// a negative constant into the same comparison with 0, which it equals for
// every value the column can hold: u > -1 and u >= -0.5 become u >= 0; u <
// -1, u <= -1 and u = -1 become u < 0. GMS converts the constant to the
// column's type for its index range, and -1 became 4294967295: u > -1
// (or u BETWEEN -0.5 AND 1) found no row at all.
func unsignedBelowZero(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	cmp, ok := e.(expression.Comparer)
	if !ok {
		if b, ok := e.(*expression.Between); ok && unsignedCol(b.Val) {
			lo, hi := b.Lower, b.Upper
			if negativeConst(hi) {
				return expression.NewLessThan(b.Val, zero()), transform.NewTree, nil
			}
			if negativeConst(lo) {
				return expression.NewBetween(b.Val, zero(), hi), transform.NewTree, nil
			}
		}
		return e, transform.SameTree, nil
	}
	col, c := cmp.Left(), cmp.Right()
	flipped := false
	if !unsignedCol(col) {
		col, c, flipped = c, col, true
	}
	if !unsignedCol(col) || !negativeConst(c) {
		return e, transform.SameTree, nil
	}
	above := false // the comparison holds for every value of col
	switch e.(type) {
	case *expression.GreaterThan, *expression.GreaterThanOrEqual:
		above = !flipped
	case *expression.LessThan, *expression.LessThanOrEqual:
		above = flipped
	case *expression.Equals:
	default:
		return e, transform.SameTree, nil
	}
	if above {
		return expression.NewGreaterThanOrEqual(col, zero()), transform.NewTree, nil
	}
	return expression.NewLessThan(col, zero()), transform.NewTree, nil
}

func zero() sql.Expression { return expression.NewLiteral(int8(0), types.Int8) }

func unsignedCol(e sql.Expression) bool {
	gf, ok := e.(*expression.GetField)
	return ok && types.IsInteger(gf.Type()) && types.IsUnsigned(gf.Type())
}

// negativeConst: e is a numeric literal below zero.
func negativeConst(e sql.Expression) bool {
	lit, ok := e.(*expression.Literal)
	if !ok || !types.IsNumber(lit.Type()) {
		return false
	}
	d, ok := numberOf(nil, lit.Value())
	return ok && d.Sign() < 0
}

// doubleSides: an integer column compared with a FLOAT or DOUBLE is
// compared as DOUBLE (MySQL's manual, "Type Conversion in Expression
// Evaluation": "In all other cases, the arguments are compared as
// floating-point (double-precision) numbers"), so 9007199254740993 =
// 9007199254740992e0 holds; exactKey's one exactly equal BIGINT made it
// false as a join key while the select list said true. Above 2^53 one
// DOUBLE equals several BIGINTs, which no single lookup key finds: the
// column side is read as DOUBLE (doubleKey, hashkeys.go), and GMS joins on the DOUBLE
// values (hash join) or filters, rather than looking the column up. A
// constant is left alone: a literal has already been converted to the
// column's type where that loses nothing (intLiterals).
func doubleSides(l, r sql.Expression, lok, rok bool) (sql.Expression, sql.Expression, bool) {
	switch lt, rt := l.Type(), r.Type(); {
	case lok && types.IsInteger(lt) && types.IsFloat(rt) && !constant(r):
		return &doubleKey{child: l}, r, true
	case rok && types.IsInteger(rt) && types.IsFloat(lt) && !constant(l):
		return l, &doubleKey{child: r}, true
	}
	return l, r, false
}

// intLiteral is a FLOAT or DOUBLE literal e as a literal of integer type t
// when t holds its value exactly: MySQL stores such a constant into the
// column's type before comparing (convert_const_to_int), so `b =
// 9007199254740992e0` matches only 9007199254740992, not the BIGINTs above
// 2^53 that the same DOUBLE equals. GMS's index range converted it so, but
// a scan compared as DOUBLE (and matched 9007199254740993 too). A value
// with no exact equal keeps the comparison as DOUBLE, which no integer
// meets either way.
func intLiteral(e sql.Expression, t sql.Type) (sql.Expression, bool) {
	lit, ok := e.(*expression.Literal)
	if ok && types.IsText(lit.Type()) {
		// A string constant that is a number throughout: MySQL compares
		// it with an integer column as the DOUBLE it spells. A folded
		// constant (IFNULL(-1.50, 'A')) reached the index range as its
		// text, which GMS converted to the key's type, rounded: NOT (c =
		// IFNULL(-1.50, 'A')) skipped c = -2 (the oracles' TLP finding,
		// seed 1795926682651984308).
		s, isStr := lit.Value().(string)
		s = strings.TrimSpace(s)
		if !isStr || !strings.ContainsAny(s, ".eE") {
			// An integer text converts exactly as it is (sqlfunc's
			// intConstArgs); a DOUBLE would lose digits above 2^53.
			return e, false
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) {
			return e, false
		}
		lit = expression.NewLiteral(f, types.Float64)
		if v := exactValue(sql.NewEmptyContext(), f, t); v != nil {
			return expression.NewLiteral(v, t), true
		}
		return lit, true
	}
	if !ok || !types.IsFloat(lit.Type()) || lit.Value() == nil {
		return e, false
	}
	v := exactValue(sql.NewEmptyContext(), lit.Value(), t)
	if v == nil {
		return e, false
	}
	return expression.NewLiteral(v, t), true
}

// intLiterals applies intLiteral to the comparisons of an integer column
// with a FLOAT or DOUBLE literal, wherever they are (select list too:
// MySQL's `b = 9007199254740992e0` is 0 for b = 9007199254740993).
func intLiterals(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch e.(type) {
	case *expression.Equals, *expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
		*expression.LessThanOrEqual, *expression.GreaterThanOrEqual:
	default:
		return e, transform.SameTree, nil
	}
	cs := e.Children()
	l, r := cs[0], cs[1]
	if _, ok := l.(*expression.GetField); ok && types.IsInteger(l.Type()) {
		if lit, ok := intLiteral(r, l.Type()); ok {
			ne, err := e.WithChildren(l, lit)
			return ne, transform.NewTree, err
		}
	}
	if _, ok := r.(*expression.GetField); ok && types.IsInteger(r.Type()) {
		if lit, ok := intLiteral(l, r.Type()); ok {
			ne, err := e.WithChildren(lit, r)
			return ne, transform.NewTree, err
		}
	}
	return e, transform.SameTree, nil
}
