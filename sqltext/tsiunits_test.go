package sqltext

import "testing"

// TestTSIUnits: SQL_TSI_ units become the plain units where a unit stands,
// and stay names elsewhere.
func TestTSIUnits(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT TIMESTAMPDIFF(SQL_TSI_HOUR, a, b), timestampadd(sql_tsi_day, 1, a) FROM t", "SELECT TIMESTAMPDIFF(HOUR, a, b), timestampadd(DAY, 1, a) FROM t"},
		{"SELECT a + INTERVAL 1 SQL_TSI_MONTH, DATE_SUB(a, INTERVAL ? Sql_Tsi_Week), EXTRACT(SQL_TSI_YEAR FROM a) FROM t", "SELECT a + INTERVAL 1 MONTH, DATE_SUB(a, INTERVAL ? WEEK), EXTRACT(YEAR FROM a) FROM t"},
		{"SELECT TIMESTAMPDIFF(SQL_TSI_QUARTER, a, b), TIMESTAMPDIFF(SQL_TSI_MINUTE, a, b), TIMESTAMPADD(SQL_TSI_SECOND, 1, a)", "SELECT TIMESTAMPDIFF(QUARTER, a, b), TIMESTAMPDIFF(MINUTE, a, b), TIMESTAMPADD(SECOND, 1, a)"},
		{"SELECT sql_tsi_day, t.sql_tsi_hour, `SQL_TSI_DAY`, 'SQL_TSI_DAY', @sql_tsi_day FROM t", ""},
		{"SELECT f(sql_tsi_day, 1), sql_tsi_microsecond FROM t -- TIMESTAMPDIFF(SQL_TSI_HOUR, a, b)", ""},
		{"CREATE TABLE t (sql_tsi_day INT)", ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		if got, _ := Operators(c.in); got != want {
			t.Errorf("Operators(%q)\n got %q\nwant %q", c.in, got, want)
		}
	}
}
