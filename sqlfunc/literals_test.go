package sqlfunc

import (
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

func TestParseDatetime(t *testing.T) {
	for _, c := range []struct {
		in       string
		want     string // "" when invalid
		hasTime  bool
		fraction int
	}{
		{"2024-01-02", "2024-01-02 00:00:00", false, 0},
		{"2024/1/2", "2024-01-02 00:00:00", false, 0},
		{"24-01-02", "2024-01-02 00:00:00", false, 0},
		{"70-01-02", "1970-01-02 00:00:00", false, 0},
		{"20240102", "2024-01-02 00:00:00", false, 0},
		{"2024-01-02 10:00", "2024-01-02 10:00:00", true, 0},
		{"2024-01-02T10:20:30.25", "2024-01-02 10:20:30.25", true, 2},
		{"20240102102030.5", "2024-01-02 10:20:30.5", true, 1},
		{"2024-13-01", "", false, 0},
		{"2024-02-30", "", false, 0},
		{"0000-00-00", "", false, 0},
		{"2024-01-02 24:00:00", "", false, 0},
		{"2024-01-02 10:00:00.1234567", "", false, 0},
		{"x", "", false, 0},
		{"2024-01", "", false, 0},
	} {
		got, frac, hasTime, ok := parseDatetime(c.in)
		if ok != (c.want != "") {
			t.Errorf("parseDatetime(%q): ok %v", c.in, ok)
			continue
		}
		if !ok {
			continue
		}
		if s := got.Format("2006-01-02 15:04:05.999999"); s != c.want || hasTime != c.hasTime || frac != c.fraction {
			t.Errorf("parseDatetime(%q) = %s, %v, %d; want %s, %v, %d", c.in, s, hasTime, frac, c.want, c.hasTime, c.fraction)
		}
	}
}

func TestParseTime(t *testing.T) {
	for in, want := range map[string]string{
		"10:00:00": "10:00:00", "1 10:00": "34:00:00", "25:00:00": "25:00:00", "-10:00:00": "-10:00:00",
		"101112": "10:11:12", "10:00:00.25": "10:00:00.250000", "838:59:59": "838:59:59", "12": "00:00:12",
		"839:00:00": "", "10:60:00": "", "x": "", "10:00:00.": "", "1:2:3:4": "",
	} {
		got, ok := parseTime(in)
		if ok != (want != "") || ok && got.String() != want {
			t.Errorf("parseTime(%q) = %v, %v; want %q", in, got, ok, want)
		}
	}
	_ = types.Time
}

func TestDecimalToDatetime(t *testing.T) {
	for in, want := range map[string]string{
		"20240102": "2024-01-02 00:00:00", "240102": "2024-01-02 00:00:00", "20240101.5": "2024-01-01 00:00:00",
		"20240102100000.5": "2024-01-02 10:00:00.5", "2024010": "", "20240230": "", "0": "", "-20240102": "",
	} {
		got, ok := decimalToDatetime(decimal.RequireFromString(in))
		if ok != (want != "") || ok && got.Format("2006-01-02 15:04:05.999999") != want {
			t.Errorf("decimalToDatetime(%s) = %v, %v; want %q", in, got, ok, want)
		}
	}
	if f, exact := truncateTo(time.Date(2024, 1, 2, 10, 0, 0, 500_000_000, time.UTC), types.Datetime); exact || f.Nanosecond() != 0 {
		t.Errorf("truncateTo DATETIME(0) of .5 = %v, %v", f, exact)
	}
}
