package server

import (
	"strings"
	"testing"
)

// winaggFuncs is every window function Myriad answers, with arguments.
var winaggFuncs = []string{
	"ROW_NUMBER()", "RANK()", "DENSE_RANK()", "PERCENT_RANK()", "CUME_DIST()", "NTILE(2)",
	"FIRST_VALUE(x)", "LAST_VALUE(x)", "NTH_VALUE(x, 2)", "LAG(x)", "LEAD(x)", "LAG(x, 2)", "LAG(x, 1, 0)", "LEAD(x, 2, -1)",
	"SUM(x)", "AVG(x)", "COUNT(x)", "COUNT(*)", "MIN(x)", "MAX(x)", "BIT_OR(x)", "BIT_AND(x)", "BIT_XOR(x)",
	"STD(x)", "STDDEV(x)", "STDDEV_POP(x)", "STDDEV_SAMP(x)", "VARIANCE(x)", "VAR_POP(x)", "VAR_SAMP(x)",
	"JSON_ARRAYAGG(x)", "JSON_OBJECTAGG(id, x)",
}

// TestWindowEmptyWindows: every window function over a window with neither
// PARTITION BY nor ORDER BY (OVER (), a named empty window, frames alone)
// and over PARTITION BY alone answers. GMS's FIRST_VALUE, LAST_VALUE, LAG
// and LEAD (and NTH_VALUE, built on FIRST_VALUE) refused their own children
// back over such a window; the planner dropped the error and then panicked,
// and the client lost its connection (issue #9).
func TestWindowEmptyWindows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	windows := []struct{ over, clause string }{
		{"OVER ()", ""},
		{"OVER (PARTITION BY g)", ""},
		{"OVER w", " WINDOW w AS ()"},
		{"OVER w", " WINDOW w AS (PARTITION BY g)"},
		{"OVER (w)", " WINDOW w AS ()"},
		{"OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)", ""},
		{"OVER (ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)", ""},
		{"OVER (RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)", ""},
		{"OVER (RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)", ""},
		{"OVER (PARTITION BY g ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)", ""},
	}
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, db, "DROP TABLE IF EXISTS w")
		mustExec(t, db, "CREATE TABLE w (id INT PRIMARY KEY, g INT, x INT)")
		mustExec(t, db, "INSERT INTO w VALUES (1, 1, 10), (2, 1, 20), (3, 2, 30)")
		for _, f := range winaggFuncs {
			for _, w := range windows {
				q := "SELECT id, " + f + " " + w.over + " FROM w WHERE id > ?" + w.clause + " ORDER BY id"
				rows, err := db.Query(q, 0)
				if err == nil {
					n := 0
					for rows.Next() {
						n++
					}
					err = rows.Err()
					rows.Close()
					if err == nil && n != 3 {
						t.Errorf("binary=%v %s: %d rows, want 3", binary, q, n)
					}
				}
				if err != nil {
					t.Errorf("binary=%v %s: %v", binary, q, err)
				}
			}
		}
		// The answers over the table, read in primary-key order.
		for _, c := range []struct{ q, want string }{
			{"SELECT id, FIRST_VALUE(x) OVER () FROM w WHERE id > ? ORDER BY id", "1 10|2 10|3 10"},
			{"SELECT id, LAST_VALUE(x) OVER () FROM w WHERE id > ? ORDER BY id", "1 30|2 30|3 30"},
			{"SELECT id, LAST_VALUE(x) OVER w FROM w WHERE id > ? WINDOW w AS () ORDER BY id", "1 30|2 30|3 30"},
			{"SELECT id, NTH_VALUE(x, 2) OVER () FROM w WHERE id > ? ORDER BY id", "1 20|2 20|3 20"},
			{"SELECT id, LAG(x) OVER (), LEAD(x) OVER () FROM w WHERE id > ? ORDER BY id", "1 NULL 20|2 10 30|3 20 NULL"},
			{"SELECT id, FIRST_VALUE(x) OVER (PARTITION BY g), LAST_VALUE(x) OVER (PARTITION BY g) FROM w WHERE id > ? ORDER BY id", "1 10 20|2 10 20|3 30 30"},
			{"SELECT id, FIRST_VALUE(x) OVER (ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING) FROM w WHERE id > ? ORDER BY id", "1 20|2 30|3 NULL"},
		} {
			if got := joinRows(queryRows(t, db, c.q, 0)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, c.q, got, c.want)
			}
		}
	}
}

