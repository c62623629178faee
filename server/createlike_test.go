package server

import (
	"context"
	"strings"
	"testing"
)

// CREATE TABLE ... LIKE copies the source's whole definition but its
// foreign keys and AUTO_INCREMENT counter, as MySQL does: GMS's own copy
// lost prefix lengths (a UNIQUE (a(10)) became UNIQUE (a)), functional
// indexes and the table comment.
func TestCreateTableLike(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	mustExec(t, root, "CREATE DATABASE e")
	db := ts.connect("d")
	ctx := context.Background()
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY)")
	mustExec(t, db, `CREATE TABLE s (
		id INT AUTO_INCREMENT PRIMARY KEY,
		a VARCHAR(50) COLLATE utf8mb4_bin COMMENT 'ca',
		b INT AS (id * 2) STORED,
		name VARCHAR(20),
		pid INT,
		UNIQUE KEY ua (a(10)) COMMENT 'ixc',
		KEY kb (b),
		KEY fx ((LOWER(name)), id),
		CONSTRAINT ck CHECK (a <> 'z'),
		CONSTRAINT fk FOREIGN KEY (pid) REFERENCES p (id)
	) COMMENT='tc' AUTO_INCREMENT=100`)
	mustExec(t, db, "INSERT INTO s (a, name) VALUES ('x', 'Ann')")
	mustExec(t, db, "CREATE TABLE s2 LIKE s")

	got := showCreateTable(t, db, "s2")
	for _, want := range []string{
		"`a` varchar(50) COLLATE utf8mb4_bin COMMENT 'ca'",
		"GENERATED ALWAYS AS ((`id` * 2)) STORED",
		"UNIQUE KEY `ua` (`a`(10)) COMMENT 'ixc'",
		"KEY `fx` ((LOWER(name)),`id`)",
		"CONSTRAINT `s2_chk_1` CHECK",
		"COMMENT='tc'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("SHOW CREATE TABLE s2 lacks %q:\n%s", want, got)
		}
	}
	for _, notWant := range []string{"FOREIGN KEY", "AUTO_INCREMENT=", "`ck`"} {
		if strings.Contains(got, notWant) {
			t.Errorf("SHOW CREATE TABLE s2 has %q:\n%s", notWant, got)
		}
	}
	wantRows(t, db, "SELECT COUNT(*) FROM s2", "0")

	// The copied definition is the one enforced: the prefix unique key, the
	// CHECK, the generated column, the functional index, a counter from 1.
	mustExec(t, db, "INSERT INTO s2 (a, name, pid) VALUES ('aaaaaaaaaaX', 'Bob', 42)")
	_, err := db.ExecContext(ctx, "INSERT INTO s2 (a) VALUES ('aaaaaaaaaaY')")
	if mysqlErrNo(err) != 1062 {
		t.Fatalf("second row with the same 10-character prefix: %v, want 1062", err)
	}
	_, err = db.ExecContext(ctx, "INSERT INTO s2 (a) VALUES ('z')")
	if mysqlErrNo(err) != 3819 {
		t.Fatalf("row violating the copied CHECK: %v, want 3819", err)
	}
	wantRows(t, db, "SELECT id, b FROM s2", "1,2")
	wantRows(t, db, "SELECT id FROM s2 WHERE LOWER(name) = 'bob'", "1")
	wantRows(t, db, "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'd' AND TABLE_NAME = 's2' AND INDEX_NAME = 'fx'", "2")

	// Across schemas; IF NOT EXISTS on an existing table is a note, not an error.
	mustExec(t, root, "CREATE TABLE e.c LIKE d.s")
	if got := showCreateTable(t, ts.connect("e"), "c"); !strings.Contains(got, "UNIQUE KEY `ua` (`a`(10))") {
		t.Fatalf("cross-schema copy:\n%s", got)
	}
	mustExec(t, db, "CREATE TABLE IF NOT EXISTS s2 LIKE s")
	_, err = db.ExecContext(ctx, "CREATE TABLE s2 LIKE s")
	wantError(t, "existing table", err, 1050, "Table 's2' already exists")
	_, err = db.ExecContext(ctx, "CREATE TABLE s3 LIKE nosuch")
	if mysqlErrNo(err) != 1146 {
		t.Fatalf("LIKE a missing table: %v, want 1146", err)
	}
}
