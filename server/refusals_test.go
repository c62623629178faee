package server

import (
	"context"
	"strings"
	"testing"
)

// Statements GMS refused (1105, or 1046 with the schema named) that MySQL
// answers: CREATE TABLE ... LIKE a view is 1347, SHOW CREATE VIEW/TABLE
// s.name works without a current database, GREATEST/LEAST over strings and
// DECIMALs compare as DOUBLE.
func TestRefusalsAnswered(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	ctx := context.Background()
	mustExec(t, root, "CREATE DATABASE d")
	mustExec(t, root, "CREATE DATABASE e")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY)")
	mustExec(t, db, "CREATE VIEW v AS SELECT id FROM t")

	for _, c := range []struct{ q, msg string }{
		{"CREATE TABLE x LIKE v", "'d.v' is not BASE TABLE"},
		{"CREATE TABLE x LIKE d.v", "'d.v' is not BASE TABLE"},
		{"CREATE TABLE e.x LIKE `d`.`v`", "'d.v' is not BASE TABLE"},
	} {
		_, err := db.ExecContext(ctx, c.q)
		if mysqlErrNo(err) != 1347 || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want 1347 %s", c.q, err, c.msg)
		}
	}

	// root has no current database.
	var name, def, cs, coll string
	if err := root.QueryRowContext(ctx, "SHOW CREATE VIEW d.v").Scan(&name, &def, &cs, &coll); err != nil {
		t.Fatalf("SHOW CREATE VIEW d.v without a database: %v", err)
	}
	if name != "v" || !strings.Contains(def, "VIEW") {
		t.Errorf("SHOW CREATE VIEW d.v = %q, %q", name, def)
	}
	if err := root.QueryRowContext(ctx, "SHOW CREATE TABLE `d`.v").Scan(&name, &def, &cs, &coll); err != nil {
		t.Fatalf("SHOW CREATE TABLE d.v without a database: %v", err)
	}
	wantRows(t, root, "SELECT DATABASE() IS NULL", "1")
	if _, err := root.ExecContext(ctx, "SELECT * FROM t"); mysqlErrNo(err) != 1046 {
		t.Errorf("SELECT * FROM t without a database: %v, want 1046", err)
	}

	wantRows(t, db, "SELECT GREATEST(1,'2',3.5), LEAST(1,'2',3.5), GREATEST(2.5,'10'), LEAST(0.5, '0.25x')", "3.5,1,10,0.25")
}
