package server

import (
	"testing"
)

// TestLead24OrderByRandSeed: ORDER BY RAND(N) is MySQL's shuffle: each row
// draws its number as it is read (filesort computes sort keys then), so a
// port that relies on `ORDER BY RAND(7)` sees the same order. GMS's Sort
// drew the numbers in comparison order (rows 1 and 2 of eight swapped), a
// LIMIT's TopN drew them again for each kept row, and a RAND(7) in the
// select list showed numbers of its own.
func TestLead24OrderByRandSeed(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE l24")
	mustExec(t, db, "CREATE TABLE l24.r (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO l24.r VALUES (1),(2),(3),(4),(5),(6),(7),(8)")
	// MySQL's and MariaDB's order for seed 7.
	wantRows(t, db, "SELECT id FROM l24.r ORDER BY RAND(7)", "3", "8", "2", "6", "7", "4", "5", "1")
	wantRows(t, db, "SELECT id FROM l24.r ORDER BY RAND(7) LIMIT 2, 3", "2", "6", "7")
	wantRows(t, db, "SELECT id, RAND(7) FROM l24.r ORDER BY RAND(7) LIMIT 3",
		"3,0.16053751777907602", "8,0.1832333301969183", "2,0.37600881361962185")
	wantRows(t, db, "SELECT id FROM l24.r ORDER BY id DESC, RAND(7) LIMIT 2", "8", "7")
}
