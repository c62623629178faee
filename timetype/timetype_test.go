package timetype

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// maxTime is 838:59:59, TIME's upper end, in microseconds.
const maxTime = types.Timespan(838*3_600_000_000 + 59*60_000_000 + 59*1_000_000)

// TestRound: MySQL rounds a TIME(n) value's fraction half away from
// zero, carrying into seconds, minutes and hours; n = 6 (or a precision
// out of range) keeps the value.
func TestRound(t *testing.T) {
	for _, c := range []struct {
		in   types.Timespan
		fsp  int
		want types.Timespan
	}{
		{125_000, 2, 130_000},
		{124_999, 2, 120_000},
		{-125_000, 2, -130_000},
		{-124_999, 2, -120_000},
		{500_000, 0, 1_000_000},
		{499_999, 0, 0},
		{-500_000, 0, -1_000_000},
		{-499_999, 0, 0},
		{999_995, 5, 1_000_000},           // into the seconds
		{59_999_999, 0, 60_000_000},       // into the minutes
		{3_599_999_500, 3, 3_600_000_000}, // into the hours
		{1_234_567, 6, 1_234_567},
		{1_234_567, 7, 1_234_567},
		{1_234_567, -1, 1_234_567},
		{1_234_567, 1, 1_200_000},
		{1_234_567, 3, 1_235_000},
		{maxTime, 0, maxTime},
		{-maxTime, 3, -maxTime},
		{maxTime - 1, 0, maxTime},
		{0, 0, 0},
	} {
		if got := Round(c.in, c.fsp); got != c.want {
			t.Errorf("Round(%d, %d) = %d, want %d", c.in, c.fsp, got, c.want)
		}
	}
}

// TestAppendText: [-]hh:mm:ss with at least two hour digits and exactly
// n fractional digits after rounding to n; a negative value that rounds
// to zero prints without its sign.
func TestAppendText(t *testing.T) {
	for _, c := range []struct {
		in   types.Timespan
		fsp  int
		want string
	}{
		{0, 0, "00:00:00"},
		{0, 3, "00:00:00.000"},
		{45_296_000_000, 0, "12:34:56"},
		{36_000_125_000, 2, "10:00:00.13"},
		{36_000_125_000, 3, "10:00:00.125"},
		{36_000_125_000, 6, "10:00:00.125000"},
		{36_000_125_000, 0, "10:00:00"},
		{1_000_001, 6, "00:00:01.000001"},
		{1_000_001, 5, "00:00:01.00000"},
		{-500_000, 0, "-00:00:01"},
		{-500_000, 1, "-00:00:00.5"},
		{-45_296_789_000, 2, "-12:34:56.79"},
		{-1, 0, "00:00:00"},
		{-1, 6, "-00:00:00.000001"},
		{360_000_000_000, 0, "100:00:00"},
		{maxTime, 0, "838:59:59"},
		{maxTime, 6, "838:59:59.000000"},
		{-maxTime, 0, "-838:59:59"},
		{-maxTime, 2, "-838:59:59.00"},
		{36_000_125_000, -1, "10:00:00.125000"}, // out of range: six digits
		{36_000_125_000, 7, "10:00:00.125000"},
	} {
		if got := string(AppendText(nil, c.in, c.fsp)); got != c.want {
			t.Errorf("AppendText(%d, %d) = %q, want %q", c.in, c.fsp, got, c.want)
		}
	}
	if got := string(AppendText([]byte("t="), 61_000_000, 0)); got != "t=00:01:01" {
		t.Errorf("AppendText after a prefix: %q", got)
	}
}

