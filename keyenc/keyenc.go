package keyenc

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/encodings"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// Marker bytes. Exactly one starts every encoded value; see the package
// documentation for the layout that follows each of them.
const (
	mNull    = 0x00
	mIntNeg0 = 0x18         // negative integer with n body bytes: mIntNeg0 - n
	mIntPos0 = 0x19         // non-negative integer with n body bytes: mIntPos0 + n
	mIntMin  = mIntNeg0 - 8 // 0x10
	mIntMax  = mIntPos0 + 8 // 0x21
	mFloat   = 0x30
	mDecNeg  = 0x40
	mDecZero = 0x41
	mDecPos  = 0x42
	mString  = 0x50
	mBytes   = 0x51
	mTime    = 0x60
)

var (
	// ErrUnsupportedType is returned (wrapped) by AppendValue for column types
	// whose values cannot be part of a key, such as JSON and geometry.
	ErrUnsupportedType = errors.New("keyenc: type cannot be used in a key")
	// ErrOutOfRange is returned (wrapped) by AppendValue when a value only
	// converts to the column type by clamping it (GMS Convert reports
	// OutOfRange); encoding the clamped value would silently match a different
	// key.
	ErrOutOfRange = errors.New("keyenc: value out of range for column type")
	// errNaN rejects NaN floats, which have no place in MySQL's order.
	errNaN = errors.New("keyenc: NaN cannot be encoded")
)

// AppendValue appends the order-preserving encoding of v, a value of SQL type
// t, to b. v == nil encodes NULL, which sorts before every non-NULL value
// (MySQL ascending order). v may arrive as a different Go type than the
// column's canonical one (e.g. int8 literal for an INT column, a string for a
// DATETIME, decimal.Decimal vs string): it is then converted the way GMS's
// t.Compare converts it (usually t.Convert). Returns an error for types that
// cannot be keys (JSON, geometry) and for values that fail conversion; on
// error b is returned unchanged.
//
// Integer Go values for integer columns are encoded exactly, without clamping
// to the column's range, so that lookups with out-of-range literals find
// nothing instead of the clamped boundary row.
func AppendValue(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if t == nil {
		return b, fmt.Errorf("%w: nil type", ErrUnsupportedType)
	}
	var out []byte
	var err error
	switch t.Type() {
	case sqltypes.Int8, sqltypes.Int16, sqltypes.Int24, sqltypes.Int32, sqltypes.Int64,
		sqltypes.Uint8, sqltypes.Uint16, sqltypes.Uint24, sqltypes.Uint32, sqltypes.Uint64:
		out, err = appendIntegerCol(ctx, b, t, v)
	case sqltypes.Float32, sqltypes.Float64:
		out, err = appendFloatCol(ctx, b, t, v)
	case sqltypes.Decimal:
		out, err = appendDecimalCol(ctx, b, t, v)
	case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
		out, err = appendStringCol(ctx, b, t, v)
	case sqltypes.Binary, sqltypes.VarBinary, sqltypes.Blob:
		out, err = appendBytesCol(ctx, b, t, v)
	case sqltypes.Date, sqltypes.Datetime, sqltypes.Timestamp:
		out, err = appendTimeCol(ctx, b, t, v)
	case sqltypes.Time:
		out, err = appendTimespanCol(ctx, b, t, v)
	case sqltypes.Year:
		out, err = appendYearCol(ctx, b, t, v)
	case sqltypes.Enum:
		out, err = appendEnumCol(ctx, b, t, v)
	case sqltypes.Set:
		out, err = appendSetCol(ctx, b, t, v)
	case sqltypes.Bit:
		out, err = appendBitCol(ctx, b, t, v)
	case sqltypes.Null:
		if v == nil {
			return append(b, mNull), nil
		}
		err = fmt.Errorf("%w: non-NULL value %v for NULL type", ErrUnsupportedType, v)
	default:
		err = fmt.Errorf("%w: %s", ErrUnsupportedType, t.String())
	}
	if err != nil {
		return b, err
	}
	return out, nil
}

// ---------------------------------------------------------------------------
// Integer family

func appendInt(b []byte, v int64) []byte {
	if v >= 0 {
		return appendUint(b, uint64(v))
	}
	u := ^uint64(v) // -v-1, >= 0
	n := byteLen(u)
	return appendBE(append(b, byte(mIntNeg0-n)), ^u, n)
}

func appendUint(b []byte, u uint64) []byte {
	n := byteLen(u)
	return appendBE(append(b, byte(mIntPos0+n)), u, n)
}

