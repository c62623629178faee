package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql/expression"
)

// Bounds of a DATETIME as date arithmetic reads them, in microseconds from
// 0001-01-01 00:00:00 (no interval part may exceed the whole range).
const (
	usPerDay    = 86_400 * usPerSec
	maxArithDay = 3_652_058 // 9999-12-31 as days from 0001-01-01
	maxArithUs  = (maxArithDay+1)*usPerDay - 1
)

// addInterval is t plus sign times td, computed as MySQL's
// date_add_interval computes it (sql_time.cc): years and months as a count
// of months from year 0 (the day clamped to the new month's last, year 0
// not a leap year), days to microseconds as a count of microseconds over
// calc_daynr, so that no part of it passes through a time.Duration. GMS's
// TimeDelta.Add adds the days, hours, ... as a time.Duration, which wraps
// beyond ~292 years: DATE_ADD('2000-01-01', INTERVAL 200000 DAY) was
// 1963-01-11. ok is false when MySQL refuses the result (NULL with warning
// 1441): a month count outside 0 .. 119999, a day number past 9999-12-31
// or below 0, a part beyond the whole range. A day number of year 0
// (below 366) is MySQL's get_date_from_daynr answer: the zero date, the
// time of day kept (DATE_ADD('0001-01-01', INTERVAL -1 DAY) is
// 0000-00-00); month arithmetic reaches real dates of year 0
// (DATE_SUB('0001-03-01', INTERVAL 1 YEAR) is 0000-03-01).
func addInterval(t mysqlTime, td *expression.TimeDelta, sign int64) (mysqlTime, bool) {
	if td.Years != 0 || td.Months != 0 {
		const maxMonths = 10_000 * 12
		if td.Years > 10_000 || td.Years < -10_000 || td.Months > maxMonths || td.Months < -maxMonths {
			return mysqlTime{}, false
		}
		period := int64(t.y)*12 + int64(t.m) - 1 + sign*(td.Years*12+td.Months)
		if period < 0 || period >= maxMonths {
			return mysqlTime{}, false
		}
		t.y, t.m = int(period/12), int(period%12+1)
		if last := monthDays(t.y, t.m); t.d > last {
			t.d = last
		}
	}
	var us int64
	for _, p := range [...]struct{ n, per int64 }{
		{td.Days, usPerDay}, {td.Hours, 3600 * usPerSec}, {td.Minutes, 60 * usPerSec},
		{td.Seconds, usPerSec}, {td.Microseconds, 1},
	} {
		// Each part is at most the whole range (or the result is out of
		// it), so the sum of five stays far inside int64.
		if lim := (maxArithUs + 1) / p.per; p.n > lim || p.n < -lim {
			return mysqlTime{}, false
		}
		us += p.n * p.per
	}
	if us == 0 {
		return t, true
	}
	tod := int64(t.h)*3600*usPerSec + int64(t.mi)*60*usPerSec + int64(t.s)*usPerSec + int64(t.us)
	r := int64(dayNumber(t.y, t.m, t.d))*usPerDay + tod + sign*us
	if r < 0 || r/usPerDay > maxDayNumber {
		return mysqlTime{}, false
	}
	dn, tod := r/usPerDay, r%usPerDay
	var out mysqlTime
	if dn > 365 {
		w := time.Date(1, 1, 1+int(dn-366), 0, 0, 0, 0, time.UTC)
		out = mysqlTime{y: w.Year(), m: int(w.Month()), d: w.Day()}
	}
	out.h, out.mi, out.s, out.us = int(tod/(3600*usPerSec)), int(tod/(60*usPerSec)%60), int(tod/usPerSec%60), int(tod%usPerSec)
	return out, true
}

// maxDayNumber is MySQL's MAX_DAY_NUMBER, calc_daynr of 9999-12-31.
const maxDayNumber = 3_652_424

// monthDays is the last day of month m of year y as MySQL counts it (year
// 0 is no leap year in calc_days_in_year; Go's calendar makes it one).
func monthDays(y, m int) int {
	if m == 2 && daysInYear(y) == 366 {
		return 29
	}
	return daysInMonth[m-1]
}
