package server

import (
	"testing"
)

// TestAutoIncConsumedAsInnoDB: a row refused before it is written (NULL in a
// NOT NULL column, a failed CHECK) takes no AUTO_INCREMENT value; a row the
// write refuses (a duplicate key, also under INSERT IGNORE and ON DUPLICATE
// KEY UPDATE) uses its value up, as InnoDB with innodb_autoinc_lock_mode=2.
// The expected ids are MariaDB 10.11's for the same statements.
func TestAutoIncConsumedAsInnoDB(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ai")
	db = ts.connect("ai")
	mustExec(t, db, "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(10) NOT NULL UNIQUE, CHECK (name <> 'bad'))")
	nextID := func(q string, want int64) {
		t.Helper()
		r := mustExec(t, db, q)
		got, err := r.LastInsertId()
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s: id %d, want %d", q, got, want)
		}
	}
	refused := func(q string) {
		t.Helper()
		if _, err := db.Exec(q); err == nil {
			t.Fatalf("%s: accepted", q)
		}
	}
	nextID("INSERT INTO t (name) VALUES ('a')", 1)
	refused("INSERT INTO t (name) VALUES (NULL)")
	refused("INSERT INTO t (name) VALUES ('bad')")
	refused("INSERT INTO t (id, name) VALUES (100, NULL)")
	nextID("INSERT INTO t (name) VALUES ('b')", 2)
	refused("INSERT INTO t (name) VALUES ('b')")                                            // 1062 uses 3
	mustExec(t, db, "INSERT IGNORE INTO t (name) VALUES ('b')")                             // uses 4
	mustExec(t, db, "INSERT INTO t (name) VALUES ('b') ON DUPLICATE KEY UPDATE name = 'b'") // uses 5
	refused("INSERT INTO t (name) VALUES ('c'), (NULL)")                                    // 'c' was written: InnoDB took 6 and 7
	nextID("INSERT INTO t (name) VALUES ('c')", 8)
	// A row refused for a missing parent was written as far as InnoDB is
	// concerned: its value is used up.
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY)")
	mustExec(t, db, "CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY, uid INT NOT NULL, FOREIGN KEY (uid) REFERENCES u (id))")
	mustExec(t, db, "INSERT INTO u VALUES (1)")
	nextID("INSERT INTO c (uid) VALUES (1)", 1)
	refused("INSERT INTO c (uid) VALUES (999)")
	nextID("INSERT INTO c (uid) VALUES (1)", 3)
	got := queryRows(t, db, "SELECT id, name FROM t ORDER BY id")
	want := [][]string{{"1", "a"}, {"2", "b"}, {"8", "c"}}
	if len(got) != len(want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
	for i := range want {
		if got[i][0] != want[i][0] || got[i][1] != want[i][1] {
			t.Fatalf("rows %v, want %v", got, want)
		}
	}
}