// TestWindowValueRangeFrames: FIRST_VALUE, LAST_VALUE and NTH_VALUE read
// their frame as MySQL frames RANGE: by the ORDER BY key's value, peers
// together (GMS framed the whole table without PARTITION BY, and NTH_VALUE's
// default frame stopped at the current row instead of its last peer).
// Expected values are MariaDB 10.11's, which frames RANGE as MySQL; the
// functions read the key itself, so peers' order does not matter.
func TestWindowValueRangeFrames(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, db, "DROP TABLE IF EXISTS v")
		mustExec(t, db, "CREATE TABLE v (id INT PRIMARY KEY, g INT, k INT, x INT)")
		mustExec(t, db, "INSERT INTO v VALUES (1,1,1,10), (2,1,1,20), (3,1,2,NULL), (4,1,3,40), (5,2,1,50), (6,2,NULL,60), (7,2,NULL,70), (8,3,5,NULL)")
		for _, c := range []struct{ f, want string }{
			{"FIRST_VALUE(k) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)", "1 1|2 1|3 1|4 2|5 1|6 NULL|7 NULL|8 5"},
			{"LAST_VALUE(k) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING)", "1 2|2 2|3 3|4 3|5 2|6 NULL|7 NULL|8 5"},
			{"LAST_VALUE(k) OVER (PARTITION BY g ORDER BY k RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING)", "1 2|2 2|3 3|4 3|5 1|6 NULL|7 NULL|8 5"},
			{"FIRST_VALUE(k) OVER (ORDER BY k DESC RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)", "1 1|2 1|3 2|4 3|5 1|6 NULL|7 NULL|8 5"},
			{"NTH_VALUE(k, 4) OVER (ORDER BY k)", "1 1|2 1|3 1|4 1|5 1|6 NULL|7 NULL|8 1"},
			{"NTH_VALUE(k, 3) OVER (PARTITION BY g ORDER BY k)", "1 NULL|2 NULL|3 2|4 2|5 1|6 NULL|7 NULL|8 NULL"},
			{"NTH_VALUE(k, 2) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND CURRENT ROW)", "1 1|2 1|3 1|4 3|5 1|6 NULL|7 NULL|8 NULL"},
			{"NTH_VALUE(k, 3) OVER w", "1 1|2 1|3 1|4 1|5 1|6 NULL|7 NULL|8 1"},
		} {
			q := "SELECT id, " + c.f + " FROM v WHERE id > ?"
			if strings.HasSuffix(c.f, "OVER w") {
				q += " WINDOW w AS (ORDER BY k)"
			}
			q += " ORDER BY id"
			if got := joinRows(queryRows(t, db, q, 0)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, q, got, c.want)
			}
		}
	}
}

