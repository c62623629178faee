package server

import "testing"

// TestDatabaseOfViewWithoutCurrentDatabase: without a current database,
// `SELECT DATABASE() FROM s.v` is NULL per row, as MySQL answers (it failed
// with 1046: the view's schema, lent to such statements so GMS can bind the
// view, was withheld from one asking for the current database, which would
// then have answered s). Afterwards the connection still has no database.
func TestDatabaseOfViewWithoutCurrentDatabase(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE s")
	mustExec(t, root, "CREATE TABLE s.t (a INT)")
	mustExec(t, root, "INSERT INTO s.t VALUES (1), (2)")
	mustExec(t, root, "CREATE VIEW s.v AS SELECT a FROM s.t")
	// DATABASE() in the view's definition is the session's too (it was
	// the view's schema, lent to the statement).
	mustExec(t, root, "CREATE VIEW s.vd AS SELECT DATABASE() AS d, a FROM s.t")
	db := ts.connectWith("", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	for q, want := range map[string]string{
		"SELECT DATABASE() FROM s.v":                         "NULL|NULL",
		"SELECT a, SCHEMA(), DATABASE() FROM s.v ORDER BY a": "1 NULL NULL|2 NULL NULL",
		"SELECT DATABASE() FROM s.t":                         "NULL|NULL",
		"SELECT a FROM s.v ORDER BY a":                       "1|2",
		"SELECT DATABASE()":                                  "NULL",
		"SELECT d, a FROM s.vd ORDER BY a":                   "NULL 1|NULL 2",
	} {
		if got := joinRows(queryRows(t, db, q)); got != want {
			t.Errorf("%s: %q, want %q", q, got, want)
		}
	}
	// A table named without its schema is still MySQL's 1046.
	wantErrNo(t, db, 1046, "SELECT DATABASE() FROM s.v JOIN t")
	// With a current database DATABASE() names it.
	in := ts.connectWith("s", "interpolateParams=true")
	if got := joinRows(queryRows(t, in, "SELECT DATABASE(), d FROM s.vd LIMIT 1")); got != "s s" {
		t.Errorf("with a current database: %q, want s", got)
	}
}
