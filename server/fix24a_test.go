package server

import (
	"context"
	"testing"
)

// TestFix24aLatin1Lengths: a latin1 CHAR(n)/VARCHAR(n)/TINYTEXT holds n
// (255) characters of one byte each; GMS counted their UTF-8 bytes, so
// 'ééé' into a latin1 VARCHAR(5) failed 1406 (MySQL stores it). Six
// characters are still too long: 1406 in a strict sql_mode, cut with 1265
// otherwise. GROUP_CONCAT of a latin1 column is cut at
// group_concat_max_len latin1 bytes, not UTF-8 bytes.
func TestFix24aLatin1Lengths(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f24")
	db = ts.connectWith("f24", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE l1 (id INT PRIMARY KEY, v VARCHAR(5), c CHAR(3), t TINYTEXT) CHARACTER SET latin1")
	mustExec(t, db, "INSERT INTO l1 (id, v, c) VALUES (1, 'ééé', 'àçé')")
	mustExec(t, db, "INSERT INTO l1 (id, v) VALUES (2, ?)", "ééééé") // prepared
	mustExec(t, db, "INSERT INTO l1 (id, v, t) SELECT 3, 'ééééé', REPEAT('é', 255)")
	mustExec(t, db, "UPDATE l1 SET c = 'ààà' WHERE id = 2")
	for _, q := range []string{
		"INSERT INTO l1 (id, v) VALUES (4, 'éééééé')",
		"INSERT INTO l1 (id, c) VALUES (4, 'éééé')",
		"INSERT INTO l1 (id, v) SELECT 4, 'éééééé'",
		"INSERT INTO l1 (id, t) VALUES (4, REPEAT('é', 256))",
		"UPDATE l1 SET v = 'àààààà' WHERE id = 1",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1406 {
			t.Errorf("%s: got %v, want 1406", q, err)
		}
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT v, LENGTH(v), OCTET_LENGTH(v), CHAR_LENGTH(v), HEX(v), c, HEX(c) FROM l1 WHERE id = 1",
			want: "ééé | 3 | 3 | 3 | E9E9E9 | àçé | E0E7E9"},
		{q: "SELECT v, c, LENGTH(t) FROM l1 WHERE id = 2", want: "ééééé | ààà | NULL"},
		{q: "SELECT v, LENGTH(t), CHAR_LENGTH(t) FROM l1 WHERE id = 3", want: "ééééé | 255 | 255"},
	})
	ctx := context.Background()
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET sql_mode = ''")
	mustExec(t, conn, "INSERT INTO l1 (id, v, c) VALUES (5, 'éééééé', 'àààà')")
	var warns int
	if err := conn.QueryRowContext(ctx, "SELECT @@warning_count").Scan(&warns); err != nil || warns != 2 {
		t.Errorf("non-strict INSERT: %d warnings (%v), want 2 (1265)", warns, err)
	}
	mustExec(t, conn, "UPDATE l1 SET v = 'óóóóóóó' WHERE id = 2")
	conn.Close()
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT v, c FROM l1 WHERE id = 5", want: "ééééé | ààà"},
		{q: "SELECT v FROM l1 WHERE id = 2", want: "óóóóó"},
	})

	mustExec(t, db, "CREATE TABLE g (id INT PRIMARY KEY, v VARCHAR(10)) CHARACTER SET latin1")
	mustExec(t, db, "INSERT INTO g VALUES (1, 'é'), (2, 'é'), (3, 'é'), (4, 'é')")
	runArithCases(t, db, "SET group_concat_max_len = 4", []arithCase{
		{q: "SELECT GROUP_CONCAT(v SEPARATOR '') FROM g", want: "éééé"},
		{q: "SELECT GROUP_CONCAT(v ORDER BY id DESC SEPARATOR '') FROM (SELECT id, v FROM g) d", want: "éééé"},
		{q: "SELECT GROUP_CONCAT(v) FROM g", want: "é,é,", warn: 1260},
	})
	runArithCases(t, db, "SET group_concat_max_len = 5", []arithCase{
		{q: "SELECT GROUP_CONCAT(v SEPARATOR '') FROM g", want: "éééé"},
	})
}

