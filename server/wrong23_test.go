package server

import (
	"testing"
)

// TestCurDatePlusZero: CURDATE() in arithmetic is the number YYYYMMDD, as
// NOW() is YYYYMMDDhhmmss and CURTIME() hhmmss; Myriad's CURDATE() (text
// in GMS) read as its numeric prefix, the year.
func TestCurDatePlusZero(t *testing.T) {
	ts := startServer(t, t.TempDir())
	day := rowsText(t, ts, "", "SELECT DATE_FORMAT(CURDATE(), '%Y%m%d'), DATE_FORMAT(UTC_DATE(), '%Y%m%d')")
	var cur, utc string
	for i, c := range day {
		if c == ',' {
			cur, utc = day[:i], day[i+1:]
		}
	}
	if len(cur) != 8 {
		t.Fatalf("DATE_FORMAT(CURDATE()): %q", day)
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT CURDATE() + 0", cur},
		{"SELECT CURRENT_DATE + 0", cur},
		{"SELECT CURDATE() - 0", cur},
		{"SELECT UTC_DATE() + 0", utc},
		{"SELECT CURDATE() + 0 = DATE_FORMAT(CURDATE(), '%Y%m%d') + 0", "1"},
		{"SELECT CURDATE() * 1 > 19700101", "1"},
		{"SELECT CAST(CURDATE() AS SIGNED)", cur},
		{"SELECT CAST(CURDATE() AS UNSIGNED) = CURDATE() + 0", "1"},
		{"SELECT LENGTH(NOW() + 0), LENGTH(CURTIME() + 0) BETWEEN 1 AND 6", "14,1"},
	} {
		if got := rowsText(t, ts, "", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}
