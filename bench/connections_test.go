package bench

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestConnectionsAgainstMyriad runs a burst against a server in this
// process (so its RSS is the test's): every client connects, runs its
// statements (the read-back checks the client's own row) and the report
// has every figure; the burst's schema is gone afterwards.
func TestConnectionsAgainstMyriad(t *testing.T) {
	tg := startMyriad(t)
	ctx := context.Background()
	const n, k = 200, 5
	r, err := Connections(ctx, tg, ConnectionsOptions{Connections: n, Statements: k, PID: os.Getpid(), Timeout: time.Minute}, Progress{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Params["connections"] != n || r.Params["statements"] != k {
		t.Fatalf("params %v", r.Params)
	}
	for _, m := range []string{"connected_s", "done_s", "statements_per_s", "connect_p50_ms", "connect_p99_ms",
		"rss_before_bytes", "rss_idle_bytes", "rss_per_idle_conn_bytes", "load1_before", "load1_after"} {
		if _, ok := r.Metrics[m]; !ok {
			t.Errorf("no %s in %v", m, r.Metrics)
		}
	}
	if r.Metrics["errors"] != 0 || r.Metrics["done_s"] <= 0 || r.Metrics["done_s"] < r.Metrics["connected_s"] {
		t.Fatalf("metrics %v", r.Metrics)
	}
	if got, want := r.Metrics["statements_per_s"]*r.Metrics["done_s"], float64(n*k); got < want-0.5 || got > want+0.5 {
		t.Fatalf("statements/s x time = %v, want %d statements", got, n*k)
	}
	if r.Metrics["rss_before_bytes"] <= 0 || r.Metrics["rss_idle_bytes"] <= 0 {
		t.Fatalf("RSS %v", r.Metrics)
	}
	db, err := tg.Open(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var name string
	if err := db.QueryRow("SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?", connSchema).Scan(&name); err == nil {
		t.Fatalf("schema %s left behind", name)
	}
}

// TestConnectionsReportsRefusals: a server admitting fewer connections
// than the burst refuses the rest with 1040; the run says how many
// failed and why, and still reports the clients that got through.
func TestConnectionsReportsRefusals(t *testing.T) {
	tg := startMyriadWith(t, 11)
	// The set-up connection holds one of the 11 places.
	r, err := Connections(context.Background(), tg, ConnectionsOptions{Connections: 30, Statements: 3, Timeout: time.Minute}, Progress{})
	if err == nil || !strings.Contains(err.Error(), "Too many connections") {
		t.Fatalf("error %v, want the server's 1040", err)
	}
	if got := r.Metrics["errors"]; got != 20 {
		t.Fatalf("%v clients failed, want 20 (metrics %v)", got, r.Metrics)
	}
	if !strings.Contains(r.Note, "1040") {
		t.Fatalf("note %q", r.Note)
	}
}
