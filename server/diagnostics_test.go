package server

import (
	"bytes"
	"context"
	"database/sql"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// queryText runs q on conn and gives its rows as "a b c" lines joined by
// "|", or the error.
func queryText(t *testing.T, conn interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, q string, args ...any) (string, error) {
	t.Helper()
	rows, err := conn.QueryContext(t.Context(), q, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var lines []string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		var f []string
		for _, v := range vals {
			f = append(f, v.String)
		}
		lines = append(lines, strings.Join(f, " "))
	}
	return strings.Join(lines, "|"), rows.Err()
}

// TestDiagnosticsArea: a failed statement's error is listed by SHOW
// WARNINGS and SHOW ERRORS (Level Error), counted by SHOW COUNT(*)
// WARNINGS/ERRORS and @@warning_count/@@error_count, as MySQL does; a
// statement that uses no table (SELECT @@...) and the SHOW statements keep
// the list (SELECT 1, SET), one that uses a table or raises a condition replaces it; the two
// counts are read-only (1238). SHOW WARNINGS lists oldest first (GMS:
// newest first) and at most @@max_error_count. Before: the error was not listed, the SHOW
// forms failed 1105 and the variables were unknown (1105).
func TestDiagnosticsArea(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connect("d")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "CREATE TABLE t (a INT)")
	steps := []struct{ q, want string }{
		{"SELECT nosuch FROM t", "error"},
		{"SHOW WARNINGS", "Error 1054 Unknown column 'nosuch' in 'field list'"},
		{"SHOW ERRORS", "Error 1054 Unknown column 'nosuch' in 'field list'"},
		{"SHOW COUNT(*) WARNINGS", "1"},
		{"show count(*) errors", "1"},
		{"SELECT @@warning_count, @@error_count", "1 1"},
		{"SELECT @@session.warning_count", "1"},
		{"SELECT @@Warning_Count", "1"},
		{"SHOW ERRORS LIMIT 0", ""},
		{"SHOW WARNINGS", "Error 1054 Unknown column 'nosuch' in 'field list'"},
		{"DO CAST('x' AS SIGNED)", ""},
		{"SHOW ERRORS", ""},
		{"SHOW COUNT(*) WARNINGS", "1"},
		{"SHOW COUNT(*) ERRORS", "0"},
		{"SELECT @@warning_count, @@error_count", "1 0"},
		{"SELECT 1", "1"},
		{"SET @v = 2", ""},
		{"SHOW COUNT(*) WARNINGS", "1"},
		{"SELECT a FROM t", ""},
		{"SELECT @@warning_count, @@error_count", "0 0"},
		{"SHOW WARNINGS", ""},
		{"SELECT CAST('x' AS SIGNED), CAST('y' AS SIGNED)", "0 0"},
		{"SHOW WARNINGS", "Warning 1292 Truncated incorrect INTEGER value: 'x'|Warning 1292 Truncated incorrect INTEGER value: 'y'"},
		{"SHOW WARNINGS LIMIT 1, 1", "Warning 1292 Truncated incorrect INTEGER value: 'y'"},
		{"SET max_error_count = 1", ""},
		{"SHOW WARNINGS", "Warning 1292 Truncated incorrect INTEGER value: 'x'"},
		{"SHOW COUNT(*) WARNINGS", "2"},
		{"SET max_error_count = DEFAULT", ""},
		{"SET @@warning_count = 3", "error"},
		{"SHOW ERRORS", "Error 1238 Variable 'warning_count' is a read only variable"},
	}
	for _, s := range steps {
		got, err := queryText(t, conn, s.q)
		if s.want == "error" {
			if err == nil {
				t.Fatalf("%s: succeeded", s.q)
			}
			continue
		}
		if err != nil || got != s.want {
			t.Fatalf("%s: %q, %v; want %q", s.q, got, err, s.want)
		}
	}
	mustExec(t, conn, "SET @warning_count = 5") // a user variable
	_, err := conn.ExecContext(t.Context(), "SET SESSION error_count = 1")
	wantError(t, "SET error_count", err, 1238, "Variable 'error_count' is a read only variable")

	// Prepared statements (go-sql-driver prepares when given arguments):
	// an error of COM_STMT_PREPARE and of COM_STMT_EXECUTE is listed too.
	if _, err := queryText(t, conn, "SELECT nosuch2 FROM t WHERE a = ?", 1); err == nil {
		t.Fatal("prepare of an unknown column succeeded")
	}
	if got, err := queryText(t, conn, "SHOW ERRORS"); err != nil || got != "Error 1054 Unknown column 'nosuch2' in 'field list'" {
		t.Fatalf("SHOW ERRORS after a failed prepare: %q, %v", got, err)
	}
	if _, err := queryText(t, conn, "SELECT CAST(? AS SIGNED) + 9223372036854775807 FROM t", 1); err != nil {
		t.Fatalf("execute: %v", err) // t is empty: no row overflows
	}
	mustExec(t, conn, "INSERT INTO t VALUES (1)")
	if _, err := queryText(t, conn, "SELECT CAST(? AS SIGNED) + 9223372036854775807 FROM t", 1); err == nil {
		t.Fatal("execute of an overflow succeeded")
	}
	if got, err := queryText(t, conn, "SHOW COUNT(*) ERRORS"); err != nil || got != "1" {
		t.Fatalf("SHOW COUNT(*) ERRORS after a failed execute: %q, %v", got, err)
	}

	// The mariadb CLI: --force runs on after the failed statement (read
	// from standard input; with -e it stops).
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "mariadb", "--no-defaults", "--protocol=tcp", "-h"+host, "-P"+port, "-uroot",
		"--batch", "--skip-column-names", "--force", "-Dd")
	cmd.Stdin = strings.NewReader("SELECT nosuch FROM t;\nSHOW ERRORS;\nSHOW COUNT(*) ERRORS;\nDO CAST('x' AS SIGNED);\nSELECT @@warning_count, @@error_count;\n")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	_ = cmd.Run() // exits 1 for the failed statement
	want := "Error\t1054\tUnknown column 'nosuch' in 'field list'\n1\n1\t0\n"
	if out.String() != want {
		t.Errorf("mariadb CLI: %q (stderr %q), want %q", out.String(), errOut.String(), want)
	}
}

