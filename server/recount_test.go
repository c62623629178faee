package server

import (
	"context"
	"strconv"
	"testing"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// A table without a stored row count (from before counts existed) is
// counted on the first read of TABLE_ROWS. That recount must not fail a
// writer of the table whose transaction was open while it committed (it
// did, with 1213, when the recount touched the table's span both ways),
// and the count it stores must stay exact with that writer's row.
func TestRecountSparesOpenWriter(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE rc")
	mustExec(t, db, "CREATE TABLE rc.t (id INT PRIMARY KEY, v INT)")
	mustExec(t, db, "INSERT INTO rc.t VALUES (1, 1), (2, 2), (3, 3)")
	dropBase := func() {
		t.Helper()
		sch, err := ts.srv.cat.Schema(nil, "rc")
		if err != nil || sch == nil {
			t.Fatalf("schema: %v", err)
		}
		def, err := ts.srv.cat.Table(nil, sch, "t")
		if err != nil || def == nil {
			t.Fatalf("table: %v", err)
		}
		wb := kv.NewWriteBatch()
		wb.Delete(keys.RowCount(def.DataSchemaID, def.ID))
		if err := ts.srv.db.Apply(wb); err != nil {
			t.Fatal(err)
		}
	}
	tableRows := func() int {
		t.Helper()
		r := queryRows(t, db, "SELECT TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'rc' AND TABLE_NAME = 't'")
		n, err := strconv.Atoi(r[0][0])
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	writers := []struct {
		name  string
		stmts []string
		want  int // TABLE_ROWS after the writer commits
	}{
		{"insert", []string{"INSERT INTO rc.t VALUES (10, 10)"}, 4},
		{"delete", []string{"DELETE FROM rc.t WHERE id = 2"}, 3},
		{"update moving a row", []string{"UPDATE rc.t SET id = 20 WHERE id = 3"}, 3},
		{"insert and delete", []string{"INSERT INTO rc.t VALUES (11, 11), (12, 12)", "DELETE FROM rc.t WHERE id = 1"}, 4},
	}
	for _, w := range writers {
		t.Run(w.name, func(t *testing.T) {
			dropBase()
			ctx := context.Background()
			conn, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			mustExec(t, conn, "BEGIN")
			for _, q := range w.stmts {
				mustExec(t, conn, q)
			}
			// The recount runs and stores its base while the writer is open.
			before := tableRows()
			if c := queryRows(t, db, "SELECT COUNT(*) FROM rc.t")[0][0]; strconv.Itoa(before) != c {
				t.Fatalf("recount while a writer is open: TABLE_ROWS %d, committed COUNT(*) %s", before, c)
			}
			if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
				t.Fatalf("the writer's COMMIT after a recount: %v", err)
			}
			got := tableRows()
			count := queryRows(t, db, "SELECT COUNT(*) FROM rc.t")[0][0]
			if got != w.want || count != strconv.Itoa(w.want) {
				t.Fatalf("TABLE_ROWS %d, COUNT(*) %s, want %d", got, count, w.want)
			}
		})
	}
}
