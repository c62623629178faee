package bench

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

// ProvisionOptions sizes the standard workload's provisioning step.
type ProvisionOptions struct {
	Schemas  int // test_sbtest_1 .. test_sbtest_Schemas
	Tables   int // sbtest1 .. sbtestTables in each
	Parallel int // schemas provisioned at once, one connection each
	First    int // first schema number (default 1), to grow an existing set
}

// Provision creates the schemas and their tables, Parallel schemas at a
// time, each schema over one connection, as a tenant onboarding script would.
func Provision(ctx context.Context, t Target, o ProvisionOptions, p Progress) (Result, error) {
	if o.Schemas < 1 || o.Tables < 1 || o.Parallel < 1 {
		return Result{}, errors.New("provision: --schemas, --tables and --parallel must be at least 1")
	}
	if o.First < 1 {
		o.First = 1
	}
	db, err := t.Open(ctx, o.Parallel)
	if err != nil {
		return Result{}, err
	}
	defer db.Close()
	ddl := make([]string, o.Tables)
	for j := range ddl {
		ddl[j] = TableDDL(j + 1)
	}
	total := int64(o.Schemas) * int64(o.Tables)
	b := p.start("provision", "tables", total)
	var created atomic.Int64
	start := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.Parallel)
	for i := o.First; i < o.First+o.Schemas && gctx.Err() == nil; i++ {
		g.Go(func() error {
			conn, err := db.Conn(gctx)
			if err != nil {
				return err
			}
			defer conn.Close()
			s := SchemaName(i)
			if _, err := conn.ExecContext(gctx, "CREATE DATABASE "+s); err != nil {
				if mysqlErrNo(err) == 1007 {
					err = fmt.Errorf("%w (run `teardown` first, or --first to add schemas after the existing ones)", err)
				}
				return fmt.Errorf("create schema %s: %w", s, err)
			}
			if _, err := conn.ExecContext(gctx, "USE "+s); err != nil {
				return fmt.Errorf("use %s: %w", s, err)
			}
			for j, q := range ddl {
				if _, err := conn.ExecContext(gctx, q); err != nil {
					return fmt.Errorf("create table %s.sbtest%d: %w", s, j+1, err)
				}
				created.Add(1)
				b.add(1)
			}
			return nil
		})
	}
	err = g.Wait()
	elapsed := time.Since(start)
	b.finish()
	if err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	r := newResult("provision")
	r.Params["schemas"], r.Params["tables"], r.Params["parallel"] = int64(o.Schemas), int64(o.Tables), int64(o.Parallel)
	r.Metrics["tables_created"] = float64(created.Load())
	r.Metrics["elapsed_s"] = elapsed.Seconds()
	r.Metrics["tables_per_s"] = float64(created.Load()) / elapsed.Seconds()
	return r, nil
}

// InsertOptions sizes a random-insert run. The standard comparison is
// Schemas=100, Tables=1 (100 hot tables) against all provisioned tables.
type InsertOptions struct {
	Schemas  int
	Tables   int
	Threads  int
	Duration time.Duration
	Seed     uint64
	Label    string // step name; default "insert"
}

// Insert runs Threads clients for Duration, each event inserting one
// sysbench-style row into test_sbtest_<uniform 1..Schemas>.sbtest<uniform
// 1..Tables>.
func Insert(ctx context.Context, t Target, o InsertOptions, p Progress) (Result, error) {
	if o.Schemas < 1 || o.Tables < 1 || o.Threads < 1 || o.Duration <= 0 {
		return Result{}, errors.New("insert: --schemas, --tables, --threads and --duration must be positive")
	}
	if o.Label == "" {
		o.Label = "insert"
	}
	db, err := openProvisioned(ctx, t, o.Threads, o.Schemas, o.Tables)
	if err != nil {
		return Result{}, err
	}
	defer db.Close()
	b := p.start(o.Label+" "+o.Duration.String(), "rows", -1)
	st := runInserts(ctx, db, o, o.Seed, b)
	b.finish()
	return st.result(o)
}

