package sqltext

import "testing"

func TestDo(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"DO 1", "SELECT 1", true},
		{"do sleep(0.1), release_lock('x')", "SELECT sleep(0.1), release_lock('x')", true},
		{"  /* c */ DO(1)", "  /* c */ SELECT(1)", true},
		{"-- note\nDo\t@a := 1; DO 2", "-- note\nSELECT\t@a := 1; DO 2", true},
		{"DOUBLE", "DOUBLE", false},
		{"DO", "DO", false},
		{"do_it()", "do_it()", false},
		{"SELECT 'DO 1'", "SELECT 'DO 1'", false},
		{"/*!40101 DO 1 */", "/*!40101 DO 1 */", false},
	} {
		got, ok := Do(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("Do(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
