package server

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/kv"
)

// testServer runs a server on an ephemeral port over dir.
type testServer struct {
	t   *testing.T
	srv *Server
	dir string
}

func startServer(t *testing.T, dir string) *testServer {
	t.Helper()
	return startServerWith(t, dir, Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async})
}

// startServerWith starts a server on dir with cfg (its DataDir set to dir,
// a discarding Logger unless it has one), closed when the test ends.
func startServerWith(t *testing.T, dir string, cfg Config) *testServer {
	t.Helper()
	cfg.DataDir = dir
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	srv, err := Open(cfg)
	if err != nil {
		t.Fatalf("open server: %v", err)
	}
	go srv.Serve()
	ts := &testServer{t: t, srv: srv, dir: dir}
	t.Cleanup(func() { srv.Close() })
	return ts
}

// connect opens a client pool with the given database selected ("" for none).
func (ts *testServer) connect(db string) *sql.DB {
	return ts.connectWith(db, "parseTime=true&multiStatements=true")
}

// connectWith opens a client pool with DSN parameters params.
func (ts *testServer) connectWith(db, params string) *sql.DB {
	ts.t.Helper()
	dsn := fmt.Sprintf("root@tcp(%s)/%s?%s", ts.srv.Addr().String(), db, params)
	c, err := sql.Open("mysql", dsn)
	if err != nil {
		ts.t.Fatal(err)
	}
	ts.t.Cleanup(func() { c.Close() })
	if err := c.Ping(); err != nil {
		ts.t.Fatalf("ping: %v", err)
	}
	return c
}

// execer is a *sql.DB or a *sql.Conn.
type execer interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
}

func mustExec(t *testing.T, db execer, q string, args ...any) sql.Result {
	t.Helper()
	r, err := db.ExecContext(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return r
}

// queryRows returns all rows as strings (NULL as "NULL").
func queryRows(t *testing.T, db *sql.DB, q string, args ...any) [][]string {
	t.Helper()
	rows, err := db.Query(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			if v.Valid {
				row[i] = v.String
			} else {
				row[i] = "NULL"
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// pinnedConn is one connection of db for a test whose statements share
// session state (USE, SET), closed when the test ends.
func pinnedConn(t *testing.T, db *sql.DB) *sql.Conn {
	t.Helper()
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}