// TestParseAndPrint: a value given to a TIME(n) column or CAST — text
// in MySQL's formats, or a number hhmmss — is read (GMS's parser, through
// the embedded type), clamped to -838:59:59..838:59:59 and printed with n
// digits. Every answer here is MariaDB 10.11's for a TIME(n) column under
// sql_mode TIME_ROUND_FRACTIONAL (MySQL's rounding; MariaDB truncates
// without it), but at the bounds: MariaDB's TIME ends at 838:59:59.999999,
// MySQL's at 838:59:59.000000, and Myriad follows MySQL there.
func TestParseAndPrint(t *testing.T) {
	for _, c := range []struct {
		in   any
		fsp  int
		want string
	}{
		{"10:00:00.125", 2, "10:00:00.13"},
		{"10:00:00.125", 0, "10:00:00"},
		{"10:00:00.125", 6, "10:00:00.125000"},
		{"10:00:00.1234567", 6, "10:00:00.123457"}, // a seventh digit rounds
		{"-00:00:00.5", 0, "-00:00:01"},
		{"-00:00:00.5", 2, "-00:00:00.50"},
		{"-12:34:56.785", 2, "-12:34:56.79"},
		{"12:34", 0, "12:34:00"},
		{"123456", 0, "12:34:56"},
		{"34.5", 0, "00:00:35"},
		{"34.5", 1, "00:00:34.5"},
		{"838:59:59", 0, "838:59:59"},
		{"838:59:59", 3, "838:59:59.000"},
		{"-838:59:59", 0, "-838:59:59"},
		{"838:59:59.5", 0, "838:59:59"}, // the bound has no fraction
		{"838:59:59.999999", 6, "838:59:59.000000"},
		{"-838:59:59.999999", 6, "-838:59:59.000000"},
		{"839:00:00", 0, "838:59:59"},
		{"-839:00:00", 2, "-838:59:59.00"},
		{"838:59:58.9999995", 6, "838:59:59.000000"},
		{"838:59:58.5", 0, "838:59:59"},
		{int64(123456), 0, "12:34:56"},
		{int64(-8385959), 0, "-838:59:59"},
		{int64(8390000), 0, "838:59:59"},
		{1234.5, 0, "00:12:35"},
		{1234.5, 1, "00:12:34.5"},
	} {
		v, err := New(c.fsp).SQL(nil, nil, c.in)
		if err != nil {
			t.Errorf("TIME(%d) of %v: %v", c.fsp, c.in, err)
			continue
		}
		if got := v.ToString(); got != c.want {
			t.Errorf("TIME(%d) of %v = %q, want %q", c.fsp, c.in, got, c.want)
		}
	}
	// No time at all: MySQL's CAST gives NULL with a warning, a strict
	// INSERT error 1292; the type reports it and its callers decide.
	for _, bad := range []string{"abc", "25:61:00"} {
		if v, err := New(0).SQL(nil, nil, bad); err == nil {
			t.Errorf("TIME of %q = %q, want an error", bad, v.ToString())
		}
	}
	if v, err := New(3).SQL(nil, nil, nil); err != nil || !v.IsNull() {
		t.Errorf("TIME(3) of NULL = %v, %v", v, err)
	}
}

// TestDescription: the type's name, its field length (which carries the
// precision to the client) and the precision read back from the length.
func TestDescription(t *testing.T) {
	names := []string{"time", "time(1)", "time(2)", "time(3)", "time(4)", "time(5)", "time(6)"}
	lengths := []uint32{10, 12, 13, 14, 15, 16, 17}
	for fsp := 0; fsp <= MaxPrecision; fsp++ {
		tt := New(fsp)
		if tt.Precision() != fsp || tt.String() != names[fsp] {
			t.Errorf("New(%d): precision %d, name %q", fsp, tt.Precision(), tt.String())
		}
		if l := tt.MaxTextResponseByteLength(nil); l != lengths[fsp] || DisplayLength(fsp) != l {
			t.Errorf("TIME(%d) length %d, want %d", fsp, l, lengths[fsp])
		}
		if got := PrecisionOfLength(lengths[fsp]); got != fsp {
			t.Errorf("PrecisionOfLength(%d) = %d, want %d", lengths[fsp], got, fsp)
		}
		if p, ok := PrecisionOf(tt); !ok || p != fsp {
			t.Errorf("PrecisionOf(TIME(%d)) = %d, %v", fsp, p, ok)
		}
		if !Is(tt) || !tt.Equals(New(fsp)) || tt.Promote() != sql.Type(tt) {
			t.Errorf("TIME(%d) is not itself", fsp)
		}
		if tt.Equals(New((fsp + 1) % (MaxPrecision + 1))) {
			t.Errorf("TIME(%d) equals another precision", fsp)
		}
		if tt.Equals(types.Time) != (fsp == MaxPrecision) {
			t.Errorf("TIME(%d) equals GMS's TIME: %v", fsp, tt.Equals(types.Time))
		}
	}
	if New(-3).Precision() != 0 || New(9).Precision() != MaxPrecision {
		t.Errorf("precision not clamped: %d, %d", New(-3).Precision(), New(9).Precision())
	}
	if p, ok := PrecisionOf(types.Time); !ok || p != MaxPrecision || !Is(types.Time) {
		t.Errorf("GMS's TIME: precision %d, %v", p, ok)
	}
	if _, ok := PrecisionOf(types.Int64); ok || Is(types.Int64) || New(0).Equals(types.Int64) {
		t.Errorf("BIGINT taken for a TIME type")
	}
	if got := PrecisionOfLength(11); got != 0 {
		t.Errorf("PrecisionOfLength(11) = %d", got)
	}
	if got := PrecisionOfLength(40); got != MaxPrecision {
		t.Errorf("PrecisionOfLength(40) = %d", got)
	}
}
