package sqlfunc

import "testing"

// TestReadNumber: the number a non-strict INSERT reads from the front of a
// string, whether more follows (1265) and whether there is one (1366);
// exponents far out of any range are capped with their sign.
func TestReadNumber(t *testing.T) {
	for _, c := range []struct {
		in, num   string
		trunc, ok bool
		value     string // parseNum's, "" when not ok
	}{
		{"12abc", "12", true, true, "12"},
		{" 7 ", "7", false, true, "7"},
		{"-1.5e1x", "-1.5e1", true, true, "-15"},
		{"abc", "0", true, false, ""},
		{"", "0", true, false, ""},
		{".5", ".5", false, true, "0.5"},
		{"+.x", "0", true, false, ""},
		{"1e99999999999999999999", "1e99999999999999999999", false, true, "1" + zeros(400)},
		{"1e-99999999999999999999", "1e-99999999999999999999", false, true, "0." + zeros(399) + "1"},
	} {
		num, trunc, ok := readNumber(c.in)
		if num != c.num || trunc != c.trunc || ok != c.ok {
			t.Errorf("readNumber(%q) = %q %v %v, want %q %v %v", c.in, num, trunc, ok, c.num, c.trunc, c.ok)
			continue
		}
		if !ok {
			continue
		}
		d, err := parseNum(num)
		if err != nil || d.String() != c.value {
			t.Errorf("parseNum(%q) = %s %v, want %s", num, d.String(), err, c.value)
		}
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}
