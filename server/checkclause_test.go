package server

import (
	"errors"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestCheckClauseColumnsQuoted: information_schema.CHECK_CONSTRAINTS shows
// a clause's columns backquoted, as MySQL 8 does ("(`up_votes` >= 0)");
// Django's introspection (get_constraints, the query below is its own)
// takes only backquoted names for a check's columns, and found none
// (introspection's test_get_constraints, schema's check-constraint tests).
// The quoted clause is what the checks are enforced from.
func TestCheckClauseColumnsQuoted(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE dj")
	db = ts.connect("dj")
	mustExec(t, db, "CREATE TABLE m (id INT PRIMARY KEY, up_votes INT UNSIGNED NOT NULL CHECK (`up_votes` >= 0), "+
		"name VARCHAR(20), CONSTRAINT up_votes_gte_0_check CHECK (`up_votes` >= 0), "+
		"CONSTRAINT nm CHECK (LOWER(name) <> 'name' AND id > up_votes))")
	got := queryRows(t, db, `SELECT cc.constraint_name, cc.check_clause
		FROM information_schema.check_constraints AS cc, information_schema.table_constraints AS tc
		WHERE cc.constraint_schema = DATABASE() AND tc.table_schema = cc.constraint_schema AND
			cc.constraint_name = tc.constraint_name AND tc.constraint_type = 'CHECK' AND tc.table_name = ?
		ORDER BY 1`, "m")
	want := [][]string{
		{"m_chk_1", "(`up_votes` >= 0)"},
		{"nm", "((NOT((lower(`name`) = 'name'))) AND (`id` > `up_votes`))"},
		{"up_votes_gte_0_check", "(`up_votes` >= 0)"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i][0] != want[i][0] || got[i][1] != want[i][1] {
			t.Fatalf("row %d: got %q, want %q", i, got[i], want[i])
		}
	}
	mustExec(t, db, "INSERT INTO m VALUES (2, 1, 'x')")
	_, err := db.Exec("INSERT INTO m VALUES (3, 1, 'NAME')")
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 3819 {
		t.Fatalf("violating row: %v, want 3819", err)
	}

	// Columns named by reserved words: GMS's bare rendering ((read >
	// (unread + 1))) did not parse back when a write loaded the check, so
	// every INSERT failed 1064 (Django's migrations test_add_constraint_combinable).
	mustExec(t, db, "CREATE TABLE rd (id INT PRIMARY KEY, `read` INT, `unread` INT, CONSTRAINT rc CHECK (`read` > `unread` + 1))")
	mustExec(t, db, "INSERT INTO rd (id, `read`, `unread`) VALUES (1, 5, 1)")
	if _, err := db.Exec("INSERT INTO rd (id, `read`, `unread`) VALUES (2, 1, 5)"); !errors.As(err, &me) || me.Number != 3819 {
		t.Fatalf("violating row: %v, want 3819", err)
	}
	if got := queryRows(t, db, "SELECT check_clause FROM information_schema.check_constraints WHERE constraint_name = 'rc'"); len(got) != 1 || got[0][0] != "(`read` > (`unread` + 1))" {
		t.Fatalf("clause %q", got)
	}
}
