package sqlfunc

import (
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	_ "github.com/dolthub/go-mysql-server/sql/variables" // the system variables sessions start with
)

// TestNowAcrossDST: NOW() is the statement's instant in the session's
// zone, also in the hours around a DST change, where GMS's NOW() took the
// offset of another instant (the one whose wall time in the zone is the UTC
// time): at 2024-03-10 06:30 UTC New York still reads 01:30 EST, GMS said
// 02:30 (a time that day never has); at 2024-03-31 01:30 UTC Berlin reads
// 03:30 CEST, GMS said 02:30. CURDATE and CURTIME follow the same clock.
func TestNowAcrossDST(t *testing.T) {
	for _, c := range []struct {
		zone string
		at   time.Time
		want string
	}{
		{"America/New_York", time.Date(2024, 3, 10, 6, 30, 0, 0, time.UTC), "2024-03-10 01:30:00"},
		{"America/New_York", time.Date(2024, 3, 10, 7, 30, 0, 0, time.UTC), "2024-03-10 03:30:00"},
		{"Europe/Berlin", time.Date(2024, 3, 31, 1, 30, 0, 0, time.UTC), "2024-03-31 03:30:00"},
		{"Europe/Berlin", time.Date(2024, 10, 27, 0, 30, 0, 0, time.UTC), "2024-10-27 02:30:00"},
		{"Europe/Berlin", time.Date(2024, 10, 27, 1, 30, 0, 0, time.UTC), "2024-10-27 02:30:00"},
		{"+14:00", time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC), "2024-01-02 02:00:00"},
		{"SYSTEM", time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC), "2024-01-01 12:00:00"},
	} {
		ctx := sql.NewContext(t.Context(), sql.WithSession(sql.NewBaseSession()))
		if err := ctx.SetSessionVariable(ctx, "time_zone", c.zone); err != nil {
			t.Fatal(err)
		}
		ctx.SetQueryTime(c.at)
		n, _ := function.NewNow()
		now, ok := nowPrecision(n)
		if !ok {
			t.Fatal("NOW() not replaced")
		}
		v, err := now.Eval(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := v.(time.Time).Format("2006-01-02 15:04:05"); got != c.want {
			t.Errorf("%s at %s: NOW() %s, want %s", c.zone, c.at, got, c.want)
		}
		d, _ := newCurDate("curdate")().Eval(ctx, nil)
		if d != c.want[:10] {
			t.Errorf("%s at %s: CURDATE() %v, want %s", c.zone, c.at, d, c.want[:10])
		}
		ct, err := newCurTime(false)()
		if err != nil {
			t.Fatal(err)
		}
		if tm, _ := ct.Eval(ctx, nil); tm != c.want[11:] {
			t.Errorf("%s at %s: CURTIME() %v, want %s", c.zone, c.at, tm, c.want[11:])
		}
	}
}

// TestParseZone: MySQL's offsets and the tz database's names, as MySQL
// shows them; nothing else.
func TestParseZone(t *testing.T) {
	for in, want := range map[string]string{
		"+5:00": "+05:00", "-3:30": "-03:30", "+14:00": "+14:00", "-13:59": "-13:59", "-00:00": "+00:00",
		"system": "SYSTEM", "utc": "UTC", "Europe/Berlin": "Europe/Berlin",
	} {
		if got, _, ok := ParseZone(in); !ok || got != want {
			t.Errorf("ParseZone(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "Local", "+15:00", "-14:00", "+1:60", "1:00", "+01", "+-1:00", " +01:00", "../etc/passwd", "/etc/localtime", "nowhere"} {
		if got, _, ok := ParseZone(in); ok {
			t.Errorf("ParseZone(%q) = %q, want refused", in, got)
		}
	}
}
