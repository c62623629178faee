package floatfmt

import (
	"math"
	"testing"
)

// The texts are MariaDB 10.11's for the same values (its my_gcvt is
// MySQL's): SELECT <literal>e0 for doubles, a FLOAT column for floats.
func TestAppendDouble(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{1234567, "1234567"},
		{12345678.5, "12345678.5"},
		{-1e6, "-1000000"},
		{1e10, "10000000000"},
		{1e15, "1e15"},
		{1e20, "1e20"},
		{123456789012345678, "1.2345678901234568e17"},
		{1.5e-5, "0.000015"},
		{1e-7, "0.0000001"},
		{1e-14, "0.00000000000001"},
		{1e-15, "0.000000000000001"},
		{1e-16, "1e-16"},
		{0.123456789012345678, "0.12345678901234568"},
		{123456789012345.6, "123456789012345.6"},
		{1234567890123456.7, "1234567890123456.8"},
		{123456789012.5, "123456789012.5"},
		{float64(float32(3.4e38)), "3.3999999521443642e38"},
		{1e300, "1e300"},
		{2.5e-300, "2.5e-300"},
		{math.MaxFloat64, "1.7976931348623157e308"},
		{5e-324, "5e-324"},
		{0, "0"},
		{math.Copysign(0, -1), "-0"},
		{0.1, "0.1"},
		{-2.5, "-2.5"},
		{100, "100"},
		{999999999999999, "999999999999999"},
	} {
		if got := string(AppendDouble(nil, c.f)); got != c.want {
			t.Errorf("AppendDouble(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// MySQL prints a FLOAT with six significant digits (FLT_DIG).
func TestAppendFloat(t *testing.T) {
	for _, c := range []struct {
		f    float32
		want string
	}{
		{12345.678, "12345.7"},
		{1.23456789, "1.23457"},
		{123456789, "123457000"},
		{0.1, "0.1"},
		{-0.000001234567, "-0.00000123457"},
		{18446744073709551615, "1.84467e19"},
		{-9223372036854775808, "-9.22337e18"},
		{math.MaxFloat32, "3.40282e38"},
		{3.4e38, "3.4e38"},
		{1e-20, "1e-20"},
		{1e15, "1e15"},
		{1e14, "100000000000000"},
		{1.5e-15, "0.0000000000000015"},
		{1e-16, "1e-16"},
		{42, "42"},
		{0, "0"},
		{-2.5, "-2.5"},
		{999999.5, "1000000"},
		{0.5, "0.5"},
		{100000, "100000"},
		{1234567, "1234570"},
		{123.456789e-10, "0.0000000123457"},
	} {
		if got := string(AppendFloat(nil, c.f)); got != c.want {
			t.Errorf("AppendFloat(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestAppendFixed(t *testing.T) {
	for _, c := range []struct {
		f    float64
		d    int
		bits int
		want string
	}{
		{3.141592653589793, 18, 64, "3.141592653589793000"},
		{3.141592653589793, 6, 64, "3.141593"},
		{3.5, 2, 64, "3.50"},
		{7, 2, 64, "7.00"},
		{1.1666666666666667, 6, 64, "1.166667"},
		{float64(float32(13.37)), 4, 32, "13.3700"},
		{-2.5, 0, 64, "-2"},
		{0.125, 2, 64, "0.12"},
	} {
		if got := string(AppendFixed(nil, c.f, c.d, c.bits)); got != c.want {
			t.Errorf("AppendFixed(%v, %d, %d) = %s, want %s", c.f, c.d, c.bits, got, c.want)
		}
	}
}
