package sqltext

import "testing"

func TestFunctionalKeyParts(t *testing.T) {
	cases := []struct{ in, out string }{
		{"CREATE INDEX i ON t ((LOWER(email)))", "CREATE INDEX i ON t (`!fx!LOWER(email)`)"},
		{"create unique index i on db.t ( ( a + b ) , c(10), (`x`*2) DESC)",
			"create unique index i on db.t ( `!fx!a + b` , c(10), `!fx!``x``*2` DESC)"},
		{"ALTER TABLE t ADD INDEX ((JSON_VALUE(j, '$.x'))), ADD KEY k (a)",
			"ALTER TABLE t ADD INDEX (`!fx!JSON_VALUE(j, '$.x')`), ADD KEY k (a)"},
		{"CREATE TABLE t (id INT PRIMARY KEY, n VARCHAR(9), UNIQUE KEY u ((LOWER(n))), KEY (n), INDEX i USING BTREE (id, (n+1)))",
			"CREATE TABLE t (id INT PRIMARY KEY, n VARCHAR(9), UNIQUE KEY u (`!fx!LOWER(n)`), KEY (n), INDEX i USING BTREE (id, `!fx!n+1`))"},
		{"CREATE TABLE t (a INT, CONSTRAINT c UNIQUE KEY ((a * 2)))", "CREATE TABLE t (a INT, CONSTRAINT c UNIQUE KEY (`!fx!a * 2`))"},
		// Unchanged: no functional part, other statements, parentheses
		// elsewhere, strings and comments.
		{"CREATE INDEX i ON t (a, b(10))", ""},
		{"CREATE TABLE t (a INT DEFAULT ((1)), KEY k (a))", ""},
		{"CREATE TABLE t (a INT, b INT AS ((a + 1)), CHECK ((a > 0)))", ""},
		{"SELECT * FROM t WHERE ((a)) AND KEY_x (((1)))", ""},
		{"CREATE TABLE t (a INT, FOREIGN KEY ((a)) REFERENCES p (a))", ""},
		{"CREATE INDEX i ON t (a) COMMENT '((x))'", ""},
		{"INSERT INTO t VALUES ((1)) ON DUPLICATE KEY UPDATE a = ((2))", ""},
	}
	for _, c := range cases {
		got, ok := FunctionalKeyParts(c.in)
		if c.out == "" {
			if ok || got != c.in {
				t.Errorf("%q: rewritten to %q", c.in, got)
			}
			continue
		}
		if !ok || got != c.out {
			t.Errorf("%q:\n got %q\nwant %q", c.in, got, c.out)
		}
	}
}
