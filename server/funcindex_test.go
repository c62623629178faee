package server

import (
	"fmt"
	"strings"
	"testing"
)

// TestFunctionalIndexes: MySQL 8.0.13's functional key parts through
// go-sql-driver: CREATE TABLE / CREATE INDEX / ALTER TABLE forms, entries
// maintained by INSERT, UPDATE and DELETE, UNIQUE enforced with MySQL's
// 1062 message, MySQL's errors for the parts it refuses, and the index
// kept across a restart.
func TestFunctionalIndexes(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE f")
	db := ts.connect("f")
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, email VARCHAR(100), a INT, b INT,"+
		" UNIQUE KEY uemail ((LOWER(email))))")
	mustExec(t, db, "INSERT INTO u VALUES (1, 'Ann@x.org', 1, 2), (2, 'bob@x.org', 3, 4)")
	_, err := db.Exec("INSERT INTO u VALUES (3, 'ANN@X.ORG', 5, 6)")
	if err == nil || !strings.Contains(err.Error(), "1062") || !strings.Contains(err.Error(), "Duplicate entry 'ann@x.org' for key 'u.uemail'") {
		t.Fatalf("duplicate under a functional unique key: %v", err)
	}
	mustExec(t, db, "UPDATE u SET email = 'Carl@x.org' WHERE id = 1")
	mustExec(t, db, "INSERT INTO u VALUES (3, 'ANN@X.ORG', 5, 6)")
	mustExec(t, db, "DELETE FROM u WHERE id = 3")
	mustExec(t, db, "INSERT INTO u VALUES (3, 'ann@x.org', 5, 6)")

	// A CREATE TABLE refused after its functional indexes were set aside
	// leaves nothing for the next one.
	if _, err := db.Exec("CREATE TABLE bad (a TEXT, KEY (a), KEY ((LENGTH(a))))"); err == nil {
		t.Fatal("TEXT key without a length accepted")
	}
	mustExec(t, db, "CREATE TABLE bad (a TEXT)")
	if ddl := queryRows(t, db, "SHOW CREATE TABLE bad")[0][1]; strings.Contains(ddl, "KEY") {
		t.Fatalf("a refused CREATE TABLE's functional index landed on the next table:\n%s", ddl)
	}

	mustExec(t, db, "CREATE INDEX isum ON u ((a + b), id)")
	mustExec(t, db, "ALTER TABLE u ADD INDEX ((a * 10))")
	wantRows(t, db, "SELECT id FROM u WHERE a + b = 11", "3")
	wantRows(t, db, "SELECT id FROM u WHERE LOWER(email) = 'carl@x.org'", "1")

	for _, c := range []struct{ stmt, code string }{
		{"CREATE INDEX bad ON u ((a))", "3754"},
		{"CREATE INDEX bad ON u ((RAND()))", "3758"},
		{"CREATE INDEX bad ON u ((CONCAT(email, REPEAT('x', 70000))))", "3757"},
		{"CREATE INDEX bad ON u ((JSON_OBJECT('a', a)))", "3753"},
		{"CREATE INDEX bad ON u ((nosuch + 1))", "1054"},
	} {
		if _, err := db.Exec(c.stmt); err == nil || !strings.Contains(err.Error(), c.code) {
			t.Errorf("%s: %v, want %s", c.stmt, err, c.code)
		}
	}

	// The optimizer uses the index for the same expression.
	plan := queryRows(t, db, "EXPLAIN SELECT * FROM u WHERE LOWER(email) = 'carl@x.org'")
	if len(plan) != 1 || plan[0][6] != "uemail" {
		t.Errorf("EXPLAIN of a lookup on LOWER(email): %v", plan)
	}
	plan = queryRows(t, db, "EXPLAIN SELECT * FROM u WHERE a + b > 10")
	if len(plan) != 1 || plan[0][6] != "isum" {
		t.Errorf("EXPLAIN of a range on a + b: %v", plan)
	}
	plan = queryRows(t, db, "EXPLAIN SELECT * FROM u WHERE id = 1 AND LOWER(email) = 'carl@x.org'")
	if len(plan) != 1 || plan[0][6] != "PRIMARY" {
		t.Errorf("EXPLAIN of a primary key point read with a functional condition: %v", plan)
	}
	wantRows(t, db, "SELECT id FROM u WHERE id = 1 AND LOWER(email) = 'carl@x.org'", "1")
	wantRows(t, db, "SELECT id FROM u WHERE a + b > 6 ORDER BY id", "2", "3")
	wantRows(t, db, "SELECT id FROM u x WHERE x.a + x.b IN (3, 11) ORDER BY id", "1", "3")

	ddl := queryRows(t, db, "SHOW CREATE TABLE u")[0][1]
	for _, want := range []string{"UNIQUE KEY `uemail` ((LOWER(email)))", "KEY `isum` ((a + b),`id`)", "KEY `functional_index` ((a * 10))"} {
		if !strings.Contains(ddl, want) {
			t.Errorf("SHOW CREATE TABLE lacks %s:\n%s", want, ddl)
		}
	}
	var got []string
	for _, r := range queryRows(t, db, "SHOW INDEX FROM u") {
		got = append(got, strings.Join([]string{r[2], r[3], r[4], r[14]}, ","))
	}
	if g, w := strings.Join(got, " "), "PRIMARY,1,id,NULL uemail,1,NULL,LOWER(email) isum,1,NULL,a + b isum,2,id,NULL functional_index,1,NULL,a * 10"; g != w {
		t.Errorf("SHOW INDEX: %s, want %s", g, w)
	}

	wantRows(t, db, "SELECT INDEX_NAME, SEQ_IN_INDEX, COALESCE(COLUMN_NAME, '-'), COALESCE(EXPRESSION, '-'), NON_UNIQUE"+
		" FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = 'f' AND TABLE_NAME = 'u' ORDER BY INDEX_NAME, SEQ_IN_INDEX",
		"functional_index,1,-,a * 10,1", "isum,1,-,a + b,1", "isum,2,id,-,1", "PRIMARY,1,id,-,0", "uemail,1,-,LOWER(email),0")

	// Prepared (and, repeated, cached) INSERT, UPDATE and DELETE keep
	// the entries: the duplicate check and lookups see every change.
	for i := 10; i < 16; i++ {
		mustExec(t, db, "INSERT INTO u (id, email, a, b) VALUES (?, ?, ?, ?)", i, fmt.Sprintf("User%d@X.org", i), i, 100)
	}
	for i := 10; i < 16; i++ {
		mustExec(t, db, "UPDATE u SET email = ?, b = ? WHERE id = ?", fmt.Sprintf("Moved%d@X.org", i), 200, i)
	}
	for i := 10; i < 13; i++ {
		mustExec(t, db, "DELETE FROM u WHERE id = ?", i)
	}
	wantRows(t, db, "SELECT id FROM u WHERE LOWER(email) = 'moved14@x.org'", "14")
	wantRows(t, db, "SELECT id FROM u WHERE LOWER(email) = 'user14@x.org'")
	wantRows(t, db, "SELECT id FROM u WHERE LOWER(email) = 'moved11@x.org'")
	wantRows(t, db, "SELECT COUNT(*) FROM u WHERE a + b >= 200", "3")
	mustExec(t, db, "INSERT INTO u (id, email, a, b) VALUES (?, ?, ?, ?)", 20, "MOVED11@x.org", 0, 0)
	if _, err := db.Exec("INSERT INTO u (id, email, a, b) VALUES (?, ?, ?, ?)", 21, "moved13@X.ORG", 0, 0); err == nil || !strings.Contains(err.Error(), "1062") {
		t.Fatalf("prepared duplicate: %v", err)
	}
	mustExec(t, db, "DELETE FROM u WHERE id >= 13")

	// An ALTER adding a column and a functional index over it keeps both
	// (the index part once wrote the definition as it was before the
	// statement, dropping the column).
	mustExec(t, db, "CREATE TABLE m (id INT PRIMARY KEY, a INT)")
	mustExec(t, db, "INSERT INTO m VALUES (1, 2)")
	mustExec(t, db, "ALTER TABLE m ADD COLUMN x INT DEFAULT 5, ADD INDEX ((x + a))")
	mustExec(t, db, "ALTER TABLE m ADD COLUMN y INT, ADD INDEX fy ((a * 2))")
	wantRows(t, db, "SELECT id, x, COALESCE(y, 0) FROM m WHERE x + a = 7", "1,5,0")
	wantRows(t, db, "SELECT id FROM m WHERE a * 2 = 4", "1")

	// ON DUPLICATE KEY UPDATE finds the row through the functional key;
	// a rebuilding ALTER rewrites the entries.
	mustExec(t, db, "INSERT INTO u VALUES (30, 'CARL@X.ORG', 0, 0) ON DUPLICATE KEY UPDATE a = 50")
	wantRows(t, db, "SELECT id, a FROM u WHERE LOWER(email) = 'carl@x.org'", "1,50")
	mustExec(t, db, "ALTER TABLE u MODIFY a BIGINT")
	wantRows(t, db, "SELECT id FROM u WHERE a + b = 52", "1")
	wantRows(t, db, "SELECT id FROM u WHERE LOWER(email) = 'carl@x.org'", "1")
	if _, err := db.Exec("INSERT INTO u VALUES (31, 'carl@x.org', 0, 0)"); err == nil || !strings.Contains(err.Error(), "1062") {
		t.Errorf("duplicate after a rebuild: %v", err)
	}

	if _, err := db.Exec("ALTER TABLE u DROP COLUMN b"); err == nil || !strings.Contains(err.Error(), "3837") {
		t.Errorf("DROP COLUMN used by a functional index: %v", err)
	}
	if _, err := db.Exec("ALTER TABLE u RENAME COLUMN email TO mail"); err == nil || !strings.Contains(err.Error(), "3837") {
		t.Errorf("RENAME COLUMN used by a functional index: %v", err)
	}

	// CAST(... AS CHAR(n)) indexes as VARCHAR(n) (MySQL's advice for
	// 3757); unnamed functional indexes get MySQL's names.
	mustExec(t, db, "CREATE TABLE j (id INT PRIMARY KEY, doc JSON, d DATETIME,"+
		" UNIQUE KEY ((CAST(doc->>'$.x' AS CHAR(30)))), KEY ((YEAR(d))), KEY ((DATE(d))))")
	mustExec(t, db, `INSERT INTO j VALUES (1, '{"x": "abc"}', '2020-01-02 10:00:00'), (2, '{"x": "abd"}', '2021-05-06 00:00:00')`)
	if _, err := db.Exec(`INSERT INTO j VALUES (3, '{"x": "abc"}', NULL)`); err == nil || !strings.Contains(err.Error(), "1062") {
		t.Errorf("duplicate CAST key: %v", err)
	}
	wantRows(t, db, "SELECT id FROM j WHERE CAST(doc->>'$.x' AS CHAR(30)) = 'abd'", "2")
	wantRows(t, db, "SELECT id FROM j WHERE YEAR(d) < 2021", "1")
	wantRows(t, db, "SELECT id FROM j WHERE DATE(d) = '2021-05-06'", "2")
	if plan := queryRows(t, db, "EXPLAIN SELECT id FROM j WHERE DATE(d) = '2021-05-06'"); plan[0][6] != "functional_index_3" {
		t.Errorf("EXPLAIN on DATE(d): %v", plan)
	}

	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("f")
	if _, err := db.Exec("UPDATE u SET email = 'BOB@x.org' WHERE id = 3"); err == nil || !strings.Contains(err.Error(), "1062") {
		t.Fatalf("duplicate after restart: %v", err)
	}
	wantRows(t, db, "SELECT id FROM u WHERE a + b = 7", "2")

	// DROP INDEX removes the index (and its entries): the column can go.
	mustExec(t, db, "DROP INDEX isum ON u")
	mustExec(t, db, "ALTER TABLE u DROP INDEX functional_index")
	mustExec(t, db, "ALTER TABLE u DROP COLUMN b")
	ddl = queryRows(t, db, "SHOW CREATE TABLE u")[0][1]
	if strings.Contains(ddl, "isum") || strings.Contains(ddl, "functional_index") || !strings.Contains(ddl, "uemail") {
		t.Errorf("SHOW CREATE TABLE after DROP INDEX:\n%s", ddl)
	}
}