// TestFix24aLatin1ClientVarbinary: a latin1 client's string literal (and a
// latin1 column) stored into a BINARY/VARBINARY/BLOB column keeps its
// latin1 bytes, as in MySQL (E9 for 'é'); Myriad stored the UTF-8 the
// statement text is converted to (C3A9).
func TestFix24aLatin1ClientVarbinary(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE f24b")
	mustExec(t, db, "CREATE TABLE f24b.vb (id INT PRIMARY KEY, b VARBINARY(10), bb BLOB, bn BINARY(3), l VARCHAR(5) CHARACTER SET latin1, u VARCHAR(5))")
	l1 := ts.connectWith("f24b", "parseTime=false&collation=latin1_swedish_ci&interpolateParams=true")
	// The client's bytes are latin1: "\xe9" is 'é'.
	mustExec(t, l1, "INSERT INTO vb VALUES (1, '\xe9', '\xe9', '\xe9', '\xe9', '\xe9')")
	mustExec(t, l1, "INSERT INTO vb (id, b) SELECT 2, l FROM vb WHERE id = 1")
	mustExec(t, l1, "INSERT INTO vb (id, b) SELECT 3, u FROM vb WHERE id = 1")
	mustExec(t, l1, "INSERT INTO vb (id, b) VALUES (4, 'a\xe9')")
	mustExec(t, l1, "UPDATE vb SET bb = '\xe9\xe9' WHERE id = 2")
	runArithCases(t, ts.connectWith("f24b", "parseTime=false"), "", []arithCase{
		{q: "SELECT HEX(b), HEX(bb), HEX(bn), HEX(l), HEX(u) FROM vb WHERE id = 1", want: "E9 | E9 | E90000 | E9 | C3A9"},
		{q: "SELECT HEX(b), HEX(bb) FROM vb WHERE id = 2", want: "E9 | E9E9"},
		{q: "SELECT HEX(b) FROM vb WHERE id = 3", want: "C3A9"},
		{q: "SELECT HEX(b) FROM vb WHERE id = 4", want: "61E9"},
	})
	// A UTF-8 client's 'é' is its two bytes.
	mustExec(t, db, "INSERT INTO f24b.vb (id, b) VALUES (5, 'é')")
	var h string
	if err := db.QueryRow("SELECT HEX(b) FROM f24b.vb WHERE id = 5").Scan(&h); err != nil || h != "C3A9" {
		t.Errorf("utf8mb4 client: HEX(b) %q (%v), want C3A9", h, err)
	}
}

