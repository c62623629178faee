package sqltext

import "testing"

// TestTrimSpace: TRIM(side FROM str) gets the space its left-out remstr
// means, only in a TRIM call outside strings, quoted names and comments.
func TestTrimSpace(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT TRIM(LEADING FROM '  x')", "SELECT TRIM(LEADING ' ' FROM '  x')"},
		{"SELECT trim(trailing from a), TRIM( BOTH  FROM b) FROM t", "SELECT trim(trailing ' ' from a), TRIM( BOTH ' '  FROM b) FROM t"},
		{"SELECT TRIM(LEADING /* c */ FROM a) FROM t", "SELECT TRIM(LEADING ' ' /* c */ FROM a) FROM t"},
		{"SELECT TRIM(LEADING FROM TRIM(TRAILING FROM a)) FROM t", "SELECT TRIM(LEADING ' ' FROM TRIM(TRAILING ' ' FROM a)) FROM t"},
		{"SELECT TRIM(LEADING 'x' FROM a), TRIM(a), TRIM('x' FROM a) FROM t", ""},
		{"SELECT 'TRIM(LEADING FROM a)', `TRIM(BOTH FROM a)` FROM t -- TRIM(BOTH FROM a)", ""},
		{"SELECT t.trim(LEADING FROM a)", ""},
		{"SELECT trimmed FROM t", ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		if got, _ := Operators(c.in); got != want {
			t.Errorf("Operators(%q)\n got %q\nwant %q", c.in, got, want)
		}
	}
	q := "SELECT TRIM(LEADING FROM '  x') FROM t"
	rq, edits := Operators(q)
	s, e := 7, len(rq)-len(" FROM t")
	if o := q[OperatorsOrigOffset(edits, s, false):OperatorsOrigOffset(edits, e, true)]; o != "TRIM(LEADING FROM '  x')" {
		t.Errorf("original text of %q: %q", rq[s:e], o)
	}
}