// TestAddUniqueColumnWithForeignKey: ALTER TABLE ... ADD COLUMN ... UNIQUE
// on a table with a foreign key answers OK (it lost the connection: the
// combined ALTER handed GMS no result iterator). Django's schema test
// test_indexes does this right after its functional-index tests.
func TestAddUniqueColumnWithForeignKey(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE k")
	db := ts.connect("k")
	mustExec(t, db, "CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY)")
	mustExec(t, db, "CREATE TABLE b (id INT AUTO_INCREMENT PRIMARY KEY, a_id INT NOT NULL)")
	mustExec(t, db, "ALTER TABLE b ADD CONSTRAINT fk FOREIGN KEY (a_id) REFERENCES a (id)")
	mustExec(t, db, "INSERT INTO a VALUES (1)")
	mustExec(t, db, "INSERT INTO b VALUES (1, 1)")
	mustExec(t, db, "ALTER TABLE b ADD COLUMN slug VARCHAR(20) NULL UNIQUE")
	mustExec(t, db, "UPDATE b SET slug = 'x'")
	if _, err := db.Exec("INSERT INTO b VALUES (2, 1, 'x')"); err == nil || !strings.Contains(err.Error(), "1062") {
		t.Fatalf("the added UNIQUE column: %v", err)
	}
}