// appendGoInt encodes any Go integer value exactly; ok is false when v is not
// a Go integer.
func appendGoInt(b []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case int64:
		return appendInt(b, x), true
	case int32:
		return appendInt(b, int64(x)), true
	case int:
		return appendInt(b, int64(x)), true
	case int8:
		return appendInt(b, int64(x)), true
	case int16:
		return appendInt(b, int64(x)), true
	case uint64:
		return appendUint(b, x), true
	case uint32:
		return appendUint(b, uint64(x)), true
	case uint:
		return appendUint(b, uint64(x)), true
	case uint8:
		return appendUint(b, uint64(x)), true
	case uint16:
		return appendUint(b, uint64(x)), true
	}
	return b, false
}

// goInt reports v as an int64 if it is a Go integer representable as one.
func goInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case int:
		return int64(x), true
	case int8:
		return int64(x), true
	case int16:
		return int64(x), true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint32:
		return int64(x), true
	case uint:
		if uint64(x) <= math.MaxInt64 {
			return int64(x), true
		}
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x), true
		}
	}
	return 0, false
}

// unwrap resolves GMS lazy wrappers (e.g. out-of-band TEXT/BLOB values).
func unwrap(ctx *sql.Context, v any) (any, bool, error) {
	if w, ok := v.(sql.AnyWrapper); ok {
		u, err := w.UnwrapAny(ctx)
		return u, true, err
	}
	return v, false, nil
}

// convert runs t.Convert and rejects clamped (out-of-range) results.
func convert(ctx *sql.Context, t sql.Type, v any) (any, error) {
	cv, inRange, err := t.Convert(ctx, v)
	if err != nil {
		return nil, fmt.Errorf("keyenc: converting %v (%T) to %s: %w", v, v, t.String(), err)
	}
	if inRange == sql.OutOfRange {
		return nil, fmt.Errorf("%w: %v for %s", ErrOutOfRange, v, t.String())
	}
	return cv, nil
}

// appendConvertedInt encodes the result of a Convert that must be an integer.
func appendConvertedInt(b []byte, t sql.Type, cv any) ([]byte, error) {
	if cv == nil {
		return append(b, mNull), nil
	}
	if out, ok := appendGoInt(b, cv); ok {
		return out, nil
	}
	if ts, ok := cv.(types.Timespan); ok {
		return appendInt(b, int64(ts)), nil
	}
	return b, fmt.Errorf("keyenc: %s converted to unexpected %T", t.String(), cv)
}

func appendIntegerCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(b, mNull), nil
	}
	if out, ok := appendGoInt(b, v); ok {
		return out, nil
	}
	v, wrapped, err := unwrap(ctx, v)
	if err != nil {
		return b, err
	}
	if wrapped {
		return appendIntegerCol(ctx, b, t, v)
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	return appendConvertedInt(b, t, cv)
}

// ---------------------------------------------------------------------------
// Floats

func appendFloat(b []byte, f float64) ([]byte, error) {
	if f != f {
		return b, errNaN
	}
	var u uint64
	if f != 0 { // -0 and +0 both encode as +0
		u = math.Float64bits(f)
	}
	if u>>63 != 0 {
		u = ^u
	} else {
		u |= 1 << 63
	}
	return appendBE(append(b, mFloat), u, 8), nil
}

func appendFloatCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, mNull), nil
	case float64:
		return appendFloat(b, x)
	case float32:
		return appendFloat(b, float64(x))
	case int64:
		return appendFloat(b, float64(x))
	case int32:
		return appendFloat(b, float64(x))
	case int:
		return appendFloat(b, float64(x))
	case uint64:
		return appendFloat(b, float64(x))
	}
	v, wrapped, err := unwrap(ctx, v)
	if err != nil {
		return b, err
	}
	if wrapped {
		return appendFloatCol(ctx, b, t, v)
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	switch x := cv.(type) {
	case nil:
		return append(b, mNull), nil
	case float64:
		return appendFloat(b, x)
	case float32:
		return appendFloat(b, float64(x))
	}
	return b, fmt.Errorf("keyenc: %s converted to unexpected %T", t.String(), cv)
}

// ---------------------------------------------------------------------------
// Decimals

func appendDecimalCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(b, mNull), nil
	}
	dt, isDec := t.(sql.DecimalType)
	if isDec {
		switch x := v.(type) {
		case decimal.Decimal:
			// GMS Compare rounds column decimals to the column scale; a value
			// that already has no more fractional digits is unchanged by that.
			if -int64(x.Exponent()) <= int64(dt.Scale()) {
				return appendDecimal(b, x), nil
			}
		default:
			// Integers are exact decimals and never need rounding.
			if i, ok := goInt(v); ok {
				return appendDecimalInt(b, i), nil
			}
		}
		nd, err := dt.ConvertToNullDecimal(v)
		if err != nil {
			v2, wrapped, werr := unwrap(ctx, v)
			if werr == nil && wrapped {
				return appendDecimalCol(ctx, b, t, v2)
			}
			return b, fmt.Errorf("keyenc: converting %v (%T) to %s: %w", v, v, t.String(), err)
		}
		if !nd.Valid {
			return append(b, mNull), nil
		}
		return appendDecimal(b, nd.Decimal), nil
	}
	cv, _, err := t.Convert(ctx, v)
	if err != nil {
		return b, err
	}
	switch x := cv.(type) {
	case nil:
		return append(b, mNull), nil
	case decimal.Decimal:
		return appendDecimal(b, x), nil
	case decimal.NullDecimal:
		if !x.Valid {
			return append(b, mNull), nil
		}
		return appendDecimal(b, x.Decimal), nil
	}
	return b, fmt.Errorf("keyenc: %s converted to unexpected %T", t.String(), cv)
}

func appendDecimalInt(b []byte, i int64) []byte {
	if i == 0 {
		return append(b, mDecZero)
	}
	var buf [24]byte
	u := uint64(i)
	neg := i < 0
	if neg {
		u = -u
	}
	return appendDecimalDigits(b, neg, strconv.AppendUint(buf[:0], u, 10), 0)
}

func appendDecimal(b []byte, d decimal.Decimal) []byte {
	c := decimalCoefficient(&d)
	if c == nil || c.Sign() == 0 {
		return append(b, mDecZero)
	}
	var buf [80]byte
	var digits []byte
	neg := c.Sign() < 0
	if c.IsInt64() {
		x := c.Int64()
		u := uint64(x)
		if neg {
			u = -u
		}
		digits = strconv.AppendUint(buf[:0], u, 10)
	} else {
		digits = c.Append(buf[:0], 10)
		if digits[0] == '-' {
			digits = digits[1:]
		}
	}
	return appendDecimalDigits(b, neg, digits, int64(d.Exponent()))
}

// appendDecimalDigits encodes ±0.digits × 10^(len(digits)+exp). digits are
// ASCII, non-empty, without leading zeros and not all zero.
func appendDecimalDigits(b []byte, neg bool, digits []byte, exp int64) []byte {
	e := int64(len(digits)) + exp
	for digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	var flip byte
	if neg {
		flip = 0xFF
		b = appendInt(append(b, mDecNeg), -e)
	} else {
		b = appendInt(append(b, mDecPos), e)
	}
	n := len(digits)
	for i := 0; i+1 < n; i += 2 {
		b = append(b, ((digits[i]-'0'+1)<<4|(digits[i+1]-'0'+1))^flip)
	}
	if n%2 == 1 {
		b = append(b, ((digits[n-1]-'0'+1)<<4)^flip)
	} else {
		b = append(b, flip)
	}
	return b
}

// ---------------------------------------------------------------------------
// Character strings

func collationOf(t sql.Type) (sql.CollationID, bool) {
	if st, ok := t.(types.StringType); ok {
		return st.Collation(), true
	}
	if tc, ok := t.(sql.TypeWithCollation); ok {
		return tc.Collation(), true
	}
	return 0, false
}

func appendStringCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	var s string
	switch x := v.(type) {
	case nil:
		return append(b, mNull), nil
	case string:
		s = x
	case []byte:
		s = encodings.BytesToString(x)
	default:
		v2, wrapped, err := unwrap(ctx, v)
		if err != nil {
			return b, err
		}
		if wrapped {
			return appendStringCol(ctx, b, t, v2)
		}
		cv, err := convert(ctx, t, v)
		if err != nil {
			return b, err
		}
		if cv2, wrapped, err := unwrap(ctx, cv); err != nil {
			return b, err
		} else if wrapped {
			cv = cv2
		}
		switch y := cv.(type) {
		case nil:
			return append(b, mNull), nil
		case string:
			s = y
		case []byte:
			s = encodings.BytesToString(y)
		default:
			return b, fmt.Errorf("keyenc: %s converted to unexpected %T", t.String(), cv)
		}
	}
	coll, ok := collationOf(t)
	if !ok {
		return b, fmt.Errorf("%w: string type %s without collation", ErrUnsupportedType, t.String())
	}
	if coll.CharacterSet() == sql.CharacterSet_binary {
		// Binary-charset strings compare bytewise (Binary_RuneWeight is the
		// byte value), which is exactly the escaped-bytes order.
		return appendEscaped(b, s, 0), nil
	}
	sorter := coll.Sorter()
	if sorter == nil {
		return b, fmt.Errorf("%w: collation %s has no sort order implemented", ErrUnsupportedType, coll.Name())
	}
	return appendWeights(b, s, coll, sorter), nil
}

