package sqlfunc

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/shopspring/decimal"
)

// ErDataOutOfRange is MySQL's ER_DATA_OUT_OF_RANGE.
const ErDataOutOfRange = 1690

func outOfRange(unsigned bool, e sql.Expression) error {
	t := "BIGINT"
	if unsigned {
		t = "BIGINT UNSIGNED"
	}
	return mysql.NewSQLError(ErDataOutOfRange, "22003", "%s value is out of range in '%s'", t, mysqlString(e))
}

// mysqlString prints e the way MySQL's error messages do: operators
// parenthesised, columns as `db`.`table`.`column`.
func mysqlString(e sql.Expression) string {
	switch e := e.(type) {
	case *expression.GetField:
		s := "`" + e.Name() + "`"
		if e.Table() != "" {
			s = "`" + e.Table() + "`." + s
			if e.Database() != "" {
				s = "`" + e.Database() + "`." + s
			}
		}
		return s
	case *expression.Literal:
		if s, ok := e.Value().(string); ok {
			return "'" + s + "'"
		}
		return e.String()
	case *arith:
		return fmt.Sprintf("(%s %s %s)", mysqlString(e.left), e.op, mysqlString(e.right))
	case *neg:
		return fmt.Sprintf("-(%s)", mysqlString(e.child))
	case *expression.Arithmetic:
		return fmt.Sprintf("(%s %s %s)", mysqlString(e.LeftChild), e.Op, mysqlString(e.RightChild))
	case *expression.Div:
		return fmt.Sprintf("(%s / %s)", mysqlString(e.LeftChild), mysqlString(e.RightChild))
	case *decDiv:
		return fmt.Sprintf("(%s / %s)", mysqlString(e.LeftChild), mysqlString(e.RightChild))
	case *finite:
		return mysqlString(e.Expression)
	case *decArith:
		return mysqlString(e.Arithmetic)
	case *toDouble:
		return mysqlString(e.child)
	case *expression.UnaryMinus:
		return fmt.Sprintf("-(%s)", mysqlString(e.Child))
	case *expression.Convert:
		return fmt.Sprintf("cast(%s as %s)", mysqlString(e.Child), e.Type().String())
	}
	return e.String()
}

// isInt reports whether t is one of the integer types whose arithmetic MySQL
// does in 64-bit integers (BIT, YEAR and temporal types go through GMS).
func isInt(t sql.Type) bool {
	return types.IsInteger(t)
}

// toBig converts an evaluated integer operand. ok is false for values that are
// not Go integers (GMS then converts them its own way).
func toBig(v any) (*big.Int, bool) {
	switch n := v.(type) {
	case int8:
		return big.NewInt(int64(n)), true
	case int16:
		return big.NewInt(int64(n)), true
	case int32:
		return big.NewInt(int64(n)), true
	case int64:
		return big.NewInt(n), true
	case int:
		return big.NewInt(int64(n)), true
	case uint8:
		return big.NewInt(int64(n)), true
	case uint16:
		return big.NewInt(int64(n)), true
	case uint32:
		return big.NewInt(int64(n)), true
	case uint64:
		return new(big.Int).SetUint64(n), true
	case uint:
		return new(big.Int).SetUint64(uint64(n)), true
	case bool:
		if n {
			return big.NewInt(1), true
		}
		return big.NewInt(0), true
	case decimal.Decimal:
		if n.IsInteger() {
			return n.BigInt(), true
		}
	}
	return nil, false
}

var (
	minInt64  = big.NewInt(math.MinInt64)
	maxInt64  = big.NewInt(math.MaxInt64)
	maxUint64 = new(big.Int).SetUint64(math.MaxUint64)
)

// fit returns r as the Go value of a BIGINT (int64) or BIGINT UNSIGNED
// (uint64) result, or ok=false when it is out of that type's range.
func fit(r *big.Int, unsigned bool) (any, bool) {
	if unsigned {
		if r.Sign() < 0 || r.Cmp(maxUint64) > 0 {
			return nil, false
		}
		return r.Uint64(), true
	}
	if r.Cmp(minInt64) < 0 || r.Cmp(maxInt64) > 0 {
		return nil, false
	}
	return r.Int64(), true
}

// arith is +, - or * of two integer operands, computed exactly and checked
// against the result type's range as MySQL does (ER_DATA_OUT_OF_RANGE), where
// GMS wraps around. As in MySQL, the result is unsigned when either operand is
// (GMS: only when both are), so CAST(0 AS UNSIGNED) - 1 is an error, not -1.
type arith struct {
	left, right sql.Expression
	op          string
}

