package server

import (
	"testing"
)

// TestBranchOfNumbersWithDouble: CASE, IF, IFNULL and COALESCE over an
// integer or DECIMAL branch and a DOUBLE branch are DOUBLE in MySQL, and a
// DOUBLE branch keeps its fraction. GMS typed IF as its first branch:
// IF(id = 1, i, f) was a BIGINT and f's 1.5 came back as 2 (in the select
// list, in WHERE and under SUM); IF(c, dec, f) was a DECIMAL that rounded f
// to the DECIMAL's scale (issue #9). Expected values are MariaDB 10.11's,
// which types these as MySQL does. Text and binary protocol.
func TestBranchOfNumbersWithDouble(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		db := ts.connectWith("d", params)
		mustExec(t, db, "DROP TABLE IF EXISTS nb")
		mustExec(t, db, "CREATE TABLE nb (id INT PRIMARY KEY, f DOUBLE, i INT, dc DECIMAL(5,2), s VARCHAR(10))")
		mustExec(t, db, "INSERT INTO nb VALUES (1, NULL, NULL, NULL, NULL), (2, 1.5, 3, 2.25, 'abc'), (3, 0.125, 4, 1.5, 'x')")
		for _, c := range []struct {
			expr, typ, want string
		}{
			{"IF(id = 2, i, f)", "DOUBLE", "NULL|3|0.125"},
			{"IF(id <> 2, i, f)", "DOUBLE", "NULL|1.5|4"},
			{"IF(id <> 2, dc, f)", "DOUBLE", "NULL|1.5|1.5"},
			{"IF(id = 2, dc, f + 0.001)", "DOUBLE", "NULL|2.25|0.126"},
			{"IF(id <> 2, 7, f)", "DOUBLE", "7|1.5|7"},
			{"CASE WHEN id <> 2 THEN i ELSE f END", "DOUBLE", "NULL|1.5|4"},
			{"CASE id WHEN 3 THEN dc ELSE f END", "DOUBLE", "NULL|1.5|1.5"},
			{"COALESCE(IF(id <> 2, i, f), 0)", "DOUBLE", "0|1.5|4"},
			{"IFNULL(i, f)", "DOUBLE", "NULL|3|4"},
			{"COALESCE(dc, f)", "DOUBLE", "NULL|2.25|1.5"},
			{"IFNULL(f, 'text')", "", "text|1.5|0.125"},
			{"COALESCE(f, 'text')", "", "text|1.5|0.125"},
			{"IF(id = 1, 'text', f)", "", "text|1.5|0.125"},
			{"CASE WHEN id = 1 THEN 'text' ELSE f END", "", "text|1.5|0.125"},
			{"NULLIF(f, 'text')", "DOUBLE", "NULL|1.5|0.125"},
			{"IFNULL(i, dc)", "DECIMAL", "NULL|3.00|4.00"},
		} {
			q := "SELECT " + c.expr + " FROM nb WHERE id > ? ORDER BY id"
			rows, err := db.Query(q, 0)
			if err != nil {
				t.Errorf("%s %s: %v", params, q, err)
				continue
			}
			cts, err := rows.ColumnTypes()
			if err != nil {
				t.Fatal(err)
			}
			typ := cts[0].DatabaseTypeName()
			// A number and a string are a string: never a number type
			// whose value a driver would parse.
			if c.typ == "" && (typ == "DOUBLE" || typ == "DECIMAL" || typ == "BIGINT" || typ == "INT") ||
				c.typ != "" && typ != c.typ {
				t.Errorf("%s %s: column %s, want %q", params, c.expr, typ, c.typ)
			}
			if got := joinRowsOf(t, rows); got != c.want {
				t.Errorf("%s %s: %q, want %q", params, c.expr, got, c.want)
			}
		}
		// The value compared and summed is the DOUBLE's.
		if got := rowsText(t, ts, "d", "SELECT id FROM nb WHERE IF(id <> 2, i, f) = ?", 1.5); got != "2" {
			t.Errorf("%s WHERE IF(id <> 2, i, f) = 1.5: %q, want 2", params, got)
		}
		if got := rowsText(t, ts, "d", "SELECT SUM(IF(id <> 2, i, f)) FROM nb WHERE id > ?", 0); got != "5.5" {
			t.Errorf("%s SUM(IF(id <> 2, i, f)): %q, want 5.5", params, got)
		}
	}
}
