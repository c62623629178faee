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

// TestDirectStatusFlagsFollowAutocommit: the OK packets of directly run
// INSERTs, UPDATEs and DELETEs carry SERVER_STATUS_AUTOCOMMIT and
// SERVER_STATUS_IN_TRANS as the session stands after each statement,
// across SET autocommit (statusFlags reads autocommit once per change of
// the session's variables), and myriad_direct_dml turned off and on again
// takes effect at the next statement.
func TestDirectStatusFlagsFollowAutocommit(t *testing.T) {
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
	status := func(q string) uint16 {
		t.Helper()
		if err := c.WriteComQuery(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		_, st, _, err := c.ReadQueryResult(ctx, 1000, true)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return uint16(st) & uint16(mysql.ServerStatusAutocommit|mysql.ServerInTransaction)
	}
	const ac, tx = uint16(mysql.ServerStatusAutocommit), uint16(mysql.ServerInTransaction)
	before := directInserts.Load() + directDMLs.Load()
	for _, step := range []struct {
		q    string
		want uint16
	}{
		{"CREATE DATABASE sf", ac},
		{"CREATE TABLE sf.t (id INT PRIMARY KEY, v INT)", ac},
		{"INSERT INTO sf.t VALUES (1, 1)", ac},
		{"INSERT INTO sf.t VALUES (2, 2)", ac},
		{"UPDATE sf.t SET v = 3 WHERE id = 1", ac},
		{"UPDATE sf.t SET v = 4 WHERE id = 1", ac},
		{"SET autocommit = 0", 0},
		{"INSERT INTO sf.t VALUES (3, 3)", tx},
		{"UPDATE sf.t SET v = 5 WHERE id = 1", tx},
		{"COMMIT", 0},
		{"DELETE FROM sf.t WHERE id = 2", tx},
		{"SET autocommit = 1", ac},
		{"INSERT INTO sf.t VALUES (4, 4)", ac},
		{"SET myriad_direct_dml = 0", ac},
		{"INSERT INTO sf.t VALUES (5, 5)", ac},
		{"SET myriad_direct_dml = 1", ac},
		{"BEGIN", ac | tx},
		{"INSERT INTO sf.t VALUES (6, 6)", ac | tx},
		{"ROLLBACK", ac},
		{"INSERT INTO sf.t VALUES (7, 7)", ac},
	} {
		got := status(step.q)
		if !strings.HasPrefix(step.q, "INSERT") && !strings.HasPrefix(step.q, "UPDATE") && !strings.HasPrefix(step.q, "DELETE") {
			// Only the direct path's statusFlags is under test; what
			// the other statements report is GMS's.
			got &^= tx
			step.want &^= tx
		}
		if got != step.want {
			t.Errorf("%s: status flags %#x, want %#x", step.q, got, step.want)
		}
	}
	if directInserts.Load()+directDMLs.Load() == before {
		t.Fatal("no statement ran on the direct path")
	}
	rows := 0
	if err := c.WriteComQuery("SELECT id FROM sf.t"); err != nil {
		t.Fatal(err)
	}
	res, _, _, err := c.ReadQueryResult(ctx, 1000, true)
	if err != nil {
		t.Fatal(err)
	}
	rows = len(res.Rows)
	if rows != 5 { // 1, 3, 4, 5, 7
		t.Errorf("%d rows, want 5", rows)
	}
}
