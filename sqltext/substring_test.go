package sqltext

import "testing"

// TestSubstringFrom: SUBSTRING(str FROM pos [FOR len]) becomes the comma
// form, only in such a call outside strings, quoted names and comments.
func TestSubstringFrom(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT SUBSTRING('abcde' FROM 2)", "SELECT SUBSTRING('abcde' , 2)"},
		{"SELECT substr(a from -2), MID(b FROM (1+1)) FROM t", "SELECT substr(a , -2), MID(b , (1+1)) FROM t"},
		{"SELECT SUBSTRING((SELECT a FROM t) FROM 2)", "SELECT SUBSTRING((SELECT a FROM t) , 2)"},
		{"SELECT SUBSTRING(SUBSTRING(a FROM 2) FROM 3) FROM t", "SELECT SUBSTRING(SUBSTRING(a , 2) , 3) FROM t"},
		{"SELECT SUBSTRING(a FROM 2 FOR 3), MID(a FROM 1 FOR 2) FROM t", "SELECT SUBSTRING(a , 2 , 3), MID(a , 1 , 2) FROM t"},
		{"SELECT SUBSTRING(a, 2), SUBSTRING(a, 2, 3) FROM t", ""},
		{"SELECT 'SUBSTRING(a FROM 2)', `SUBSTRING(a FROM 2)` FROM t -- SUBSTRING(a FROM 2)", ""},
		{"SELECT t.substring(a FROM 2)", ""},
		{"SELECT substring_index(a, ',', 1) FROM t", ""},
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