var _ sql.Expression = (*arith)(nil)

func (a *arith) unsigned() bool {
	return unsignedOperand(a.left) || unsignedOperand(a.right)
}

// unsignedOperand: MySQL's bit operators return BIGINT UNSIGNED (1 << 63 is
// 9223372036854775808); GMS declares them signed but evaluates to uint64.
func unsignedOperand(e sql.Expression) bool {
	switch e := e.(type) {
	case *expression.BitOp, *bitOp:
		return true
	case *expression.Literal:
		// GMS types a literal 200 TINYINT UNSIGNED; in MySQL an integer
		// literal is signed unless it exceeds BIGINT.
		if u, ok := e.Value().(uint64); ok {
			return u > math.MaxInt64
		}
		return false
	}
	return types.IsUnsigned(e.Type())
}

func (a *arith) Type() sql.Type {
	if a.unsigned() {
		return types.Uint64
	}
	return types.Int64
}

func (a *arith) Resolved() bool { return a.left.Resolved() && a.right.Resolved() }
func (a *arith) IsNullable() bool {
	return a.left.IsNullable() || a.right.IsNullable()
}
func (a *arith) Children() []sql.Expression { return []sql.Expression{a.left, a.right} }
func (a *arith) String() string {
	return fmt.Sprintf("(%s %s %s)", a.left, a.op, a.right)
}
func (a *arith) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 2)
	}
	return &arith{left: children[0], right: children[1], op: a.op}, nil
}

func (a *arith) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (a *arith) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	lv, err := a.left.Eval(ctx, row)
	if err != nil || lv == nil {
		return nil, err
	}
	rv, err := a.right.Eval(ctx, row)
	if err != nil || rv == nil {
		return nil, err
	}
	if v, ok := a.small(lv, rv); ok {
		return v, nil
	}
	l, err := bigOperand(ctx, a.left, lv)
	if err != nil {
		return nil, err
	}
	r, err := bigOperand(ctx, a.right, rv)
	if err != nil {
		return nil, err
	}
	res := new(big.Int)
	switch a.op {
	case "+":
		res.Add(l, r)
	case "-":
		res.Sub(l, r)
	default:
		res.Mul(l, r)
	}
	v, ok := fit(res, a.unsigned())
	if !ok {
		return nil, outOfRange(a.unsigned(), a)
	}
	return v, nil
}

// small is the common case without allocation: both operands int64 and the
// result without overflow. ok is false when the exact path must decide (an
// operand beyond int64, an overflow, a negative unsigned result).
func (a *arith) small(lv, rv any) (any, bool) {
	l, ok1 := smallInt(lv)
	r, ok2 := smallInt(rv)
	if !ok1 || !ok2 {
		return nil, false
	}
	var res int64
	switch a.op {
	case "+":
		res = l + r
		if (l > 0 && r > 0 && res < 0) || (l < 0 && r < 0 && res >= 0) {
			return nil, false
		}
	case "-":
		res = l - r
		if (l >= 0 && r < 0 && res < 0) || (l < 0 && r > 0 && res >= 0) {
			return nil, false
		}
	default:
		if l != 0 && r != 0 {
			res = l * r
			if res/r != l || (l == -1 && r == math.MinInt64) || (r == -1 && l == math.MinInt64) {
				return nil, false
			}
		}
	}
	if a.unsigned() {
		if res < 0 {
			return nil, false
		}
		return uint64(res), true
	}
	return res, true
}

func smallInt(v any) (int64, bool) {
	switch n := v.(type) {
	case int8:
		return int64(n), true
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case int:
		return int64(n), true
	case uint8:
		return int64(n), true
	case uint16:
		return int64(n), true
	case uint32:
		return int64(n), true
	case uint64:
		if n <= math.MaxInt64 {
			return int64(n), true
		}
	}
	return 0, false
}

// evalInts evaluates both integer operands; l is nil when either is NULL.
func evalInts(ctx *sql.Context, row sql.Row, le, re sql.Expression) (*big.Int, *big.Int, error) {
	lv, err := le.Eval(ctx, row)
	if err != nil || lv == nil {
		return nil, nil, err
	}
	rv, err := re.Eval(ctx, row)
	if err != nil || rv == nil {
		return nil, nil, err
	}
	l, err := bigOperand(ctx, le, lv)
	if err != nil {
		return nil, nil, err
	}
	r, err := bigOperand(ctx, re, rv)
	if err != nil {
		return nil, nil, err
	}
	return l, r, nil
}

