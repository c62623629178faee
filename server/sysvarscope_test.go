package server

import (
	"errors"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestLastInsertIDVariable: @@last_insert_id and @@identity are the value
// LAST_INSERT_ID() returns, and SET of either sets it (MySQL's
// Sys_last_insert_id / Sys_identity); GMS read 0 after every insert.
func TestLastInsertIDVariable(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE li")
	for _, params := range []string{"interpolateParams=true", "interpolateParams=false"} {
		c := ts.connectWith("li", params)
		c.SetMaxOpenConns(1)
		mustExec(t, c, "DROP TABLE IF EXISTS u")
		mustExec(t, c, "CREATE TABLE u (id INT PRIMARY KEY AUTO_INCREMENT, k INT)")
		mustExec(t, c, "INSERT INTO u (k) VALUES (?), (?)", 1, 2)
		mustExec(t, c, "INSERT INTO u (k) VALUES (?), (?)", 3, 4)
		var a, b, s, f uint64
		if err := c.QueryRow("SELECT @@last_insert_id, @@identity, @@session.last_insert_id, LAST_INSERT_ID()").Scan(&a, &b, &s, &f); err != nil {
			t.Fatal(err)
		}
		if a != 3 || b != 3 || s != 3 || f != 3 {
			t.Fatalf("%s: @@last_insert_id, @@identity, @@session.last_insert_id, LAST_INSERT_ID() = %d %d %d %d, want 3 3 3 3", params, a, b, s, f)
		}
		mustExec(t, c, "SET last_insert_id = ?", 77)
		if err := c.QueryRow("SELECT LAST_INSERT_ID(), @@identity").Scan(&f, &b); err != nil || f != 77 || b != 77 {
			t.Fatalf("%s: after SET last_insert_id = 77: %d %d %v", params, f, b, err)
		}
		mustExec(t, c, "SET @@identity = 5")
		if err := c.QueryRow("SELECT LAST_INSERT_ID()").Scan(&f); err != nil || f != 5 {
			t.Fatalf("%s: after SET @@identity = 5: %d %v", params, f, err)
		}
		// A prepared read executed again sees each new id (not a cached one).
		st, err := c.Prepare("SELECT @@identity, @@last_insert_id")
		if err != nil {
			t.Fatal(err)
		}
		// 5 from the SET, then the ids of rows 5 and 6 (rows 1-4 exist).
		for i, want := range []uint64{5, 5, 6} {
			if i > 0 {
				mustExec(t, c, "INSERT INTO u (k) VALUES (?)", i)
			}
			if err := st.QueryRow().Scan(&a, &b); err != nil || a != want || b != want {
				t.Fatalf("%s: prepared read = %d %d %v, want %d", params, a, b, err, want)
			}
		}
		st.Close()
	}
}

// TestSystemVariableScopeErrors: MySQL's error numbers for a variable read
// or set in a scope it does not have, and for unknown variables (GMS
// answered a value, or 1105).
func TestSystemVariableScopeErrors(t *testing.T) {
	ts := startServer(t, t.TempDir())
	c := ts.connect("")
	for _, tc := range []struct {
		q    string
		want uint16
	}{
		{"SELECT @@global.last_insert_id", 1238},
		{"SELECT @@global.timestamp", 1238},
		{"SELECT @@session.max_connections", 1238},
		{"SELECT @@local.max_connections", 1238},
		{"SELECT @@nosuch", 1193},
		{"SELECT @@SESSION.nosuch", 1193},
		{"SET @@session.nosuch = 1", 1193},
		{"SET GLOBAL timestamp = 5", 1228},
		{"SET SESSION max_connections = 5", 1229},
	} {
		_, err := c.Exec(tc.q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != tc.want {
			t.Errorf("%s: got %v, want error %d", tc.q, err, tc.want)
		}
	}
	// The scopes a variable does have still read.
	var n int64
	if err := c.QueryRow("SELECT @@global.max_connections + @@session.wait_timeout + @@global.wait_timeout").Scan(&n); err != nil {
		t.Fatal(err)
	}
}
