package server

import (
	"context"
	"testing"
)

// TestCachedPlansFollowSettings: the settings part of a cached plan's key
// is kept per session until a system variable changes
// (engine.DerivedSettings); a change through SET must reach the next
// statement's key at once, whichever way it is spelled.
func TestCachedPlansFollowSettings(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE st")
	db := ts.connectWith("st", "interpolateParams=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1,'a'),(2,'b'),(3,'c'),(4,'d'),(5,'e')")
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	count := func(q string, args ...any) int {
		t.Helper()
		rs, err := conn.QueryContext(context.Background(), q, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rs.Close()
		n := 0
		for rs.Next() {
			n++
		}
		return n
	}
	const q = "SELECT id FROM t WHERE id > ? ORDER BY id"
	steps := []struct {
		set  string
		want int
	}{
		{"", 5}, {"", 5},
		{"SET SESSION sql_select_limit = 2", 2}, {"", 2},
		{"SET @@sql_select_limit = DEFAULT", 5}, {"", 5},
		{"SET sql_select_limit = 3, @x = 1", 3},
		{"SET @@session.sql_select_limit = 4", 4},
		{"SET SESSION sql_select_limit = DEFAULT", 5},
	}
	before := ts.srv.textRuns.Load()
	for i, s := range steps {
		if s.set != "" {
			mustExec(t, conn, s.set)
		}
		if got := count(q, 0); got != s.want {
			t.Fatalf("step %d (%q): %d rows, want %d", i, s.set, got, s.want)
		}
	}
	if ts.srv.textRuns.Load()-before < 4 {
		t.Fatal("the statements did not run from the plan cache")
	}
}
