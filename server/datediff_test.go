package server

import "testing"

// TestDateDiffFarApart: DATEDIFF and TIMESTAMPDIFF over more than ~292
// years count exactly (GMS's time.Duration saturated: 106752 days,
// 9223372036 seconds).
func TestDateDiffFarApart(t *testing.T) {
	ts := startServer(t, t.TempDir())
	c := ts.connect("")
	for _, tc := range []struct {
		q    string
		want int64
	}{
		{"SELECT DATEDIFF('9999-12-31', '0001-01-01')", 3652058},
		{"SELECT DATEDIFF('0001-01-01', '9999-12-31')", -3652058},
		{"SELECT TIMESTAMPDIFF(SECOND, '0001-01-01', '9999-12-31')", 315537811200},
		{"SELECT TIMESTAMPDIFF(MICROSECOND, '0001-01-01', '9999-12-31 23:59:59.999999')", 315537897599999999},
		{"SELECT TIMESTAMPDIFF(DAY, '9999-12-31', '0001-01-01')", -3652058},
		{"SELECT TIMESTAMPDIFF(HOUR, '1000-01-01', '9000-01-01')", 70126560},
		{"SELECT TIMESTAMPDIFF(SECOND, '2024-01-01 00:00:01.5', '2024-01-01 00:00:00')", -1},
		{"SELECT DATEDIFF('2024-03-01', '2024-02-28 23:59:59')", 2},
	} {
		var got int64
		if err := c.QueryRow(tc.q).Scan(&got); err != nil || got != tc.want {
			t.Errorf("%s = %d (%v), want %d", tc.q, got, err, tc.want)
		}
	}
}
