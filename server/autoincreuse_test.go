package server

import "testing"

// TestInsertIgnoreReusesAutoIncrement: a row whose write fails while the
// statement goes on (a duplicate key under INSERT IGNORE, a row ON
// DUPLICATE KEY UPDATE updates) gives its AUTO_INCREMENT value to the
// statement's next row (MySQL's restore_auto_increment), while the sequence
// still advances once per row of a multi-row INSERT (InnoDB reserved them
// all). A row with its own value at or past the given-back one moves the
// statement past it. The expected ids are MariaDB 10.11's for the same
// statements (its handler code is MySQL's here).
func TestInsertIgnoreReusesAutoIncrement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE air")
	db = ts.connect("air")
	for _, q := range []string{
		"CREATE TABLE q (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(10), v INT DEFAULT 0, UNIQUE KEY un (name))",
		"INSERT INTO q (name) VALUES ('a'), ('b'), ('c')",
		"INSERT IGNORE INTO q (name) VALUES ('a'), ('f')",
		"INSERT INTO q (name) VALUES ('g')",
		"INSERT IGNORE INTO q (name) VALUES ('a'), ('b'), ('h'), ('c'), ('i')",
		"INSERT INTO q (name) VALUES ('j')",
		"INSERT INTO q (name) VALUES ('a'), ('k') ON DUPLICATE KEY UPDATE v = v + 1",
		"INSERT INTO q (name) VALUES ('l')",
		"INSERT IGNORE INTO q (name) VALUES ('a'), ('m'), ('m'), ('n')",
		"INSERT INTO q (name) VALUES ('o')",
		"INSERT IGNORE INTO q (id, name) VALUES (NULL, 'a'), (40, 'p'), (NULL, 'r')",
		"INSERT INTO q (name) VALUES ('s')",
	} {
		mustExec(t, db, q)
	}
	const want = "1,a,1 2,b,0 3,c,0 4,f,0 6,g,0 7,h,0 8,i,0 12,j,0 13,k,0 15,l,0 16,m,0 17,n,0 20,o,0 40,p,0 41,r,0 42,s,0"
	if got := rowsText(t, ts, "air", "SELECT id, name, v FROM q ORDER BY id"); got != want {
		t.Errorf("rows:\n got %s\nwant %s", got, want)
	}
	// A statement's given-back values are its own: the next statement
	// starts from the sequence.
	mustExec(t, db, "INSERT IGNORE INTO q (name) VALUES ('a')")
	mustExec(t, db, "INSERT INTO q (name) VALUES ('u')")
	if got := rowsText(t, ts, "air", "SELECT id FROM q WHERE name = 'u'"); got != "44" {
		t.Errorf("u: id %s, want 44", got)
	}
}
