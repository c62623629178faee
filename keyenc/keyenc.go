package keyenc

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
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
// t, to b, with an encoder built for this one value (see Encoder.Append).
// Code that encodes many values of one column keeps the column's Encoder
// instead, which looks at the type once.
func AppendValue(ctx *sql.Context, b []byte, t sql.Type, v any) ([]byte, error) {
	e := EncoderFor(t)
	return e.Append(ctx, b, v)
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

// ---------------------------------------------------------------------------
// Decimals

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

// ---------------------------------------------------------------------------
// Temporal types

func appendTime(b []byte, tm time.Time) []byte {
	b = appendInt(append(b, mTime), tm.Unix())
	return AppendUvarint(b, uint64(tm.Nanosecond()))
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