// TestWindowJSONAndBitAggregates: JSON_ARRAYAGG, JSON_OBJECTAGG and the
// BIT_* aggregates over windows answer MySQL 8.0's values: the whole
// partition without ORDER BY, the frame with one, RANGE by default (peers
// included). GMS's JSON_ARRAYAGG ignored its frame (a running array on
// OVER ()), and it planned JSON_OBJECTAGG and BIT_* with OVER as plain
// aggregates (1105 "Unimplemented ... Eval()"). MariaDB refuses the JSON
// ones as window functions (1235); its BIT_* over sliding frames keep
// rows that left the frame, so the BIT_* values are worked out by hand.
func TestWindowJSONAndBitAggregates(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+00:00", binary)
		mustExec(t, db, "DROP TABLE IF EXISTS w")
		mustExec(t, db, "CREATE TABLE w (id INT PRIMARY KEY, g INT, k INT, x INT)")
		mustExec(t, db, "INSERT INTO w VALUES (1, 1, 1, 10), (2, 1, 1, 20), (3, 2, 2, 30), (4, 2, 5, NULL)")
		for _, c := range []struct{ f, want string }{
			{"JSON_ARRAYAGG(x) OVER ()", "1 [10, 20, 30, null]|2 [10, 20, 30, null]|3 [10, 20, 30, null]|4 [10, 20, 30, null]"},
			{"JSON_ARRAYAGG(x) OVER (PARTITION BY g)", "1 [10, 20]|2 [10, 20]|3 [30, null]|4 [30, null]"},
			{"JSON_ARRAYAGG(x) OVER (ORDER BY id)", "1 [10]|2 [10, 20]|3 [10, 20, 30]|4 [10, 20, 30, null]"},
			{"JSON_ARRAYAGG(k) OVER (ORDER BY k)", "1 [1, 1]|2 [1, 1]|3 [1, 1, 2]|4 [1, 1, 2, 5]"},
			{"JSON_ARRAYAGG(x) OVER (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)", "1 [20]|2 [30]|3 [null]|4 NULL"},
			{"JSON_OBJECTAGG(id, x) OVER (PARTITION BY g)", `1 {"1": 10, "2": 20}|2 {"1": 10, "2": 20}|3 {"3": 30, "4": null}|4 {"3": 30, "4": null}`},
			{"JSON_OBJECTAGG(id, x) OVER ()", `1 {"1": 10, "2": 20, "3": 30, "4": null}|2 {"1": 10, "2": 20, "3": 30, "4": null}|3 {"1": 10, "2": 20, "3": 30, "4": null}|4 {"1": 10, "2": 20, "3": 30, "4": null}`},
			// A key met twice: the later row's value wins.
			{"JSON_OBJECTAGG(g, x) OVER (ORDER BY id)", `1 {"1": 10}|2 {"1": 20}|3 {"1": 20, "2": 30}|4 {"1": 20, "2": null}`},
			{"JSON_OBJECTAGG(k, id) OVER (ORDER BY k RANGE BETWEEN CURRENT ROW AND 1 FOLLOWING)", `1 {"1": 2, "2": 3}|2 {"1": 2, "2": 3}|3 {"2": 3}|4 {"5": 4}`},
			{"JSON_OBJECTAGG(id, x) OVER (ORDER BY id ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING)", `1 {"3": 30, "4": null}|2 {"4": null}|3 NULL|4 NULL`},
			{"BIT_OR(x) OVER (), BIT_AND(x) OVER (), BIT_XOR(x) OVER ()", "1 30 0 0|2 30 0 0|3 30 0 0|4 30 0 0"},
			{"BIT_OR(x) OVER (PARTITION BY g), BIT_AND(x) OVER (PARTITION BY g), BIT_XOR(x) OVER (PARTITION BY g)", "1 30 0 30|2 30 0 30|3 30 30 30|4 30 30 30"},
			{"BIT_OR(x) OVER (ORDER BY k), BIT_XOR(x) OVER (ORDER BY k)", "1 30 30|2 30 30|3 30 0|4 30 0"},
			// A named window (inlined by the parser, and by the plan
			// cache's own parse of a text statement with literals) keeps
			// MySQL's default RANGE frame.
			{"SUM(x) OVER v, JSON_ARRAYAGG(k) OVER v, BIT_OR(k) OVER v", "1 30 [1, 1] 1|2 30 [1, 1] 1|3 60 [1, 1, 2] 3|4 60 [1, 1, 2, 5] 7"},
			// Empty frames and frames of NULLs: 0 for OR and XOR, all ones for AND.
			{"BIT_OR(x) OVER w, BIT_AND(x) OVER w, BIT_XOR(x) OVER w", "1 20 20 20|2 30 30 30|3 0 18446744073709551615 0|4 0 18446744073709551615 0"},
		} {
			q := "SELECT id, " + c.f + " FROM w WHERE id > ?"
			if strings.Contains(c.f, "OVER w") {
				q += " WINDOW w AS (ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)"
			}
			if strings.Contains(c.f, "OVER v") {
				q += " WINDOW v AS (ORDER BY k)"
			}
			q += " ORDER BY id"
			if got := joinRows(queryRows(t, db, q, 0)); got != c.want {
				t.Errorf("binary=%v %s: %s, want %s", binary, q, got, c.want)
			}
		}
		// A NULL key is MySQL's 3158, as the aggregate's.
		if err := queryErr(db, "SELECT JSON_OBJECTAGG(IF(id = 2, NULL, id), x) OVER () FROM w"); err == nil || !strings.Contains(err.Error(), "3158") {
			t.Errorf("binary=%v NULL key: %v, want error 3158", binary, err)
		}
	}
}
