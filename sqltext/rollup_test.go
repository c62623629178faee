package sqltext

import "testing"

func TestRollupEdits(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT a, SUM(b) FROM t GROUP BY a WITH ROLLUP", "SELECT a, SUM(b) FROM t GROUP BY a , myriad_rollup()"},
		{"select a from t group by a, b with /* x */ rollup having a > 1", "select a from t group by a, b , myriad_rollup() having a > 1"},
		{"SELECT (SELECT 1 FROM t GROUP BY a WITH ROLLUP LIMIT 1) FROM u GROUP BY b WITH\nROLLUP",
			"SELECT (SELECT 1 FROM t GROUP BY a , myriad_rollup() LIMIT 1) FROM u GROUP BY b , myriad_rollup( )"},
		// Not a ROLLUP: left alone.
		{"WITH rollup AS (SELECT 1) SELECT * FROM rollup", ""},
		{"WITH rollup (x) AS (SELECT 1) SELECT * FROM rollup", ""},
		{"SELECT 'GROUP BY a WITH ROLLUP'", ""},
		{"SELECT a FROM t GROUP BY a -- WITH ROLLUP", ""},
		{"SELECT `with` rollup FROM t", ""},
		{"SELECT t.with rollup FROM t", ""},
	} {
		edits := RollupEdits(c.in)
		if c.want == "" {
			if edits != nil {
				t.Errorf("%s: rewritten, want unchanged", c.in)
			}
			continue
		}
		got := applyEdits(c.in, edits)
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
		// The prepared path's text and its restoration (a column named by
		// its text).
		qt, qs := QuantifiedText(c.in)
		if qt != c.want {
			t.Errorf("%s: QuantifiedText %s", c.in, qt)
		}
		if back := RestoreQuantified(qs, qt); back != c.in {
			t.Errorf("%s: restored %s", c.in, back)
		}
	}
}