// TestFunctionalIndexOverflowNames: a functional key part that overflows
// fails with 1690 naming the table's own schema, as MySQL names the
// columns of the hidden generated column (it said `fx`, the name Myriad
// resolved the expression under), from a session on another schema too.
func TestFunctionalIndexOverflowNames(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d2")
	mustExec(t, db, "CREATE TABLE d2.t (id INT PRIMARY KEY, a BIGINT, KEY k ((a + 1)))")
	mustExec(t, db, "CREATE TABLE d2.u (id INT PRIMARY KEY, a BIGINT UNSIGNED)")
	mustExec(t, db, "INSERT INTO d2.t VALUES (1, 5)")
	mustExec(t, db, "INSERT INTO d2.u VALUES (1, 18446744073709551615)")
	const tMsg = "BIGINT value is out of range in '(`d2`.`t`.`a` + 1)'"
	const uMsg = "BIGINT UNSIGNED value is out of range in '(`d2`.`u`.`a` * 2)'"
	for _, tc := range []struct{ stmt, msg string }{
		{"INSERT INTO d2.t VALUES (2, 9223372036854775807)", tMsg},
		{"UPDATE d2.t SET a = 9223372036854775807", tMsg},
		{"REPLACE INTO d2.t VALUES (1, 9223372036854775807)", tMsg},
		{"INSERT INTO d2.t VALUES (1, 0) ON DUPLICATE KEY UPDATE a = 9223372036854775807", tMsg},
		{"CREATE INDEX k2 ON d2.u ((a * 2))", uMsg},
		{"ALTER TABLE d2.u ADD INDEX k2 ((a * 2))", uMsg},
	} {
		_, err := db.Exec(tc.stmt)
		wantError(t, tc.stmt, err, 1690, tc.msg)
	}
	wantRows(t, db, "SELECT id, a FROM d2.t", "1,5")
	ts.srv.Close()
	checkDir(t, dir)
}
