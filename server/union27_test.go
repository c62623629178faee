package server

import "testing"

// TestUnion27DerivedEnumUnion: an ENUM or SET column beside NULL in a UNION
// read through a derived table, a CTE or a view keeps the ENUM/SET (MySQL
// materializes the UNION into a Field_enum), so the outer query sorts it by
// member number and reads `x + 0` and `x > 1` as the number; it was a
// VARCHAR that sorted as text and read 0. An outer UNION of such a column
// with a string is a VARCHAR sorted as text, with NULL the ENUM (both failed
// with 1105). Each case runs in the text protocol and prepared.
func TestUnion27DerivedEnumUnion(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE u27")
	db = ts.connectWith("u27", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE ue (id INT PRIMARY KEY, e ENUM('lo','hi','mid'), s SET('x','w'))")
	mustExec(t, db, "INSERT INTO ue VALUES (1, 'hi', 'w'), (2, 'lo', 'x'), (3, 'mid', 'x,w')")
	mustExec(t, db, "CREATE VIEW uev AS SELECT e AS x FROM ue UNION SELECT NULL")
	conn := pinnedConn(t, db)
	for _, c := range []struct{ q, rows string }{
		{"SELECT x + 0 FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY 1", "NULL 1 2 3"},
		{"SELECT x FROM (SELECT e AS x FROM ue UNION ALL SELECT NULL) d ORDER BY x", "NULL lo hi mid"},
		{"SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x > 1 ORDER BY x", "hi mid"},
		{"SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d WHERE x < 'lo'", "hi"},
		{"SELECT x + 0 FROM (SELECT s AS x FROM ue UNION SELECT NULL) d ORDER BY 1", "NULL 1 2 3"},
		{"WITH c AS (SELECT e AS x FROM ue UNION SELECT NULL) SELECT x FROM c ORDER BY x", "NULL lo hi mid"},
		{"SELECT x, x + 0 FROM uev ORDER BY x", "NULL,NULL lo,1 hi,2 mid,3"},
		{"SELECT x FROM (SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d1) d2 ORDER BY x", "NULL lo hi mid"},
		{"SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d UNION SELECT 'zz' ORDER BY 1", "NULL hi lo mid zz"},
		{"SELECT x FROM (SELECT e AS x FROM ue UNION SELECT NULL) d UNION ALL SELECT NULL ORDER BY 1", "NULL NULL lo hi mid"},
		// Subquery expressions read the members' text, as before.
		{"SELECT id FROM ue WHERE e IN (SELECT x FROM (SELECT e AS x FROM ue WHERE id < 3 UNION SELECT NULL) d) ORDER BY id", "1 2"},
	} {
		for _, prepared := range []bool{false, true} {
			if _, rows := columnTypeNames(t, conn, c.q, prepared); rows != c.rows {
				t.Errorf("%s (prepared %v): got %s, want %s", c.q, prepared, rows, c.rows)
			}
		}
	}
	// Also run by EXECUTE of a PREPAREd SELECT (the statement's text is
	// the EXECUTE's).
	mustExec(t, conn, "PREPARE ps FROM 'SELECT x + 0 FROM (SELECT e AS x FROM ue UNION SELECT NULL) d ORDER BY 1'")
	if _, rows := columnTypeNames(t, conn, "EXECUTE ps", false); rows != "NULL 1 2 3" {
		t.Errorf("EXECUTE: got %s, want NULL 1 2 3", rows)
	}
	mustExec(t, conn, "PREPARE ps2 FROM 'SELECT e FROM ue UNION SELECT NULL ORDER BY 1'")
	if _, rows := columnTypeNames(t, conn, "EXECUTE ps2", false); rows != "NULL lo hi mid" {
		t.Errorf("EXECUTE: got %s, want NULL lo hi mid", rows)
	}
	// INSERT ... SELECT still stores the members' text.
	mustExec(t, db, "CREATE TABLE dst (v VARCHAR(10))")
	mustExec(t, db, "INSERT INTO dst SELECT * FROM (SELECT e FROM ue UNION ALL SELECT NULL) d")
	if _, rows := columnTypeNames(t, conn, "SELECT v FROM dst ORDER BY v", false); rows != "NULL hi lo mid" {
		t.Errorf("INSERT ... SELECT: got %s", rows)
	}
}

// TestUnion27EnumScalarSubquery: a scalar subquery of an ENUM or SET column
// is its member's text (MySQL's Item_cache_str), as an operand and as an
// ORDER BY key: `(SELECT e ...) = 'hi'` was 0, `+ 0` the member number.
// So are COALESCE and IFNULL of one beside NULLs (`+ 0` read the number).
func TestUnion27EnumScalarSubquery(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE u27s")
	db = ts.connectWith("u27s", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE ue (id INT PRIMARY KEY, e ENUM('lo','hi','mid'), s SET('x','w'))")
	mustExec(t, db, "INSERT INTO ue VALUES (1, 'hi', 'w'), (2, 'lo', 'x'), (3, 'mid', 'x,w')")
	conn := pinnedConn(t, db)
	for _, c := range []struct{ q, rows string }{
		{"SELECT (SELECT e FROM ue WHERE id = 1) = 'hi', (SELECT e FROM ue WHERE id = 1) = 2, (SELECT e FROM ue WHERE id = 1) + 0", "1,0,0"},
		{"SELECT id FROM ue WHERE (SELECT s FROM ue WHERE id = 3) = 'x,w' ORDER BY id", "1 2 3"},
		{"SELECT id FROM ue ORDER BY (SELECT e FROM ue u2 WHERE u2.id = ue.id)", "1 2 3"},
		{"SELECT id FROM ue WHERE e = (SELECT e FROM ue WHERE id = 2)", "2"},
		// COALESCE/IFNULL of an ENUM/SET beside NULLs: a string (MySQL's
		// STRING_RESULT numhybrid), 0 in numeric context.
		{"SELECT COALESCE(e, NULL) + 0, IFNULL(s, NULL) + 0 FROM ue ORDER BY id", "0,0 0,0 0,0"},
		{"SELECT id, COALESCE(e, NULL) AS a FROM ue ORDER BY a", "1,hi 2,lo 3,mid"},
	} {
		for _, prepared := range []bool{false, true} {
			if _, rows := columnTypeNames(t, conn, c.q, prepared); rows != c.rows {
				t.Errorf("%s (prepared %v): got %s, want %s", c.q, prepared, rows, c.rows)
			}
		}
	}
}

// TestUnion27FloatLiteralPerText: a float literal beside a string is as long
// as the text it was written in: a view's `1.5e0` VARCHAR(5) beside the
// statement's `1.50e0` VARCHAR(8 for 'abcdefgh'); both were TEXT, the value
// being written with two lengths in the texts the rule read. CREATE TABLE
// ... SELECT follows the view's column through a join.
func TestUnion27FloatLiteralPerText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE u27f")
	db = ts.connectWith("u27f", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, b INT)",
		"INSERT INTO t VALUES (1, 1), (2, 0)",
		"CREATE VIEW v AS SELECT id, IF(b, 'abc', 1.5e0) AS x FROM t",
		"CREATE TABLE c1 AS SELECT x, IF(b, 'abcdefgh', 1.50e0) AS y FROM v JOIN t USING (id)",
		"CREATE TABLE c2 AS SELECT x, 1.50e0 AS z FROM v",
	} {
		mustExec(t, db, q)
	}
	if got, want := ctasColumns(t, db, "u27f", "c1")+"; "+ctasColumns(t, db, "u27f", "c2"), "x varchar(5), y varchar(8); x varchar(5), z double"; got != want {
		t.Errorf("CREATE TABLE ... SELECT: got %q, want %q", got, want)
	}
	_, fields := rawText(t, ts, "u27f", "SELECT x, IF(b, 'abcdefgh', 1.50e0) AS y FROM v JOIN t USING (id)")
	if fields[0].Type.String() != "VARCHAR" || fields[0].ColumnLength != 15 || fields[1].Type.String() != "VARCHAR" || fields[1].ColumnLength != 24 {
		t.Errorf("result fields: %v %d, %v %d; want VARCHAR 15, VARCHAR 24", fields[0].Type, fields[0].ColumnLength, fields[1].Type, fields[1].ColumnLength)
	}
}

