package bench

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/server"
)

// startMyriad runs a server in the test and returns the bench's view of it.
func startMyriad(t *testing.T) Target {
	t.Helper()
	return startMyriadWith(t, 0)
}

// startMyriadWith is startMyriad admitting at most maxConns connections
// (0: no limit).
func startMyriadWith(t *testing.T, maxConns uint64) Target {
	t.Helper()
	srv, err := server.Open(server.Config{
		DataDir: t.TempDir(), Port: 0, Durability: kv.Async, MaxConnections: maxConns,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	t.Cleanup(func() { srv.Close() })
	host, port, _ := net.SplitHostPort(srv.Addr().String())
	p, _ := strconv.Atoi(port)
	return Target{Host: host, Port: p, User: "root"}
}

func TestAllAgainstMyriad(t *testing.T) {
	tg := startMyriad(t)
	ctx := context.Background()
	const schemas, tables = 6, 7
	var progress bytes.Buffer
	rs, err := All(ctx, tg, AllOptions{
		Schemas: schemas, Tables: tables, Parallel: 3, Threads: 4,
		Duration: 700 * time.Millisecond, HotSchemas: 2, Teardown: false, Rounds: 2, Seed: 1,
	}, Progress{W: &progress}, nil)
	if err != nil {
		t.Fatal(err)
	}
	byStep := map[string]Result{}
	for _, r := range rs {
		byStep[r.Step] = r
	}
	for _, s := range []string{"provision", "insert-hot", "insert-all", "cliff", "catalog"} {
		if _, ok := byStep[s]; !ok {
			t.Fatalf("no %s result in %+v", s, rs)
		}
	}
	if got := byStep["provision"].Metrics["tables_created"]; got != schemas*tables {
		t.Fatalf("provision reported %v tables, want %d", got, schemas*tables)
	}
	if !strings.Contains(progress.String(), "provision") {
		t.Fatalf("no progress drawn: %q", progress.String())
	}

	// What the bench reports must be what the server holds.
	db, err := tg.Open(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var rows int64
	for s := 1; s <= schemas; s++ {
		var names []string
		r, err := db.Query("SHOW TABLES FROM " + SchemaName(s))
		if err != nil {
			t.Fatal(err)
		}
		for r.Next() {
			var n string
			r.Scan(&n)
			names = append(names, n)
		}
		r.Close()
		if len(names) != tables {
			t.Fatalf("%s has %d tables: %v", SchemaName(s), len(names), names)
		}
		for j := 1; j <= tables; j++ {
			var n int64
			if err := db.QueryRow("SELECT COUNT(*) FROM " + SchemaName(s) + ".sbtest" + strconv.Itoa(j)).Scan(&n); err != nil {
				t.Fatal(err)
			}
			rows += n
		}
	}
	hot, full := byStep["insert-hot"], byStep["insert-all"]
	if hot.Metrics["inserts"] == 0 || full.Metrics["inserts"] == 0 || hot.Metrics["errors"]+full.Metrics["errors"] != 0 {
		t.Fatalf("insert runs: hot %+v all %+v", hot.Metrics, full.Metrics)
	}
	// Every acknowledged insert is there; beyond those, at most the one
	// statement per client in flight when the clock ran out (its
	// acknowledgement was cancelled, not its execution).
	acked := int64(hot.Metrics["inserts"] + full.Metrics["inserts"])
	if rows < acked || rows > acked+4*4 {
		t.Fatalf("tables hold %d rows, bench reported %d acknowledged inserts (4 clients, 4 slices)", rows, acked)
	}
	var hotRows int64
	for s := 1; s <= 2; s++ {
		var n int64
		db.QueryRow("SELECT COUNT(*) FROM " + SchemaName(s) + ".sbtest1").Scan(&n)
		hotRows += n
	}
	if hotRows < int64(hot.Metrics["inserts"]) {
		t.Fatalf("hot tables hold %d rows, fewer than the hot run's %v inserts", hotRows, hot.Metrics["inserts"])
	}
	if got := byStep["catalog"].Metrics["information_schema_tables"]; got != schemas*tables {
		t.Fatalf("information_schema count %v, want %d", got, schemas*tables)
	}
	if got := byStep["catalog"].Metrics["show_tables_rows"]; got != tables {
		t.Fatalf("SHOW TABLES rows %v, want %d", got, tables)
	}
	if r := byStep["cliff"].Metrics["all_over_hot_ratio"]; r <= 0 {
		t.Fatalf("cliff ratio %v", r)
	}

	// Provisioning over existing schemas is refused with advice, not
	// half-done.
	if _, err := Provision(ctx, tg, ProvisionOptions{Schemas: 1, Tables: 1, Parallel: 1}, Progress{}); err == nil ||
		!strings.Contains(err.Error(), "database exists") || !strings.Contains(err.Error(), "teardown") {
		t.Fatalf("provision over existing schemas: %v", err)
	}

	td, err := Teardown(ctx, tg, TeardownOptions{Parallel: 3}, Progress{})
	if err != nil {
		t.Fatal(err)
	}
	if td.Metrics["schemas_dropped"] != schemas {
		t.Fatalf("teardown dropped %v schemas", td.Metrics["schemas_dropped"])
	}
	var left int
	r, err := db.Query("SHOW DATABASES LIKE 'test_sbtest%'")
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
		left++
	}
	r.Close()
	if left != 0 {
		t.Fatalf("%d workload schemas left after teardown", left)
	}
}

func TestClearErrors(t *testing.T) {
	ctx := context.Background()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close() // nothing listens there now
	_, err = Insert(ctx, Target{Host: "127.0.0.1", Port: port, User: "root"},
		InsertOptions{Schemas: 1, Tables: 1, Threads: 1, Duration: time.Second}, Progress{})
	if err == nil || !strings.Contains(err.Error(), "cannot reach a MySQL server at 127.0.0.1:"+strconv.Itoa(port)) {
		t.Fatalf("unreachable target: %v", err)
	}

	tg := startMyriad(t)
	_, err = Insert(ctx, tg, InsertOptions{Schemas: 3, Tables: 2, Threads: 1, Duration: time.Second}, Progress{})
	if err == nil || !strings.Contains(err.Error(), "test_sbtest_1.sbtest1 is missing") || !strings.Contains(err.Error(), "1049") {
		t.Fatalf("missing schema: %v", err)
	}
	if _, err := Provision(ctx, tg, ProvisionOptions{Schemas: 1, Tables: 1, Parallel: 1}, Progress{}); err != nil {
		t.Fatal(err)
	}
	_, err = Insert(ctx, tg, InsertOptions{Schemas: 1, Tables: 2, Threads: 1, Duration: time.Second}, Progress{})
	if err == nil || !strings.Contains(err.Error(), "test_sbtest_1.sbtest2 is missing") || !strings.Contains(err.Error(), "1146") {
		t.Fatalf("missing table: %v", err)
	}
	tg.Password = "wrong"
	_, err = Catalog(ctx, tg, CatalogOptions{})
	if err == nil || !strings.Contains(err.Error(), "1045") {
		t.Fatalf("wrong password: %v", err)
	}
}

func TestReportRoundTrip(t *testing.T) {
	in := []Result{
		{Target: "myriad", Step: "provision", Params: map[string]int64{"schemas": 10}, Metrics: map[string]float64{"tables_per_s": 21000.4, "elapsed_s": 1.5}},
		{Target: "mariadb", Step: "provision", Params: map[string]int64{"schemas": 10}, Metrics: map[string]float64{"tables_per_s": 612.7}},
		{Target: "myriad", Step: "disk", Metrics: map[string]float64{"data_dir_bytes": 3 << 30}},
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, in...); err != nil {
		t.Fatal(err)
	}
	out, err := ReadJSON(strings.NewReader(buf.String() + "\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	md := Markdown(out)
	for _, want := range []string{
		"| step | parameters | metric | myriad | mariadb |",
		"| provision | schemas=10 | tables_per_s | 21000 | 613 |",
		"| provision | schemas=10 | elapsed_s | 1.50 | – |",
		"| disk |  | data_dir_bytes | 3.0 GiB | – |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if _, err := ReadJSON(strings.NewReader(`{"metrics":{}}`)); err == nil {
		t.Fatal("a line without a step was accepted")
	}
}
