package server

import (
	"database/sql"
	"strings"
	"testing"
)

// TestPreparedRoundOneArg: ROUND(?) prepared through the binary protocol
// failed with 1105 (a nil pointer in GMS's planbuilder, which types the ?
// of a two-operand expression after the other operand, and one-argument
// ROUND has none). MySQL rounds a DOUBLE parameter with rint (2.5 is 2),
// an integer stays an integer, NULL is NULL.
func TestPreparedRoundOneArg(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE r21")
	mustExec(t, db, "CREATE TABLE r21.t (id INT PRIMARY KEY, d DECIMAL(6,2), f DOUBLE)")
	mustExec(t, db, "INSERT INTO r21.t VALUES (1, 2.45, 3.5)")
	for _, c := range []struct {
		q    string
		args []any
		want string
	}{
		{"SELECT ROUND(?)", []any{2.5}, "2"},
		{"SELECT ROUND(?)", []any{int64(5)}, "5"},
		{"SELECT ROUND(?)", []any{"3.5"}, "4"},
		{"SELECT ROUND(?)", []any{nil}, "NULL"},
		{"SELECT ROUND(?, 1)", []any{2.25}, "2.2"},
		{"SELECT ROUND(d, ?) FROM r21.t", []any{int64(1)}, "2.5"},
		{"SELECT ROUND(?) + ROUND(f) FROM r21.t WHERE ROUND(?) = 2", []any{2.5, 2.5}, "6"},
	} {
		var got sql.NullString
		if err := db.QueryRow(c.q, c.args...).Scan(&got); err != nil {
			t.Errorf("%s %v: %v", c.q, c.args, err)
			continue
		}
		s := got.String
		if !got.Valid {
			s = "NULL"
		}
		if s != c.want {
			t.Errorf("%s %v: got %s, want %s", c.q, c.args, s, c.want)
		}
	}
}

// TestMultiUpdateOrderLimit: a multiple-table UPDATE with ORDER BY or
// LIMIT is 1221 in MySQL (multi_update_precheck); GMS ran it, ordering and
// cutting the joined rows. A single-table UPDATE keeps both, with a
// subquery or not.
func TestMultiUpdateOrderLimit(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE mu")
	mustExec(t, db, "CREATE TABLE mu.a (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "CREATE TABLE mu.b (id INT PRIMARY KEY, aid INT)")
	mustExec(t, db, "INSERT INTO mu.a VALUES (1, 0), (2, 0), (3, 0)")
	mustExec(t, db, "INSERT INTO mu.b VALUES (1, 1), (2, 2)")
	for _, c := range []struct{ q, msg string }{
		{"UPDATE mu.a JOIN mu.b ON a.id = b.aid SET a.v = 1 ORDER BY a.id LIMIT 1", "Incorrect usage of UPDATE and ORDER BY"},
		{"UPDATE mu.a, mu.b SET a.v = 1 WHERE a.id = b.aid LIMIT 1", "Incorrect usage of UPDATE and LIMIT"},
		{"UPDATE mu.a, (SELECT 1 AS z) d SET a.v = d.z ORDER BY a.id", "Incorrect usage of UPDATE and ORDER BY"},
		{"UPDATE (mu.a JOIN mu.b ON a.id = b.aid) SET a.v = 1 LIMIT 1", "Incorrect usage of UPDATE and LIMIT"},
	} {
		_, err := db.Exec(c.q)
		if err == nil || !strings.Contains(err.Error(), "1221") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: err %v, want 1221 %s", c.q, err, c.msg)
		}
		// Prepared: the same refusal.
		if _, err := db.Prepare(c.q); err == nil || !strings.Contains(err.Error(), "1221") {
			t.Errorf("prepare %s: err %v, want 1221", c.q, err)
		}
	}
	var sum int
	if err := db.QueryRow("SELECT SUM(v) FROM mu.a").Scan(&sum); err != nil || sum != 0 {
		t.Fatalf("rows changed by refused statements: %d %v", sum, err)
	}
	r, err := db.Exec("UPDATE mu.a SET v = 1 WHERE id IN (SELECT aid FROM mu.b) ORDER BY id DESC LIMIT 1")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := r.RowsAffected(); n != 1 {
		t.Errorf("single-table UPDATE ... ORDER BY ... LIMIT 1: %d rows", n)
	}
	var id int
	if err := db.QueryRow("SELECT id FROM mu.a WHERE v = 1").Scan(&id); err != nil || id != 2 {
		t.Errorf("updated row %d (%v), want 2", id, err)
	}
}
