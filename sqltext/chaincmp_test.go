package sqltext

import "testing"

func TestChainedComparisons(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"SELECT 1 = 1 = 1", "SELECT (1 = 1) = 1"},
		{"SELECT 1 < 2 < 3, 3>2>1 AS x", "SELECT (1 < 2) < 3, (3>2)>1 AS x"},
		{"SELECT * FROM t WHERE a = b = c AND d <=> t.e <> 'x' != @v", "SELECT * FROM t WHERE (a = b) = c AND ((d <=> t.e) <> 'x') != @v"},
		{"SELECT 0b1 = 1 = 1", "SELECT (b'1' = 1) = 1"},
		// left alone: not atoms, assignments, BETWEEN, NOT, ||
		{"SELECT 1 + 1 = 2 = 1", ""},
		{"SELECT f(a) = b = c", ""},
		{"UPDATE t SET a = b = c", ""},
		{"SELECT a FROM t WHERE x BETWEEN 1 AND 2 = 2 = 1", ""},
		{"SELECT NOT a = b = c", ""},
		{"SELECT a || b = c = d", ""},
		{"SELECT a = b = c + 1", ""},
		{"SELECT a = 1 AND b = 2", ""},
		{"SELECT DATE '2024-01-01' = d = 1", ""},
	} {
		want := c.want
		if want == "" {
			want = c.q
		}
		if got, _ := Operators(c.q); got != want {
			t.Errorf("Operators(%q)\n got %q\nwant %q", c.q, got, want)
		}
	}
}
