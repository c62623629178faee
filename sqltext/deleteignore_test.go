package sqltext

import "testing"

func TestDeleteIgnoreRewrite(t *testing.T) {
	m := DeleteIgnoreMarker
	for _, c := range []struct{ in, want string }{
		{"DELETE IGNORE FROM t WHERE a = 1", "DELETE " + m + " FROM t WHERE a = 1"},
		{"delete low_priority quick ignore from t", "delete " + m + " from t"},
		{"DELETE IGNORE t1 FROM t1 JOIN t2", "DELETE " + m + " t1 FROM t1 JOIN t2"},
		{"SELECT 1; DELETE IGNORE FROM t", "SELECT 1; DELETE " + m + " FROM t"},
		{"DELETE FROM t WHERE s = 'DELETE IGNORE x'", "DELETE FROM t WHERE s = 'DELETE IGNORE x'"},
		{"DELETE FROM t /* delete ignore */", "DELETE FROM t /* delete ignore */"},
		{"INSERT IGNORE INTO t VALUES (1)", "INSERT IGNORE INTO t VALUES (1)"},
		{"SELECT t.delete FROM t WHERE `delete` IGNORE", "SELECT t.delete FROM t WHERE `delete` IGNORE"},
	} {
		if got := deleteIgnore(c.in); got != c.want {
			t.Errorf("deleteIgnore(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := Rewrite(c.in, 80033); got != c.want {
			t.Errorf("Rewrite(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if !IsDeleteIgnore(" DELETE "+m+" FROM t") || IsDeleteIgnore("DELETE FROM t") {
		t.Error("IsDeleteIgnore")
	}
}
