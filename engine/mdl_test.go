package engine

import "testing"

// TestReadOnlyStatement: the statements whose shared metadata locks are
// SHARED_READ. Anything else (and anything unsure: an executable comment,
// an unknown word, an empty text) takes SHARED_WRITE, which can only make
// it wait more.
func TestReadOnlyStatement(t *testing.T) {
	for _, c := range []struct {
		q    string
		read bool
	}{
		{"SELECT * FROM t", true},
		{"  select 1", true},
		{"(SELECT a FROM t) UNION (SELECT b FROM u)", true},
		{"/* hint */ SELECT 1", true},
		{"-- c\nSELECT 1", true},
		{"# c\nSHOW CREATE TABLE t", true},
		{"DESCRIBE t", true},
		{"desc t", true},
		{"TABLE t", true},
		{"VALUES ROW(1)", true},
		{"INSERT INTO t SELECT * FROM u", false},
		{"UPDATE t SET a = 1", false},
		{"DELETE FROM t", false},
		{"REPLACE INTO t VALUES (1)", false},
		{"WITH c AS (SELECT 1) UPDATE t, c SET t.a = 1", false},
		{"CALL p()", false},
		{"DO f()", false},
		{"EXPLAIN ANALYZE UPDATE t SET a = 1", false},
		{"/*!40001 SELECT */ 1", false},
		{"/*+ SET_VAR(x=1) */ SELECT 1", false},
		{"/* unterminated SELECT", false},
		{"SELECTX 1", false},
		{"", false},
		{"ALTER TABLE t ADD COLUMN c INT", false},
		{"LOAD DATA INFILE 'x' INTO TABLE t", false},
	} {
		if got := readOnlyStatement(c.q); got != c.read {
			t.Errorf("readOnlyStatement(%q) = %v, want %v", c.q, got, c.read)
		}
	}
}
