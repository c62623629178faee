package keyenc

import (
	"fmt"
	"math"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/encodings"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// Encoder appends the key encoding of values of one SQL type. What the
// encoding needs from the type (its family, collation and sort order, scale,
// padding, range) is looked up once, by EncoderFor, rather than on every
// value: build one per column and keep it with the column's layout.
//
// Every family follows the same path in Append: NULL; the family's own Go
// values, encoded without conversion (fast); GMS's lazy wrappers, unwrapped;
// anything else converted the way GMS's t.Compare converts it (usually
// t.Convert, refusing clamped values) and the result encoded (enc).
//
// The family is a small integer that fast and enc switch on, not a function
// value: calls through function values would make every Encoder escape to
// the heap, and AppendValue builds one per value. The zero Encoder fails
// every value.
type Encoder struct {
	t   sql.Type
	fam family
	// fail rejects every value, NULL included: the type cannot be a key.
	fail error

	// Parameters of the type, by family.
	max    uint64              // ENUM, SET, BIT: the largest value taken as is
	pad    int                 // BINARY(n): []byte operands pad to n bytes
	date   bool                // DATE: time.Time operands truncate to the day
	dec    sql.DecimalType     // DECIMAL
	coll   sql.CollationID     // strings
	sorter sql.CollationSorter // strings (nil: binary charset)
	// collErr is a string type's collation that has no sort order: its
	// non-NULL values cannot be encoded.
	collErr error
}

// EncoderFor returns the encoder of values of type t. Append returns an
// error for every value of a type that cannot be part of a key (JSON,
// geometry), so EncoderFor itself never fails.
//
// Integer Go values for integer columns are encoded exactly, without clamping
// to the column's range, so that lookups with out-of-range literals find
// nothing instead of the clamped boundary row.
func EncoderFor(t sql.Type) Encoder {
	if t == nil {
		return Encoder{fail: fmt.Errorf("%w: nil type", ErrUnsupportedType)}
	}
	e := Encoder{t: t, fam: famConverted}
	switch t.Type() {
	case sqltypes.Int8, sqltypes.Int16, sqltypes.Int24, sqltypes.Int32, sqltypes.Int64,
		sqltypes.Uint8, sqltypes.Uint16, sqltypes.Uint24, sqltypes.Uint32, sqltypes.Uint64:
		e.fam = famInteger
	case sqltypes.Float32, sqltypes.Float64:
		e.fam = famFloat
	case sqltypes.Decimal:
		e.fam = famDecimal
		e.dec, _ = t.(sql.DecimalType)
	case sqltypes.Char, sqltypes.VarChar, sqltypes.Text:
		e.fam = famString
		e.setCollation()
	case sqltypes.Binary, sqltypes.VarBinary, sqltypes.Blob:
		e.fam = famBytes
		if st, ok := t.(sql.StringType); ok && t.Type() == sqltypes.Binary {
			e.pad = int(st.MaxCharacterLength())
		}
	case sqltypes.Date, sqltypes.Datetime, sqltypes.Timestamp:
		e.fam = famTime
		e.date = t.Type() == sqltypes.Date
	case sqltypes.Time:
		e.fam = famTimespan
	case sqltypes.Year:
		e.fam = famYear
	case sqltypes.Enum:
		if et, ok := t.(sql.EnumType); ok {
			e.fam, e.max = famEnum, uint64(et.NumberOfElements())
		}
	case sqltypes.Set:
		if st, ok := t.(sql.SetType); ok {
			e.fam, e.max = famBits, bitsMax(uint(st.NumberOfElements()))
		}
	case sqltypes.Bit:
		if bt, ok := t.(interface{ NumberOfBits() uint8 }); ok {
			e.fam, e.max = famBits, bitsMax(uint(bt.NumberOfBits()))
		}
	case sqltypes.Null:
		e.fam = famNullType
	default:
		e.fail = fmt.Errorf("%w: %s", ErrUnsupportedType, t.String())
	}
	return e
}

// family is how an Encoder encodes: what it takes without conversion and
// what its conversions produce.
type family uint8

const (
	famNone      family = iota // zero Encoder
	famConverted               // ENUM, SET, BIT of unknown shape: always t.Convert, to an integer
	famInteger
	famFloat
	famDecimal
	famString
	famBytes
	famTime
	famTimespan
	famYear
	famEnum
	famBits // SET bitmaps and BIT values
	famNullType
)

// fast encodes the family's own Go values; ok is false for anything that
// needs conversion first.
func (e *Encoder) fast(b []byte, v any) (out []byte, ok bool, err error) {
	switch e.fam {
	case famInteger:
		out, ok = appendGoInt(b, v)
		return out, ok, nil
	case famFloat:
		return fastFloat(b, v)
	case famDecimal:
		return e.fastDecimal(b, v)
	case famString:
		return e.fastString(b, v)
	case famBytes:
		return e.fastBytes(b, v)
	case famTime:
		return e.fastTime(b, v)
	case famTimespan:
		return fastTimespan(b, v)
	case famYear:
		return fastYear(b, v)
	case famEnum:
		return e.fastEnum(b, v)
	case famBits:
		return e.fastBits(b, v)
	case famNullType:
		return b, false, fmt.Errorf("%w: non-NULL value %v for NULL type", ErrUnsupportedType, v)
	}
	return b, false, nil
}

// convert converts v to the column type the way GMS Compare does.
func (e *Encoder) convert(ctx *sql.Context, v any) (any, error) {
	if e.fam == famDecimal && e.dec != nil {
		return e.convDecimal(v)
	}
	return convert(ctx, e.t, v)
}

// enc encodes a non-NULL result of convert.
func (e *Encoder) enc(b []byte, cv any) ([]byte, error) {
	switch e.fam {
	case famFloat:
		return e.encFloat(b, cv)
	case famDecimal:
		return e.encDecimal(b, cv)
	case famString:
		return e.encString(b, cv)
	case famBytes:
		return e.encBytes(b, cv)
	case famTime:
		return e.encTime(b, cv)
	}
	return e.encConvertedInt(b, cv)
}

// Append appends the encoding of v to b. v == nil encodes NULL, which sorts
// before every non-NULL value (MySQL ascending order). v may arrive as a
// different Go type than the column's canonical one (e.g. int8 literal for
// an INT column, a string for a DATETIME, decimal.Decimal vs string): it is
// then converted the way GMS's t.Compare converts it. On error b is returned
// unchanged.
func (e *Encoder) Append(ctx *sql.Context, b []byte, v any) ([]byte, error) {
	if e.fail != nil || e.fam == famNone {
		return b, e.failure()
	}
	if v == nil {
		return append(b, mNull), nil
	}
	if out, ok, err := e.fast(b, v); err != nil {
		return b, err
	} else if ok {
		return out, nil
	}
	if w, ok := v.(sql.AnyWrapper); ok {
		u, err := w.UnwrapAny(ctx)
		if err != nil {
			return b, err
		}
		return e.Append(ctx, b, u)
	}
	cv, err := e.convert(ctx, v)
	if err != nil {
		return b, err
	}
	if w, ok := cv.(sql.AnyWrapper); ok {
		if cv, err = w.UnwrapAny(ctx); err != nil {
			return b, err
		}
	}
	if cv == nil {
		return append(b, mNull), nil
	}
	out, err := e.enc(b, cv)
	if err != nil {
		return b, err
	}
	return out, nil
}

func (e *Encoder) failure() error {
	if e.fail != nil {
		return e.fail
	}
	return fmt.Errorf("%w: zero Encoder", ErrUnsupportedType)
}

// unexpected reports a conversion result the family cannot encode.
func (e *Encoder) unexpected(cv any) error {
	return fmt.Errorf("keyenc: %s converted to unexpected %T", e.t.String(), cv)
}

func bitsMax(n uint) uint64 {
	if n >= 64 {
		return math.MaxUint64
	}
	return uint64(1)<<n - 1
}

// Integers, TIME, YEAR, ENUM, SET and BIT: converted values are integers.

func (e *Encoder) encConvertedInt(b []byte, cv any) ([]byte, error) {
	if out, ok := appendGoInt(b, cv); ok {
		return out, nil
	}
	if ts, ok := cv.(types.Timespan); ok {
		return appendInt(b, int64(ts)), nil
	}
	return b, e.unexpected(cv)
}

func fastTimespan(b []byte, v any) ([]byte, bool, error) {
	if ts, ok := v.(types.Timespan); ok {
		return appendInt(b, int64(ts)), true, nil
	}
	return b, false, nil
}

func fastYear(b []byte, v any) ([]byte, bool, error) {
	if i, ok := goInt(v); ok {
		if y, ok := yearFromInt(i); ok {
			return appendInt(b, y), true, nil
		}
	}
	return b, false, nil
}

// fastEnum takes element numbers (0 is the empty string of invalid values).
func (e *Encoder) fastEnum(b []byte, v any) ([]byte, bool, error) {
	if i, ok := goInt(v); ok && i >= 0 && uint64(i) <= e.max {
		return appendInt(b, i), true, nil
	}
	return b, false, nil
}

// fastBits takes SET bitmaps and BIT values within the type's bits.
func (e *Encoder) fastBits(b []byte, v any) ([]byte, bool, error) {
	if u, ok := v.(uint64); ok && u <= e.max {
		return appendUint(b, u), true, nil
	}
	return b, false, nil
}

// Floats

func fastFloat(b []byte, v any) ([]byte, bool, error) {
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case float32:
		f = float64(x)
	case int64:
		f = float64(x)
	case int32:
		f = float64(x)
	case int:
		f = float64(x)
	case uint64:
		f = float64(x)
	default:
		return b, false, nil
	}
	out, err := appendFloat(b, f)
	return out, true, err
}

