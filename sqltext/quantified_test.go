package sqltext

import "testing"

func TestQuantifiedComparisons(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT id FROM n WHERE a > ALL (SELECT a FROM n)", "SELECT id FROM n WHERE a > myriad_quantified_all_gt((SELECT a FROM n))"},
		{"SELECT a<>any(select 1)", "SELECT a<>myriad_quantified_any_ne((select 1))"},
		{"SELECT a != SOME ((SELECT 1) UNION (SELECT 2))", "SELECT a != myriad_quantified_any_ne(((SELECT 1) UNION (SELECT 2)))"},
		{"SELECT a >= ALL /* c */ (WITH x AS (SELECT ')') SELECT * FROM x)", "SELECT a >= myriad_quantified_all_ge((WITH x AS (SELECT ')') SELECT * FROM x))"},
		{"SELECT a = ANY (SELECT b FROM t WHERE b < ALL (SELECT 1))",
			"SELECT a = myriad_quantified_any_eq((SELECT b FROM t WHERE b < myriad_quantified_all_lt((SELECT 1))))"},
		// Not quantified comparisons: left alone.
		{"SELECT 1 UNION ALL (SELECT 2)", ""},
		{"SELECT ALL a FROM t", ""},
		{"SELECT a = any_col FROM t", ""},
		{"SELECT a = t.all FROM t", ""},
		{"SELECT a = ANY (1, 2)", ""},
		{"SELECT 'x = ALL (SELECT 1)'", ""},
		{"SELECT a <=> ALL (SELECT 1)", ""},
		{"SELECT a = `ALL` (SELECT 1)", ""},
	} {
		edits, qs := QuantifiedComparisons(c.in)
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
		if back := RestoreQuantified(qs, got); back != c.in {
			t.Errorf("%s: restored %s", c.in, back)
		}
	}
}

// TestParserEditsOffsets: offsets in the rewritten text map back to the
// original (the parser's remainder of a multi-statement text).
func TestParserEditsOffsets(t *testing.T) {
	q := "SELECT a > ALL (SELECT 1); SELECT 2"
	rq, edits, _ := ParserEdits(q)
	at := len(rq) - len("SELECT 2")
	if got := DoOrigOffset(edits, at); q[got:] != "SELECT 2" {
		t.Errorf("offset %d maps to %d (%q)", at, got, q[got:])
	}
}
