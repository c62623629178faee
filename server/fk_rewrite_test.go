package server

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/myriaddb/myriad/engine"
)

// TestMultiPartAlterWithForeignKeys: an ALTER of several parts on a child
// table (its foreign key kept) and on a parent table (referenced) copies
// the rows once, online, as a job (its batches run while clients insert
// children of existing parents), and the foreign keys hold afterwards
// with MySQL's errors: an orphan child is 1452, deleting a referenced
// parent 1451, ON DELETE CASCADE still cascades.
func TestMultiPartAlterWithForeignKeys(t *testing.T) {
	d := startDDLTest(t, 100, 8)
	db := d.db
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, name VARCHAR(20), n INT)")
	mustExec(t, db, "CREATE TABLE c (id INT PRIMARY KEY, pid INT, note VARCHAR(20), n INT, CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES p(id) ON DELETE CASCADE)")
	var pv, cv []string
	for i := 1; i <= 2000; i++ {
		pv = append(pv, fmt.Sprintf("(%d, 'p%d', %d)", i, i, i))
		cv = append(cv, fmt.Sprintf("(%d, %d, 'c%d', %d)", i, i, i, i))
	}
	mustExec(t, db, "INSERT INTO p VALUES "+strings.Join(pv, ","))
	mustExec(t, db, "INSERT INTO c VALUES "+strings.Join(cv, ","))

	// jobs counts the copies of each table: a job's first batch reports
	// at most one batch of rows done.
	var jobs sync.Map // table -> copies seen
	h := func(table string, rowsDone int64) {
		v, _ := jobs.LoadOrStore(table, new(atomic.Int64))
		if rowsDone <= 100 {
			v.(*atomic.Int64).Add(1)
		}
		time.Sleep(2 * time.Millisecond)
	}
	engine.BackfillHook.Store(&h)
	t.Cleanup(func() { engine.BackfillHook.Store(nil) })

	// A client inserts children of existing parents all along.
	in := startInserter(db, 100000, "INSERT INTO c (id, pid, note, n) VALUES (?, ?, 'new', 0)", func(id int) []any { return []any{id, 1 + id%2000} })
	for _, q := range []string{
		"ALTER TABLE c MODIFY n BIGINT, ADD COLUMN extra INT DEFAULT 3, MODIFY note VARCHAR(10)",
		"ALTER TABLE p MODIFY n BIGINT, ADD COLUMN extra INT DEFAULT 4, MODIFY name VARCHAR(10)",
	} {
		if _, err := db.Exec(q); err != nil {
			in.halt()
			t.Fatalf("%s: %v", q, err)
		}
	}
	time.Sleep(50 * time.Millisecond)
	in.finish(t)
	for _, tbl := range []string{"c", "p"} {
		n := int64(0)
		if v, ok := jobs.Load(tbl); ok {
			n = v.(*atomic.Int64).Load()
		}
		if n != 1 {
			t.Errorf("the ALTER of %s copied the table %d times as a job, want once", tbl, n)
		}
	}
	noJobs(t, db)
	if def := createTableOf(t, db, "c"); !strings.Contains(def, "CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE") ||
		!strings.Contains(def, "`n` bigint") || !strings.Contains(def, "`extra` int DEFAULT '3'") {
		t.Fatalf("child definition after the ALTER:\n%s", def)
	}
	if def := createTableOf(t, db, "p"); !strings.Contains(def, "`n` bigint") || !strings.Contains(def, "`name` varchar(10)") {
		t.Fatalf("parent definition after the ALTER:\n%s", def)
	}
	wantRows(t, db, "SELECT COUNT(*), SUM(extra) FROM c", fmt.Sprintf("%d,%d", 2000+in.inserted.Load(), 3*(2000+in.inserted.Load())))
	wantRows(t, db, "SELECT COUNT(*), SUM(extra) FROM p", "2000,8000")
	_, err := db.Exec("INSERT INTO c (id, pid) VALUES (999999, 5000)")
	wantError(t, "orphan after the ALTER", err, 1452, "Cannot add or update a child row: a foreign key constraint fails (`d`.`c`, CONSTRAINT `fk_c` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE)")
	mustExec(t, db, "CREATE TABLE g (id INT PRIMARY KEY, pid INT, CONSTRAINT fk_g FOREIGN KEY (pid) REFERENCES p(id))")
	mustExec(t, db, "INSERT INTO g VALUES (1, 7)")
	_, err = db.Exec("DELETE FROM p WHERE id = 7")
	wantError(t, "delete referenced parent", err, 1451, "Cannot delete or update a parent row: a foreign key constraint fails (`d`.`g`, CONSTRAINT `fk_g` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))")
	mustExec(t, db, "DELETE FROM p WHERE id = 8")
	wantRows(t, db, "SELECT COUNT(*) FROM c WHERE pid = 8", "0")
	d.closeAndCheck()
}

// TestMultiPartAlterForeignKeyColumns: parts that touch the foreign key's
// own columns keep MySQL's answers — a type the key cannot hold is 3780
// and changes nothing; renaming a referenced column (which rewrites the
// child's key, so the parts run one by one) renames it in the child's
// constraint too, and the rows are all there.
func TestMultiPartAlterForeignKeyColumns(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	mustExec(t, db, "CREATE TABLE p (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "CREATE TABLE c (id INT PRIMARY KEY, pid INT, n INT, CONSTRAINT fk_c FOREIGN KEY (pid) REFERENCES p(id))")
	mustExec(t, db, "INSERT INTO p VALUES (1, 1), (2, 2)")
	mustExec(t, db, "INSERT INTO c VALUES (1, 1, 1), (2, 2, 2)")
	before := createTableOf(t, db, "c")
	_, err := db.Exec("ALTER TABLE c MODIFY pid VARCHAR(10), MODIFY n BIGINT")
	if mysqlErrNo(err) != 3780 {
		t.Fatalf("FK column to another type: %v, want 3780", err)
	}
	if after := createTableOf(t, db, "c"); after != before {
		t.Fatalf("the refused ALTER changed the table:\n%s", after)
	}
	mustExec(t, db, "ALTER TABLE p RENAME COLUMN id TO pk, MODIFY n BIGINT")
	if def := createTableOf(t, db, "c"); !strings.Contains(def, "REFERENCES `p` (`pk`)") {
		t.Fatalf("child after renaming the parent's column:\n%s", def)
	}
	wantRows(t, db, "SELECT pk, n FROM p ORDER BY pk", "1,1", "2,2")
	_, err = db.Exec("INSERT INTO c VALUES (3, 9, 0)")
	if mysqlErrNo(err) != 1452 {
		t.Fatalf("orphan after the ALTER: %v, want 1452", err)
	}
	ts.srv.Close()
	checkDir(t, dir)
}
