package server

import (
	"strconv"
	"strings"
	"testing"
)

// A procedure's SET of a variable declared JSON, DECIMAL or temporal keeps
// MySQL's value for the declared type: GMS's interpreter kept the value as
// it came and read it back as Go's text (`2026-... +0000 UTC`,
// `%!s(int8=1)`), and a JSON variable took a temporal value (MySQL 3140).
func TestProcedureVariableTypes(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE pv")
	db = ts.connectWith("pv", "multiStatements=true") // DATETIME columns as MySQL's text
	for i, tc := range []struct {
		body string
		want string // the rows, or "error N"
	}{
		{"DECLARE v JSON; SET v = NOW(); SELECT v", "error 3140"},
		{"DECLARE v JSON; SET v = CAST('2026-01-02' AS DATE); SELECT v", "error 3140"},
		{"DECLARE v JSON; SET v = '{\"a\":1}'; SELECT v", `{"a": 1}`},
		{"DECLARE v JSON; SET v = 'abc'; SELECT v", "error 3140"},
		{"DECLARE v JSON; SET v = NULL; SELECT v", "NULL"},
		{"DECLARE v DATETIME; SET v = CAST('2026-03-04 05:06:07' AS DATETIME); SELECT v", "2026-03-04 05:06:07"},
		{"DECLARE v DATETIME; SET v = '2026-01-02'; SELECT v", "2026-01-02 00:00:00"},
		{"DECLARE v DATETIME; SET v = CAST('2026-03-04 05:06:07' AS DATETIME); SELECT v + INTERVAL 1 DAY", "2026-03-05 05:06:07"},
		{"DECLARE v DATE; SET v = '2026-01-02 10:00:00'; SELECT v", "2026-01-02"},
		{"DECLARE v TIME; SET v = '10:00'; SELECT v", "10:00:00"},
		{"DECLARE v DECIMAL(5,2); SET v = 1.5; SELECT v", "1.50"},
		{"DECLARE v DECIMAL(5,2); SET v = 1; SET v = v + 1; SELECT v", "2.00"},
		{"DECLARE v DECIMAL(5,2); SET v = 12345; SELECT v", "error 1264"},
	} {
		name := "p" + string(rune('a'+i))
		mustExec(t, db, "CREATE PROCEDURE "+name+"() BEGIN "+tc.body+"; END")
		var got string
		if rows, err := db.Query("CALL " + name + "()"); err != nil {
			got = "error " + strconv.Itoa(mysqlErrNo(err))
		} else {
			var out []string
			for rows.Next() {
				var s *string
				if err := rows.Scan(&s); err != nil {
					t.Fatal(err)
				}
				if s == nil {
					out = append(out, "NULL")
				} else {
					out = append(out, *s)
				}
			}
			if err := rows.Err(); err != nil {
				out = append(out, "error "+strconv.Itoa(mysqlErrNo(err)))
			}
			rows.Close()
			got = strings.Join(out, ",")
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.body, got, tc.want)
		}
	}
}
