package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	// check: the binary is built from it (see cachekey_test.go). catalog,
	// keyenc, kv: damaging a store on purpose is the one thing no client
	// can do, so TestCheckCommand writes its damage through the store.
	"github.com/myriaddb/myriad/catalog"
	_ "github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/kv"
)

// Check runs the built binary's `myriad check` on the server's data
// directory (the server must be stopped) and returns its exit code and output.
func (s *Server) Check() (code int, stdout, stderr string) {
	s.t.Helper()
	return runMyriad(s.t, "check", "--data-dir", s.DataDir)
}

// MustCheck fails the test unless `myriad check` finds the stopped server's
// store consistent, and returns the report.
func (s *Server) MustCheck(when string) string {
	s.t.Helper()
	code, out, errOut := s.Check()
	if code != 0 {
		s.t.Fatalf("myriad check %s: exit %d\nstdout:\n%s\nstderr:\n%s", when, code, tail(out, 40), tail(errOut, 20))
	}
	return out
}

func runMyriad(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, myriadBin, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, o.String(), e.String()
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode(), o.String(), e.String()
	default:
		t.Fatalf("myriad %v: %v\n%s", args, err, e.String())
		return -1, "", ""
	}
}

// TestCheckCommand runs `myriad check` on a store built through SQL: clean,
// in use by a running server, and after deliberate damage.
func TestCheckCommand(t *testing.T) {
	s := StartServer(t)
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE shop")
	mustExec(t, db, `CREATE TABLE shop.orders (id INT PRIMARY KEY, customer VARCHAR(20), total INT,
		KEY k_customer (customer))`)
	mustExec(t, db, "CREATE TABLE shop.lines (order_id INT, sku VARCHAR(10), UNIQUE KEY uk (order_id, sku))")
	for i := 1; i <= 50; i++ {
		mustExec(t, db, "INSERT INTO shop.orders VALUES (?, ?, ?)", i, fmt.Sprintf("c%d", i%7), i*10)
		mustExec(t, db, "INSERT INTO shop.lines VALUES (?, 'a'), (?, 'b')", i, i)
	}
	mustExec(t, db, "CREATE TABLE shop.gone (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO shop.gone VALUES (1), (2)")
	mustExec(t, db, "DROP TABLE shop.gone")
	count := func(table string) int {
		var n int
		fmt.Sscan(queryRows(t, db, "SELECT COUNT(*) FROM "+table)[0][0], &n)
		return n
	}
	// Each table has one secondary index: an entry per row.
	ordersRows := count("shop.orders")
	rows := ordersRows + count("shop.lines")
	entries := rows

	// A running server holds the store: check cannot run (2).
	code, _, errOut := s.Check()
	if code != 2 || !strings.Contains(errOut, "stop the server") {
		t.Errorf("check on a running server: exit %d, stderr %q; want 2 and a hint to stop the server", code, errOut)
	}
	if code := s.Stop(); code != 0 {
		t.Fatalf("stop: exit %d", code)
	}

	out := s.MustCheck("on a clean store")
	want := fmt.Sprintf("checked 1 schemas, 2 tables, %d rows, %d index entries, 0 AUTO_INCREMENT counters\nno problems found\n", rows, entries)
	if out != want {
		t.Errorf("clean report:\n%s\nwant:\n%s", out, want)
	}

	// Damage: delete one entry of k_customer and leave a key under a table
	// ID that was never created.
	store, err := kv.Open(filepath.Join(s.DataDir, "store"), kv.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Open(store, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	shop, err := cat.Schema(store, "shop")
	if err != nil || shop == nil {
		t.Fatalf("schema shop: %v", err)
	}
	orders, err := cat.Table(store, shop, "orders")
	if err != nil || orders == nil {
		t.Fatalf("table orders: %v", err)
	}
	ix := orders.IndexPrefix(orders.Indexes[0].ID)
	it, err := store.NewIter(ix, keyenc.PrefixEnd(ix))
	if err != nil {
		t.Fatal(err)
	}
	if !it.First() {
		t.Fatal("k_customer has no entries")
	}
	entry := append([]byte(nil), it.Key()...)
	it.Close()
	orphan := keyenc.AppendUvarint(keyenc.AppendUvarint(catalog.SchemaDataPrefix(shop.ID), 1<<30), 1)
	b := kv.NewWriteBatch()
	b.Delete(entry)
	b.Set(orphan, []byte("x"))
	if err := store.Apply(b); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	code, out, errOut = s.Check()
	if code != 1 {
		t.Fatalf("check on a damaged store: exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, re := range []string{
		fmt.Sprintf(`(?m)^checked 1 schemas, 2 tables, %d rows, %d index entries`, rows, entries-1),
		`(?m)^3 problems found:$`,
		`(?m)^  shop\.orders index k_customer: row has no index entry \(expected ` + fmt.Sprintf("%x", entry) + `\) \(key [0-9a-f]+\)$`,
		fmt.Sprintf(`(?m)^  shop\.orders index k_customer: %d index entries for %d rows$`, ordersRows-1, ordersRows),
		fmt.Sprintf(`(?m)^  store: 1 keys under data schema ID %d, table ID %d, which is no live table \(key %x\)$`, shop.ID, 1<<30, orphan),
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("report does not match %s:\n%s", re, out)
		}
	}

	// Usage errors and a directory without a store: 2.
	for _, args := range [][]string{
		{"check"},
		{"check", "--data-dir", s.DataDir, "extra"},
		{"check", "--no-such-flag"},
		{"check", "--data-dir", t.TempDir()},
	} {
		code, _, errOut := runMyriad(t, args...)
		if code != 2 || !strings.HasPrefix(errOut, "myriad check: ") {
			t.Errorf("myriad %v: exit %d, stderr %q; want 2 and a message", args, code, errOut)
		}
	}
}
