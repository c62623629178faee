package server

import (
	"context"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/myriaddb/myriad/kv"
)

// TestContentionProfiles checks the operator's contention profiles: off by
// default, sampled only while a ?seconds=N request runs, and the block
// profile then holds a row-lock wait taken in that window.
func TestContentionProfiles(t *testing.T) {
	ts := startServerWith(t, t.TempDir(), Config{Port: 0, Durability: kv.Async, MetricsAddr: "127.0.0.1:0"})
	srv := ts.srv
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE c")
	mustExec(t, db, "CREATE TABLE c.t (id int PRIMARY KEY, n int)")
	mustExec(t, db, "INSERT INTO c.t VALUES (1, 0)")
	if got := runtime.SetMutexProfileFraction(-1); got != 0 {
		t.Fatalf("mutex sampling is %d before any request, want 0", got)
	}

	base := "http://" + srv.MetricsAddr().String() + "/debug/pprof/"
	type result struct {
		body string
		err  error
	}
	get := func(path string) chan result {
		ch := make(chan result, 1)
		go func() {
			resp, err := http.Get(base + path)
			if err != nil {
				ch <- result{err: err}
				return
			}
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			ch <- result{string(b), err}
		}()
		return ch
	}
	block := get("block?seconds=2")
	mutex := get("mutex?seconds=2")
	time.Sleep(300 * time.Millisecond)
	if got := runtime.SetMutexProfileFraction(-1); got != mutexSamplingFraction {
		t.Errorf("mutex sampling during a window is %d, want %d", got, mutexSamplingFraction)
	}

	// A row-lock wait inside the window: one transaction holds the row
	// for 400 ms while another's UPDATE waits for it.
	ctx := context.Background()
	holder, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	mustExec(t, holder, "BEGIN")
	mustExec(t, holder, "UPDATE c.t SET n = 1 WHERE id = 1")
	waited := make(chan error, 1)
	go func() { _, err := db.Exec("UPDATE c.t SET n = 2 WHERE id = 1"); waited <- err }()
	time.Sleep(400 * time.Millisecond)
	mustExec(t, holder, "COMMIT")
	if err := <-waited; err != nil {
		t.Fatal(err)
	}

	b, m := <-block, <-mutex
	if b.err != nil || m.err != nil {
		t.Fatalf("profiles: %v / %v", b.err, m.err)
	}
	if len(b.body) == 0 || len(m.body) == 0 {
		t.Fatalf("empty window profiles: block %d bytes, mutex %d bytes", len(b.body), len(m.body))
	}
	// The cumulative profiles (text) hold what the window sampled.
	if r := <-get("mutex?debug=1"); r.err != nil || !strings.HasPrefix(r.body, "--- mutex:") {
		t.Errorf("mutex profile: %v %.200q", r.err, r.body)
	}
	if r := <-get("block?debug=1"); r.err != nil || !strings.Contains(r.body, "github.com/myriaddb/myriad/") {
		t.Errorf("the block profile shows no Myriad frame (the row-lock wait): %v %.400q", r.err, r.body)
	}
	if got := runtime.SetMutexProfileFraction(-1); got != 0 {
		t.Errorf("mutex sampling is %d after the window, want 0", got)
	}
}
