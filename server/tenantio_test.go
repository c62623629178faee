package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"os"
	"testing"
)

// TENANT EXPORT needs SELECT on the schema, TENANT IMPORT BEGIN CREATE on
// the new one (1044 otherwise, as for CREATE DATABASE ... LIKE); the
// statements check their state and arguments.
func TestTenantStatements(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE src")
	mustExec(t, root, "CREATE TABLE src.t (id INT PRIMARY KEY, v VARCHAR(10))")
	mustExec(t, root, "INSERT INTO src.t VALUES (1, 'a'), (2, 'b')")
	mustExec(t, root, "CREATE DATABASE secret")
	mustExec(t, root, "CREATE USER 'u'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT SELECT ON src.* TO 'u'@'%'")
	mustExec(t, root, "CREATE USER 'c'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT CREATE ON *.* TO 'c'@'%'")
	u := ts.mustLogin("u", "pw", "", "")
	_, err := u.Query("TENANT EXPORT secret")
	wantError(t, "export without SELECT", err, 1044, "Access denied for user 'u'@'%' to database 'secret'")
	_, err = u.Exec("TENANT IMPORT BEGIN newone")
	wantError(t, "import without CREATE", err, 1044, "Access denied for user 'u'@'%' to database 'newone'")
	_, err = root.Query("TENANT EXPORT nosuch")
	wantError(t, "unknown schema", err, 1049, "Unknown database 'nosuch'")
	_, err = root.Exec("TENANT IMPORT BEGIN src")
	wantError(t, "existing name", err, 1007, "Can't create database 'src'; database exists")
	_, err = root.Exec("TENANT IMPORT DATA 'AAAA'")
	wantError(t, "data without begin", err, 1105, "no import in progress (TENANT IMPORT BEGIN first)")
	_, err = root.Exec("TENANT IMPORT")
	if err == nil {
		t.Fatal("TENANT IMPORT without a verb accepted")
	}

	// The export as u, streamed back in by c on one connection.
	rows, err := u.Query("TENANT EXPORT `src`")
	if err != nil {
		t.Fatal(err)
	}
	var file []byte
	for rows.Next() {
		var chunk []byte
		if err := rows.Scan(&chunk); err != nil {
			t.Fatal(err)
		}
		file = append(file, chunk...)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	c := ts.mustLogin("c", "pw", "", "")
	c.SetMaxOpenConns(1)
	mustExec(t, c, "TENANT IMPORT BEGIN copy1")
	_, err = c.Exec("TENANT IMPORT BEGIN copy2")
	wantError(t, "second begin", err, 1105, "an import is already in progress on this connection (TENANT IMPORT END or ABORT first)")
	mustExec(t, c, "TENANT IMPORT DATA '"+base64.StdEncoding.EncodeToString(file[:10])+"'")
	mustExec(t, c, "TENANT IMPORT DATA '"+base64.StdEncoding.EncodeToString(file[10:])+"'")
	res, err := c.Exec("TENANT IMPORT END")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 2 {
		t.Fatalf("END reported %d rows", n)
	}
	checkCopy := func(db *sql.DB, schema string) {
		t.Helper()
		if got := queryRows(t, db, "SELECT id, v FROM "+schema+".t ORDER BY id"); len(got) != 2 || got[1][1] != "b" {
			t.Fatalf("%s.t: %v", schema, got)
		}
	}
	checkCopy(root, "copy1")
	// ABORT leaves nothing, and the name stays free.
	mustExec(t, c, "TENANT IMPORT BEGIN copy2")
	mustExec(t, c, "TENANT IMPORT DATA '"+base64.StdEncoding.EncodeToString(file[:len(file)/2])+"'")
	mustExec(t, c, "TENANT IMPORT ABORT")
	if got := queryRows(t, root, "SHOW DATABASES LIKE 'copy2'"); len(got) != 0 {
		t.Fatalf("aborted import visible: %v", got)
	}
	// A file cut short: END reports it, nothing is created.
	mustExec(t, c, "TENANT IMPORT BEGIN copy2")
	mustExec(t, c, "TENANT IMPORT DATA '"+base64.StdEncoding.EncodeToString(file[:len(file)-3])+"'")
	_, err = c.Exec("TENANT IMPORT END")
	if err == nil {
		t.Fatal("truncated file published")
	}
	if got := queryRows(t, root, "SHOW DATABASES LIKE 'copy2'"); len(got) != 0 {
		t.Fatalf("truncated import visible: %v", got)
	}
}

// Stored procedures travel in the tenant file (format 2): the imported copy
// lists them and CALL runs them against the copy's own tables. A format-1
// file written by the previous release (server/testdata/tenant-format1.myt:
// tables a and log with 3 rows, view av, trigger tr; its source's
// procedure p was not exported then) still imports.
func TestTenantExportProcedures(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE src")
	src := ts.connect("src")
	mustExec(t, src, "CREATE TABLE t (id INT PRIMARY KEY, v INT)")
	mustExec(t, src, "INSERT INTO t VALUES (1, 10)")
	mustExec(t, src, "CREATE PROCEDURE add_row(x INT) INSERT INTO t VALUES (x, x * 10)")
	mustExec(t, src, procSig)
	var file bytes.Buffer
	if _, err := ts.srv.Engine().ExportSchema("src", &file, "test", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.srv.Engine().ImportSchema(bytes.NewReader(file.Bytes()), "dst", nil); err != nil {
		t.Fatal(err)
	}
	dst := ts.connect("dst")
	wantRows(t, root, "SELECT ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA IN ('src', 'dst') ORDER BY 1, 2",
		"dst,add_row", "dst,sig", "src,add_row", "src,sig")
	if got := queryRows(t, dst, "SHOW PROCEDURE STATUS WHERE Db = 'dst'"); len(got) != 2 {
		t.Fatalf("SHOW PROCEDURE STATUS of the copy: %q", got)
	}
	mustExec(t, dst, "CALL add_row(2)")
	wantRows(t, dst, "SELECT id, v FROM t ORDER BY id", "1,10", "2,20")
	wantRows(t, src, "SELECT id, v FROM t ORDER BY id", "1,10")
	var caught int
	conn, err := dst.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "CALL sig(-1, @c)")
	if err := conn.QueryRowContext(context.Background(), "SELECT @c").Scan(&caught); err != nil || caught != 1 {
		t.Fatalf("sig in the copy: @c = %d (%v)", caught, err)
	}
	// Dropping a procedure in the copy leaves the source's.
	mustExec(t, dst, "DROP PROCEDURE add_row")
	mustExec(t, src, "CALL add_row(3)")

	old, err := os.ReadFile("testdata/tenant-format1.myt")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.srv.Engine().ImportSchema(bytes.NewReader(old), "old", nil); err != nil {
		t.Fatalf("format-1 file: %v", err)
	}
	old1 := ts.connect("old")
	wantRows(t, old1, "SELECT v, n FROM av ORDER BY n", "y,2", "z,3")
	mustExec(t, old1, "INSERT INTO a (v, n) VALUES ('w', 4)")
	wantRows(t, old1, "SELECT id, msg FROM a JOIN log ON msg = CONCAT('a', n) ORDER BY id", "4,a4")
	wantRows(t, root, "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 'old'", "0")
}