func (e *Encoder) encFloat(b []byte, cv any) ([]byte, error) {
	switch x := cv.(type) {
	case float64:
		return appendFloat(b, x)
	case float32:
		return appendFloat(b, float64(x))
	}
	return b, e.unexpected(cv)
}

// Decimals

func (e *Encoder) fastDecimal(b []byte, v any) ([]byte, bool, error) {
	if e.dec == nil {
		return b, false, nil
	}
	if x, ok := v.(decimal.Decimal); ok {
		// GMS Compare rounds column decimals to the column scale; a value
		// that already has no more fractional digits is unchanged by that.
		if -int64(x.Exponent()) <= int64(e.dec.Scale()) {
			return appendDecimal(b, x), true, nil
		}
		return b, false, nil
	}
	// Integers are exact decimals and never need rounding.
	if i, ok := goInt(v); ok {
		return appendDecimalInt(b, i), true, nil
	}
	return b, false, nil
}

// convDecimal rounds to the column's scale as GMS Compare does.
func (e *Encoder) convDecimal(v any) (any, error) {
	nd, err := e.dec.ConvertToNullDecimal(v)
	if err != nil {
		return nil, fmt.Errorf("keyenc: converting %v (%T) to %s: %w", v, v, e.t.String(), err)
	}
	if !nd.Valid {
		return nil, nil
	}
	return nd.Decimal, nil
}