func bigOperand(ctx *sql.Context, e sql.Expression, v any) (*big.Int, error) {
	if b, ok := toBig(v); ok {
		return b, nil
	}
	t := types.Int64
	if types.IsUnsigned(e.Type()) {
		t = types.Uint64
	}
	c, _, err := t.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	b, _ := toBig(c)
	return b, nil
}

// intDiv is DIV of two integers: truncating division whose result must fit
// BIGINT (-9223372036854775808 DIV -1 is 1690 in MySQL; GMS wraps). Division
// by zero is NULL with warning 1365, as in GMS and MySQL's default mode.
type intDiv struct {
	arith
	mod bool
}

func newIntDiv(l, r sql.Expression, mod bool) *intDiv {
	op := "DIV"
	if mod {
		op = "%"
	}
	return &intDiv{arith: arith{left: l, right: r, op: op}, mod: mod}
}

// IsNullable: a zero divisor gives NULL whatever the operands
// (Item_func_int_div and Item_func_mod set maybe_null); arith's said NOT
// NULL for two NOT NULL columns, and so did the result field.
func (d *intDiv) IsNullable() bool { return true }

// Type: MOD's result is unsigned when its first operand is; DIV's when
// either is.
func (d *intDiv) Type() sql.Type {
	if d.unsigned() {
		return types.Uint64
	}
	return types.Int64
}

func (d *intDiv) unsigned() bool {
	if d.mod {
		return unsignedOperand(d.left)
	}
	return d.arith.unsigned()
}

func (d *intDiv) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 2)
	}
	return newIntDiv(children[0], children[1], d.mod), nil
}

func (d *intDiv) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	l, r, err := evalInts(ctx, row, d.left, d.right)
	if l == nil || err != nil {
		return nil, err
	}
	if r.Sign() == 0 {
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: erDivisionByZero, Message: "Division by 0"})
		return nil, nil
	}
	res := new(big.Int)
	if d.mod {
		res.Rem(l, r) // sign of the dividend, as MySQL
	} else {
		res.Quo(l, r) // truncates toward zero
	}
	v, ok := fit(res, d.unsigned())
	if !ok {
		return nil, outOfRange(d.unsigned(), d)
	}
	return v, nil
}

// neg is unary minus of an integer: -(-9223372036854775808) and the negation
// of a BIGINT UNSIGNED above 9223372036854775808 are 1690 in MySQL; GMS wraps
// (and types -tinyint_unsigned as unsigned).
type neg struct {
	unary
	numeric
}

func (n *neg) Type() sql.Type { return types.Int64 }
func (n *neg) String() string { return fmt.Sprintf("-%s", n.child) }
func (n *neg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(n, children)
}

func (n *neg) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := n.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	b, err := bigOperand(ctx, n.child, v)
	if err != nil {
		return nil, err
	}
	r, ok := fit(b.Neg(b), false)
	if !ok {
		return nil, outOfRange(false, n)
	}
	return r, nil
}

// erDivisionByZero is MySQL's ER_DIVISION_BY_ZERO.
const erDivisionByZero = 1365

// finite is floating-point arithmetic: MySQL fails with 1690 "DOUBLE value
// is out of range" where the result overflows; GMS returns ±Inf, which
// reaches clients as "+Inf".
type finite struct {
	sql.Expression
}

func (f *finite) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := f.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &finite{n}, nil
}

func (f *finite) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	var x float64
	switch n := v.(type) {
	case float64:
		x = n
	case float32:
		x = float64(n)
	default:
		return v, nil
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil, mysql.NewSQLError(ErDataOutOfRange, "22003", "DOUBLE value is out of range in '%s'", mysqlString(f.Expression))
	}
	return v, nil
}

// bitOp is &, |, ^, << and >> of integers, typed BIGINT UNSIGNED as in
// MySQL. GMS declares BIGINT when both operands are signed while evaluating
// to uint64, so 1 << 63 reached the client clamped to 9223372036854775807.
type bitOp struct {
	*expression.BitOp
}

func (b *bitOp) Type() sql.Type { return types.Uint64 }

func (b *bitOp) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := b.BitOp.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &bitOp{n.(*expression.BitOp)}, nil
}

// bitOperandType: operands whose bits bitOperand reads as MySQL does.
// Binary strings (MySQL 8.0 operates on their bytes) and temporal values
// stay GMS's.
func bitOperandType(t sql.Type) bool {
	return isNumber(t) || types.IsTextOnly(t) || t == types.Null
}

