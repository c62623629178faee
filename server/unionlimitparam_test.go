package server

import "testing"

// TestPreparedUnionLimitParam: a prepared UNION whose own ORDER BY/LIMIT
// holds a placeholder reports it in COM_STMT_PREPARE's parameter count and
// executes with its value. The protocol library counted none (the parser's
// walk skips a UNION's LIMIT), so go-sql-driver refused the argument
// ("expected 0 arguments, got 1") and a client sending none failed. With
// an OFFSET, GMS skipped rows before sorting (setopoffset.go): the text
// protocol's literal OFFSET was wrong as well.
func TestPreparedUnionLimitParam(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ul")
	mustExec(t, db, "CREATE TABLE ul.t (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO ul.t VALUES (1), (2), (3), (4)")
	for _, c := range []struct {
		q    string
		args []any
		want string
	}{
		{"SELECT id FROM ul.t UNION SELECT id + 10 FROM ul.t ORDER BY 1 LIMIT ?", []any{3}, "1|2|3"},
		{"SELECT id FROM ul.t UNION ALL SELECT id + 10 FROM ul.t ORDER BY 1 DESC LIMIT ? OFFSET ?", []any{2, 1}, "13|12"},
		{"SELECT id FROM ul.t WHERE id > ? UNION SELECT id + 10 FROM ul.t WHERE id < ? ORDER BY 1 LIMIT ?, ?", []any{2, 2, 1, 2}, "4|11"},
		{"(SELECT id FROM ul.t) UNION (SELECT id FROM ul.t) LIMIT ?", []any{2}, "1|2"},
		{"SELECT COUNT(*) FROM (SELECT id FROM ul.t UNION SELECT id + 10 FROM ul.t ORDER BY 1 LIMIT ?) x", []any{5}, "5"},
		{"SELECT id FROM ul.t WHERE id IN (SELECT id FROM ul.t UNION SELECT 4 ORDER BY 1 LIMIT ?) ORDER BY id", []any{1}, "1"},
	} {
		// Prepared (go-sql-driver prepares when it does not interpolate).
		stmt, err := db.Prepare(c.q)
		if err != nil {
			t.Fatalf("prepare %s: %v", c.q, err)
		}
		rows, err := stmt.Query(c.args...)
		if err != nil {
			t.Fatalf("%s %v: %v", c.q, c.args, err)
		}
		if got := joinRows(scanRows(t, rows)); got != c.want {
			t.Errorf("%s %v = %s, want %s", c.q, c.args, got, c.want)
		}
		stmt.Close()
	}
	text := ts.connectWith("", "interpolateParams=true")
	for _, c := range []struct{ q, want string }{
		{"SELECT id FROM ul.t UNION ALL SELECT id + 10 FROM ul.t ORDER BY 1 DESC LIMIT 2 OFFSET 1", "13|12"},
		{"SELECT id FROM ul.t UNION SELECT id FROM ul.t ORDER BY 1 LIMIT 1, 2", "2|3"},
		{"SELECT * FROM (SELECT id FROM ul.t UNION ALL SELECT id + 10 FROM ul.t ORDER BY 1 DESC LIMIT 3 OFFSET 3) x ORDER BY 1", "3|4|11"},
		{"SELECT id FROM ul.t UNION ALL SELECT id + 10 FROM ul.t ORDER BY 1 DESC LIMIT ? OFFSET ?", "12|11"},
	} {
		args := []any{}
		if c.q[len(c.q)-1] == '?' {
			args = []any{2, 2}
		}
		if got := joinRows(queryRows(t, text, c.q, args...)); got != c.want {
			t.Errorf("%s (text) = %s, want %s", c.q, got, c.want)
		}
	}
}
