package bench

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"math/rand"
	"os"
	"runtime/pprof"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cockroachdb/pebble"
	_ "github.com/go-sql-driver/mysql"

	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/server"
)

// sbtestDDL is the standard workload's table (shared/ARCHITECTURE.md).
const sbtestDDL = "CREATE TABLE sbtest%d (id int(10) unsigned NOT NULL AUTO_INCREMENT, k int(10) unsigned NOT NULL DEFAULT '0', c varchar(120) NOT NULL DEFAULT '', pad varchar(60) NOT NULL DEFAULT '', PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB DEFAULT CHARSET=latin1"

// catalogFixture is a server whose catalog holds `schemas` x `tables`
// sbtest tables, built once per process and size.
type catalogFixture struct {
	srv     *server.Server
	dsn     string
	schemas int
	tables  int
}

var (
	fixturesMu sync.Mutex
	fixtures   = map[string]*catalogFixture{}
)

func fixture(b *testing.B, schemas, tables int) *catalogFixture {
	b.Helper()
	key := fmt.Sprintf("%dx%d", schemas, tables)
	fixturesMu.Lock()
	defer fixturesMu.Unlock()
	if f := fixtures[key]; f != nil {
		return f
	}
	dir, err := os.MkdirTemp("", "myriad-bench-"+key)
	if err != nil {
		b.Fatal(err)
	}
	srv, err := server.Open(server.Config{
		DataDir: dir, Port: 0, Durability: kv.Async,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		b.Fatal(err)
	}
	go srv.Serve()
	f := &catalogFixture{srv: srv, dsn: "root@tcp(" + srv.Addr().String() + ")/?interpolateParams=true", schemas: schemas, tables: tables}
	start := time.Now()
	if err := provision(f.dsn, schemas, tables, 16); err != nil {
		b.Fatal(err)
	}
	b.Logf("provisioned %d x %d tables in %v (%.0f tables/s)", schemas, tables, time.Since(start).Round(time.Millisecond),
		float64(schemas*tables)/time.Since(start).Seconds())
	// Measure the steady state, not the compactions provisioning left
	// behind: flush and compact the whole keyspace first.
	settle := time.Now()
	pdb := srv.Engine().KV().Pebble()
	if err := pdb.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := pdb.Compact([]byte{0}, []byte{0xff}, true); err != nil {
		b.Fatal(err)
	}
	b.Logf("flushed and compacted in %v", time.Since(settle).Round(time.Millisecond))
	// Warm the storage block cache with the catalog span, as a server that
	// has been up a while has it (MariaDB's reference figures are likewise
	// taken after every table was opened once). Row data stays cold.
	warm := time.Now()
	it, err := pdb.NewIter(&pebble.IterOptions{LowerBound: []byte{0x01}, UpperBound: []byte{0x02}})
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	if err := it.Close(); err != nil {
		b.Fatal(err)
	}
	b.Logf("read %d catalog records into the block cache in %v", n, time.Since(warm).Round(time.Millisecond))
	fixtures[key] = f
	return f
}

// provision creates test_sbtest_1..S, each with sbtest1..T, one connection
// per schema at a time, `parallel` schemas at once.
func provision(dsn string, schemas, tables, parallel int) error {
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(parallel)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, parallel)
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			for {
				s := int(next.Add(1))
				if s > schemas {
					return
				}
				conn, err := db.Conn(ctx)
				if err != nil {
					errs <- err
					return
				}
				name := "test_sbtest_" + strconv.Itoa(s)
				if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
					errs <- err
					return
				}
				if _, err := conn.ExecContext(ctx, "USE "+name); err != nil {
					errs <- err
					return
				}
				for t := 1; t <= tables; t++ {
					if _, err := conn.ExecContext(ctx, fmt.Sprintf(sbtestDDL, t)); err != nil {
						errs <- err
						return
					}
				}
				conn.Close()
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// benchSizes are the catalog sizes compared. MYRIAD_BENCH_SCHEMAS overrides
// the large one (default 10,000 schemas x 100 tables = 1,000,000 tables).
func largeSchemas() int {
	if v, err := strconv.Atoi(os.Getenv("MYRIAD_BENCH_SCHEMAS")); err == nil && v > 0 {
		return v
	}
	return 10000
}

// BenchmarkPointSelect measures a primary-key point select on a random
// table of the catalog, with 1 schema and with the large catalog.
func BenchmarkPointSelect(b *testing.B) {
	for _, schemas := range []int{1, largeSchemas()} {
		b.Run(fmt.Sprintf("schemas=%d", schemas), func(b *testing.B) {
			f := fixture(b, schemas, 100)
			runPerTable(b, f, func(conn *sql.Conn, schema, table int, rng *rand.Rand) error {
				var c string
				err := conn.QueryRowContext(context.Background(),
					fmt.Sprintf("SELECT c FROM test_sbtest_%d.sbtest%d WHERE id = ?", schema, table), 1).Scan(&c)
				if err == sql.ErrNoRows {
					return nil
				}
				return err
			})
		})
	}
}

// BenchmarkInsert measures a single-row autocommit INSERT into a random
// table of the catalog, with 1 schema and with the large catalog.
func BenchmarkInsert(b *testing.B) {
	for _, schemas := range []int{1, largeSchemas()} {
		b.Run(fmt.Sprintf("schemas=%d", schemas), func(b *testing.B) {
			f := fixture(b, schemas, 100)
			runPerTable(b, f, func(conn *sql.Conn, schema, table int, rng *rand.Rand) error {
				_, err := conn.ExecContext(context.Background(),
					fmt.Sprintf("INSERT INTO test_sbtest_%d.sbtest%d (k, c, pad) VALUES (?, ?, ?)", schema, table),
					rng.Intn(1<<20), "68487932199-96439406143-93774651418-41631865787-96406072701", "22195207048-70116052123")
				return err
			})
		})
	}
}

// runPerTable runs op b.N times on one connection, each time on a table
// drawn uniformly from the whole catalog (so the large catalog defeats any
// cache smaller than it, as the standard workload does).
func runPerTable(b *testing.B, f *catalogFixture, op func(*sql.Conn, int, int, *rand.Rand) error) {
	db, err := sql.Open("mysql", f.dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	rng := rand.New(rand.NewSource(1))
	if path := os.Getenv("MYRIAD_BENCH_CPUPROFILE"); path != "" {
		// Profiles only the measured loop, not provisioning.
		fh, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		defer fh.Close()
		pprof.StartCPUProfile(fh)
		defer pprof.StopCPUProfile()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := op(conn, 1+rng.Intn(f.schemas), 1+rng.Intn(f.tables), rng); err != nil {
			b.Fatal(err)
		}
	}
}
