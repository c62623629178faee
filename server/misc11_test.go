package server

import (
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestGroupConcatEnumOrder: GROUP_CONCAT(... ORDER BY e) sorts an ENUM by
// member number and a SET by its bits, as ORDER BY e does; the key was
// the member's text ('a' before 'c' in ENUM('c','a','b')). The values
// concatenated stay the members' text. Expected values are MariaDB
// 10.11's, which sorts as MySQL 8.0 does (Field_enum::cmp compares the
// packed numbers).
func TestGroupConcatEnumOrder(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE gce")
	mustExec(t, db, "CREATE TABLE gce.t (id INT PRIMARY KEY, k INT, e ENUM('c','a','b'), s SET('z','y','x'), KEY (e))")
	mustExec(t, db, "INSERT INTO gce.t VALUES (1, 1, 'a', 'x'), (2, 1, 'b', 'y,x'), (3, 2, 'c', 'z'), (4, 2, NULL, ''), (5, 1, 'a', 'z,y'), (6, 2, 'b', 'y')")
	for _, c := range []struct{ q, want string }{
		{"SELECT GROUP_CONCAT(e ORDER BY e) FROM t", "c,a,a,b,b"},
		{"SELECT GROUP_CONCAT(e ORDER BY e DESC) FROM t", "b,b,a,a,c"},
		{"SELECT GROUP_CONCAT(id ORDER BY e, id) FROM t", "4,3,1,5,2,6"},
		{"SELECT GROUP_CONCAT(DISTINCT e ORDER BY e) FROM t", "c,a,b"},
		{"SELECT GROUP_CONCAT(s ORDER BY s SEPARATOR '|') FROM t", "|z|y|z,y|x|y,x"},
		{"SELECT GROUP_CONCAT(id ORDER BY s DESC, id) FROM t", "2,1,5,6,3,4"},
		{"SELECT k, GROUP_CONCAT(e ORDER BY e SEPARATOR '') FROM t GROUP BY k ORDER BY k", "1,aab 2,cb"},
		{"SELECT GROUP_CONCAT(e, '-', id ORDER BY e, id) FROM t", "c-3,a-1,a-5,b-2,b-6"},
		// The statement's own ORDER BY, a window's and an index scan's
		// already sorted by member number.
		{"SELECT id FROM t ORDER BY e, id", "4 3 1 5 2 6"},
		{"SELECT id, ROW_NUMBER() OVER (ORDER BY e, id) FROM t WHERE id < 4 ORDER BY id", "1,2 2,3 3,1"},
		{"SELECT e FROM t FORCE INDEX (e) WHERE e IS NOT NULL ORDER BY e DESC LIMIT 3", "b b a"},
	} {
		if got := rowsText(t, ts, "gce", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}

// TestConvOfDoubleText: CONV, BIN and OCT read their argument's text
// (Item_func_conv::val_str: strtoull of args[0]->val_str()), and a DOUBLE's
// text is MySQL's ("1e20"), so CONV(1e20, 10, 2) is 1; Myriad read GMS's
// 21-digit text and saturated to 64 one bits. OCT was its own function
// reading N as a number: OCT('1e20') was 1777777777777777777777 and
// OCT(18446744073709551616) 0. Expected values are MariaDB 10.11's (the
// same code as MySQL 8.0).
func TestConvOfDoubleText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE cv")
	mustExec(t, db, "CREATE TABLE cv.t (id INT PRIMARY KEY, f DOUBLE, r FLOAT, d DECIMAL(25,1))")
	mustExec(t, db, "INSERT INTO cv.t VALUES (1, 1e20, 1e20, 18446744073709551616.0), (2, -1.5, -1.5, -1.5), (3, 9.3e18, 255, 255.9)")
	ones := strings.Repeat("1", 64)
	for _, c := range []struct{ q, want string }{
		{"SELECT CONV(1e20, 10, 2), CONV('1e20', 10, 2), CONV(1e20, 10, 10), CONV(1e19, 10, -10), CONV(9.3e18, 10, -10)", "1,1,1,1,9"},
		{"SELECT CONV(18446744073709551616, 10, 2), CONV(-1.5, 10, 2)", ones + "," + ones},
		{"SELECT CONV(123456789012345.6e0, 10, 10), CONV(1e15, 10, 10), CONV(-1.5e0, 10, 10)", "123456789012345,1,18446744073709551615"},
		{"SELECT OCT(1e20), OCT('1e20'), OCT(18446744073709551616), OCT(-1), OCT(2.5), OCT(8), OCT(NULL)",
			"1,1,1777777777777777777777,1777777777777777777777,2,10,NULL"},
		{"SELECT BIN(1e20), BIN(1.5e15), BIN(-2.5e0)", "1,1," + strings.Repeat("1", 63) + "0"},
		{"SELECT id, CONV(f, 10, 10), OCT(f), BIN(r), CONV(d, 10, 16) FROM t ORDER BY id",
			"1,1,1,1,FFFFFFFFFFFFFFFF 2,18446744073709551615,1777777777777777777777," + ones + ",FFFFFFFFFFFFFFFF 3,9,11,11111111,FF"},
	} {
		if got := rowsText(t, ts, "cv", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}

// TestSetUnknownVariable: SET of a name that is no system variable is
// MySQL's 1193 "Unknown system variable 'name'" (with the name as written)
// whatever its scope keyword; GMS read a bare name as a column (1054). A
// missing column on the right of SET @a = ... stays 1054.
func TestSetUnknownVariable(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	for _, c := range []struct {
		q    string
		code uint16
		msg  string
	}{
		{"SET nosuch = 5", 1193, "Unknown system variable 'nosuch'"},
		{"SET NoSuch := 5", 1193, "Unknown system variable 'NoSuch'"},
		{"SET nosuch = DEFAULT", 1193, "Unknown system variable 'nosuch'"},
		{"SET autocommit = 1, `nosuch` = 2", 1193, "Unknown system variable 'nosuch'"},
		{"SET @a = 1, b = 2", 1193, "Unknown system variable 'b'"},
		{"SET SESSION nosuch = 1", 1193, "Unknown system variable 'nosuch'"},
		{"SET @@session.nosuch = 1", 1193, "Unknown system variable 'nosuch'"},
		{"SET GLOBAL nosuch = 1", 1193, "Unknown system variable 'nosuch'"},
		{"SELECT @@nosuch", 1193, "Unknown system variable 'nosuch'"},
		{"SET @a = nosuch", 1054, "Unknown column 'nosuch' in 'field list'"},
	} {
		_, err := db.Exec(c.q)
		me, ok := err.(*mysql.MySQLError)
		if !ok || me.Number != c.code || me.Message != c.msg {
			t.Errorf("%s: %v, want %d %s", c.q, err, c.code, c.msg)
		}
	}
	if got := rowsText(t, ts, "", "SELECT @@autocommit"); got != "1" {
		t.Errorf("autocommit after the failed SETs: %q", got)
	}
}

// TestJSONOfEnum: an ENUM or SET put into a JSON value is its member's text
// (MySQL reads val_str); JSON_ARRAY(e), JSON_OBJECT, JSON_SET,
// JSON_ARRAYAGG/JSON_OBJECTAGG (grouped and as a window) and CAST(e AS
// JSON) held the stored number ([3] for 'b'), and JSON_QUOTE(e) failed with
// 1105. Expected values are MariaDB 10.11's; CAST(... AS JSON), which
// MariaDB lacks, is MySQL 8.0's JSON string.
func TestJSONOfEnum(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE je")
	mustExec(t, db, "CREATE TABLE je.t (id INT PRIMARY KEY, e ENUM('c','a','b'), s SET('z','y','x'))")
	mustExec(t, db, "INSERT INTO je.t VALUES (1, 'a', 'x'), (2, 'b', 'y,x'), (3, NULL, '')")
	for _, c := range []struct{ q, want string }{
		{"SELECT JSON_ARRAY(e, s), JSON_OBJECT('k', s, 'e', e) FROM t WHERE id = 2", `["b", "y,x"],{"e": "b", "k": "y,x"}`},
		{"SELECT JSON_SET('{}', '$.a', e), JSON_INSERT('[]', '$[0]', s), JSON_QUOTE(e), JSON_QUOTE(s) FROM t WHERE id = 2", `{"a": "b"},["y,x"],"b","y,x"`},
		{"SELECT JSON_ARRAY(e, s) FROM t WHERE id = 3", `[null, ""]`},
		{"SELECT JSON_ARRAYAGG(e), JSON_OBJECTAGG(id, s) FROM t", `["a", "b", null],{"1": "x", "2": "y,x", "3": ""}`},
		{"SELECT id, JSON_ARRAYAGG(s) OVER (ORDER BY id) FROM t WHERE id < 3 ORDER BY id", `1,["x"] 2,["x", "y,x"]`},
		{"SELECT CAST(e AS JSON), JSON_TYPE(CAST(s AS JSON)) FROM t WHERE id = 2", `"b",STRING`},
	} {
		if got := rowsText(t, ts, "je", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
}

// TestDecimalDoubleCompare: a DECIMAL compared with a DOUBLE compares as
// DOUBLE (Arg_comparator, REAL_RESULT): d = f, IN lists with a DOUBLE
// element and joins on d = f held only for exactly equal values, as both
// were widened to DECIMAL(65,30). The exception is MySQL 8.0's constant
// folding: in WHERE/ON/HAVING a DECIMAL column against a constant compares
// as DECIMAL (sql_const_folding.cc), with or without an index on d; in a
// select list, GROUP BY or ORDER BY it stays DOUBLE. MariaDB 10.11 agrees
// except for the folded WHERE cases, where it compares as DOUBLE.
func TestDecimalDoubleCompare(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE dd")
	mustExec(t, db, "CREATE TABLE dd.t (id INT PRIMARY KEY, d DECIMAL(20,18), f DOUBLE, KEY (d))")
	mustExec(t, db, "INSERT INTO dd.t VALUES (1, 0.1, 0.1), (2, 0.100000000000000005, 0.1), (3, 0.100000000000000006, 0.2), (4, 0.3, 0.30000000000000004), (5, 0.30000000000000004, 0.3)")
	for _, c := range []struct{ q, want string }{
		{"SELECT id, d = f, d < f, d > f, d <=> f FROM t ORDER BY id", "1,1,0,0,1 2,1,0,0,1 3,0,1,0,0 4,0,1,0,0 5,0,0,1,0"},
		{"SELECT id FROM t WHERE d = f ORDER BY id", "1 2"},
		{"SELECT a.id, b.id FROM t a JOIN t b ON a.d = b.f ORDER BY 1, 2", "1,1 1,2 2,1 2,2 3,1 3,2 4,5 5,4"},
		{"SELECT id FROM t WHERE d IN (0.1e0, 0.3) ORDER BY id", "1 2 3 4"},
		{"SELECT id FROM t IGNORE INDEX (d) WHERE d IN (0.1e0, 0.3e0) ORDER BY id", "1 2 3 4"},
		{"SELECT id FROM t WHERE d + 0 = 0.1e0 ORDER BY id", "1 2 3"},
		{"SELECT id FROM t WHERE f = 0.100000000000000005 ORDER BY id", "1 2"},
		// Folded: a DECIMAL comparison, through the index or not.
		{"SELECT id FROM t WHERE d = 0.1e0 ORDER BY id", "1"},
		{"SELECT id FROM t IGNORE INDEX (d) WHERE d = 0.1e0 ORDER BY id", "1"},
		{"SELECT id FROM t WHERE d > 0.1e0 ORDER BY id", "2 3 4 5"},
		{"SELECT id FROM t IGNORE INDEX (d) WHERE 0.1e0 < d ORDER BY id", "2 3 4 5"},
		// Not folded outside WHERE/ON/HAVING.
		{"SELECT id, d = 0.1e0, 0.1e0 <=> d, d < 0.1e0 FROM t ORDER BY id", "1,1,1,0 2,1,1,0 3,1,1,0 4,0,0,0 5,0,0,0"},
		{"SELECT SUM(d = 0.1e0) FROM t", "3"},
		{"SELECT id FROM t ORDER BY d = 0.1e0 DESC, id LIMIT 3", "1 2 3"},
	} {
		if got := rowsText(t, ts, "dd", c.q); got != c.want {
			t.Errorf("%s: %q, want %q", c.q, got, c.want)
		}
	}
	// A placeholder is a constant too (folded in WHERE).
	if got := rowsText(t, ts, "dd", "SELECT id FROM t WHERE d = ? ORDER BY id", 0.1); got != "1" {
		t.Errorf("prepared d = ?: %q, want %q", got, "1")
	}
}
