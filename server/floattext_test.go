package server

import (
	"math"
	"testing"
)

// MySQL prints a FLOAT with six significant digits (my_gcvt, FLT_DIG):
// the values MariaDB 10.11 prints for the same floats, whose my_gcvt is
// MySQL's.
func TestFloatText(t *testing.T) {
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
		if got := string(floatText(c.f)); got != c.want {
			t.Errorf("floatText(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}
