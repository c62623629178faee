package sqlfunc

import (
	"math"
	"testing"
)

func TestIntPrefix(t *testing.T) {
	for _, c := range []struct {
		in                   string
		mag                  uint64
		neg, clean, overflow bool
	}{
		{"12", 12, false, true, false},
		{"12abc", 12, false, false, false},
		{"  -12x", 12, true, false, false},
		{"+7", 7, false, true, false},
		{" +7 ", 7, false, false, false}, // MySQL warns on trailing spaces in CAST
		{"1.9", 1, false, false, false},
		{"1e2", 1, false, false, false},
		{"abc", 0, false, false, false},
		{"", 0, false, false, false},
		{"-", 0, true, false, false},
		{"18446744073709551615", math.MaxUint64, false, true, false},
		{"18446744073709551616", math.MaxUint64, false, false, true},
		{"99999999999999999999", math.MaxUint64, false, false, true},
	} {
		mag, neg, clean, overflow := intPrefix(c.in)
		if mag != c.mag || neg != c.neg || clean != c.clean || overflow != c.overflow {
			t.Errorf("intPrefix(%q) = %d %v %v %v, want %d %v %v %v", c.in, mag, neg, clean, overflow, c.mag, c.neg, c.clean, c.overflow)
		}
	}
}

func TestNumPrefix(t *testing.T) {
	for _, c := range []struct {
		in, num string
		clean   bool
	}{
		{"12", "12", true},
		{"  12", "12", true},
		{"12  ", "12", true},
		{"1e2", "1e2", true},
		{"1E-2x", "1E-2", false},
		{"1e", "1", false},
		{".5", ".5", true},
		{"5.", "5.", true},
		{"-1.5x", "-1.5", false},
		{"abc", "0", false},
		{"-", "0", false},
		{".", "0", false},
		{"", "0", false},
	} {
		num, clean := numPrefix(c.in)
		if num != c.num || clean != c.clean {
			t.Errorf("numPrefix(%q) = %q %v, want %q %v", c.in, num, clean, c.num, c.clean)
		}
	}
}
