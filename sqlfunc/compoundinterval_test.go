package sqlfunc

import "testing"

// TestCompoundValue: compound interval text read as MySQL's
// get_interval_info reads it.
func TestCompoundValue(t *testing.T) {
	for _, c := range []struct {
		unit, s string
		want    int64
		ok      bool
	}{
		{"DAY_HOUR", "1 2", 26, true},
		{"DAY_HOUR", "1:2", 26, true},
		{"DAY_HOUR", "1-2", 26, true},
		{"DAY_HOUR", "1::2", 26, true},
		{"DAY_HOUR", "  -1 2", -26, true},
		{"DAY_HOUR", "2", 2, true},
		{"DAY_HOUR", "x", 0, true},
		{"DAY_HOUR", "a1 2", 26, true},
		{"DAY_HOUR", "1 2 ", 26, true},
		{"DAY_HOUR", "1 2 3", 0, false},
		{"DAY_HOUR", "99999999999999999999 1", 0, false},
		{"YEAR_MONTH", "1-2", 14, true},
		{"YEAR_MONTH", "-0-13", -13, true},
		{"DAY_MINUTE", "1 2:3", 1563, true},
		{"DAY_SECOND", "1 2:3:4", 93784, true},
		{"HOUR_SECOND", "1:2:3", 3723, true},
		{"MINUTE_SECOND", "1.5", 65, true},
		{"DAY_MICROSECOND", "1 2:3:4.5", 93784_500_000, true},
		{"DAY_MICROSECOND", "5", 500_000, true},
		{"SECOND_MICROSECOND", "1.1234567", 1_123_456, true},
		{"MINUTE_MICROSECOND", "1:2.000001", 62_000_001, true},
		{"HOUR_MICROSECOND", "1:2:3.25", 3723_250_000, true},
		{"DAY_MICROSECOND", "99999999999 0:0:0.0", 0, false},
	} {
		got, ok := compoundValue(c.s, compoundUnits[c.unit])
		if got != c.want || ok != c.ok {
			t.Errorf("%q %s: %d, %v; want %d, %v", c.s, c.unit, got, ok, c.want, c.ok)
		}
	}
}
