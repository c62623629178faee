package server

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// information_schema.TABLES.TABLE_ROWS is the exact committed count through
// inserts, deletes, updates that move rows, statement and transaction
// rollbacks, REPLACE, TRUNCATE, ALTER TABLE copies, clones and concurrent
// writers.
func TestExactTableRows(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	rows := func(schema, table string) int {
		t.Helper()
		r := queryRows(t, db, "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", schema, table)
		if len(r) != 1 {
			t.Fatalf("%s.%s: %v", schema, table, r)
		}
		n, err := strconv.Atoi(r[0][0])
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	mustExec(t, db, "CREATE DATABASE rc")
	mustExec(t, db, "CREATE TABLE rc.t (id INT PRIMARY KEY, v INT, UNIQUE KEY v (v))")
	mustExec(t, db, "CREATE TABLE rc.h (v INT)") // no primary key: hidden row IDs
	steps := []struct {
		q    string
		fail bool
		t, h int
	}{
		{q: "INSERT INTO rc.t VALUES (1, 1), (2, 2), (3, 3)", t: 3},
		{q: "INSERT INTO rc.h VALUES (1), (1), (2)", t: 3, h: 3},
		{q: "INSERT INTO rc.t VALUES (4, 4), (5, 1)", fail: true, t: 3, h: 3}, // duplicate v: the statement is undone
		{q: "DELETE FROM rc.t WHERE id = 2", t: 2, h: 3},
		{q: "DELETE FROM rc.t WHERE id = 99", t: 2, h: 3},
		{q: "UPDATE rc.t SET id = id + 10", t: 2, h: 3},
		{q: "UPDATE rc.h SET v = 5 WHERE v = 1", t: 2, h: 3},
		{q: "REPLACE INTO rc.t VALUES (11, 7), (20, 20)", t: 3, h: 3},
		{q: "INSERT INTO rc.t VALUES (20, 0) ON DUPLICATE KEY UPDATE v = 21", t: 3, h: 3},
		{q: "INSERT IGNORE INTO rc.t VALUES (20, 0), (21, 22)", t: 4, h: 3},
		{q: "BEGIN; INSERT INTO rc.t VALUES (30, 30); DELETE FROM rc.h; ROLLBACK", t: 4, h: 3},
		{q: "BEGIN; INSERT INTO rc.t VALUES (30, 30); SAVEPOINT a; INSERT INTO rc.t VALUES (31, 31); ROLLBACK TO a; COMMIT", t: 5, h: 3},
		{q: "ALTER TABLE rc.t ADD COLUMN w INT", t: 5, h: 3},
		{q: "DELETE FROM rc.h WHERE v = 5", t: 5, h: 1},
		{q: "TRUNCATE TABLE rc.t", t: 0, h: 1},
		{q: "INSERT INTO rc.t (id, v) VALUES (1, 1)", t: 1, h: 1},
		{q: "DROP TABLE rc.h; CREATE TABLE rc.h (v INT)", t: 1, h: 0},
	}
	in := ts.connect("rc")
	for _, s := range steps {
		conn, err := in.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range strings.Split(s.q, "; ") {
			if _, err = conn.ExecContext(context.Background(), q); err != nil {
				break
			}
		}
		conn.Close()
		if (err != nil) != s.fail {
			t.Fatalf("%s: %v", s.q, err)
		}
		if gt, gh := rows("rc", "t"), rows("rc", "h"); gt != s.t || gh != s.h {
			t.Fatalf("after %s: TABLE_ROWS t=%d h=%d, want %d %d", s.q, gt, gh, s.t, s.h)
		}
	}

	// Concurrent writers of one table: no conflicts on the count, exact sum.
	mustExec(t, db, "CREATE TABLE rc.c (id INT PRIMARY KEY AUTO_INCREMENT, w INT)")
	const writers, each = 8, 50
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				if _, err := db.Exec("INSERT INTO rc.c (w) VALUES (?)", w); err != nil {
					errs <- err
					return
				}
				if i%5 == 0 {
					if _, err := db.Exec("DELETE FROM rc.c WHERE w = ? LIMIT 1", w); err != nil {
						errs <- err
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	want := queryRows(t, db, "SELECT COUNT(*) FROM rc.c")[0][0]
	if got := rows("rc", "c"); fmt.Sprint(got) != want || got != writers*(each-each/5) {
		t.Fatalf("concurrent writers: TABLE_ROWS %d, COUNT(*) %s, want %d", got, want, writers*(each-each/5))
	}

	// Clones: with data the count comes along, without it starts at zero.
	mustExec(t, db, "CREATE DATABASE rc2 LIKE rc WITH DATA")
	mustExec(t, db, "CREATE DATABASE rc3 LIKE rc")
	if got := rows("rc2", "c"); got != writers*(each-each/5) {
		t.Fatalf("clone with data: %d rows", got)
	}
	if got := rows("rc3", "c"); got != 0 {
		t.Fatalf("clone without data: %d rows", got)
	}
	mustExec(t, db, "INSERT INTO rc3.c (w) VALUES (1)")
	if got := rows("rc3", "c"); got != 1 {
		t.Fatalf("clone without data after an insert: %d rows", got)
	}
}
