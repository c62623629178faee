package server

import (
	"strings"
	"testing"
)

// TestTimePlusInterval: a TIME plus or minus an INTERVAL is MySQL's TIME
// (sqlfunc/timeinterval.go): GMS answered `t + INTERVAL 1 SECOND` with a
// DATETIME on today's date, losing the fraction, and DATE_ADD(t, ...) with
// six fractional digits; an interval of months, or a result beyond
// 838:59:59, is NULL with warning 1441. Both protocols, and the decimals
// the field packet carries.
func TestTimePlusInterval(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.ti (id INT PRIMARY KEY, t TIME(2), t0 TIME)")
	mustExec(t, db, "INSERT INTO d.ti VALUES (1, '10:00:00.25', '23:59:59'), (2, '-01:00:00.50', '-00:00:01')")
	cases := []struct {
		expr  string
		want  string // rows 1 and 2, joined by ","
		scale int64
	}{
		{"t + INTERVAL 1 SECOND", "10:00:01.25,-00:59:59.50", 2},
		{"t - INTERVAL 1 MINUTE", "09:59:00.25,-01:01:00.50", 2},
		{"t0 + INTERVAL 1 SECOND", "24:00:00,00:00:00", 0},
		{"DATE_ADD(t, INTERVAL 1 HOUR)", "11:00:00.25,-00:00:00.50", 2},
		{"DATE_ADD(t, INTERVAL 1 DAY)", "34:00:00.25,22:59:59.50", 2},
		{"DATE_SUB(t0, INTERVAL '1.5' SECOND)", "23:59:57.500000,-00:00:02.500000", 6},
		{"INTERVAL 3 SECOND + t0", "24:00:02,00:00:02", 0},
		{"t0 + INTERVAL 1 MONTH", "NULL,NULL", 0},
		{"t0 + INTERVAL 900 HOUR", "NULL,NULL", 0},
	}
	for _, proto := range []string{"interpolateParams=true", "interpolateParams=false"} {
		c := ts.connectWith("d", proto)
		for _, tc := range cases {
			q := "SELECT " + tc.expr + " FROM ti WHERE id > ? ORDER BY id"
			rows := queryRows(t, c, q, 0)
			var got []string
			for _, r := range rows {
				got = append(got, r[0])
			}
			if strings.Join(got, ",") != tc.want {
				t.Errorf("%s (%s): %v, want %s", tc.expr, proto, got, tc.want)
			}
			r, err := c.Query(q, 0)
			if err != nil {
				t.Fatal(err)
			}
			cts, err := r.ColumnTypes()
			r.Close()
			if err != nil {
				t.Fatal(err)
			}
			if cts[0].DatabaseTypeName() != "TIME" {
				t.Errorf("%s (%s): type %s, want TIME", tc.expr, proto, cts[0].DatabaseTypeName())
			}
			if _, scale, ok := cts[0].DecimalSize(); !ok || scale != tc.scale {
				t.Errorf("%s (%s): decimals %d, want %d", tc.expr, proto, scale, tc.scale)
			}
		}
	}
	conn := ts.connect("d")
	if got := queryRows(t, conn, "SELECT t0 + INTERVAL 1 MONTH FROM ti WHERE id = 1"); got[0][0] != "NULL" {
		t.Fatalf("t0 + INTERVAL 1 MONTH: %v", got)
	}
	if w := queryRows(t, conn, "SHOW WARNINGS"); len(w) != 1 || w[0][1] != "1441" {
		t.Errorf("warnings after a TIME overflow: %v, want one 1441", w)
	}
}
