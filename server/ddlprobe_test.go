package server

import (
	"strings"
	"testing"
)

// Schema introspection that migration tools act on (issue #9): SHOW CREATE
// TABLE must reload as the same table, so a column comment holding a quote
// or backslash must be printed escaped, as MySQL does (COMMENT 'it''s'):
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
