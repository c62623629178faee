package server

import (
	"strings"
	"testing"
)

// TestKeylessInsertionOrder: rows of a table without a primary key come
// back in insertion order, as InnoDB's hidden DB_ROW_ID clustered index
// gives (applications and PyMySQL's tests rely on it), across UPDATE,
// instant ADD/DROP COLUMN and a restart; DELETE ... LIMIT 1 of two
// identical rows deletes one.
func TestKeylessInsertionOrder(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE k")
	db := ts.connect("k")
	mustExec(t, db, "CREATE TABLE t (v INT, s VARCHAR(10), KEY ks (s))")
	mustExec(t, db, "INSERT INTO t VALUES (30,'c'),(10,'a'),(20,'b')")
	mustExec(t, db, "INSERT INTO t VALUES (5,'x')")
	mustExec(t, db, "INSERT INTO t VALUES (5,'x')")
	mustExec(t, db, "INSERT INTO t VALUES (1,'z')")
	wantRows(t, db, "SELECT v, s FROM t", "30,c", "10,a", "20,b", "5,x", "5,x", "1,z")

	r := mustExec(t, db, "DELETE FROM t WHERE v = 5 LIMIT 1")
	if n := rowsAffected(t, r); n != 1 {
		t.Fatalf("DELETE ... LIMIT 1 of identical rows: %d rows affected", n)
	}
	wantRows(t, db, "SELECT v, s FROM t", "30,c", "10,a", "20,b", "5,x", "1,z")
	// An updated row keeps its place.
	mustExec(t, db, "UPDATE t SET s = 'q' WHERE v = 10")
	wantRows(t, db, "SELECT v, s FROM t", "30,c", "10,q", "20,b", "5,x", "1,z")
	wantRows(t, db, "SELECT v FROM t WHERE s = 'q'", "10")
	wantRows(t, db, "SELECT v FROM t WHERE s = 'a'")

	// Identical rows updated one at a time stay two rows.
	mustExec(t, db, "INSERT INTO t VALUES (5,'x')")
	mustExec(t, db, "UPDATE t SET s = 'y' WHERE v = 5 LIMIT 1")
	wantRows(t, db, "SELECT v, s FROM t", "30,c", "10,q", "20,b", "5,y", "1,z", "5,x")

	// ADD COLUMN is instant, as on a keyed table; rows stored before it
	// can still be updated and deleted by value.
	mustExec(t, db, "ALTER TABLE t ADD COLUMN n INT NOT NULL DEFAULT 7, ALGORITHM=INSTANT")
	wantRows(t, db, "SELECT v, s, n FROM t", "30,c,7", "10,q,7", "20,b,7", "5,y,7", "1,z,7", "5,x,7")
	mustExec(t, db, "UPDATE t SET n = 8 WHERE v = 20")
	mustExec(t, db, "DELETE FROM t WHERE v = 30")
	mustExec(t, db, "INSERT INTO t VALUES (2,'w',9)")
	wantRows(t, db, "SELECT v, s, n FROM t", "10,q,7", "20,b,8", "5,y,7", "1,z,7", "5,x,7", "2,w,9")
	// The added column is not part of the row hash: dropping it is instant too.
	mustExec(t, db, "ALTER TABLE t DROP COLUMN n, ALGORITHM=INSTANT")
	if _, err := db.Exec("ALTER TABLE t DROP COLUMN s, ALGORITHM=INSTANT"); err == nil || !strings.Contains(err.Error(), "ALGORITHM=INSTANT is not supported") {
		t.Fatalf("instant DROP of a column the row hash covers: %v", err)
	}
	mustExec(t, db, "DELETE FROM t WHERE v = 1")
	wantRows(t, db, "SELECT v, s FROM t", "10,q", "20,b", "5,y", "5,x", "2,w")

	// After a restart the sequence resumes above every stored row ID.
	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("k")
	mustExec(t, db, "INSERT INTO t VALUES (0,'v')")
	wantRows(t, db, "SELECT v, s FROM t", "10,q", "20,b", "5,y", "5,x", "2,w", "0,v")
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE v = 5", "2")
	// A rebuilding ALTER keeps the order.
	mustExec(t, db, "ALTER TABLE t MODIFY v BIGINT, ALGORITHM=COPY")
	mustExec(t, db, "INSERT INTO t VALUES (-1,'u')")
	wantRows(t, db, "SELECT v, s FROM t", "10,q", "20,b", "5,y", "5,x", "2,w", "0,v", "-1,u")
	mustExec(t, db, "DELETE FROM t WHERE v = 5")
	wantRows(t, db, "SELECT v FROM t", "10", "20", "2", "0", "-1")
}
