package server

import (
	"database/sql"
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