func (e *Encoder) encDecimal(b []byte, cv any) ([]byte, error) {
	switch x := cv.(type) {
	case decimal.Decimal:
		return appendDecimal(b, x), nil
	case decimal.NullDecimal:
		if !x.Valid {
			return append(b, mNull), nil
		}
		return appendDecimal(b, x.Decimal), nil
	}
	return b, e.unexpected(cv)
}

// Character strings

func (e *Encoder) setCollation() {
	coll, ok := collationOf(e.t)
	switch {
	case !ok:
		e.collErr = fmt.Errorf("%w: string type %s without collation", ErrUnsupportedType, e.t.String())
	case coll.CharacterSet() == sql.CharacterSet_binary:
		// Binary-charset strings compare bytewise (Binary_RuneWeight is the
		// byte value), which is exactly the escaped-bytes order: no sorter.
		e.coll = coll
	default:
		e.coll, e.sorter = coll, coll.Sorter()
		if e.sorter == nil {
			e.collErr = fmt.Errorf("%w: collation %s has no sort order implemented", ErrUnsupportedType, coll.Name())
		}
	}
}

func (e *Encoder) appendString(b []byte, s string) ([]byte, error) {
	if e.collErr != nil {
		return b, e.collErr
	}
	if e.sorter == nil {
		return appendEscaped(b, s, 0), nil
	}
	return appendWeights(b, s, e.coll, e.sorter), nil
}

func (e *Encoder) fastString(b []byte, v any) ([]byte, bool, error) {
	switch x := v.(type) {
	case string:
		out, err := e.appendString(b, x)
		return out, true, err
	case []byte:
		out, err := e.appendString(b, encodings.BytesToString(x))
		return out, true, err
	}
	return b, false, nil
}

func (e *Encoder) encString(b []byte, cv any) ([]byte, error) {
	if out, ok, err := e.fastString(b, cv); ok || err != nil {
		return out, err
	}
	return b, e.unexpected(cv)
}

// Binary strings

func (e *Encoder) fastBytes(b []byte, v any) ([]byte, bool, error) {
	switch x := v.(type) {
	case string:
		// GMS Compare uses string operands as-is (no BINARY(n) padding),
		// exactly like MySQL compares a BINARY column with a literal.
		return appendEscaped(b, x, 0), true, nil
	case []byte:
		// GMS Compare converts []byte operands, padding BINARY(n) with 0x00.
		return appendEscaped(b, encodings.BytesToString(x), e.pad), true, nil
	}
	return b, false, nil
}

func (e *Encoder) encBytes(b []byte, cv any) ([]byte, error) {
	switch y := cv.(type) {
	case []byte:
		return appendEscaped(b, encodings.BytesToString(y), 0), nil
	case string:
		return appendEscaped(b, y, 0), nil
	}
	return b, e.unexpected(cv)
}

// Temporal types

func (e *Encoder) fastTime(b []byte, v any) ([]byte, bool, error) {
	x, ok := v.(time.Time)
	if !ok {
		return b, false, nil
	}
	if e.date {
		// Mirrors datetimeType.Compare for time.Time operands.
		x = x.Truncate(24 * time.Hour)
	}
	return appendTime(b, x), true, nil
}

func (e *Encoder) encTime(b []byte, cv any) ([]byte, error) {
	if x, ok := cv.(time.Time); ok {
		return appendTime(b, x), nil
	}
	return b, e.unexpected(cv)
}
