package sqltext

import (
	"strings"
	"testing"
)

func TestOperators(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// bit-value literals
		{"SELECT 0b11 + 0", "SELECT b'11' + 0"},
		{"SELECT 0B101, 0b12, t.0b1, @0b1", "SELECT b'101', 0b12, t.0b1, @0b1"},
		{"SELECT '0b11', `0b11`, \"0b11\"", ""},
		// PRIMARY in an index hint
		{"SELECT * FROM t FORCE INDEX (PRIMARY) WHERE a > 0", "SELECT * FROM t FORCE INDEX (`PRIMARY`) WHERE a > 0"},
		{"SELECT * FROM t USE KEY (k1, primary) JOIN u IGNORE INDEX FOR ORDER BY (PRIMARY) ORDER BY a",
			"SELECT * FROM t USE INDEX (k1, `primary`) JOIN u IGNORE INDEX FOR ORDER BY (`PRIMARY`) ORDER BY a"},
		{"SELECT key FROM t FORCE KEY (k) WHERE `key` = 1", "SELECT key FROM t FORCE INDEX (k) WHERE `key` = 1"},
		{"SELECT * FROM t FORCE INDEX (`PRIMARY`)", ""},
		{"CREATE TABLE t (a INT, PRIMARY KEY (a), KEY k (a))", ""},
		{"SELECT 'FORCE INDEX (PRIMARY)'", ""},
		// IS [NOT] UNKNOWN
		{"SELECT NULL IS UNKNOWN", "SELECT NULL IS NULL"},
		{"SELECT a is not unknown FROM t", "SELECT a is not NULL FROM t"},
		{"SELECT unknown FROM t WHERE x = 'IS UNKNOWN' -- IS UNKNOWN", ""},
		{"SELECT a IS /* c */ UNKNOWN", "SELECT a IS /* c */ NULL"},
		// INTERVAL(N, ...)
		{"SELECT INTERVAL(5,1,3,7)", "SELECT " + IntervalFunc + "(5,1,3,7)"},
		{"SELECT interval (NULL, 1)", "SELECT " + IntervalFunc + " (NULL, 1)"},
		{"SELECT DATE_ADD(d, INTERVAL (1) DAY), d + INTERVAL 1 DAY FROM t", ""},
		{"SELECT INTERVAL(f(1, 2)) DAY", ""},
		// compound INTERVAL units
		{"SELECT DATE_ADD(d, INTERVAL '1:30' HOUR_MINUTE) FROM t", "SELECT DATE_ADD(d, INTERVAL '1:30' `HOUR_MINUTE`) FROM t"},
		{"SELECT d + interval '1 2' day_hour, d - INTERVAL (1 + 1) YEAR_MONTH", "SELECT d + interval '1 2' `DAY_HOUR`, d - INTERVAL (1 + 1) `YEAR_MONTH`"},
		{"SELECT hour_minute FROM t WHERE INTERVAL(1, 2), day_hour", "SELECT hour_minute FROM t WHERE " + IntervalFunc + "(1, 2), day_hour"},
		{"SELECT 'INTERVAL 1 DAY_HOUR', `day_hour` FROM t", ""},
		// ROW(...)
		{"SELECT ROW(1,2) = ROW(1,2)", "SELECT (1,2) = (1,2)"},
		{"SELECT ROW(1, 2) = 1", "SELECT (1, 2) = 1"},
		{"SELECT row FROM t WHERE t.row(1,2)", ""},
		{"INSERT INTO t VALUES ROW(1,2), ROW(3,4)", "INSERT INTO t VALUES (1,2), (3,4)"},
		{"CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @x := ROW(1,2)", "CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW SET @x := (1,2)"},
		// @v := expr
		{"SELECT @x := 1", "SELECT " + AssignFunc + "('x', 1)"},
		{"SELECT @x := 1 AS a, @y:=2 b FROM t", "SELECT " + AssignFunc + "('x', 1) AS a, " + AssignFunc + "('y',2) b FROM t"},
		{"SELECT @r := @r + 1, t.* FROM t, (SELECT @r := 0) r",
			"SELECT " + AssignFunc + "('r', @r + 1), t.* FROM t, (SELECT " + AssignFunc + "('r', 0)) r"},
		{"SELECT @a := @b := f(1, 2) + 1", "SELECT " + AssignFunc + "('a', " + AssignFunc + "('b', f(1, 2) + 1))"},
		{"SELECT @`my var` := 'x', @'v' := 2", "SELECT " + AssignFunc + "('my var', 'x'), " + AssignFunc + "('v', 2)"},
		{"SELECT @x := CASE WHEN a THEN 1 ELSE 2 END AS c FROM t",
			"SELECT " + AssignFunc + "('x', CASE WHEN a THEN 1 ELSE 2 END) AS c FROM t"},
		{"SELECT @x := a IS NULL AND b BETWEEN 1 AND 2 FROM t",
			"SELECT " + AssignFunc + "('x', a IS NULL AND b BETWEEN 1 AND 2) FROM t"},
		{"SELECT @x := d + INTERVAL 1 DAY FROM t", "SELECT " + AssignFunc + "('x', d + INTERVAL 1 DAY) FROM t"},
		{"SELECT * FROM t WHERE (@x := a) > 1", "SELECT * FROM t WHERE (" + AssignFunc + "('x', a)) > 1"},
		{"SET @x := 1, @y := 2", ""},
		{"SET @x = (SELECT @y := 2)", "SET @x = (SELECT " + AssignFunc + "('y', 2))"},
		{"SELECT ':=', `a:=b`", ""},
		{"SELECT @@x := 1", ""},
		// a stored body reads as typed directly (the parser keeps its
		// text as written); a table's definition is left alone
		{"CREATE VIEW v AS SELECT 0b1, ROW(1,2) = ROW(1,2)", "CREATE VIEW v AS SELECT b'1', (1,2) = (1,2)"},
		{"CREATE TABLE t (b BIT(3) DEFAULT 0b1)", ""},
		{"CREATE PROCEDURE p() BEGIN SET @a := 1, @b := 2; SELECT @c := 3, @d := 4 INTO @e, @f; END", "CREATE PROCEDURE p() BEGIN SET @a := 1, @b := 2; SELECT myriad_assign_var('c', 3), myriad_assign_var('d', 4) INTO @e, @f; END"},
		{"SELECT 1", ""},
	} {
		want := c.want
		if want == "" {
			want = c.in
		}
		got, edits := Operators(c.in)
		if got != want {
			t.Errorf("Operators(%q)\n got %q\nwant %q", c.in, got, want)
		}
		if (edits == nil) != (got == c.in) {
			t.Errorf("Operators(%q): edits %v for %q", c.in, edits, got)
		}
	}
}

