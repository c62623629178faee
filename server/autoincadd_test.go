package server

import (
	"fmt"
	"testing"
)

// TestAddAutoIncrementColumnBatched adds an AUTO_INCREMENT column to a
// 3,000-row table in each of MySQL's spellings: the copy runs as a job in
// batches (myriad_ddl_batch_rows = 100: the backfill hook sees many
// commits, never one transaction), numbers the rows 1..N in primary-key
// order, its key agrees with the table, the next INSERT continues after
// N, and a column that leads no key is 1075.
func TestAddAutoIncrementColumnBatched(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	const n = 3000
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	for i, alter := range []string{
		"ALTER TABLE %s ADD COLUMN seq INT AUTO_INCREMENT UNIQUE",
		"ALTER TABLE %s ADD COLUMN seq BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, ADD KEY ks (seq)",
		"ALTER TABLE %s ADD COLUMN seq INT AUTO_INCREMENT FIRST, ADD UNIQUE KEY ks (seq, k)",
	} {
		tbl := fmt.Sprintf("t%d", i)
		// Keys in an order unlike insertion order: ids descend.
		fillTable(t, db, tbl, n, func(j int) int { return j % 97 })
		mustExec(t, db, fmt.Sprintf("DELETE FROM %s WHERE id %% 7 = 3", tbl))
		rows := len(queryRows(t, db, "SELECT id FROM "+tbl))
		batches := 0
		pauseBackfill(t, tbl, func(int64) { batches++ })
		mustExec(t, db, fmt.Sprintf(alter, tbl))
		if batches < rows/100-1 {
			t.Fatalf("%s: %d backfill batches for %d rows at 100 rows a batch: not batched", alter, batches, rows)
		}
		// seq numbers the rows in key order: row i (by id) has i+1.
		got := queryRows(t, db, fmt.Sprintf("SELECT COUNT(*), MIN(seq), MAX(seq), COUNT(DISTINCT seq) FROM %s", tbl))
		if want := fmt.Sprintf("[[%d 1 %d %d]]", rows, rows, rows); fmt.Sprint(got) != want {
			t.Fatalf("%s: count, min, max, distinct %v, want %v", alter, got, want)
		}
		for j, r := range queryRows(t, db, "SELECT id, seq FROM "+tbl+" ORDER BY id") {
			if r[1] != fmt.Sprint(j+1) {
				t.Fatalf("%s: row %d (id %s) has seq %s: not numbered in key order", alter, j, r[0], r[1])
			}
		}
		byKey := queryRows(t, db, fmt.Sprintf("SELECT id, seq FROM %s FORCE INDEX (%s) WHERE seq > 0 ORDER BY id", tbl, map[bool]string{true: "seq", false: "ks"}[i == 0]))
		scan := queryRows(t, db, fmt.Sprintf("SELECT id, seq FROM %s IGNORE INDEX (%s) ORDER BY id", tbl, map[bool]string{true: "seq", false: "ks"}[i == 0]))
		if fmt.Sprint(byKey) != fmt.Sprint(scan) {
			t.Fatalf("%s: the key gives %d rows, the table %d", alter, len(byKey), len(scan))
		}
		mustExec(t, db, fmt.Sprintf("INSERT INTO %s (id, k) VALUES (1000000, 1)", tbl))
		if got := queryRows(t, db, fmt.Sprintf("SELECT seq FROM %s WHERE id = 1000000", tbl)); fmt.Sprint(got) != fmt.Sprintf("[[%d]]", rows+1) {
			t.Fatalf("%s: the next row got %v, want %d", alter, got, rows+1)
		}
		noJobs(t, db)
	}
	mustExec(t, db, "CREATE TABLE nk (id INT PRIMARY KEY, k INT)")
	_, err := db.Exec("ALTER TABLE nk ADD COLUMN seq INT AUTO_INCREMENT")
	if code := mysqlErrNo(err); code != 1075 {
		t.Fatalf("AUTO_INCREMENT column without a key: %v, want 1075", err)
	}
	ts.srv.Close()
	checkDir(t, dir)
}
