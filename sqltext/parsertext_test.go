package sqltext

import "testing"

// TestParserText: every pass the parser needs, in one text; a parameter
// marker ends an INTERVAL's value like any other operand.
func TestParserText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT DATE_ADD(?, INTERVAL ? MINUTE_SECOND)", "SELECT DATE_ADD(?, INTERVAL ? `MINUTE_SECOND`)"},
		{"SELECT TRIM(LEADING FROM ?) FROM t WHERE a > ALL (SELECT b FROM u)", "SELECT TRIM(LEADING ' ' FROM ?) FROM t WHERE a > " + QuantifiedPrefix},
		{"SELECT DATE '2024-01-02'", "SELECT " + DateLiteralFunc + "('2024-01-02')"},
		{"SELECT a FROM t", "SELECT a FROM t"},
	} {
		got := ParserText(c.in)
		if len(got) < len(c.want) || got[:len(c.want)] != c.want {
			t.Errorf("ParserText(%q)\n got %q\nwant %q...", c.in, got, c.want)
		}
	}
}
