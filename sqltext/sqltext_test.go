package sqltext

import (
	"strings"
	"testing"
)

const v = 80033

func TestRewrite(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"SELECT 1--1", "SELECT 1- -1"},
		{"UPDATE acct SET bal = bal--5 WHERE id = 1", "UPDATE acct SET bal = bal- -5 WHERE id = 1"},
		{"SELECT 1---1", "SELECT 1- - -1"},
		{"SELECT 1----1", "SELECT 1- - - -1"},
		{"SELECT 1--?", "SELECT 1- -?"},
		{"SELECT 1 -- comment\n, 2", "SELECT 1 -- comment\n, 2"},
		{"SELECT 1 --\tcomment", "SELECT 1 --\tcomment"},
		{"SELECT 1 --\x01x", "SELECT 1 --\x01x"},
		{"SELECT 1 --\x7fx", "SELECT 1 --\x7fx"},
		{"SELECT 1 --", "SELECT 1 --"},
		{"SELECT 1 -- a--b\nFROM t--x", "SELECT 1 -- a--b\nFROM t- -x"},
		{"SELECT 1 --\u00a0x", "SELECT 1 - -\u00a0x"},
		{"SELECT '--1'--1", "SELECT '--1'- -1"},
		{`SELECT 'it''s--x', "a\"--b", 'c\\'--1`, `SELECT 'it''s--x', "a\"--b", 'c\\'- -1`},
		{"SELECT `a--b`--1", "SELECT `a--b`- -1"},
		{"SELECT `a\\`--1", "SELECT `a\\`- -1"},
		{"SELECT 1 # x--1\n--1", "SELECT 1 # x--1\n- -1"},
		{"SELECT /* --1 // */ 1--1", "SELECT /* --1 // */ 1- -1"},
		{"SELECT /*+ hint--x */ 1", "SELECT /*+ hint--x */ 1"},
		{"SELECT 1 /*!50000 --1 */", "SELECT 1 /*!50000 - -1 */"},
		{"SELECT 1 /*! +1--1 */--1", "SELECT 1 /*! +1- -1 */- -1"},
		{"SELECT 1 /*!80033 +1 */", "SELECT 1 /*!80033 +1 */"},
		{"SELECT 1 /*!80034 +1 */ + 2", "SELECT 1 /* 80034 +1 */ + 2"},
		{"SELECT 1 /*!99999 +1--1 */--1", "SELECT 1 /* 99999 +1--1 */- -1"},
		{"SELECT 4//2", "SELECT 4/ /2"},
		{"SELECT * FROM s WHERE EXISTS(SELECT 1 FROM a WHERE a.id = (s.id) LIMIT 1) = (s.y < 1900)", "SELECT * FROM s WHERE (EXISTS(SELECT 1 FROM a WHERE a.id = (s.id) LIMIT 1)) = (s.y < 1900)"},
		{"SELECT 1 = exists (select ')' from t), EXISTS(SELECT 1) FROM t WHERE NOT EXISTS(SELECT 2) AND EXISTS(SELECT 3) IS TRUE", "SELECT 1 = (exists (select ')' from t)), EXISTS(SELECT 1) FROM t WHERE NOT EXISTS(SELECT 2) AND EXISTS(SELECT 3) IS TRUE"},
		{"SELECT EXISTS(SELECT '\\%' = EXISTS(SELECT 1)) + 1", "SELECT (EXISTS(SELECT '\\\\%' = (EXISTS(SELECT 1)))) + 1"},
		{"SELECT t.exists = 1, not_exists(1) FROM t", "SELECT t.exists = 1, not_exists(1) FROM t"},
		{"SELECT a.x AS crafted_alia$ FROM t crafted_alia$ JOIN u $v ON crafted_alia$.id = $v.a$b", "SELECT a.x AS `crafted_alia$` FROM t `crafted_alia$` JOIN u `$v` ON `crafted_alia$`.id = `$v`.`a$b`"},
		{"SELECT '$x', `a$`, @v$1, 1$ FROM t -- $y", "SELECT '$x', `a$`, @v$1, 1$ FROM t -- $y"},
		{`SELECT '\%', "a\_b", 'x\\%', '\\\%', 'it\'s\%'`, `SELECT '\\%', "a\\_b", 'x\\%', '\\\\%', 'it\'s\\%'`},
		{`SELECT REPLACE(a, '%', '\%') FROM t WHERE b LIKE 'x\_%' ESCAPE '\\'`, `SELECT REPLACE(a, '%', '\\%') FROM t WHERE b LIKE 'x\\_%' ESCAPE '\\'`},
		{"SELECT `a\\%` FROM t -- '\\%", "SELECT `a\\%` FROM t -- '\\%"},
		{"CREATE TABLE t (id int, plan varchar(10))", "CREATE TABLE t (id int, `plan` varchar(10))"},
		{"SELECT Plan, t.plan FROM t WHERE plan='plan' ORDER BY PLAN", "SELECT `Plan`, t.`plan` FROM t WHERE `plan`='plan' ORDER BY `PLAN`"},
		{"SELECT `plan`, planned, myplan, @plan, plan_id FROM t", "SELECT `plan`, planned, myplan, @plan, plan_id FROM t"},
		{"EXPLAIN PLAN SELECT plan FROM t", "EXPLAIN PLAN SELECT `plan` FROM t"},
		{"explain format = tree plan select 1", "explain format = tree plan select 1"},
		{"DESCRIBE EXTENDED PLAN SELECT 1", "DESCRIBE EXTENDED PLAN SELECT 1"},
		{"plan", "`plan`"},
		{"SELECT 4///2", "SELECT 4/ / /2"},
		{"SELECT 4 /* a */ /2", "SELECT 4 /* a */ /2"},
		{"SELECT 1 /*!50000 +1*//2", "SELECT 1 /*!50000 +1*//2"},
		{"SELECT '//' // x", "SELECT '//' / / x"},
		{"SELECT 1 /* unterminated --1", "SELECT 1 /* unterminated --1"},
		{"SELECT 'unterminated --1", "SELECT 'unterminated --1"},
		{"SELECT -1, - -1, a-b, a->'$.x', a->>'$.y'", "SELECT -1, - -1, a-b, a->'$.x', a->>'$.y'"},
		{"", ""},
		{"-", "-"},
		{"--", "--"},
		{"--x", "- -x"},
	} {
		if got := Rewrite(c.in, v); got != c.want {
			t.Errorf("Rewrite(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRewriteKeepsUnchangedStatement(t *testing.T) {
	q := "SELECT a, 'b--c' FROM t -- done"
	if got := Rewrite(q, v); got != q {
		t.Fatalf("changed: %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { Rewrite(q, v) }); n != 0 {
		t.Fatalf("%v allocations for an unchanged statement", n)
	}
}

// FuzzRewrite checks that Rewrite only ever inserts spaces and turns the '!'
// of a versioned comment into a space, that it never touches a statement
// without "--", "//" or "/*!", and that a rewritten statement needs no
// further rewriting.
func FuzzRewrite(f *testing.F) {
	for _, s := range []string{
		"SELECT 1--1", "SELECT '--' -- x\n--1", "SELECT `--`//2", "/*!99999 x */--1", "/*!50000 --1 */",
		"SELECT \"a\\\"--\" --1", "#--1\n--1", "UPDATE t SET a=a--? WHERE id=?",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		out := Rewrite(q, v)
		if !strings.Contains(q, "--") && !strings.Contains(q, "//") && !strings.Contains(q, "/*!") && out != q {
			t.Fatalf("Rewrite(%q) = %q, changed a statement without --X, // or /*!", q, out)
		}
		j := 0
		for i := 0; i < len(q); i++ {
			for j < len(out) && out[j] != q[i] && out[j] == ' ' && !(q[i] == '!' && i > 1 && q[i-2:i] == "/*") {
				j++
			}
			if j >= len(out) {
				t.Fatalf("Rewrite(%q) = %q: input byte %d lost", q, out, i)
			}
			if out[j] != q[i] && !(q[i] == '!' && out[j] == ' ') {
				t.Fatalf("Rewrite(%q) = %q: byte %d changed", q, out, i)
			}
			j++
		}
		for ; j < len(out); j++ {
			if out[j] != ' ' {
				t.Fatalf("Rewrite(%q) = %q: trailing bytes", q, out)
			}
		}
		if again := Rewrite(out, v); again != out {
			t.Fatalf("Rewrite not idempotent: %q -> %q -> %q", q, out, again)
		}
	})
}

// The passes that share nextToken keep their own rule for executable
// comments: DoBodies passes over them, QuantifiedComparisons and the
// statement start read their text as code; other comments, strings and
// quoted identifiers hide what they hold from both.
func TestNextTokenComments(t *testing.T) {
	body := "CREATE PROCEDURE p() BEGIN /*!50000 DO 1; */ DO 2; -- DO 3;\n SELECT 'DO 4;' `DO`; DO 5; END"
	want := "CREATE PROCEDURE p() BEGIN /*!50000 DO 1; */ " + doSelect + " 2; -- DO 3;\n SELECT 'DO 4;' `DO`; " + doSelect + " 5; END"
	if got, _ := DoBodies(body); got != want {
		t.Errorf("DoBodies:\n got %q\nwant %q", got, want)
	}
	for q, n := range map[string]int{
		"SELECT a > /* c */ ALL (SELECT 1)":                2,
		"SELECT a > /*!ALL (SELECT 1)*/":                   0,
		"SELECT a <= ANY (SELECT ')' -- )\n FROM t)":       2,
		"SELECT a = SOME (SELECT 1 FROM t) FROM `a > ALL`": 2,
		"SELECT 'a > ALL (SELECT 1)'":                      0,
	} {
		if edits, _ := QuantifiedComparisons(q); len(edits) != n {
			t.Errorf("QuantifiedComparisons(%q): %d edits, want %d", q, len(edits), n)
		}
	}
	if i := leadingBlanks(" /* c */ -- d\n # e\n\f/*!1 x */"); i != 20 {
		t.Errorf("leadingBlanks: %d, want 20 (the executable comment)", i)
	}
}
