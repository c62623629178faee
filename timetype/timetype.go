// Package timetype is MySQL's TIME(n): go-mysql-server's TIME type (which is
// always TIME(6): it keeps microseconds, prints them when they are not zero
// and reports no precision) with the fractional-seconds precision a column
// or a CAST declares. The precision decides how a value is stored (rounded
// to n digits, as MySQL rounds), printed (exactly n digits, in both
// protocols) and described (`time(n)`, the field packet's decimals,
// information_schema's DATETIME_PRECISION).
//
// It owns the type, its rounding and its text; it must never hold state or
// import other Myriad packages (catalog, engine, sqlfunc and server all
// import it). Values stay GMS's types.Timespan, and Convert keeps every
// microsecond: comparisons, index ranges and join keys read a constant at
// full precision as MySQL does (`a = '10:00:00.125'` matches no TIME(2)
// value); only the places that store a value round it (Round).
package timetype

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// MaxPrecision is the largest fractional-seconds precision (microseconds).
const MaxPrecision = 6

// Type is TIME(n). It embeds GMS's TIME so that GMS's code that asks for a
// types.TimeType (comparisons, conversions) treats it as TIME; the few
// places that test for GMS's concrete type are covered by Is.
type Type struct {
	types.TimespanType_
	fsp uint8
}

var (
	_ types.TimeType         = Type{}
	_ sql.CollationCoercible = Type{}
)

// New is TIME(fsp); fsp is clamped to 0..6.
func New(fsp int) Type {
	if fsp < 0 {
		fsp = 0
	}
	if fsp > MaxPrecision {
		fsp = MaxPrecision
	}
	return Type{fsp: uint8(fsp)}
}

// Precision is n.
func (t Type) Precision() int { return int(t.fsp) }

// Is reports whether t is a TIME type: GMS's or this package's.
func Is(t sql.Type) bool {
	if _, ok := t.(Type); ok {
		return true
	}
	return types.IsTimespan(t)
}

// PrecisionOf is the fractional-seconds precision of a TIME type: n for
// TIME(n), 6 for GMS's TIME (it keeps microseconds). ok is false for other
// types.
func PrecisionOf(t sql.Type) (fsp int, ok bool) {
	if tt, is := t.(Type); is {
		return int(tt.fsp), true
	}
	if types.IsTimespan(t) {
		return MaxPrecision, true
	}
	return 0, false
}

// pow10 holds the microseconds in one unit of the last digit kept.
var pow10 = [...]int64{1_000_000, 100_000, 10_000, 1_000, 100, 10, 1}

// Round rounds v to fsp fractional digits, half away from zero, as MySQL
// rounds a value stored into a TIME(fsp) column. The result stays in TIME's
// range: its ends have no fraction, so rounding never passes them.
func Round(v types.Timespan, fsp int) types.Timespan {
	if fsp >= MaxPrecision || fsp < 0 {
		return v
	}
	unit := pow10[fsp]
	us := int64(v)
	neg := us < 0
	if neg {
		us = -us
	}
	us = (us + unit/2) / unit * unit
	if neg {
		us = -us
	}
	return types.Timespan(us)
}

// AppendText appends v as MySQL prints a TIME(fsp): [-]hh:mm:ss and, when
// fsp > 0, exactly fsp fractional digits; v is rounded to fsp first.
func AppendText(dest []byte, v types.Timespan, fsp int) []byte {
	if fsp < 0 || fsp > MaxPrecision {
		fsp = MaxPrecision
	}
	us := int64(Round(v, fsp))
	if us < 0 {
		dest = append(dest, '-')
		us = -us
	}
	h := us / 3_600_000_000
	m := us / 60_000_000 % 60
	s := us / 1_000_000 % 60
	dest = appendPadded(dest, h, 2)
	dest = append(dest, ':')
	dest = appendPadded(dest, m, 2)
	dest = append(dest, ':')
	dest = appendPadded(dest, s, 2)
	if fsp > 0 {
		dest = append(dest, '.')
		dest = appendPadded(dest, us%1_000_000/pow10[fsp], fsp)
	}
	return dest
}

func appendPadded(dest []byte, v int64, width int) []byte {
	var buf [20]byte
	i := len(buf)
	for v > 0 || i == len(buf) {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
	}
	for n := len(buf) - i; n < width; n++ {
		dest = append(dest, '0')
	}
	return append(dest, buf[i:]...)
}

// String is the type as SHOW CREATE TABLE and information_schema spell it.
func (t Type) String() string {
	if t.fsp == 0 {
		return "time"
	}
	return fmt.Sprintf("time(%d)", t.fsp)
}

// SQL prints the value with exactly n fractional digits (GMS prints six,
// or none when they are all zero).
func (t Type) SQL(_ *sql.Context, dest []byte, v interface{}) (sqltypes.Value, error) {
	if v == nil {
		return sqltypes.NULL, nil
	}
	ts, err := t.ConvertToTimespan(v)
	if err != nil {
		return sqltypes.Value{}, err
	}
	return sqltypes.MakeTrusted(sqltypes.Time, AppendText(dest[:0:0], ts, int(t.fsp))), nil
}

// MaxTextResponseByteLength is the field packet's column length, MySQL's:
// 10 for TIME ("-838:59:59"), plus the point and n digits. The server reads
// the precision back from it (there is no other place for it in a field).
func (t Type) MaxTextResponseByteLength(*sql.Context) uint32 {
	return DisplayLength(int(t.fsp))
}

// DisplayLength is the column length of a TIME(fsp) field.
func DisplayLength(fsp int) uint32 {
	if fsp <= 0 {
		return 10
	}
	return 11 + uint32(fsp)
}

// PrecisionOfLength inverts DisplayLength: the precision a TIME field of
// column length l reports. GMS's own TIME reports 17, which is TIME(6).
func PrecisionOfLength(l uint32) int {
	if l <= 11 {
		return 0
	}
	if l >= 17 {
		return MaxPrecision
	}
	return int(l - 11)
}

// Equals: TIME(n) equals TIME(n); GMS's TIME is TIME(6).
func (t Type) Equals(other sql.Type) bool {
	switch o := other.(type) {
	case Type:
		return o.fsp == t.fsp
	case types.TimespanType_:
		return t.fsp == MaxPrecision
	}
	return false
}

// Promote keeps the precision (GMS's would return its TIME).
func (t Type) Promote() sql.Type { return t }