// TestShowEventsOpenTables: SHOW EVENTS and information_schema.EVENTS list
// no event with MySQL 8.0's columns (before: 1105 "doesn't support
// events"), a named event is 1539, SHOW OPEN TABLES answers MySQL's columns
// (before: 1064).
func TestShowEventsOpenTables(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (a INT)")
	cases := []struct{ q, cols string }{
		{"SHOW EVENTS", "Db Name Definer Time zone Type Execute at Interval value Interval field Starts Ends Status Originator character_set_client collation_connection Database Collation"},
		{"show events from d like 'e%'", "Db Name Definer Time zone Type Execute at Interval value Interval field Starts Ends Status Originator character_set_client collation_connection Database Collation"},
		{"SELECT EVENT_SCHEMA, EVENT_NAME FROM information_schema.EVENTS", "EVENT_SCHEMA EVENT_NAME"},
		{"SHOW OPEN TABLES", "Database Table In_use Name_locked"},
		{"show open tables in d like 't%'", "Database Table In_use Name_locked"},
		{"SHOW OPEN TABLES IN `nosuch` WHERE In_use > 0", "Database Table In_use Name_locked"},
	}
	for _, c := range cases {
		rows, err := db.Query(c.q)
		if err != nil {
			t.Fatalf("%s: %v", c.q, err)
		}
		cols, _ := rows.Columns()
		if rows.Next() {
			t.Errorf("%s: a row", c.q)
		}
		rows.Close()
		if got := strings.Join(cols, " "); got != c.cols {
			t.Errorf("%s: columns %q, want %q", c.q, got, c.cols)
		}
	}
	_, err := db.Exec("SHOW CREATE EVENT e")
	wantError(t, "SHOW CREATE EVENT", err, 1539, "Unknown event 'e'")
	_, err = db.Exec("DROP EVENT e")
	wantError(t, "DROP EVENT", err, 1539, "Unknown event 'e'")
}
