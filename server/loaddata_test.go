package server

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestLoadDataLocal: LOCAL is refused with MySQL's 3948 while the global
// local_infile is OFF (the default) and loads once it is ON; fields are
// read with MySQL's escapes, enclosures and terminators (the expected rows
// are what MariaDB 10.11 loads from the same files, checked by hand with
// the mariadb client).
func TestLoadDataLocal(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connectWith("d", "parseTime=true&allowAllFiles=true")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, v TEXT, n INT)")
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tab := file("tab.txt", "1\ta string\t10\n2\ta \\t tab and \\\\ backslash\t\\N\n3\tnew\\nline, \\0nul\t30\n4\tescaped\\\tterminator\t40\n5\t\\Nx\t\\N\n")
	_, err := db.Exec("LOAD DATA LOCAL INFILE '" + tab + "' INTO TABLE t")
	wantError(t, "LOAD DATA LOCAL with local_infile OFF", err, 3948,
		"Loading local data is disabled; this must be enabled on both the client and server sides")
	mustExec(t, root, "SET GLOBAL local_infile = 1")
	defer mustExec(t, root, "SET GLOBAL local_infile = 0")
	mustExec(t, db, "LOAD DATA LOCAL INFILE '"+tab+"' INTO TABLE t")
	want := [][]string{
		{"1", "a string", "10"},
		{"2", "a \t tab and \\ backslash", "NULL"},
		{"3", "new\nline, \x00nul", "30"},
		{"4", "escaped\tterminator", "40"},
		{"5", "Nx", "NULL"},
	}
	if got := queryRows(t, db, "SELECT id, v, n FROM t ORDER BY id"); !reflect.DeepEqual(got, want) {
		t.Fatalf("tab-separated load: %q, want %q", got, want)
	}

	// CSV: enclosed fields, doubled quotes, an unenclosed NULL, a line
	// prefix, CRLF lines, a header ignored, a column list and SET.
	mustExec(t, db, "TRUNCATE TABLE t")
	csv := file("t.csv", "id,v,n\r\nxx>11,\"a, \"\"quoted\"\" one\",5\r\nno prefix line\r\n>12,NULL,\"7\"\r\n>13,\"two\\\"esc\",NULL\r\n")
	mustExec(t, db, `LOAD DATA LOCAL INFILE '`+csv+`' INTO TABLE t FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"'
		LINES STARTING BY '>' TERMINATED BY '\r\n' IGNORE 1 LINES (id, v, @n) SET n = @n * 2`)
	want = [][]string{
		{"11", `a, "quoted" one`, "10"},
		{"12", "NULL", "14"},
		{"13", `two"esc`, "NULL"},
	}
	if got := queryRows(t, db, "SELECT id, v, n FROM t ORDER BY id"); !reflect.DeepEqual(got, want) {
		t.Fatalf("CSV load: %q, want %q", got, want)
	}
	// The driver refuses a file it was not allowed to send; the server
	// sees its empty answer and loads nothing.
	other := ts.connectWith("d", "parseTime=true")
	_, err = other.Exec("LOAD DATA LOCAL INFILE '" + tab + "' INTO TABLE t")
	if err == nil {
		t.Fatal("the driver sent a file it was not allowed to")
	}
	mysql.DeregisterLocalFile(tab)
}