// insertStats accumulates one or more timed insert runs.
type insertStats struct {
	done, errs int64
	elapsed    time.Duration
	lat        []time.Duration
	firstErr   error
}

func (s *insertStats) add(o insertStats) {
	s.done += o.done
	s.errs += o.errs
	s.elapsed += o.elapsed
	s.lat = append(s.lat, o.lat...)
	if s.firstErr == nil {
		s.firstErr = o.firstErr
	}
}

func (s insertStats) result(o InsertOptions) (Result, error) {
	r := newResult(o.Label)
	r.Params["schemas"], r.Params["tables"], r.Params["threads"] = int64(o.Schemas), int64(o.Tables), int64(o.Threads)
	r.Params["duration_s"] = int64(o.Duration.Seconds())
	r.Metrics["inserts"] = float64(s.done)
	r.Metrics["inserts_per_s"] = float64(s.done) / s.elapsed.Seconds()
	r.Metrics["errors"] = float64(s.errs)
	addLatency(r.Metrics, s.lat)
	if s.firstErr != nil {
		r.Note = "first error: " + s.firstErr.Error()
		if s.done == 0 {
			return r, s.firstErr
		}
	}
	return r, nil
}

// runInserts runs o.Threads clients for o.Duration.
func runInserts(ctx context.Context, db *sql.DB, o InsertOptions, seed uint64, b *bar) insertStats {
	ctx, cancel := context.WithTimeout(ctx, o.Duration)
	defer cancel()
	var (
		mu       sync.Mutex
		lat      []time.Duration
		done     atomic.Int64
		errs     atomic.Int64
		firstErr error
		wg       sync.WaitGroup
	)
	start := time.Now()
	for w := 0; w < o.Threads; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, uint64(w)+1))
			mine := make([]time.Duration, 0, 1<<14)
			var buf []byte
			for ctx.Err() == nil {
				s, tb := 1+rng.IntN(o.Schemas), 1+rng.IntN(o.Tables)
				buf = buf[:0]
				buf = append(buf, "INSERT INTO test_sbtest_"...)
				buf = strconv.AppendInt(buf, int64(s), 10)
				buf = append(buf, ".sbtest"...)
				buf = strconv.AppendInt(buf, int64(tb), 10)
				buf = append(buf, " (k, c, pad) VALUES ("...)
				buf = strconv.AppendInt(buf, int64(rng.IntN(1_000_000)), 10)
				buf = append(buf, ",'"...)
				buf = appendSysbenchString(buf, rng, 10)
				buf = append(buf, "','"...)
				buf = appendSysbenchString(buf, rng, 5)
				buf = append(buf, "')"...)
				t0 := time.Now()
				_, err := db.ExecContext(ctx, string(buf))
				if err != nil {
					if ctx.Err() != nil {
						break
					}
					errs.Add(1)
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("test_sbtest_%d.sbtest%d: %w", s, tb, err)
					}
					mu.Unlock()
					continue
				}
				mine = append(mine, time.Since(t0))
				done.Add(1)
				b.add(1)
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	return insertStats{done: done.Load(), errs: errs.Load(), elapsed: time.Since(start), lat: lat, firstErr: firstErr}
}

// CliffOptions sizes a hot-versus-all comparison.
type CliffOptions struct {
	HotSchemas int // hot set: one table in each of the first HotSchemas schemas
	Schemas    int // full set: every table
	Tables     int
	Threads    int
	Duration   time.Duration // per set, split over the rounds
	Rounds     int
	Seed       uint64
}

