package sqltext

import (
	"strings"
	"testing"
)

func TestDo(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"DO 1", "SELECT /*myriad DO*/ 1", true},
		{"do sleep(0.1), release_lock('x')", "SELECT /*myriad DO*/ sleep(0.1), release_lock('x')", true},
		{"  /* c */ DO(1)", "  /* c */ SELECT /*myriad DO*/(1)", true},
		{"-- note\nDo\t@a := 1; DO 2", "-- note\nSELECT /*myriad DO*/\t@a := 1; DO 2", true},
		{"DOUBLE", "DOUBLE", false},
		{"DO", "DO", false},
		{"do_it()", "do_it()", false},
		{"do$x()", "do$x()", false},
		{"SELECT 'DO 1'", "SELECT 'DO 1'", false},
		{"/*!40101 DO 1 */", "/*!40101 DO 1 */", false},
	} {
		got, ok := Do(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("Do(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
		if ok != IsDoSelect(got) {
			t.Errorf("IsDoSelect(%q) = %v", got, !ok)
		}
	}
	if IsDoSelect("SELECT 1") || IsDoSelect("SELECT /* other */ 1") {
		t.Error("a plain SELECT taken for a DO")
	}
}

func TestDoBodies(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"DO 1", "DO 1"}, // the handler's (Do)
		{"SELECT 1", "SELECT 1"},
		{"CREATE PROCEDURE p() BEGIN DO 1; SELECT 2; do sleep(0); END",
			"CREATE PROCEDURE p() BEGIN SELECT /*myriad DO*/ 1; SELECT 2; SELECT /*myriad DO*/ sleep(0); END"},
		{"CREATE PROCEDURE p() BEGIN WHILE @i < 3 DO DO @i := @i + 1; END WHILE; END",
			"CREATE PROCEDURE p() BEGIN WHILE @i < 3 DO SELECT /*myriad DO*/ @i := @i + 1; END WHILE; END"},
		{"CREATE PROCEDURE p() BEGIN IF 1 THEN DO 1; ELSE DO 2; END IF; l: LOOP DO 3; LEAVE l; END LOOP; REPEAT DO 4; UNTIL 1 END REPEAT; END",
			"CREATE PROCEDURE p() BEGIN IF 1 THEN SELECT /*myriad DO*/ 1; ELSE SELECT /*myriad DO*/ 2; END IF; l: LOOP SELECT /*myriad DO*/ 3; LEAVE l; END LOOP; REPEAT SELECT /*myriad DO*/ 4; UNTIL 1 END REPEAT; END"},
		{"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW DO @n := @n + NEW.a",
			"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW BEGIN SELECT /*myriad DO*/ @n := @n + NEW.a; END"},
		{"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW FOLLOWS t0 DO @n := 1;  ",
			"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW FOLLOWS t0 BEGIN SELECT /*myriad DO*/ @n := 1; END;  "},
		{"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW BEGIN DO ';DO'; END",
			"CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW BEGIN SELECT /*myriad DO*/ ';DO'; END"},
		{"CREATE PROCEDURE p() BEGIN SELECT 'x; DO 1'; /* ; DO 1 */ SELECT `do`; END",
			"CREATE PROCEDURE p() BEGIN SELECT 'x; DO 1'; /* ; DO 1 */ SELECT `do`; END"},
		{"CREATE PROCEDURE p() BEGIN SELECT double_col, do_x FROM t; END",
			"CREATE PROCEDURE p() BEGIN SELECT double_col, do_x FROM t; END"},
	} {
		got, edits := DoBodies(c.in)
		if got != c.want {
			t.Errorf("DoBodies(%q) = %q; want %q", c.in, got, c.want)
		}
		if (got == c.in) != (edits == nil) {
			t.Errorf("DoBodies(%q): edits %v for an unchanged text", c.in, edits)
		}
	}
}

func TestDoOrigOffset(t *testing.T) {
	q := "CREATE PROCEDURE p() BEGIN DO 1; END; SELECT 5"
	got, edits := DoBodies(q)
	at := strings.Index(got, "SELECT 5")
	if o := DoOrigOffset(edits, at); q[o:] != "SELECT 5" {
		t.Errorf("offset %d maps to %d (%q)", at, o, q[o:])
	}
	if o := DoOrigOffset(edits, strings.Index(got, DoMarker)); o != strings.Index(q, "DO 1")+2 {
		t.Errorf("an offset inside the replacement maps to %d", o)
	}
	if o := DoOrigOffset(edits, strings.Index(got, "SELECT /*")); o != strings.Index(q, "DO 1") {
		t.Errorf("the replacement's start maps to %d", o)
	}
	if o := DoOrigOffset(edits, 3); o != 3 {
		t.Errorf("an offset before any edit maps to %d", o)
	}
}
