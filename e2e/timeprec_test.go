package e2e

import (
	"bytes"
	"strings"
	"testing"
)

// TestTimePrecisionDumpRoundTrip: a TIME(3) column dumps as time(3) with
// its fractions, loads back through the mariadb client, and dumps back
// identical; a TIME column keeps no fraction.
func TestTimePrecisionDumpRoundTrip(t *testing.T) {
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	client := mariadbClient(t)
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE tp")
	mustExec(t, db, "CREATE TABLE tp.t (id INT PRIMARY KEY, a TIME(3), b TIME)")
	mustExec(t, db, "INSERT INTO tp.t VALUES (1, '10:00:00.1236', '10:00:00.4'), (2, '-838:59:58.9994', '01:02:03')")
	run := func(stdin []byte, name string, args ...string) []byte { return s.RunTool(t, stdin, name, args...) }
	first := run(nil, dump, "--databases", "tp")
	for _, w := range []string{"`a` time(3)", "`b` time", "'10:00:00.124'", "'-838:59:58.999'", "'10:00:00'"} {
		if !bytes.Contains(first, []byte(w)) {
			t.Fatalf("dump lacks %s:\n%s", w, first)
		}
	}
	mustExec(t, db, "DROP DATABASE tp")
	run(first, client)
	second := run(nil, dump, "--databases", "tp")
	if a, b := dumpCompleted.ReplaceAll(first, nil), dumpCompleted.ReplaceAll(second, nil); !bytes.Equal(a, b) {
		t.Fatalf("dump after reload differs:\n--- first\n%s\n--- second\n%s", a, b)
	}
	// The mariadb CLI prints the digits of each column's precision.
	if out := string(run(nil, client, "-N", "-e", "SELECT a, b, CAST(a AS TIME(1)) FROM tp.t ORDER BY id")); out != "10:00:00.124\t10:00:00\t10:00:00.1\n-838:59:58.999\t01:02:03\t-838:59:59.0\n" {
		t.Fatalf("mariadb CLI printed %q", out)
	}
	got := queryRows(t, s.DB("tp"), "SELECT id, a, b FROM t ORDER BY id")
	var lines []string
	for _, r := range got {
		lines = append(lines, strings.Join(r, " "))
	}
	if w := "1 10:00:00.124 10:00:00|2 -838:59:58.999 01:02:03"; strings.Join(lines, "|") != w {
		t.Fatalf("reloaded rows %q, want %q", strings.Join(lines, "|"), w)
	}
	// The precision is part of the stored definition.
	s.Restart()
	mustExec(t, s.DB("tp"), "INSERT INTO t VALUES (3, '00:00:00.0005', '00:00:00.5')")
	if third := run(nil, dump, "--databases", "tp"); !bytes.Contains(third, []byte("`a` time(3)")) ||
		!bytes.Contains(third, []byte("(3,'00:00:00.001','00:00:01')")) {
		t.Fatalf("after a restart:\n%s", third)
	}
}
