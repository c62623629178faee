package server

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/kv"
)

// FuzzStatement sends each input as a query through go-sql-driver to one
// server per fuzz process. Every input must end in success or a MySQL error
// (never a dropped connection), and afterwards the server must answer a new
// client with the committed canary row unchanged. The fuzzing account owns
// only the database fuzz, so no input can legitimately change the canary.
// The seed corpus (testdata/fuzz/FuzzStatement) runs with go test.
func FuzzStatement(f *testing.F) {
	srv, err := Open(Config{DataDir: f.TempDir(), Port: 0, Durability: kv.Async,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		f.Fatal(err)
	}
	go srv.Serve()
	f.Cleanup(func() { srv.Close() })
	admin, err := sql.Open("mysql", "root@tcp("+srv.Addr().String()+")/")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { admin.Close() })
	for _, q := range []string{
		"CREATE DATABASE canary",
		"CREATE TABLE canary.t (id int PRIMARY KEY, v varchar(20))",
		"INSERT INTO canary.t VALUES (1, 'committed')",
		"CREATE DATABASE fuzz",
		"CREATE TABLE fuzz.t (id int PRIMARY KEY, s varchar(20) CHARACTER SET utf8mb4, b blob)",
		"CREATE USER fuzz@'%'",
		"GRANT ALL ON fuzz.* TO fuzz@'%'",
	} {
		if _, err := admin.Exec(q); err != nil {
			f.Fatalf("%s: %v", q, err)
		}
	}
	client, err := sql.Open("mysql", "fuzz@tcp("+srv.Addr().String()+")/fuzz")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { client.Close() })
	client.SetMaxOpenConns(1)

	f.Fuzz(func(t *testing.T, q string) {
		lower := strings.ToLower(q)
		if len(q) > 1<<16 || strings.Contains(lower, "sleep") || strings.Contains(lower, "benchmark") ||
			strings.Contains(lower, "kill") {
			return // slow by design, or meant to drop the connection
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, err := client.ExecContext(ctx, q)
		var me *mysql.MySQLError
		if err != nil && !errors.As(err, &me) {
			t.Fatalf("%.200q: not a MySQL error: %v", q, err)
		}
		if me != nil && (me.Number < 1000 || me.Number >= 2000 && me.Number < 3000) {
			t.Fatalf("%.200q: server sent error number %d (%s)", q, me.Number, me.Message)
		}
		if err := admin.PingContext(ctx); err != nil {
			t.Fatalf("%.200q: server no longer answers: %v", q, err)
		}
		var v string
		if err := admin.QueryRowContext(ctx, "SELECT v FROM canary.t WHERE id = 1").Scan(&v); err != nil || v != "committed" {
			t.Fatalf("%.200q: canary row %q, %v", q, v, err)
		}
	})
}

// TestBadStatements: each statement gets MySQL's error number (and, where
// given, message prefix), promptly, and the server keeps serving.
func TestBadStatements(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE b")
	mustExec(t, db, "CREATE TABLE b.t (id int PRIMARY KEY)")
	long := strings.Repeat("x", 65)
	cols := make([]string, 4097)
	for i := range cols {
		cols[i] = fmt.Sprintf("c%d int", i)
	}
	cases := []struct {
		name, q string
		code    uint16
		prefix  string
	}{
		{"10^5 parentheses", "SELECT " + strings.Repeat("(", 100_000) + "1" + strings.Repeat(")", 100_000), 1064, "memory exhausted near '((("},
		{"10^6 parentheses", "SELECT " + strings.Repeat("(", 1_000_000) + "1" + strings.Repeat(")", 1_000_000), 1064, "memory exhausted near '((("},
		{"10^6 NOT", "SELECT " + strings.Repeat("NOT ", 1_000_000) + "1", 1064, "memory exhausted near 'NOT NOT"},
		{"10^5 !", "SELECT " + strings.Repeat("!", 100_000) + "1", 1064, "memory exhausted near '!!!"},
		{"10^6 unary minus", "SELECT " + strings.Repeat("- ", 1_000_000) + "1", 1064, "memory exhausted near '- - "},
		{"nested subqueries", "SELECT " + strings.Repeat("(SELECT ", 100_000) + "1" + strings.Repeat(")", 100_000), 1064, "memory exhausted near '"},
		{"nested functions", "SELECT " + strings.Repeat("abs(", 100_000) + "1" + strings.Repeat(")", 100_000), 1064, "memory exhausted near '"},
		{"4,097 columns", "CREATE TABLE b.wide (" + strings.Join(cols, ", ") + ")", 1117, "Too many columns"},
		{"schema name over 64", "CREATE DATABASE " + long, 1059, "Identifier name '" + long + "' is too long"},
		{"table name over 64", "CREATE TABLE b." + long + " (id int)", 1059, "Identifier name '" + long + "' is too long"},
		{"column name over 64", "CREATE TABLE b.c (" + long + " int)", 1059, "Identifier name '" + long + "' is too long"},
		{"index name over 64", "CREATE INDEX " + long + " ON b.t (id)", 1059, "Identifier name '" + long + "' is too long"},
		{"index name over 64 in CREATE TABLE", "CREATE TABLE b.i (id int, KEY " + long + " (id))", 1059, "Identifier name '" + long + "' is too long"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			_, err := db.Exec(c.q)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != c.code || !strings.HasPrefix(me.Message, c.prefix) {
				t.Fatalf("got %.300v, want error %d %q...", err, c.code, c.prefix)
			}
			if el := time.Since(start); el > 20*time.Second {
				t.Errorf("answered after %s", el)
			}
			var n int
			if err := db.QueryRow("SELECT COUNT(*) FROM b.t").Scan(&n); err != nil {
				t.Fatalf("server after the statement: %v", err)
			}
		})
	}
	// A prepared statement is parsed by the protocol library before any
	// handler sees its text: a chain deep enough to overflow that parser's
	// recursion ends the connection, not the server.
	for _, q := range []string{
		"SELECT " + strings.Repeat("NOT ", 1_000_000) + "?",
		"SELECT " + strings.Repeat("!", 1_000_000) + "?",
	} {
		conn, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := conn.PrepareContext(context.Background(), q); err == nil {
			t.Fatalf("prepared a statement of %d bytes of prefix operators", len(q))
		}
		conn.Raw(func(any) error { return driver.ErrBadConn }) // drop it from the pool
		conn.Close()
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM b.t").Scan(&n); err != nil {
			t.Fatalf("server after the prepared statement: %v", err)
		}
	}
	// Prepared statements within the bounds still work.
	stmt, err := db.Prepare("SELECT " + strings.Repeat("NOT ", 151) + "?")
	if err != nil {
		t.Fatal(err)
	}
	var got int
	if err := stmt.QueryRow(0).Scan(&got); err != nil || got != 1 {
		t.Fatalf("151 NOTs prepared: %d, %v", got, err)
	}
	stmt.Close()

	// Nesting within the bounds still works.
	var one int
	if err := db.QueryRow("SELECT " + strings.Repeat("(", 150) + "1" + strings.Repeat(")", 150)).Scan(&one); err != nil || one != 1 {
		t.Fatalf("150 parentheses: %d, %v", one, err)
	}
	if err := db.QueryRow("SELECT " + strings.Repeat("NOT ", 151) + "0").Scan(&one); err != nil || one != 1 {
		t.Fatalf("151 NOTs: %d, %v", one, err)
	}
}
