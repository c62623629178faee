package server

import (
	"database/sql"
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

// BACKUP TO ... WITH PROGRESS streams progress rows (bytes that only grow,
// never past their total), then a 'done' row with the summary.
func TestBackupWithProgress(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE b")
	mustExec(t, root, "CREATE TABLE b.t (id INT PRIMARY KEY, v LONGTEXT)")
	for i := 0; i < 20; i++ {
		mustExec(t, root, "INSERT INTO b.t VALUES (?, REPEAT(MD5(?), 32768))", i, i) // 1 MB each
	}
	dir := filepath.Join(t.TempDir(), "bk")
	rows, err := root.Query("BACKUP TO '" + dir + "' WITH PROGRESS")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var progress, summaries int
	var last int64
	for rows.Next() {
		var stage string
		var done, total int64
		var files, size sql.NullInt64
		var secs sql.NullFloat64
		if err := rows.Scan(&stage, &done, &total, &files, &size, &secs); err != nil {
			t.Fatal(err)
		}
		switch stage {
		case "checksum":
			if done < last || done > total || files.Valid {
				t.Fatalf("progress row %d of %d after %d (files %v)", done, total, last, files)
			}
			last = done
			progress++
		case "done":
			if !files.Valid || files.Int64 == 0 || size.Int64 < 20<<20/4 || done != size.Int64 {
				t.Fatalf("summary row: files %v bytes %v done %d", files, size, done)
			}
			summaries++
		default:
			t.Fatalf("unexpected stage %q", stage)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if progress == 0 || summaries != 1 {
		t.Fatalf("%d progress rows, %d summaries", progress, summaries)
	}
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.json")); err != nil {
		t.Fatal(err)
	}
}
