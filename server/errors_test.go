package server

import (
	"errors"
	"testing"

	"github.com/dolthub/vitess/go/mysql"
)

func TestTranslateError(t *testing.T) {
	cases := []struct {
		query, msg, db string
		code           int
		want           string
	}{
		{"SELEC 1", "syntax error at position 6 near 'SELEC'", "", 1064, "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'SELEC 1' at line 1"},
		{"SELECT *\nFROM t WHERE", "syntax error at position 22 near 'WHERE'", "", 1064, "You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'WHERE' at line 2"},
		{"CREATE TABLE t (a int)", "table with name t already exists", "", 1050, "Table 't' already exists"},
		{"drop table t", "table not found: t", "", 1051, "Unknown table 't'"},
		{"SELECT * FROM t", "table not found: t", "", 1146, "Table 't' doesn't exist"},
		{"DROP DATABASE d", "database not found: d", "", 1008, "Can't drop database 'd'; database doesn't exist"},
		{"USE d", "database not found: d", "", 1049, "Unknown database 'd'"},
		{"INSERT INTO t VALUES (1, 'x')", "duplicate primary key given: Duplicate entry '1' for key 'PRIMARY'", "", 1062, "Duplicate entry '1' for key 'PRIMARY'"},
		{"INSERT INTO t VALUES ('abc')", "string 'abc' is too large for column 'name'", "", 1406, "Data too long for column 'name' at row 1"},
		{"COMMIT", "serialization failure: write conflict, try restarting transaction.", "", 1213, "Deadlock found when trying to get lock; try restarting transaction"},
		{"SELECT 1", "something GMS-specific", "", 1105, "something GMS-specific"},
		{"SELECT * FROM t", "table not found: t", "shop", 1146, "Table 'shop.t' doesn't exist"},
		{"INSERT INTO t VALUES (x'c328')", "invalid string for charset utf8mb4: '[195 40]'", "", 1366, "Incorrect string value: '\\xC3(' for charset utf8mb4 at row 1"},
		{"CREATE DATABASE x CHARACTER SET nosuch", "Unknown character set: nosuch", "", 1115, "Unknown character set: 'nosuch'"},
		{"CREATE DATABASE x COLLATE nosuch", "Unknown collation: nosuch", "", 1273, "Unknown collation: 'nosuch'"},
		{"DROP TABLE t", "table not found: t", "shop", 1051, "Unknown table 'shop.t'"},
		{"INSERT INTO t VALUES (1)", "cannot execute statement in a READ ONLY transaction", "", 1792, "Cannot execute statement in a READ ONLY transaction."},
		{"SELECT nosuch(1)", "function: 'nosuch' not found", "shop", 1305, "FUNCTION shop.nosuch does not exist"},
		{"SELECT ABS()", "function 'abs' expected 1 arguments, 0 received", "", 1582, "Incorrect parameter count in the call to native function 'abs'"},
		{"SELECT CONCAT()", "function 'CONCAT' expected 1 or more arguments, 0 received", "", 1582, "Incorrect parameter count in the call to native function 'CONCAT'"},
		{"CREATE VIEW v AS SELECT 1", "the view shop.v already exists", "shop", 1050, "Table 'v' already exists"},
		{"SELECT 1 UNION SELECT 1, 2", "cannot union two queries whose schemas are different lengths; left has 1 column(s) right has 2 column(s).", "", 1222, "The used SELECT statements have a different number of columns"},
		{"INSERT INTO t VALUES ('{bad')", "Invalid JSON text: invalid character 'b' looking for beginning of object key string", "", 3140, "Invalid JSON text: \"invalid character 'b' looking for beginning of object key string\""},
	}
	for _, c := range cases {
		got := translateError(mysql.NewSQLError(mysql.ERUnknownError, "", "%s", c.msg), c.query, c.db)
		var se *mysql.SQLError
		if !errors.As(got, &se) {
			t.Fatalf("%q: not a SQLError: %v", c.msg, got)
		}
		if se.Num != c.code || se.Message != c.want {
			t.Errorf("%q on %q: got %d %q, want %d %q", c.msg, c.query, se.Num, se.Message, c.code, c.want)
		}
	}
	if translateError(nil, "x", "") != nil {
		t.Error("nil error must stay nil")
	}
}