// TestFix24aIntroducerCollate: `_cs 'x' COLLATE c` is EXPLICIT whichever
// collation c is; when c was the character set's default or the
// connection's collation, GMS's folded literal read as COERCIBLE, so a
// utf8mb4_general_ci column's collation won ('ß' matched 's', not 'ss')
// and COERCIBILITY() was 4.
func TestFix24aIntroducerCollate(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE f24c")
	mustExec(t, db, "CREATE TABLE f24c.cg (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "INSERT INTO f24c.cg VALUES (1, 's'), (2, 'ss'), (3, 'ß')")
	mustExec(t, db, "CREATE VIEW f24c.v1 AS SELECT id, c = _utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci AS m FROM f24c.cg")
	cases := []arithCase{
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM cg WHERE c = _utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci", want: "2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM cg WHERE _utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci = c", want: "2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM cg WHERE c IN (_utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci)", want: "2,3"},
		{q: "SELECT GROUP_CONCAT(id ORDER BY id) FROM cg WHERE c = _utf8mb4 'ß'", want: "1,3"},
		{q: "SELECT COERCIBILITY(_utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci), COLLATION(_utf8mb4 'ß' COLLATE utf8mb4_0900_ai_ci)", want: "0 | utf8mb4_0900_ai_ci"},
		{q: "SELECT COERCIBILITY(_utf8mb4 'a' COLLATE utf8mb4_general_ci), COERCIBILITY(_utf8mb4 'a'), COERCIBILITY(_latin1 'a' COLLATE latin1_swedish_ci)", want: "0 | 4 | 0"},
		{q: "SELECT GROUP_CONCAT(m ORDER BY id) FROM v1", want: "0,1,1"},
	}
	runArithCases(t, ts.connectWith("f24c", "parseTime=false"), "", cases)
	// The connection's own collation named by COLLATE.
	runArithCases(t, ts.connectWith("f24c", "parseTime=false&collation=utf8mb4_0900_ai_ci"), "", cases)
	// In a procedure's and a trigger's body: under utf8mb4_general_ci 's'
	// would also match 'ß'.
	mustExec(t, db, "CREATE PROCEDURE f24c.pc() SELECT COERCIBILITY(_utf8mb4 'a' COLLATE utf8mb4_0900_ai_ci), COUNT(*) FROM f24c.cg WHERE c = _utf8mb4 's' COLLATE utf8mb4_0900_ai_ci")
	var co, cnt int
	if err := db.QueryRow("CALL f24c.pc()").Scan(&co, &cnt); err != nil || co != 0 || cnt != 1 {
		t.Errorf("CALL pc(): %d, %d (%v); want 0, 1", co, cnt, err)
	}
	mustExec(t, db, "CREATE TABLE f24c.tl (n INT)")
	mustExec(t, db, "CREATE TRIGGER f24c.tt BEFORE INSERT ON f24c.tl FOR EACH ROW SET NEW.n = (SELECT COUNT(*) FROM f24c.cg WHERE c = _utf8mb4 's' COLLATE utf8mb4_0900_ai_ci)")
	mustExec(t, db, "INSERT INTO f24c.tl VALUES (0)")
	if err := db.QueryRow("SELECT n FROM f24c.tl").Scan(&cnt); err != nil || cnt != 1 {
		t.Errorf("trigger: n = %d (%v), want 1", cnt, err)
	}
	// A collation of another character set than the introducer's: 1253.
	if _, err := db.Exec("SELECT _latin1 'a' COLLATE utf8mb4_bin"); mysqlErrNo(err) != 1253 {
		t.Errorf("_latin1 'a' COLLATE utf8mb4_bin: %v, want 1253", err)
	}
}

// TestFix24aLatin1Writes: the other ways into a latin1 column count
// characters too: REPLACE, ON DUPLICATE KEY UPDATE, a trigger's INSERT,
// ALTER TABLE's copy; and bytes that are no UTF-8 (x'E9E9') are the
// column's latin1 characters (GMS stored the raw bytes, and HEX of them
// panicked).
func TestFix24aLatin1Writes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	mustExec(t, db, "CREATE DATABASE f24d")
	db = ts.connectWith("f24d", "parseTime=false")
	mustExec(t, db, "CREATE TABLE l2 (id INT PRIMARY KEY, v VARCHAR(5)) CHARACTER SET latin1")
	mustExec(t, db, "CREATE TABLE log2 (m VARCHAR(4)) CHARACTER SET latin1")
	mustExec(t, db, "CREATE TRIGGER tr2 AFTER INSERT ON l2 FOR EACH ROW INSERT INTO log2 VALUES (CONCAT(NEW.v, 'ü'))")
	mustExec(t, db, "INSERT INTO l2 VALUES (1, 'ééé') ON DUPLICATE KEY UPDATE v = 'ààààà'")
	mustExec(t, db, "INSERT INTO l2 VALUES (1, 'ééé') ON DUPLICATE KEY UPDATE v = 'ààààà'")
	mustExec(t, db, "REPLACE INTO l2 VALUES (2, 'óóó')")
	mustExec(t, db, "DROP TRIGGER tr2")
	mustExec(t, db, "REPLACE INTO l2 VALUES (3, 'óóóóó')")
	for _, q := range []string{
		"INSERT INTO l2 VALUES (1, 'ééé') ON DUPLICATE KEY UPDATE v = 'àààààà'",
		"REPLACE INTO l2 VALUES (3, 'óóóóóó')",
	} {
		if _, err := db.Exec(q); mysqlErrNo(err) != 1406 {
			t.Errorf("%s: got %v, want 1406", q, err)
		}
	}
	mustExec(t, db, "CREATE TABLE u3 (id INT PRIMARY KEY, v VARCHAR(5))")
	mustExec(t, db, "INSERT INTO u3 VALUES (1, 'ééééé')")
	mustExec(t, db, "ALTER TABLE u3 MODIFY v VARCHAR(5) CHARACTER SET latin1")
	mustExec(t, db, "CREATE TABLE l5 (id INT PRIMARY KEY, v VARCHAR(2) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO l5 VALUES (1, x'E9E9')")
	if _, err := db.Exec("INSERT INTO l5 VALUES (2, x'E9E9E9')"); mysqlErrNo(err) != 1406 {
		t.Errorf("x'E9E9E9' into VARCHAR(2) latin1: got %v, want 1406", err)
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(v ORDER BY id) FROM l2", want: "ààààà,óóó,óóóóó"},
		{q: "SELECT GROUP_CONCAT(m) FROM log2", want: "éééü,óóóü"},
		{q: "SELECT v, LENGTH(v), HEX(v) FROM u3", want: "ééééé | 5 | E9E9E9E9E9"},
		{q: "SELECT v, HEX(v), CHAR_LENGTH(v) FROM l5", want: "éé | E9E9 | 2"},
	})
}
