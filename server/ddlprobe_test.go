package server

import (
	"strings"
	"testing"
)

// Schema introspection that migration tools act on (issue #9): SHOW CREATE
// TABLE must reload as the same table, so a column comment holding a quote
// or backslash must be printed escaped, as MySQL does (the quote doubled):
// GMS printed it raw, which mysqldump wrote into a dump that did not parse.
func TestDDLProbeColumnCommentQuoted(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	const comment = `it's "b" \ end`
	mustExec(t, db, `CREATE TABLE t (id INT PRIMARY KEY, b INT COMMENT 'it''s "b" \\ end', c INT COMMENT 'plain')`)

	got := showCreateTable(t, db, "t")
	for _, want := range []string{
		"`b` int COMMENT 'it''s \"b\" \\\\ end'",
		"`c` int COMMENT 'plain'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("SHOW CREATE TABLE t lacks %q:\n%s", want, got)
		}
	}

	// Round trip: the printed statement recreates the same comment.
	mustExec(t, db, "DROP TABLE t")
	mustExec(t, db, got)
	wantRows(t, db, "SELECT COLUMN_COMMENT FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='d' AND TABLE_NAME='t' AND COLUMN_NAME='b'", comment)
	if again := showCreateTable(t, db, "t"); again != got {
		t.Errorf("SHOW CREATE TABLE after reload differs:\n%s\nwas:\n%s", again, got)
	}
}

// SHOW [FULL] COLUMNS gives each column's own collation and an ENUM or SET
// type with its values' quotes doubled, as MySQL 8.0 does: GMS gave the
// server default utf8mb4_0900_bin for every text column (whatever it was
// declared with), NULL for ENUM and SET, and `enum('a','b'c') COLLATE x` as
// the type, so a migration tool comparing the live table with its model
// saw collation changes that were not there and could not split the
// values.
func TestDDLProbeShowColumnsCollationAndEnum(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, `CREATE TABLE t (
		id INT PRIMARY KEY,
		g VARCHAR(5) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci,
		h TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
		a CHAR(2) CHARACTER SET latin1,
		k ENUM('a','b''c','d,e') CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci,
		l SET('x','y''z'),
		j BLOB,
		w VARBINARY(4)
	) DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci`)
	cases := []struct{ col, typ, coll string }{
		{"id", "int", "NULL"},
		{"g", "varchar(5)", "utf8mb4_general_ci"},
		{"h", "text", "utf8mb4_bin"},
		{"a", "char(2)", "latin1_swedish_ci"},
		{"k", "enum('a','b''c','d,e')", "utf8mb4_general_ci"},
		{"l", "set('x','y''z')", "utf8mb4_0900_ai_ci"},
		{"j", "blob", "NULL"},
		{"w", "varbinary(4)", "NULL"},
	}
	full := queryRows(t, db, "SHOW FULL COLUMNS FROM t")
	short := queryRows(t, db, "SHOW COLUMNS FROM t")
	if len(full) != len(cases) || len(short) != len(cases) {
		t.Fatalf("SHOW COLUMNS: %d and %d rows, want %d", len(full), len(short), len(cases))
	}
	for i, c := range cases {
		if got := full[i][0] + " " + full[i][1] + " " + full[i][2]; got != c.col+" "+c.typ+" "+c.coll {
			t.Errorf("SHOW FULL COLUMNS row %d: got %q, want %q", i, got, c.col+" "+c.typ+" "+c.coll)
		}
		if got := short[i][1]; got != c.typ {
			t.Errorf("SHOW COLUMNS %s Type: got %q, want %q", c.col, got, c.typ)
		}
	}
}

