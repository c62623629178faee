package sqltext

import "testing"

func TestTemporalLiterals(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT DATE '2024-01-02' + 0", "SELECT myriad_date_literal('2024-01-02') + 0"},
		{"select date'2024-01-02', time  \"10:00\", TimeStamp '2024-01-02 10:00:00'",
			"select myriad_date_literal('2024-01-02'), myriad_time_literal(\"10:00\"), myriad_timestamp_literal('2024-01-02 10:00:00')"},
		{"SELECT t.date 'x' FROM t", "SELECT t.date 'x' FROM t"},
		{"SELECT `date` 'x', 'DATE ''x''', CAST(d AS DATE), d AS date", "SELECT `date` 'x', 'DATE ''x''', CAST(d AS DATE), d AS date"},
		{"SELECT 1 /* DATE 'x' */ -- DATE 'y'\n", "SELECT 1 /* DATE 'x' */ -- DATE 'y'\n"},
		{"CREATE TABLE t (d DATE DEFAULT DATE '2024-01-01'); SELECT DATE '2024-01-01'",
			"CREATE TABLE t (d DATE DEFAULT DATE '2024-01-01'); SELECT myriad_date_literal('2024-01-01')"},
		// CREATE TABLE ... SELECT: the query's literals, not the definitions'.
		{"CREATE TABLE t AS SELECT DATE '2024-01-02' AS d",
			"CREATE TABLE t AS SELECT myriad_date_literal('2024-01-02') AS d"},
		{"create temporary table t (d DATE DEFAULT DATE '2024-01-01') select TIME '10:00' AS t",
			"create temporary table t (d DATE DEFAULT DATE '2024-01-01') select myriad_time_literal('10:00') AS t"},
		{"CREATE VIEW v AS SELECT DATE '2024-01-02'", "CREATE VIEW v AS SELECT myriad_date_literal('2024-01-02')"},
		{"CREATE INDEX i ON t (d); SELECT DATE '2024-01-02'", "CREATE INDEX i ON t (d); SELECT myriad_date_literal('2024-01-02')"},
		{"SELECT updated_date '2024'", "SELECT updated_date '2024'"},
		{"SELECT 1", "SELECT 1"},
	} {
		got, lits := TemporalLiterals(c.in)
		if got != c.want {
			t.Errorf("TemporalLiterals(%q) = %q, want %q", c.in, got, c.want)
		}
		if (got == c.in) != (lits == nil) {
			t.Errorf("TemporalLiterals(%q): %d literals for %q", c.in, len(lits), got)
		}
		for _, l := range lits {
			if got[l.NewAt:l.NewAt+len(l.New)] != l.New || c.in[l.At:l.At+len(l.Orig)] != l.Orig {
				t.Errorf("TemporalLiterals(%q): offsets of %+v", c.in, l)
			}
			if RestoreTemporal(lits, got[l.NewAt:l.NewAt+len(l.New)]) != l.Orig {
				t.Errorf("RestoreTemporal(%q) is not %q", l.New, l.Orig)
			}
		}
	}
	q := "SELECT DATE '2024-01-02'; SELECT 2"
	got, lits := TemporalLiterals(q)
	if at := OrigOffset(lits, len(got)-len(" SELECT 2")); q[at:] != " SELECT 2" {
		t.Errorf("OrigOffset maps the second statement to %q", q[at:])
	}
}
