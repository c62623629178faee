package server

import (
	"context"
	"math/rand"
	"net"
	"strconv"
	"strings"
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

func TestIsASCIIMatchesByteLoop(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for n := 0; n < 20000; n++ {
		b := make([]byte, r.Intn(40))
		for i := range b {
			b[i] = byte('a' + r.Intn(26))
		}
		if len(b) > 0 && r.Intn(2) == 0 {
			b[r.Intn(len(b))] = byte(0x80 + r.Intn(128))
		}
		want := true
		for _, c := range b {
			if c >= 0x80 {
				want = false
			}
		}
		if got := isASCII(string(b)); got != want {
			t.Fatalf("isASCII(%q) = %v, want %v", b, got, want)
		}
	}
}

// TestPrefixChainAtTheCount: prefixBytes' shortcut passes a text only
// when it holds too few operator bytes for a chain longer than
// maxPrefixRun; a chain of exactly one more, with nothing else counted,
// is still found, in each spelling.
func TestPrefixChainAtTheCount(t *testing.T) {
	for _, op := range []string{"!", "~", "-", "+", "NOT ", "not ", "FOR ", "fOr "} {
		chain := strings.Repeat(op, maxPrefixRun+1)
		q := "SELECT " + chain + "1"
		if _, deep := prefixChain(q, true); !deep {
			t.Errorf("a chain of %d %q was not found", maxPrefixRun+1, op)
		}
		q = "SELECT " + strings.Repeat(op, maxPrefixRun) + "1"
		if _, deep := prefixChain(q, true); deep {
			t.Errorf("a chain of %d %q was found", maxPrefixRun, op)
		}
	}
}

// TestIsSetStatementMatchesRegexp: the first-byte shortcut answers as the
// expression does on texts built from its own pieces.
func TestIsSetStatementMatchesRegexp(t *testing.T) {
	pieces := []string{"set", "SET", "SeT", "ſet", "ſ", " ", "\t", "\n", "\f", "\r", "\v", "/*", "*/", "#", "--", "-- ", "@", "x", "select",
		"UPDATE", "é", "\xc5", "s", "e", "t"}
	r := rand.New(rand.NewSource(5))
	matched := 0
	for n := 0; n < 50000; n++ {
		var b strings.Builder
		for k := r.Intn(7); k > 0; k-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		q := b.String()
		want := setStatement.MatchString(q)
		if got := isSetStatement(q); got != want {
			t.Fatalf("isSetStatement(%q) = %v, want %v", q, got, want)
		}
		if want {
			matched++
		}
	}
	if matched < 500 {
		t.Fatalf("only %d texts matched", matched)
	}
}