// TestOperatorsOrigOffset: a range of the rewritten text maps back to the
// original spelling (a select expression is named by its text).
func TestOperatorsOrigOffset(t *testing.T) {
	q := "SELECT @x := 0b1 + 1, NULL IS UNKNOWN, ROW(1,2) = ROW(1,2) FROM t"
	rq, edits := Operators(q)
	for _, want := range []string{"@x := 0b1 + 1", "NULL IS UNKNOWN", "ROW(1,2) = ROW(1,2)"} {
		var newText string
		switch want {
		case "@x := 0b1 + 1":
			newText = AssignFunc + "('x', b'1' + 1)"
		case "NULL IS UNKNOWN":
			newText = "NULL IS NULL"
		default:
			newText = "(1,2) = (1,2)"
		}
		s := strings.Index(rq, newText)
		if s < 0 {
			t.Fatalf("%q not in %q", newText, rq)
		}
		os, oe := OperatorsOrigOffset(edits, s, false), OperatorsOrigOffset(edits, s+len(newText), true)
		if got := q[os:oe]; got != want {
			t.Errorf("range of %q maps to %q, want %q", newText, got, want)
		}
	}
	if got := OperatorsOrigOffset(edits, len(rq), true); got != len(q) {
		t.Errorf("end maps to %d, want %d", got, len(q))
	}
}
