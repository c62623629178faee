package server

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/myriaddb/myriad/kv"
)

// TestMaxConnections: the connection over --max-connections is refused with
// ER_CON_COUNT_ERROR (1040), and the server keeps serving the others.
func TestMaxConnections(t *testing.T) {
	srv, err := Open(Config{
		DataDir: t.TempDir(), Port: 0, Durability: kv.Async, MaxConnections: 2,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	defer srv.Close()
	db, err := sql.Open("mysql", "root@tcp("+srv.Addr().String()+")/")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	var held []*sql.Conn
	for i := 0; i < 2; i++ {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		if err := c.PingContext(ctx); err != nil {
			t.Fatalf("connection %d: %v", i+1, err)
		}
		held = append(held, c)
	}
	c, err := db.Conn(ctx)
	if err == nil {
		err = c.PingContext(ctx)
		c.Close()
	}
	if mysqlErrNo(err) != 1040 {
		t.Fatalf("third connection: %v, want error 1040", err)
	}
	var one int
	if err := held[0].QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Fatalf("existing connection after the refusal: %v", err)
	}
	// A slot freed by a disconnect can be used again.
	held[1].Raw(func(dc any) error { return dc.(interface{ Close() error }).Close() })
	held[1].Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := db.Conn(ctx)
		if err == nil {
			err = c.PingContext(ctx)
			c.Close()
		}
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("connection after a disconnect freed a slot: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	held[0].Close()
}
