package sqltext

import (
	"fmt"
	"testing"
)

func TestLiteralTemplate(t *testing.T) {
	cases := []struct {
		q, template string
		lits        string // fmt of the literals; "" with ok false
		ok          bool
	}{
		{"INSERT INTO t1 (id, k, c) VALUES (0, 5012, '838-12 x')", "INSERT INTO t1 (id, k, c) VALUES (\x00i, \x00i, \x00s)", "[{105 0} {105 5012} {115 838-12 x}]", true},
		{" (a,b) VALUES (-5,1.25,1e5,-0,'',2.5E-3)", " (a,b) VALUES (\x00n,\x00d,\x00f,\x00n,\x00s,\x00f)", "[{110 -5} {100 1.25} {102 1e5} {110 -0} {115 } {102 2.5E-3}]", true},
		// A minus that is an operator stays in the text.
		{" VALUES (3-1, 4 - 2)", " VALUES (\x00i-\x00i, \x00i - \x00i)", "[{105 3} {105 1} {105 4} {105 2}]", true},
		// Digits of names and qualified names stay.
		{" VALUES (t1.c2, `x'1`, é1, `a`.`b2`)", " VALUES (t1.c2, `x'1`, é1, `a`.`b2`)", "[]", true},
		{"SELECT 'a' 'b'", "SELECT \x00s \x00s", "[{115 a} {115 b}]", true},
		{" VALUES ('it''s')", "", "", false},
		{" VALUES ('a\\'b')", "", "", false},
		{" VALUES ('a\\nb')", "", "", false},
		{" VALUES ('a\\\\')", "", "", false},
		{" VALUES (\"a\")", "", "", false},
		{" VALUES (_utf8mb4'a')", "", "", false},
		{" VALUES (x'41')", "", "", false},
		{" VALUES (0x41)", "", "", false},
		{" VALUES (1abc)", "", "", false},
		{" VALUES (-1.5)", "", "", false},
		{" VALUES (1.e5)", "", "", false},
		{" VALUES (1e)", "", "", false},
		{" VALUES (.5, ABS(5))", "", "", false},
		{" VALUES (t.5)", "", "", false},
		{" VALUES (1) /* 2 */", "", "", false},
		{" VALUES (1) -- 2", "", "", false},
		{" VALUES (1) # 2", "", "", false},
		{" VALUES (?)", "", "", false},
		{" VALUES (@a)", "", "", false},
		{" VALUES (1); DROP TABLE t", "", "", false},
		{" VALUES ('unterminated)", "", "", false},
		{" VALUES (`unterminated)", "", "", false},
		{" VALUES ('\x00')", "", "", false},
	}
	for _, tc := range cases {
		tmpl, lits, ok := LiteralTemplate(tc.q)
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.q, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if tmpl != tc.template || fmt.Sprint(lits) != tc.lits {
			t.Errorf("%q:\n got %q %v\nwant %q %s", tc.q, tmpl, lits, tc.template, tc.lits)
		}
	}
}
