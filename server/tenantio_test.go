package server

import (
	"database/sql"
	"encoding/base64"
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