// TestUnion27StringUnionTypes: a UNION of strings of different types
// without an ENUM is a VARCHAR of the longer side, CHAR beside CHAR a CHAR
// (MySQL's field_types_merge_rules); it was LONGTEXT, a BLOB field and a
// longtext CREATE TABLE ... SELECT column.
func TestUnion27StringUnionTypes(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE u27u")
	db = ts.connectWith("u27u", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{
		"CREATE TABLE usv (v VARCHAR(5), c CHAR(3), c2 CHAR(4))",
		"INSERT INTO usv VALUES ('a', 'bb', 'ccc'), ('dd', 'e', NULL)",
		"CREATE TABLE usc1 AS SELECT v FROM usv UNION SELECT c FROM usv",
		"CREATE TABLE usc2 AS SELECT v FROM usv UNION ALL SELECT 'abcdefg'",
		"CREATE TABLE usc3 AS SELECT c FROM usv UNION ALL SELECT c2 FROM usv UNION ALL SELECT NULL",
	} {
		mustExec(t, db, q)
	}
	if got, want := ctasColumns(t, db, "u27u", "usc1")+"; "+ctasColumns(t, db, "u27u", "usc2")+"; "+ctasColumns(t, db, "u27u", "usc3"), "v varchar(5); v varchar(7); c char(4)"; got != want {
		t.Errorf("CREATE TABLE ... SELECT: got %q, want %q", got, want)
	}
	conn := pinnedConn(t, db)
	for _, prepared := range []bool{false, true} {
		if names, rows := columnTypeNames(t, conn, "SELECT v FROM usv UNION SELECT c FROM usv ORDER BY 1", prepared); names != "VARCHAR" || rows != "a bb dd e" {
			t.Errorf("prepared %v: got %s, %s; want VARCHAR, a bb dd e", prepared, names, rows)
		}
	}
}
