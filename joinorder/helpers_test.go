package joinorder_test

import (
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"os"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/server"
)

// startDB runs a server over a temporary directory and returns a client
// pool (one connection, so session state is the test's) on database test.
func startDB(t *testing.T) *sql.DB {
	t.Helper()
	srv, err := server.Open(server.Config{
		DataDir: t.TempDir(), Host: "127.0.0.1", Port: 0, Durability: kv.Async,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatalf("open server: %v", err)
	}
	go srv.Serve()
	t.Cleanup(func() { srv.Close() })
	root, err := sql.Open("mysql", fmt.Sprintf("root@tcp(%s)/", srv.Addr()))
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := root.Exec("CREATE DATABASE test"); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("mysql", fmt.Sprintf("root@tcp(%s)/test?multiStatements=true", srv.Addr()))
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	// MYRIAD_SLT_SETUP: a statement for the session first (the timing
	// runs compare optimizer_search_depth settings with it).
	if s := os.Getenv("MYRIAD_SLT_SETUP"); s != "" {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return db
}
