package server

import (
	"context"
	"net"
	"strconv"
	"testing"

	"github.com/dolthub/vitess/go/mysql"
)

// TestNoBackslashEscapesStatusFlag: every OK and EOF packet carries
// SERVER_STATUS_NO_BACKSLASH_ESCAPES exactly while sql_mode holds
// NO_BACKSLASH_ESCAPES in any letter case, the packet of the SET that
// changes it included (sessionStatus reads it from the session's parsed
// sql_mode, kept per settings generation).
func TestNoBackslashEscapesStatusFlag(t *testing.T) {
	ts := startServer(t, t.TempDir())
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	p, _ := strconv.Atoi(port)
	ctx := context.Background()
	c, err := mysql.Connect(ctx, &mysql.ConnParams{Host: host, Port: p, Uname: "root"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	flag := func(q string) bool {
		t.Helper()
		if err := c.WriteComQuery(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		_, status, _, err := c.ReadQueryResult(ctx, 1000, true)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return status&serverStatusNoBackslashEscapes != 0
	}
	for _, step := range []struct {
		q    string
		want bool
	}{
		{"SELECT 1", false},
		{"CREATE DATABASE nbe", false},
		{"SET sql_mode = 'NO_BACKSLASH_ESCAPES'", true},
		{"SELECT 1", true},
		{"CREATE TABLE nbe.t (a INT PRIMARY KEY)", true},
		{"INSERT INTO nbe.t VALUES (1)", true},
		{"SET @x = 1", true},
		{"SELECT 'a\\b'", true},
		{"SET sql_mode = 'ansi_quotes,no_backslash_escapes'", true},
		{"SELECT 2", true},
		{"SET sql_mode = 'ANSI_QUOTES'", false},
		{"SELECT 3", false},
		{"UPDATE nbe.t SET a = 2 WHERE a = 1", false},
		{"SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_BACKSLASH_ESCAPES')", true},
		{"DELETE FROM nbe.t WHERE a = 2", true},
		{"SET sql_mode = DEFAULT", false},
		{"SELECT 4", false},
	} {
		if got := flag(step.q); got != step.want {
			t.Errorf("%s: NO_BACKSLASH_ESCAPES status flag %v, want %v", step.q, got, step.want)
		}
	}
}
