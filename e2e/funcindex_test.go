package e2e

import (
	"bytes"
	"strings"
	"testing"
)

// TestFunctionalIndexDumpRoundTrip: a table with functional indexes
// (MySQL 8.0.13's KEY ((expr))) dumps with them in its CREATE TABLE,
// loads back through the mariadb client, dumps back identical, and the
// reloaded UNIQUE functional index is enforced and used.
func TestFunctionalIndexDumpRoundTrip(t *testing.T) {
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	client := mariadbClient(t)
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	for _, q := range []string{
		"CREATE DATABASE fx",
		"CREATE TABLE fx.person (id INT PRIMARY KEY, email VARCHAR(80), a INT, b INT," +
			" UNIQUE KEY person_email_ci ((LOWER(email))), KEY ((a + b), id))",
		"CREATE INDEX person_year ON fx.person ((a * 1000 + b))",
		"INSERT INTO fx.person VALUES (1, 'Ann@X.org', 1, 2), (2, 'bob@x.org', 3, 4)",
	} {
		mustExec(t, db, q)
	}
	run := func(stdin []byte, name string, args ...string) []byte { return s.RunTool(t, stdin, name, args...) }
	first := run(nil, dump, "--databases", "fx")
	for _, want := range []string{"UNIQUE KEY `person_email_ci` ((LOWER(email)))", "KEY `functional_index` ((a + b),`id`)", "KEY `person_year` ((a * 1000 + b))"} {
		if !bytes.Contains(first, []byte(want)) {
			t.Fatalf("dump lacks %s:\n%s", want, first)
		}
	}
	mustExec(t, db, "DROP DATABASE fx")
	run(first, client)
	second := run(nil, dump, "--databases", "fx")
	if a, b := dumpCompleted.ReplaceAll(first, nil), dumpCompleted.ReplaceAll(second, nil); !bytes.Equal(a, b) {
		t.Fatalf("dump after reload differs:\n--- first\n%s\n--- second\n%s", a, b)
	}
	fx := s.DB("fx")
	if _, err := fx.Exec("INSERT INTO person VALUES (3, 'ANN@x.ORG', 0, 0)"); mysqlErrNo(err) != 1062 {
		t.Fatalf("case-insensitive duplicate after reload: %v", err)
	}
	var id int
	if err := fx.QueryRow("SELECT id FROM person WHERE a * 1000 + b = 3004").Scan(&id); err != nil || id != 2 {
		t.Fatalf("lookup on the reloaded index: %v %d", err, id)
	}
	// myriad check recomputes every functional entry offline (GMS's
	// built-in functions, no server) and finds them all.
	mustExec(t, fx, "UPDATE person SET email = 'carl@x.org', a = 7 WHERE id = 1")
	mustExec(t, fx, "DELETE FROM person WHERE id = 2")
	s.Stop()
	if out := s.MustCheck("after functional index writes"); !strings.Contains(out, "no problems found") {
		t.Fatalf("myriad check:\n%s", out)
	}
}
