package server

import (
	"fmt"
	"strings"
	"testing"
)

const templateTable = "(id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '%d' NOT NULL, " +
	"c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), UNIQUE KEY uc (c))"

// TestInsertTemplateAcrossTables: an INSERT into a table whose own plan
// was never made runs from the plan of another table of the same
// definition, and does to its own table exactly what its own plan would:
// its own AUTO_INCREMENT sequence, LAST_INSERT_ID, defaults and
// duplicate-key errors naming it. A table of another definition (another
// default) gets a plan of its own.
func TestInsertTemplateAcrossTables(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	for _, s := range []string{"tp1", "tp2"} {
		mustExec(t, root, "CREATE DATABASE "+s)
		for i := 1; i <= 3; i++ {
			mustExec(t, root, fmt.Sprintf("CREATE TABLE %s.t%d "+templateTable, s, i, 0))
		}
	}
	mustExec(t, root, fmt.Sprintf("CREATE TABLE tp2.other "+templateTable, 7))
	conn, err := root.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	insert := func(table, c string) (int64, error) {
		r, err := conn.ExecContext(t.Context(), "INSERT INTO "+table+" (c, pad) VALUES ('"+c+"', 'p')")
		if err != nil {
			return 0, err
		}
		return r.LastInsertId()
	}
	before := ts.srv.templateRuns.Load()
	tables := []string{"tp1.t1", "tp1.t2", "tp2.t3", "tp1.t3", "tp2.t1", "tp2.t2"}
	for round := 1; round <= 2; round++ {
		for _, tb := range tables {
			id, err := insert(tb, fmt.Sprintf("%s-%d", tb, round))
			if err != nil || id != int64(round) {
				t.Fatalf("insert into %s, round %d: id %d, %v", tb, round, id, err)
			}
		}
	}
	// Round 1: the first table is analyzed, the other five run from its
	// template; round 2 finds every table's own plan or the template.
	if n := ts.srv.templateRuns.Load() - before; n < 5 {
		t.Fatalf("%d inserts ran from a template, want >= 5", n)
	}
	for _, tb := range tables {
		got := queryRows(t, root, "SELECT id, k, c FROM "+tb+" ORDER BY id")
		want := fmt.Sprintf("[[1 0 %s-1] [2 0 %s-2]]", tb, tb)
		if fmt.Sprint(got) != want {
			t.Fatalf("%s: %v, want %s", tb, got, want)
		}
	}
	var last int64
	if err := conn.QueryRowContext(t.Context(), "SELECT LAST_INSERT_ID()").Scan(&last); err != nil || last != 2 {
		t.Fatalf("LAST_INSERT_ID() = %d, %v", last, err)
	}
	// Another default: another shape, its own plan and its own default.
	beforeOther := ts.srv.templateRuns.Load()
	if _, err := insert("tp2.other", "o"); err != nil {
		t.Fatal(err)
	}
	if ts.srv.templateRuns.Load() != beforeOther {
		t.Fatal("a table of another definition ran from a template")
	}
	if got := fmt.Sprint(queryRows(t, root, "SELECT k FROM tp2.other")); got != "[[7]]" {
		t.Fatalf("tp2.other: k = %s, want 7", got)
	}
	// A duplicate through a template names the statement's table.
	mustExec(t, root, "CREATE TABLE tp1.t4 "+fmt.Sprintf(templateTable, 0))
	if _, err := insert("tp1.t4", "dup"); err != nil {
		t.Fatal(err)
	}
	_, err = insert("tp1.t4", "dup")
	if err == nil || !strings.Contains(err.Error(), "1062") || !strings.Contains(err.Error(), "t4.uc") {
		t.Fatalf("duplicate in tp1.t4: %v, want 1062 naming t4.uc", err)
	}
}

// TestInsertTemplateRespectsTriggersAndPrivileges: a table in a schema
// with triggers, and an account without INSERT on every schema, never run
// from another table's plan.
func TestInsertTemplateRespectsTriggersAndPrivileges(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	for _, s := range []string{"tq1", "tq2", "tq3"} {
		mustExec(t, root, "CREATE DATABASE "+s)
		mustExec(t, root, fmt.Sprintf("CREATE TABLE %s.t "+templateTable, s, 0))
	}
	mustExec(t, root, "CREATE TABLE tq3.log (n INT)")
	mustExec(t, root, "CREATE TRIGGER tq3.tr AFTER INSERT ON tq3.t FOR EACH ROW INSERT INTO tq3.log VALUES (NEW.id)")
	for _, s := range []string{"tq1", "tq3", "tq3"} {
		mustExec(t, root, "INSERT INTO "+s+".t (c, pad) VALUES ('"+s+"', 'p')")
		mustExec(t, root, "DELETE FROM "+s+".t")
	}
	if got := fmt.Sprint(queryRows(t, root, "SELECT n FROM tq3.log ORDER BY n")); got != "[[1] [2]]" {
		t.Fatalf("trigger rows: %s, want [[1] [2]]", got)
	}

	mustExec(t, root, "CREATE USER 'w'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT INSERT ON tq1.* TO 'w'@'%'")
	// Some privilege on tq2.t, so the table resolves for w; not INSERT.
	mustExec(t, root, "GRANT SELECT ON tq2.* TO 'w'@'%'")
	w := ts.mustLogin("w", "pw", "", "")
	if _, err := w.Exec("INSERT INTO tq1.t (c, pad) VALUES ('w1', 'p')"); err != nil {
		t.Fatal(err)
	}
	_, err := w.Exec("INSERT INTO tq2.t (c, pad) VALUES ('w2', 'p')")
	if err == nil || !strings.Contains(err.Error(), "1142") {
		t.Fatalf("w into tq2.t: %v, want 1142", err)
	}
	if got := queryRows(t, root, "SELECT c FROM tq2.t"); len(got) != 0 {
		t.Fatalf("tq2.t: %v", got)
	}
}

// TestInsertTemplateParentTable: a table other tables' foreign keys
// reference takes plain INSERTs from a template (its plan does not depend
// on them), and the keys still hold: a child row needs its parent row, a
// parent row with children cannot go.
func TestInsertTemplateParentTable(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	for _, s := range []string{"tf1", "tf2"} {
		mustExec(t, root, "CREATE DATABASE "+s)
		mustExec(t, root, fmt.Sprintf("CREATE TABLE %s.p "+templateTable, s, 0))
	}
	mustExec(t, root, "CREATE TABLE tf2.child (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES tf2.p (id))")
	mustExec(t, root, "INSERT INTO tf1.p (c, pad) VALUES ('a', 'p')")
	before := ts.srv.templateRuns.Load()
	mustExec(t, root, "INSERT INTO tf2.p (c, pad) VALUES ('b', 'p')")
	if ts.srv.templateRuns.Load() != before+1 {
		t.Fatal("the parent table's INSERT did not run from the template")
	}
	mustExec(t, root, "INSERT INTO tf2.child VALUES (1, 1)")
	if _, err := root.Exec("INSERT INTO tf2.child VALUES (2, 2)"); err == nil || !strings.Contains(err.Error(), "1452") {
		t.Fatalf("child without parent: %v, want 1452", err)
	}
	if _, err := root.Exec("DELETE FROM tf2.p WHERE id = 1"); err == nil || !strings.Contains(err.Error(), "1451") {
		t.Fatalf("parent with a child: %v, want 1451", err)
	}
	if got := fmt.Sprint(queryRows(t, root, "SELECT id, c FROM tf2.p")); got != "[[1 b]]" {
		t.Fatalf("tf2.p: %s", got)
	}
}
