package e2e

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTenantDeltaCarriesDefinitions: stored procedures, views and triggers
// created, replaced or dropped after the retained export snapshot arrive
// with the rows through the CLI (export --retain, export --since, import,
// import --delta) on a fresh server, which then shows the same SHOW CREATE
// output, runs the new procedure and fires the new trigger; an account
// without CREATE ROUTINE cannot apply such a delta, and its rows stay out.
func TestTenantDeltaCarriesDefinitions(t *testing.T) {
	src := StartServer(t, "--durability", "async")
	dst := StartServer(t, "--durability", "async")
	sdb, ddb := src.DB(""), dst.DB("")
	for _, q := range []string{
		"CREATE DATABASE a",
		"CREATE TABLE a.t (id INT PRIMARY KEY, v INT, note VARCHAR(20))",
		"CREATE TABLE a.audit (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(40))",
		"INSERT INTO a.t VALUES (1, 10, 'one'), (2, 20, 'two'), (3, 30, 'three')",
		"CREATE PROCEDURE a.p_keep(IN x INT) SELECT x + 1 AS r",
		"CREATE PROCEDURE a.p_alter() SELECT 'old body' AS r",
		"CREATE PROCEDURE a.p_drop() SELECT 1",
		"CREATE VIEW a.v_keep AS SELECT id FROM a.t",
		"CREATE VIEW a.v_drop AS SELECT v FROM a.t",
		"CREATE VIEW a.v_alter AS SELECT id, v FROM a.t",
		"CREATE TRIGGER a.tr_drop AFTER INSERT ON a.t FOR EACH ROW INSERT INTO a.audit (what) VALUES ('old trigger')",
	} {
		mustExec(t, sdb, q)
	}
	dir := t.TempDir()
	sp, dp := strconv.Itoa(src.Port), strconv.Itoa(dst.Port)
	base := filepath.Join(dir, "a.myt")
	ex := runCatchUp(t, "tenant", "export", "--port", sp, "--schema", "a", "--out", base, "--retain")
	if ex.Snapshot == "" {
		t.Fatalf("export --retain printed no snapshot token: %+v", ex)
	}
	// After the snapshot: rows and definitions change on the source.
	for _, q := range []string{
		"INSERT INTO a.t VALUES (4, 40, 'four')", // fires tr_drop: a row in audit
		"UPDATE a.t SET note = 'TWO' WHERE id = 2",
		"DELETE FROM a.t WHERE id = 3",
		"DROP PROCEDURE a.p_drop",
		"DROP PROCEDURE a.p_alter",
		"CREATE PROCEDURE a.p_alter() SELECT 'new body' AS r",
		"CREATE PROCEDURE a.p_new(IN k INT, OUT n INT) SELECT COUNT(*) INTO n FROM a.t WHERE id >= k",
		"DROP VIEW a.v_drop",
		"CREATE OR REPLACE VIEW a.v_alter AS SELECT id, note FROM a.t",
		"CREATE VIEW a.v_new AS SELECT note FROM a.t WHERE id > 1",
		"DROP TRIGGER a.tr_drop",
		"CREATE TRIGGER a.tr_new BEFORE INSERT ON a.t FOR EACH ROW SET NEW.note = UPPER(NEW.note)",
	} {
		mustExec(t, sdb, q)
	}
	delta := filepath.Join(dir, "a.delta")
	runCatchUp(t, "tenant", "export", "--port", sp, "--schema", "a", "--out", delta, "--since", ex.Snapshot)

	// An account that may write rows but not create procedures, views or
	// triggers is refused the delta as a whole.
	runCatchUp(t, "tenant", "import", "--port", dp, "--file", base)
	mustExec(t, ddb, "CREATE USER 'rows'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, ddb, "GRANT SELECT, INSERT, UPDATE, DELETE ON a.* TO 'rows'@'%'")
	code, out, stderr := runMyriad(t, "tenant", "import", "--port", dp, "--user", "rows", "--password", "pw",
		"--file", delta, "--delta", "--progress", "never")
	if code == 0 || !strings.Contains(stderr, "Access denied") {
		t.Fatalf("a delta changing procedures applied by an account without CREATE ROUTINE: exit %d\n%s%s", code, out, stderr)
	}
	checkRows(t, ddb, "SELECT id, note FROM a.t ORDER BY id", "1\tone\n2\ttwo\n3\tthree\n")
	checkRows(t, ddb, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'a' ORDER BY 1", "p_alter\np_drop\np_keep\n")

	runCatchUp(t, "tenant", "import", "--port", dp, "--file", delta, "--delta")

	// SHOW CREATE VIEW a.v answers 1046 without a current schema, so the
	// comparisons run in schema a.
	sa, da := src.DB("a"), dst.DB("a")
	same := func(q string) {
		t.Helper()
		want := formatRows(queryRows(t, sa, q))
		if got := formatRows(queryRows(t, da, q)); got != want {
			t.Fatalf("%s:\nsource:\n%s\nimported:\n%s", q, want, got)
		}
	}
	same("SELECT ROUTINE_NAME, ROUTINE_TYPE FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'a' ORDER BY 1")
	checkRows(t, ddb, "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'a' ORDER BY 1", "p_alter\np_keep\np_new\n")
	for _, p := range []string{"p_keep", "p_alter", "p_new"} {
		same("SHOW CREATE PROCEDURE a." + p)
	}
	if _, err := ddb.Exec("SHOW CREATE PROCEDURE a.p_drop"); err == nil {
		t.Fatal("a procedure dropped after the snapshot survived the delta")
	}
	same("SHOW FULL TABLES FROM a")
	checkRows(t, ddb, "SELECT TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA = 'a' ORDER BY 1", "v_alter\nv_keep\nv_new\n")
	for _, v := range []string{"v_keep", "v_alter", "v_new"} {
		same("SHOW CREATE VIEW a." + v)
		same("SELECT * FROM a." + v + " ORDER BY 1")
	}
	same("SELECT TRIGGER_NAME, ACTION_TIMING, EVENT_MANIPULATION, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'a' ORDER BY 1")
	checkRows(t, ddb, "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'a'", "tr_new\n")
	same("SELECT id, v, note FROM a.t ORDER BY id")
	same("SELECT id, what FROM a.audit ORDER BY id")
	checkRows(t, ddb, "SELECT id, v, note FROM a.t ORDER BY id", "1\t10\tone\n2\t20\tTWO\n4\t40\tfour\n")

	// The definitions work, not only show: the new procedure runs, the
	// replaced one has its new body, and the new trigger fires.
	same("CALL a.p_alter()")
	checkRows(t, ddb, "CALL a.p_alter()", "new body\n")
	for _, db := range []*sql.DB{sdb, ddb} {
		mustExec(t, db, "INSERT INTO a.t VALUES (5, 50, 'five')")
	}
	same("SELECT id, note FROM a.t WHERE id = 5")
	checkRows(t, ddb, "SELECT note FROM a.t WHERE id = 5", "FIVE\n")
	same("SELECT COUNT(*) FROM a.audit")
	// A session variable needs one connection: run the OUT call and its
	// read on a single pinned connection.
	c, err := ddb.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.ExecContext(context.Background(), "CALL a.p_new(2, @n)"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := c.QueryRowContext(context.Background(), "SELECT @n").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 3 { // ids 2, 4, 5
		t.Fatalf("CALL a.p_new(2, @n) on the imported copy: @n = %d, want 3", n)
	}
}
