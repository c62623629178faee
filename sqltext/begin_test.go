package sqltext

import "testing"

func TestStartTransaction(t *testing.T) {
	cases := []struct{ in, out string }{
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT", "START TRANSACTION"},
		{"start transaction with consistent snapshot;", "START TRANSACTION"},
		{"START TRANSACTION /*!40100 WITH CONSISTENT SNAPSHOT */", "START TRANSACTION"},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", "START TRANSACTION READ ONLY"},
		{"START TRANSACTION READ WRITE , WITH CONSISTENT SNAPSHOT", "START TRANSACTION READ WRITE"},
		{"/* c */ START TRANSACTION WITH CONSISTENT SNAPSHOT -- x", "START TRANSACTION"},
		// Not ours: no snapshot, other statements, malformed lists.
		{"START TRANSACTION READ ONLY", ""},
		{"START TRANSACTION", ""},
		{"SELECT 'WITH CONSISTENT SNAPSHOT'", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY, READ WRITE", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT READ ONLY", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT,", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT; SELECT 1", ""},
	}
	for _, c := range cases {
		got, ok := StartTransaction(c.in)
		if c.out == "" {
			if ok || got != c.in {
				t.Errorf("%q: rewritten to %q", c.in, got)
			}
			continue
		}
		if !ok || got != c.out {
			t.Errorf("%q: got %q %v, want %q", c.in, got, ok, c.out)
		}
	}
}
