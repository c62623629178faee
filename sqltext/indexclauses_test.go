package sqltext

import "testing"

func TestIndexClauses(t *testing.T) {
	cases := []struct{ in, out string }{
		{"CREATE INDEX i ON t (c) ALGORITHM=INPLACE LOCK=NONE",
			"CREATE INDEX i ON t (c) /*myriad ALGORITHM=INPLACE*/ /*myriad LOCK=NONE*/"},
		{"create unique index i using btree on db.t (a, b(10)) comment 'x' algorithm inplace;",
			"create unique index i using btree on db.t (a, b(10)) comment 'x' /*myriad ALGORITHM=inplace*/;"},
		{"CREATE INDEX i ON `t` (c) LOCK = SHARED", "CREATE INDEX i ON `t` (c) /*myriad LOCK=SHARED*/"},
		{"DROP INDEX i ON t ALGORITHM=INSTANT", "DROP INDEX i ON t /*myriad ALGORITHM=INSTANT*/"},
		{"DROP INDEX i ON t LOCK=EXCLUSIVE ALGORITHM=DEFAULT", "DROP INDEX i ON t /*myriad LOCK=EXCLUSIVE*/ /*myriad ALGORITHM=DEFAULT*/"},
		{"CREATE INDEX i ON t (c) LOCK=NONE; SELECT * FROM t LOCK IN SHARE MODE",
			"CREATE INDEX i ON t (c) /*myriad LOCK=NONE*/; SELECT * FROM t LOCK IN SHARE MODE"},
		// Unchanged: no clause, another statement, a column or index named
		// like a clause, the words in strings and comments.
		{"CREATE INDEX i ON t (c)", ""},
		{"CREATE INDEX algorithm ON t (`lock`, algorithm)", ""},
		{"CREATE INDEX i ON algorithm (c)", ""},
		{"ALTER TABLE t ADD INDEX i (c), ALGORITHM=INPLACE", ""},
		{"SELECT 'CREATE INDEX i ON t (c) ALGORITHM=INPLACE'", ""},
		{"CREATE INDEX i ON t (c) COMMENT 'ALGORITHM=COPY'", ""},
		{"CREATE INDEX i ON t (c) /* LOCK=NONE */", ""},
		{"CREATE INDEX i ON t (c) LOCK=", ""},
		{"CREATE INDEX i ON t (c); SELECT * FROM t LOCK IN SHARE MODE", ""},
		{"CREATE TABLE t (algorithm INT, INDEX i (algorithm))", ""},
	}
	for _, c := range cases {
		got, ok := IndexClauses(c.in)
		if c.out == "" {
			if ok || got != c.in {
				t.Errorf("%q: rewritten to %q", c.in, got)
			}
			continue
		}
		if !ok || got != c.out {
			t.Errorf("%q: got %q, want %q", c.in, got, c.out)
		}
	}
}
