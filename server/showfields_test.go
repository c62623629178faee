package server

import (
	"strings"
	"testing"
)

// TestShowFieldsMetadata: SHOW WARNINGS' columns are typed as MySQL's
// (Level VARCHAR(7), Code INT UNSIGNED, Message VARCHAR(512); GMS sent
// TEXT, INT, TEXT) and SHOW COLLATION's are named as MySQL 8.0's (GMS:
// collation, charset, ID, default, compiled, SORTLEN, PAD_ATTRIBUTE), in
// whatever case the statement is written, with its LIKE or WHERE.
func TestShowFieldsMetadata(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "DO CAST('x' AS SIGNED)")
	rows, err := conn.QueryContext(t.Context(), "show   warnings")
	if err != nil {
		t.Fatal(err)
	}
	cts, _ := rows.ColumnTypes()
	var got []string
	for _, ct := range cts {
		got = append(got, ct.Name()+" "+ct.DatabaseTypeName())
	}
	var level, msg string
	var code uint32
	if !rows.Next() {
		t.Fatalf("SHOW WARNINGS: no row (%v)", rows.Err())
	}
	if err := rows.Scan(&level, &code, &msg); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if want := "Level VARCHAR|Code UNSIGNED INT|Message VARCHAR"; strings.Join(got, "|") != want {
		t.Errorf("SHOW WARNINGS columns %q, want %q", strings.Join(got, "|"), want)
	}
	if level != "Warning" || code != 1292 {
		t.Errorf("SHOW WARNINGS row %s %d %s", level, code, msg)
	}

	for _, q := range []string{"SHOW COLLATION LIKE 'utf8mb4_bin'", "show collation where Sortlen = 1 and Collation = 'utf8mb4_bin'"} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		cols, _ := rows.Columns()
		rows.Close()
		if want := "Collation Charset Id Default Compiled Sortlen Pad_attribute"; strings.Join(cols, " ") != want {
			t.Errorf("%s: columns %v, want %s", q, cols, want)
		}
	}
}