// Eval reads both operands as MySQL's Item_func_bit does (bitOperand): GMS
// converted them to its declared type first, so a BIGINT UNSIGNED above
// 2^63 lost its top bit (18446744073709551615 | 0 was 2^63, BIT_COUNT 63)
// and a DECIMAL or DOUBLE operand went through a DOUBLE result.
func (b *bitOp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	lv, err := b.LeftChild.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	rv, err := b.RightChild.Eval(ctx, row)
	if err != nil || lv == nil || rv == nil {
		return nil, err
	}
	l, err := bitOperand(ctx, lv)
	if err != nil {
		return nil, err
	}
	r, err := bitOperand(ctx, rv)
	if err != nil {
		return nil, err
	}
	switch strings.ToLower(b.Op) {
	case sqlparser.BitAndStr:
		return l & r, nil
	case sqlparser.BitOrStr:
		return l | r, nil
	case sqlparser.BitXorStr:
		return l ^ r, nil
	case sqlparser.ShiftLeftStr:
		return l << r, nil // 0 from a count of 64 on, as MySQL
	case sqlparser.ShiftRightStr:
		return l >> r, nil
	}
	return b.BitOp.Eval(ctx, row)
}

// decArith is + - * with a DECIMAL result, declared with MySQL's precision:
// + and -: max(p1-s1, p2-s2) + max(s1, s2) + 1; *: p1 + p2 (both at most
// 65). GMS keeps the wider operand's precision (DECIMAL(12,2) * INT was
// DECIMAL(14,2) on the wire, for values of up to 22 digits). Values and
// scales are GMS's, which agree with MySQL's.
type decArith struct {
	*expression.Arithmetic
}

func (d *decArith) Type() sql.Type {
	t := d.Arithmetic.Type()
	if _, ok := t.(sql.DecimalType); !ok {
		return t
	}
	p1, s1, ok1 := decimalShape(d.LeftChild)
	p2, s2, ok2 := decimalShape(d.RightChild)
	if !ok1 || !ok2 {
		return t
	}
	var prec, scale int
	switch d.Op {
	case "+", "-":
		prec, scale = max(p1-s1, p2-s2)+max(s1, s2)+1, max(s1, s2)
	case "*":
		prec, scale = p1+p2, min(s1+s2, types.DecimalTypeMaxScale)
	default:
		return t
	}
	prec = max(prec, scale)
	// A column type, which rounds values to its scale when sent: an
	// operand such as AVG carries more digits than its own scale.
	return types.MustCreateColumnDecimalType(capPrec(prec), uint8(scale))
}

func (d *decArith) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := d.Arithmetic.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if a, ok := n.(*expression.Arithmetic); ok {
		return &decArith{a}, nil
	}
	return n, nil
}

// decimalShape is the precision and scale MySQL gives an operand of
// decimal arithmetic: an integer literal has as many digits as its value.
func decimalShape(e sql.Expression) (prec, scale int, ok bool) {
	t := e.Type()
	if l, isLit := e.(*expression.Literal); isLit && isInt(t) {
		if b, isBig := toBig(l.Value()); isBig {
			return max(len(new(big.Int).Abs(b).String()), 1), 0, true
		}
	}
	if l, isLit := e.(*expression.Literal); isLit && types.IsDecimal(t) {
		// GMS types a DECIMAL literal of more than 18 digits DECIMAL(65,30);
		// MySQL's type is the literal's own digits.
		if d, isDec := l.Value().(decimal.Decimal); isDec {
			scale := max(int(-d.Exponent()), 0)
			digits := len(d.Coefficient().String())
			if d.Coefficient().Sign() < 0 {
				digits--
			}
			return max(digits, scale, 1), scale, true
		}
	}
	switch {
	case isInt(t):
		return int(intDigits(t)), 0, true
	case types.IsDecimal(t):
		dt := t.(sql.DecimalType)
		return int(dt.Precision()), int(dt.Scale()), true
	}
	return 0, 0, false
}

// fracDiv is DIV with a DECIMAL or DOUBLE operand: GMS computes it, but its
// out-of-range error has no MySQL code (1105); MySQL's is 1690.
type fracDiv struct {
	*expression.IntDiv
}

func (f *fracDiv) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := f.IntDiv.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &fracDiv{n.(*expression.IntDiv)}, nil
}

func (f *fracDiv) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.IntDiv.Eval(ctx, row)
	if err != nil && strings.Contains(err.Error(), "value is out of range") {
		return nil, outOfRange(types.IsUnsigned(f.IntDiv.Type()),
			expression.NewArithmetic(f.LeftChild, f.RightChild, "DIV"))
	}
	return v, err
}
