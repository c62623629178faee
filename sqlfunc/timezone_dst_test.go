package sqlfunc

import (
	"testing"
	"time"
)

// TestFromZoneAtDSTChanges: FromZone reads a wall time as MySQL's
// TIME_to_gmt_sec does (a skipped one is the change's instant, fraction
// kept; a repeated one its earlier instant), and ToSessionStamp marks the
// later instant of a repeated wall time so that StampInstant finds it
// again while the value's wall time stays what ToZone gives.
func TestFromZoneAtDSTChanges(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	ny, _ := time.LoadLocation("America/New_York")
	lordHowe, _ := time.LoadLocation("Australia/Lord_Howe") // 30-minute DST
	wall := func(s string) time.Time {
		v, err := time.Parse("2006-01-02 15:04:05.999999", s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		loc        *time.Location
		wall, want string // want: UTC
	}{
		{berlin, "2024-03-31 01:59:59", "2024-03-31 00:59:59"},
		{berlin, "2024-03-31 02:00:00", "2024-03-31 01:00:00"},
		{berlin, "2024-03-31 02:30:00.25", "2024-03-31 01:00:00.25"},
		{berlin, "2024-03-31 03:00:00", "2024-03-31 01:00:00"},
		{berlin, "2024-10-27 01:59:59", "2024-10-26 23:59:59"},
		{berlin, "2024-10-27 02:00:00", "2024-10-27 00:00:00"},
		{berlin, "2024-10-27 02:30:00", "2024-10-27 00:30:00"},
		{berlin, "2024-10-27 03:00:00", "2024-10-27 02:00:00"},
		{ny, "2024-03-10 02:30:00", "2024-03-10 07:00:00"},
		{ny, "2024-11-03 01:30:00", "2024-11-03 05:30:00"},
		{lordHowe, "2024-10-06 02:15:00", "2024-10-05 15:30:00"},
		{lordHowe, "2024-04-07 01:45:00", "2024-04-06 14:45:00"},
		{time.FixedZone("+05:30", 19800), "2024-01-01 05:30:00", "2024-01-01 00:00:00"},
	} {
		if got := FromZone(wall(c.wall), c.loc); !got.Equal(wall(c.want)) {
			t.Errorf("FromZone(%s, %s) = %s, want %s UTC", c.wall, c.loc, got, c.want)
		}
	}
	for _, c := range []struct {
		loc       *time.Location
		utc, wall string
		marked    bool
	}{
		{berlin, "2024-10-27 00:30:00", "2024-10-27 02:30:00", false},
		{berlin, "2024-10-27 01:30:00", "2024-10-27 02:30:00", true},
		{berlin, "2024-10-27 02:30:00", "2024-10-27 03:30:00", false},
		{berlin, "2024-03-31 01:00:00", "2024-03-31 03:00:00", false},
		{ny, "2024-11-03 06:30:00", "2024-11-03 01:30:00", true},
		{lordHowe, "2024-04-06 15:15:00", "2024-04-07 01:45:00", true},
	} {
		u := wall(c.utc)
		got := ToSessionStamp(u, c.loc)
		if !got.Equal(wall(c.wall)) || got.Format(time.DateTime) != c.wall {
			t.Errorf("ToSessionStamp(%s UTC, %s) = %s, want %s", c.utc, c.loc, got, c.wall)
		}
		if _, isMark := foldOffs.Load(got.Location()); isMark != c.marked {
			t.Errorf("ToSessionStamp(%s UTC, %s): marked %v, want %v", c.utc, c.loc, isMark, c.marked)
		}
		if back := StampInstant(got, c.loc); !back.Equal(u) {
			t.Errorf("StampInstant(ToSessionStamp(%s UTC, %s)) = %s", c.utc, c.loc, back)
		}
		// Read in another zone, the mark does not apply: FromZone's reading.
		if back := StampInstant(got, time.UTC); !back.Equal(wall(c.wall)) {
			t.Errorf("StampInstant under UTC of %s = %s", c.wall, back)
		}
	}
}