// CliffRun measures the hot set and the full set in alternating slices
// (hot, all, all, hot, ...), so that what drifts during a run (the LSM
// growing, compactions catching up, caches filling) weighs on both sides
// alike instead of on whichever runs second.
func CliffRun(ctx context.Context, t Target, o CliffOptions, p Progress) ([]Result, error) {
	if o.Rounds < 1 {
		o.Rounds = 2
	}
	if o.HotSchemas <= 0 || o.HotSchemas > o.Schemas {
		o.HotSchemas = min(100, o.Schemas)
	}
	hotO := InsertOptions{Schemas: o.HotSchemas, Tables: 1, Threads: o.Threads, Duration: o.Duration, Label: "insert-hot"}
	allO := InsertOptions{Schemas: o.Schemas, Tables: o.Tables, Threads: o.Threads, Duration: o.Duration, Label: "insert-all"}
	if o.Schemas < 1 || o.Tables < 1 || o.Threads < 1 || o.Duration <= 0 {
		return nil, errors.New("cliff: --schemas, --tables, --threads and --duration must be positive")
	}
	db, err := openProvisioned(ctx, t, o.Threads, o.Schemas, o.Tables)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	slice := o.Duration / time.Duration(o.Rounds)
	var hot, all insertStats
	b := p.start(fmt.Sprintf("insert hot/all, %d rounds of %s", o.Rounds, slice), "rows", -1)
	for r := 0; r < o.Rounds; r++ {
		order := []bool{true, false}
		if r%2 == 1 {
			order = []bool{false, true}
		}
		for i, isHot := range order {
			seed := o.Seed + uint64(4*r+i)
			if isHot {
				run := hotO
				run.Duration = slice
				hot.add(runInserts(ctx, db, run, seed, b))
			} else {
				run := allO
				run.Duration = slice
				all.add(runInserts(ctx, db, run, seed, b))
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	b.finish()
	hr, err := hot.result(hotO)
	if err != nil {
		return nil, err
	}
	ar, err := all.result(allO)
	if err != nil {
		return nil, err
	}
	hr.Params["rounds"], ar.Params["rounds"] = int64(o.Rounds), int64(o.Rounds)
	return []Result{hr, ar, Cliff(hr, ar)}, nil
}

// openProvisioned opens a pool of n connections after checking that the
// first and the last table of a schemas x tables set exist: a missing schema
// or table is the usual mistake (no provisioning, or a smaller one), said
// before the clock starts.
func openProvisioned(ctx context.Context, t Target, n, schemas, tables int) (*sql.DB, error) {
	db, err := t.Open(ctx, n)
	if err != nil {
		return nil, err
	}
	for _, st := range [][2]int{{1, 1}, {schemas, tables}} {
		if err := checkTable(ctx, db, st[0], st[1]); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

func checkTable(ctx context.Context, db *sql.DB, s, t int) error {
	var n int64
	q := fmt.Sprintf("SELECT COUNT(*) FROM %s.sbtest%d WHERE id = 0", SchemaName(s), t)
	if err := db.QueryRowContext(ctx, q).Scan(&n); err != nil {
		switch mysqlErrNo(err) {
		case 1049, 1146:
			return fmt.Errorf("%s.sbtest%d is missing (%w): provision at least this many schemas and tables first", SchemaName(s), t, err)
		}
		return err
	}
	return nil
}

// appendSysbenchString appends sysbench's `###########-...` pattern: groups
// of 11 random digits joined by '-'.
func appendSysbenchString(b []byte, rng *rand.Rand, groups int) []byte {
	for g := 0; g < groups; g++ {
		if g > 0 {
			b = append(b, '-')
		}
		for i := 0; i < 11; i++ {
			b = append(b, byte('0'+rng.IntN(10)))
		}
	}
	return b
}

func addLatency(m map[string]float64, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	q := func(f float64) float64 {
		i := int(f * float64(len(lat)-1))
		return float64(lat[i].Microseconds()) / 1000
	}
	m["p50_ms"], m["p95_ms"], m["p99_ms"] = q(0.50), q(0.95), q(0.99)
}

// CatalogOptions sizes the catalog step.
type CatalogOptions struct {
	Repeat int    // runs of each query; the median is reported
	Like   string // schema pattern counted through information_schema
}

// Catalog times the operator's catalog queries: the information_schema
// count of the workload's tables, SHOW TABLES in one schema and SHOW
// DATABASES.
func Catalog(ctx context.Context, t Target, o CatalogOptions) (Result, error) {
	if o.Repeat < 1 {
		o.Repeat = 5
	}
	if o.Like == "" {
		o.Like = "test_sbtest%"
	}
	db, err := t.Open(ctx, 1)
	if err != nil {
		return Result{}, err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return Result{}, err
	}
	defer conn.Close()
	r := newResult("catalog")
	var count int64
	isq := "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema LIKE '" + strings.ReplaceAll(o.Like, "'", "''") + "'"
	d, err := median(o.Repeat, func() error { return conn.QueryRowContext(ctx, isq).Scan(&count) })
	if err != nil {
		return Result{}, fmt.Errorf("%s: %w", isq, err)
	}
	r.Metrics["information_schema_count_s"] = d.Seconds()
	r.Metrics["information_schema_tables"] = float64(count)

	var schemas int64
	d, err = median(o.Repeat, func() error {
		rows, err := conn.QueryContext(ctx, "SHOW DATABASES")
		if err != nil {
			return err
		}
		defer rows.Close()
		schemas = 0
		for rows.Next() {
			schemas++
		}
		return rows.Err()
	})
	if err != nil {
		return Result{}, fmt.Errorf("SHOW DATABASES: %w", err)
	}
	r.Metrics["show_databases_s"] = d.Seconds()
	r.Metrics["databases"] = float64(schemas)

	if count > 0 {
		var tables int64
		q := "SHOW TABLES FROM " + SchemaName(1)
		d, err = median(o.Repeat*10, func() error {
			rows, err := conn.QueryContext(ctx, q)
			if err != nil {
				return err
			}
			defer rows.Close()
			tables = 0
			for rows.Next() {
				tables++
			}
			return rows.Err()
		})
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", q, err)
		}
		r.Metrics["show_tables_ms"] = float64(d.Microseconds()) / 1000
		r.Metrics["show_tables_rows"] = float64(tables)
	}
	return r, nil
}

func median(n int, f func() error) (time.Duration, error) {
	ds := make([]time.Duration, n)
	for i := range ds {
		t0 := time.Now()
		if err := f(); err != nil {
			return 0, err
		}
		ds[i] = time.Since(t0)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[n/2], nil
}

// TeardownOptions sizes the teardown step.
type TeardownOptions struct {
	Parallel int
}

// Teardown drops every test_sbtest_N schema the server lists, Parallel at
// a time.
func Teardown(ctx context.Context, t Target, o TeardownOptions, p Progress) (Result, error) {
	if o.Parallel < 1 {
		return Result{}, errors.New("teardown: --parallel must be at least 1")
	}
	db, err := t.Open(ctx, o.Parallel)
	if err != nil {
		return Result{}, err
	}
	defer db.Close()
	var names []string
	rows, err := db.QueryContext(ctx, "SHOW DATABASES LIKE 'test\\_sbtest\\_%'")
	if err != nil {
		return Result{}, err
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return Result{}, err
		}
		names = append(names, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Result{}, err
	}
	b := p.start("teardown", "schemas", int64(len(names)))
	var dropped atomic.Int64
	start := time.Now()
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(o.Parallel)
	for _, n := range names {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if _, err := db.ExecContext(gctx, "DROP DATABASE IF EXISTS `"+n+"`"); err != nil {
				return fmt.Errorf("drop %s: %w", n, err)
			}
			dropped.Add(1)
			b.add(1)
			return nil
		})
	}
	err = g.Wait()
	elapsed := time.Since(start)
	b.finish()
	if err != nil {
		return Result{}, err
	}
	r := newResult("teardown")
	r.Params["parallel"] = int64(o.Parallel)
	r.Metrics["schemas_dropped"] = float64(dropped.Load())
	r.Metrics["elapsed_s"] = elapsed.Seconds()
	if elapsed > 0 {
		r.Metrics["schemas_per_s"] = float64(dropped.Load()) / elapsed.Seconds()
	}
	return r, nil
}
