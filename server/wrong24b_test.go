package server

import (
	"context"
	"testing"
)

// TestPadCharModeRefused: Myriad stores CHAR values without trailing spaces
// and cannot read them back padded, so a sql_mode including
// PAD_CHAR_TO_FULL_LENGTH is refused with MySQL's 1231 instead of being
// accepted and silently ignored; the session's mode is left as it was, and
// every other mode is still accepted.
func TestPadCharModeRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "SET sql_mode = 'STRICT_TRANS_TABLES'")
	for _, c := range []struct{ q, val string }{
		{"SET sql_mode = 'PAD_CHAR_TO_FULL_LENGTH'", "PAD_CHAR_TO_FULL_LENGTH"},
		{"SET SESSION sql_mode = 'ansi_quotes,pad_char_to_full_length'", "ansi_quotes,pad_char_to_full_length"},
		{"SET @@sql_mode = CONCAT(@@sql_mode, ',PAD_CHAR_TO_FULL_LENGTH')", "STRICT_TRANS_TABLES,PAD_CHAR_TO_FULL_LENGTH"},
		{"SET GLOBAL sql_mode = 'PAD_CHAR_TO_FULL_LENGTH'", "PAD_CHAR_TO_FULL_LENGTH"},
	} {
		_, err := conn.ExecContext(ctx, c.q)
		wantError(t, c.q, err, 1231, "Variable 'sql_mode' can't be set to the value of '"+c.val+"'")
	}
	var mode string
	if err := conn.QueryRowContext(ctx, "SELECT @@SESSION.sql_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "STRICT_TRANS_TABLES" {
		t.Errorf("session sql_mode after refused SETs = %q, want STRICT_TRANS_TABLES", mode)
	}
	mustExec(t, conn, "SET sql_mode = 'ANSI_QUOTES,NO_ZERO_DATE'")
	if err := conn.QueryRowContext(ctx, "SELECT @@sql_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "ANSI_QUOTES,NO_ZERO_DATE" {
		t.Errorf("sql_mode = %q, want ANSI_QUOTES,NO_ZERO_DATE", mode)
	}
}
