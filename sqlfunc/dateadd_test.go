package sqlfunc

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql/expression"
)

// TestAddInterval: date arithmetic over spans beyond a time.Duration
// (~292 years), at the range's ends, with months clamping the day, and
// into year 0 as MySQL's date_add_interval goes there.
func TestAddInterval(t *testing.T) {
	d := func(s string) mysqlTime {
		if strings.HasPrefix(s, "0000-") {
			// Go's calendar cannot parse year 0's Feb 29 etc.; only
			// these shapes are used below.
			var r mysqlTime
			if _, err := fmt.Sscanf(s, "%04d-%02d-%02d %02d:%02d:%02d.%06d", &r.y, &r.m, &r.d, &r.h, &r.mi, &r.s, &r.us); err != nil {
				if _, err := fmt.Sscanf(s, "%04d-%02d-%02d %02d:%02d:%02d", &r.y, &r.m, &r.d, &r.h, &r.mi, &r.s); err != nil {
					t.Fatal(err)
				}
			}
			return r
		}
		tm, err := time.Parse("2006-01-02 15:04:05.999999", s)
		if err != nil {
			t.Fatal(err)
		}
		return mysqlTime{tm.Year(), int(tm.Month()), tm.Day(), tm.Hour(), tm.Minute(), tm.Second(), tm.Nanosecond() / 1000}
	}
	for _, c := range []struct {
		from string
		td   expression.TimeDelta
		sign int64
		want string // "" for out of range
	}{
		{"2000-01-01 00:00:00", expression.TimeDelta{Days: 200000}, 1, "2547-08-01 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Days: 200000}, -1, "1452-06-02 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Days: 120000, Hours: 1}, 1, "2328-07-20 01:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Hours: 3000000}, 1, "2342-03-29 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Hours: -3000000}, 1, "1657-10-05 00:00:00"},
		{"2000-01-01 00:00:00.5", expression.TimeDelta{Seconds: 1, Microseconds: 600000}, -1, "1999-12-31 23:59:58.9"},
		{"0001-01-01 00:00:00", expression.TimeDelta{Microseconds: 315537897599999999}, 1, "9999-12-31 23:59:59.999999"},
		{"9999-12-31 23:59:59.999999", expression.TimeDelta{Days: 3652058, Hours: 23, Minutes: 59, Seconds: 59, Microseconds: 999999}, -1, "0001-01-01 00:00:00"},
		{"9999-12-31 23:59:59.999999", expression.TimeDelta{Microseconds: 1}, 1, ""},
		{"0001-01-01 00:00:00", expression.TimeDelta{Microseconds: 1}, -1, "0000-00-00 23:59:59.999999"},
		{"0001-01-01 10:00:00", expression.TimeDelta{Days: 1}, -1, "0000-00-00 10:00:00"},
		{"0001-01-01 00:00:00", expression.TimeDelta{Days: 366}, -1, "0000-00-00 00:00:00"},
		{"0001-01-01 00:00:00", expression.TimeDelta{Days: 367}, -1, ""},
		{"0000-03-01 00:00:00", expression.TimeDelta{Days: 1}, 1, "0000-00-00 00:00:00"},
		{"0000-12-31 00:00:00", expression.TimeDelta{Days: 1}, 1, "0001-01-01 00:00:00"},
		{"0001-03-01 00:00:00", expression.TimeDelta{Years: 1}, -1, "0000-03-01 00:00:00"},
		{"0004-02-29 00:00:00", expression.TimeDelta{Years: 4}, -1, "0000-02-28 00:00:00"},
		{"0001-01-31 00:00:00", expression.TimeDelta{Months: 1}, -1, "0000-12-31 00:00:00"},
		{"0000-01-31 00:00:00", expression.TimeDelta{Months: 1}, -1, ""},
		{"2000-01-01 00:00:00", expression.TimeDelta{Seconds: 9223372036854775807}, 1, ""},
		{"2000-01-01 00:00:00", expression.TimeDelta{Days: 9223372036854775807}, -1, ""},
		{"2000-01-01 00:00:00", expression.TimeDelta{Days: 2000000}, 1, "7475-10-25 00:00:00"},
		{"2000-01-31 10:00:00", expression.TimeDelta{Months: 1}, 1, "2000-02-29 10:00:00"},
		{"2000-02-29 00:00:00", expression.TimeDelta{Years: 1}, 1, "2001-02-28 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Months: 95999}, 1, "9999-12-01 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Months: 96000}, 1, ""},
		{"2000-01-01 00:00:00", expression.TimeDelta{Years: 1999}, -1, "0001-01-01 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Years: 2000}, -1, "0000-01-01 00:00:00"},
		{"2000-01-01 00:00:00", expression.TimeDelta{Years: 2001}, -1, ""},
		{"2000-01-01 00:00:00", expression.TimeDelta{Years: 9223372036854775807}, 1, ""},
	} {
		got, ok := addInterval(d(c.from), &c.td, c.sign)
		switch {
		case c.want == "" && ok:
			t.Errorf("%s %+v × %d: %v, want out of range", c.from, c.td, c.sign, got)
		case c.want != "" && (!ok || got != d(c.want)):
			t.Errorf("%s %+v × %d: %v (ok %v), want %s", c.from, c.td, c.sign, got, ok, c.want)
		}
	}
}
