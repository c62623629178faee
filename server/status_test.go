package server

import (
	"strconv"
	"testing"
	"time"
)

// TestTableCacheStatus: SHOW GLOBAL STATUS reports the definition cache
// under MySQL's table-cache names.
func TestTableCacheStatus(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE st")
	for _, n := range []string{"a", "b", "c"} {
		mustExec(t, db, "CREATE TABLE st."+n+" (id int PRIMARY KEY)")
	}
	// A restart empties the cache, so the next reads must load definitions.
	ts.srv.Close()
	ts = startServer(t, ts.dir)
	db = ts.connect("")
	for i := 0; i < 3; i++ {
		for _, n := range []string{"a", "b", "c"} {
			queryRows(t, db, "SELECT COUNT(*) FROM st."+n)
		}
	}
	status := func(name string) int {
		rows := queryRows(t, db, "SHOW GLOBAL STATUS LIKE '"+name+"'")
		if len(rows) != 1 {
			t.Fatalf("%s: %v", name, rows)
		}
		v, err := strconv.Atoi(rows[0][1])
		if err != nil {
			t.Fatalf("%s = %q", name, rows[0][1])
		}
		return v
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		opened, hits := status("Opened_table_definitions"), status("Table_open_cache_hits")
		if opened >= 3 && hits > 0 {
			if misses := status("Table_open_cache_misses"); misses < opened {
				t.Fatalf("misses %d < definitions opened %d", misses, opened)
			}
			if status("Opened_tables") != opened {
				t.Fatal("Opened_tables differs from Opened_table_definitions")
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Opened_table_definitions=%d Table_open_cache_hits=%d, want >= 3 and > 0", opened, hits)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestProcesslistUserWithoutDatabase: a client that connects without
// choosing a database (the mariadb CLI's default) is listed under its
// account, not GMS's "unauthenticated user".
func TestProcesslistUserWithoutDatabase(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	got := queryRows(t, db, "SELECT USER, DB IS NULL FROM information_schema.PROCESSLIST WHERE ID = CONNECTION_ID()")
	if len(got) != 1 || got[0][0] != "root" || got[0][1] != "1" {
		t.Fatalf("own process list row: %v, want [[root 1]]", got)
	}
	rows := queryRows(t, db, "SHOW PROCESSLIST")
	for _, r := range rows {
		if r[1] != "root" {
			t.Errorf("SHOW PROCESSLIST row %v: user %q, want root", r, r[1])
		}
	}
}