// ---------------------------------------------------------------------------
// Binary strings

func appendBytesCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, mNull), nil
	case string:
		// GMS Compare uses string operands as-is (no BINARY(n) padding),
		// exactly like MySQL compares a BINARY column with a literal.
		return appendEscaped(b, x, 0), nil
	case []byte:
		// GMS Compare converts []byte operands, padding BINARY(n) with 0x00.
		pad := 0
		if t.Type() == sqltypes.Binary {
			if st, ok := t.(sql.StringType); ok {
				pad = int(st.MaxCharacterLength())
			}
		}
		return appendEscaped(b, encodings.BytesToString(x), pad), nil
	}
	v2, wrapped, err := unwrap(ctx, v)
	if err != nil {
		return b, err
	}
	if wrapped {
		return appendBytesCol(ctx, b, t, v2)
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	if cv2, wrapped, err := unwrap(ctx, cv); err != nil {
		return b, err
	} else if wrapped {
		cv = cv2
	}
	switch y := cv.(type) {
	case nil:
		return append(b, mNull), nil
	case []byte:
		return appendEscaped(b, encodings.BytesToString(y), 0), nil
	case string:
		return appendEscaped(b, y, 0), nil
	}
	return b, fmt.Errorf("keyenc: %s converted to unexpected %T", t.String(), cv)
}

// ---------------------------------------------------------------------------
// Temporal types

func appendTime(b []byte, tm time.Time) []byte {
	b = appendInt(append(b, mTime), tm.Unix())
	return AppendUvarint(b, uint64(tm.Nanosecond()))
}

func appendTimeCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, mNull), nil
	case time.Time:
		if t.Type() == sqltypes.Date {
			// Mirrors datetimeType.Compare for time.Time operands.
			x = x.Truncate(24 * time.Hour)
		}
		return appendTime(b, x), nil
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	switch x := cv.(type) {
	case nil:
		return append(b, mNull), nil
	case time.Time:
		return appendTime(b, x), nil
	}
	return b, fmt.Errorf("keyenc: %s converted to unexpected %T", t.String(), cv)
}

func appendTimespanCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(b, mNull), nil
	case types.Timespan:
		return appendInt(b, int64(x)), nil
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	return appendConvertedInt(b, t, cv)
}

// yearFromInt mirrors YearType_.Convert for integers.
func yearFromInt(i int64) (int64, bool) {
	switch {
	case i == 0:
		return 0, true
	case i >= 1 && i <= 69:
		return i + 2000, true
	case i >= 70 && i <= 99:
		return i + 1900, true
	case i >= 1901 && i <= 2155:
		return i, true
	}
	return 0, false
}

func appendYearCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(b, mNull), nil
	}
	if i, ok := goInt(v); ok {
		if y, ok := yearFromInt(i); ok {
			return appendInt(b, y), nil
		}
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	return appendConvertedInt(b, t, cv)
}

// ---------------------------------------------------------------------------
// ENUM, SET, BIT

func appendEnumCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(b, mNull), nil
	}
	if et, ok := t.(sql.EnumType); ok {
		if i, ok := goInt(v); ok && i >= 0 && i <= int64(et.NumberOfElements()) {
			return appendInt(b, i), nil
		}
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	return appendConvertedInt(b, t, cv)
}

func appendSetCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(b, mNull), nil
	}
	if st, ok := t.(sql.SetType); ok {
		if u, ok := v.(uint64); ok {
			n := st.NumberOfElements()
			if n >= 64 || u <= (uint64(1)<<n)-1 {
				return appendUint(b, u), nil
			}
		}
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	return appendConvertedInt(b, t, cv)
}

type bitType interface {
	NumberOfBits() uint8
}

func appendBitCol(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	if v == nil {
		return append(b, mNull), nil
	}
	if bt, ok := t.(bitType); ok {
		if u, ok := v.(uint64); ok {
			n := bt.NumberOfBits()
			if n >= 64 || u <= (uint64(1)<<n)-1 {
				return appendUint(b, u), nil
			}
		}
	}
	cv, err := convert(ctx, t, v)
	if err != nil {
		return b, err
	}
	return appendConvertedInt(b, t, cv)
}
