package server

import (
	"os"
	"path/filepath"
	"testing"
)

// BACKUP TO needs SUPER, refuses a non-empty target, and otherwise writes a
// backup and returns its summary row.
func TestBackupStatement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE b")
	mustExec(t, root, "CREATE TABLE b.t (id INT PRIMARY KEY)")
	mustExec(t, root, "INSERT INTO b.t VALUES (1), (2)")
	mustExec(t, root, "CREATE USER 'u'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT ALL ON *.* TO 'u'@'%'")
	mustExec(t, root, "REVOKE SUPER ON *.* FROM 'u'@'%'")
	u := ts.mustLogin("u", "pw", "", "")

	dir := filepath.Join(t.TempDir(), "bk")
	_, err := u.Exec("BACKUP TO '" + dir + "'")
	wantError(t, "without SUPER", err, 1227, "Access denied; you need (at least one of) the SUPER privilege(s) for this operation")
	if _, err := os.Stat(dir); err == nil {
		t.Fatal("a refused BACKUP TO created its directory")
	}

	var files, bytes int64
	var secs float64
	if err := root.QueryRow(" backup to '"+dir+"';").Scan(&files, &bytes, &secs); err != nil {
		t.Fatal(err)
	}
	if files == 0 || bytes == 0 {
		t.Fatalf("summary: %d files, %d bytes", files, bytes)
	}
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := root.Exec("BACKUP TO '" + dir + "'"); err == nil {
		t.Fatal("BACKUP TO a non-empty directory succeeded")
	}
}