// SHOW INDEX gives a prefix key part's length in Sub_part and A as a BTREE
// key part's Collation, as MySQL 8.0 does: GMS left both NULL, so a tool
// reading SHOW INDEX (Django's introspection does) saw KEY (h(10)) as an
// index on the whole column.
func TestDDLProbeShowIndexSubPart(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, `CREATE TABLE t (
		id INT PRIMARY KEY,
		b INT,
		h VARCHAR(100),
		KEY k_prefix (h(10)),
		UNIQUE KEY uk (b, h(5)),
		KEY k_fn ((b + 1))
	)`)
	var got []string
	for _, r := range queryRows(t, db, "SHOW INDEX FROM t") {
		// Key_name, Seq_in_index, Column_name, Collation, Sub_part
		got = append(got, strings.Join([]string{r[2], r[3], r[4], r[5], r[7]}, ","))
	}
	want := []string{
		"PRIMARY,1,id,A,NULL",
		"k_prefix,1,h,A,10",
		"uk,1,b,A,NULL",
		"uk,2,h,A,5",
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("SHOW INDEX FROM t lacks %q; got %q", w, got)
		}
	}
	wantRows(t, db, "SELECT INDEX_NAME, SEQ_IN_INDEX, SUB_PART FROM information_schema.STATISTICS WHERE TABLE_SCHEMA='d' AND TABLE_NAME='t' AND SUB_PART IS NOT NULL ORDER BY 1, 2",
		"k_prefix,1,10", "uk,2,5")
}

// information_schema.COLUMNS as MySQL 8.0 gives it, which Django and
// Alembic compare with their models: an ENUM or SET with a quoted value
// typed with its quotes doubled and its default the value itself (GMS:
// enum('a','b'c') and the default with its quote doubled), a DATE default without a time and a DATE's
// DATETIME_PRECISION NULL (GMS: 2020-01-02 00:00:00 and 0), a DECIMAL
// default at its declared scale (GMS: 1.5 for 1.50).
func TestDDLProbeColumnsTypesAndDefaults(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, `CREATE TABLE t (
		id INT PRIMARY KEY,
		c DECIMAL(10,2) DEFAULT 1.50,
		z DECIMAL(6,3) DEFAULT '-2',
		k ENUM('a','b''c','d,e') DEFAULT 'b''c',
		l SET('x','y''z') DEFAULT 'x,y''z',
		e ENUM('p','q') DEFAULT 'q',
		m DATE DEFAULT '2020-01-02',
		n DATETIME DEFAULT '2020-01-02 03:04:05'
	)`)
	wantRows(t, db, `SELECT COLUMN_NAME, COLUMN_TYPE, COALESCE(COLUMN_DEFAULT, 'NULL'), COALESCE(DATETIME_PRECISION, 'NULL')
		FROM information_schema.COLUMNS WHERE TABLE_SCHEMA='d' AND TABLE_NAME='t' AND COLUMN_NAME <> 'id' ORDER BY ORDINAL_POSITION`,
		"c,decimal(10,2),1.50,NULL",
		"z,decimal(6,3),-2.000,NULL",
		"k,enum('a','b''c','d,e'),b'c,NULL",
		"l,set('x','y''z'),x,y'z,NULL",
		"e,enum('p','q'),q,NULL",
		"m,date,2020-01-02,NULL",
		"n,datetime,2020-01-02 03:04:05,0",
	)
}

// information_schema.TRIGGERS lists every schema's triggers whatever the
// current database, as MySQL does: GMS parsed each trigger in the
// session's current database, so the query failed 1046 with none selected
// and 1146 (Table 'other.t' doesn't exist) from another schema.
func TestDDLProbeTriggersFromAnySchema(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	mustExec(t, root, "CREATE DATABASE other")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, b INT)")
	mustExec(t, db, "CREATE TRIGGER trg BEFORE INSERT ON t FOR EACH ROW SET NEW.b = NEW.b + 1")
	const q = "SELECT TRIGGER_SCHEMA, TRIGGER_NAME, EVENT_OBJECT_SCHEMA, EVENT_OBJECT_TABLE, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'd'"
	const want = "d,trg,d,t,SET NEW.b = NEW.b + 1"
	wantRows(t, db, q, want)
	wantRows(t, ts.connect("other"), q, want)
	wantRows(t, root, q, want)
	wantRows(t, root, "SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_TABLE = 't'", "1")
	// Still running in d afterwards: the reader restores the session's database.
	wantRows(t, db, "SELECT DATABASE()", "d")
}
