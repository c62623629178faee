package sqlfunc

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql/expression"
)

// Bounds of a DATETIME as date arithmetic reads them, in microseconds from
// 0001-01-01 00:00:00.
const (
	usPerDay    = 86_400 * usPerSec
	maxArithDay = 3_652_058 // 9999-12-31 as days from 0001-01-01
	maxArithUs  = (maxArithDay+1)*usPerDay - 1
)

// epochDay1 is 0001-01-01 as days from 1970-01-01.
var epochDay1 = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).Unix() / 86_400

// addInterval is t plus sign times td, computed as MySQL's
// date_add_interval computes it: years and months as a count of months
// (the day clamped to the new month's last), days to microseconds as a
// count of microseconds from 0001-01-01, so that no part of it passes
// through a time.Duration. GMS's TimeDelta.Add adds the days, hours, ...
// as a time.Duration, which wraps beyond ~292 years: DATE_ADD('2000-01-01',
// INTERVAL 200000 DAY) was 1963-01-11 and INTERVAL 3000000 HOUR gave
// 1757-09-07 00:25:26.290448. ok is false when the result is outside
// 0001-01-01 .. 9999-12-31 23:59:59.999999 (MySQL: NULL with warning 1441;
// MySQL refuses a part beyond the range itself first, as here, and its
// results in year 0 are not held by Go's time values either).
func addInterval(t time.Time, td *expression.TimeDelta, sign int64) (time.Time, bool) {
	if td.Years != 0 || td.Months != 0 {
		const maxMonths = 10_000 * 12
		if td.Years > 10_000 || td.Years < -10_000 || td.Months > maxMonths || td.Months < -maxMonths {
			return time.Time{}, false
		}
		period := int64(t.Year())*12 + int64(t.Month()) - 1 + sign*(td.Years*12+td.Months)
		if period < 12 || period >= maxMonths {
			return time.Time{}, false
		}
		y, m := int(period/12), time.Month(period%12+1)
		d := t.Day()
		if last := time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day(); d > last {
			d = last
		}
		t = time.Date(y, m, d, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
	}
	var us int64
	for _, p := range [...]struct{ n, per int64 }{
		{td.Days, usPerDay}, {td.Hours, 3600 * usPerSec}, {td.Minutes, 60 * usPerSec},
		{td.Seconds, usPerSec}, {td.Microseconds, 1},
	} {
		// Each part is at most the whole range (or the result is out of
		// it), so the sum of five stays far inside int64.
		if lim := (maxArithUs + 1) / p.per; p.n > lim || p.n < -lim {
			return time.Time{}, false
		}
		us += p.n * p.per
	}
	if us == 0 {
		return t, true
	}
	y, m, d := t.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix()/86_400 - epochDay1
	tod := int64(t.Hour())*3600*usPerSec + int64(t.Minute())*60*usPerSec + int64(t.Second())*usPerSec +
		int64(t.Nanosecond()/1000)
	r := day*usPerDay + tod + sign*us
	if r < 0 || r > maxArithUs {
		return time.Time{}, false
	}
	// The wall clock is computed in UTC (no daylight-saving gaps) and read
	// in t's location.
	w := time.Date(1, 1, 1+int(r/usPerDay), 0, 0, 0, 0, time.UTC).Add(time.Duration(r%usPerDay) * time.Microsecond)
	ns := w.Nanosecond() + t.Nanosecond()%1000 // below a microsecond: kept as it was
	return time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), ns, t.Location()), true
}
