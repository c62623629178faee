package sqltext

import "testing"

func TestExplain(t *testing.T) {
	for _, c := range []struct {
		in, want, format string
		ok               bool
	}{
		{"EXPLAIN FORMAT=TRADITIONAL SELECT 1", "EXPLAIN SELECT 1", "TRADITIONAL", true},
		{"explain format = json select * from t", "explain FORMAT=TREE select * from t", "JSON", true},
		{"/* x */ DESCRIBE FORMAT='JSON' UPDATE t SET a = 1", "/* x */ DESCRIBE FORMAT=TREE UPDATE t SET a = 1", "JSON", true},
		{"DESC FORMAT=traditional (SELECT 1)", "DESC (SELECT 1)", "TRADITIONAL", true},
		{"EXPLAIN FORMAT=TREE SELECT 1", "EXPLAIN FORMAT=TREE SELECT 1", "", false},
		{"EXPLAIN SELECT 1", "EXPLAIN SELECT 1", "", false},
		{"DESCRIBE t", "DESCRIBE t", "", false},
		{"EXPLAIN FORMAT=JSON t", "EXPLAIN FORMAT=JSON t", "", false},
		{"EXPLAIN FORMAT=JSON", "EXPLAIN FORMAT=JSON", "", false},
		{"SELECT 'EXPLAIN FORMAT=JSON SELECT 1'", "SELECT 'EXPLAIN FORMAT=JSON SELECT 1'", "", false},
	} {
		got, format, ok := Explain(c.in)
		if got != c.want || format != c.format || ok != c.ok {
			t.Errorf("Explain(%q) = %q, %q, %v; want %q, %q, %v", c.in, got, format, ok, c.want, c.format, c.ok)
		}
	}
}
