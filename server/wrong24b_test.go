package server

import (
	"context"
	"fmt"
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
	conn := pinnedConn(t, db)
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

// TestSearchFuncIllegalMix: LOCATE, POSITION and INSTR aggregate their two
// strings' collations as a comparison does, so two columns (or explicit
// COLLATEs) of different collations of one character set are MySQL's 1267,
// not a search in one of them. A column and a literal still answer.
func TestSearchFuncIllegalMix(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	ctx := context.Background()
	conn := pinnedConn(t, db)
	mustExec(t, conn, "CREATE DATABASE w24b")
	mustExec(t, conn, "USE w24b")
	mustExec(t, conn, "CREATE TABLE t (a VARCHAR(10) COLLATE utf8mb4_general_ci, b VARCHAR(10) COLLATE utf8mb4_unicode_ci)")
	mustExec(t, conn, "INSERT INTO t VALUES ('x', 'yx')")
	const mix = "Illegal mix of collations (utf8mb4_general_ci,%s) and (utf8mb4_unicode_ci,%s) for operation '%s'"
	for _, c := range []struct{ q, deriv, op string }{
		{"SELECT LOCATE(a, b) FROM t", "IMPLICIT", "locate"},
		{"SELECT POSITION(a IN b) FROM t", "IMPLICIT", "locate"},
		{"SELECT INSTR(a, b) FROM t", "IMPLICIT", "instr"},
		{"SELECT LOCATE(a, b, 1) FROM t WHERE a = 'x'", "IMPLICIT", "locate"},
		{"SELECT LOCATE('x' COLLATE utf8mb4_general_ci, 'yx' COLLATE utf8mb4_unicode_ci)", "EXPLICIT", "locate"},
		{"SELECT a FROM t WHERE INSTR(a, b) > 0", "IMPLICIT", "instr"},
	} {
		var v any
		err := conn.QueryRowContext(ctx, c.q).Scan(&v)
		wantError(t, c.q, err, 1267, fmt.Sprintf(mix, c.deriv, c.deriv, c.op))
	}
	for _, c := range []struct {
		q    string
		want int64
	}{
		{"SELECT LOCATE('x', b) FROM t", 2},
		{"SELECT INSTR(b, a COLLATE utf8mb4_unicode_ci) FROM t", 2},
		{"SELECT LOCATE(a, b COLLATE utf8mb4_general_ci) FROM t", 2},
	} {
		var n int64
		if err := conn.QueryRowContext(ctx, c.q).Scan(&n); err != nil || n != c.want {
			t.Errorf("%s = %d, %v; want %d", c.q, n, err, c.want)
		}
	}
}
