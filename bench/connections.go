package bench

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"
)

// ConnectionsOptions sizes the connection burst.
type ConnectionsOptions struct {
	Connections int           // clients that connect at the same moment
	Statements  int           // statements each runs once connected
	PID         int           // the server's process, for its RSS (0: not measured)
	Timeout     time.Duration // for one connection's dial and for the whole burst
	// Settle is how long the connections stay idle before the server's
	// RSS is read, so a server that frees per-statement memory lazily is
	// measured at rest.
	Settle time.Duration
}

// connSchema holds the burst's table; it is dropped and made again at the
// start of every run.
const connSchema = "bench_conns"

// Connections opens o.Connections connections at the same moment — no
// client-side admission, so the server's accept backlog, handshake and
// session set-up take the whole burst — and each runs o.Statements
// statements in turn: a SELECT of its connection id, an autocommitted
// INSERT of its own row and a read-back of that row, and so on. It
// reports the time until every client connected and until every client
// finished, statements per second over the latter, the clients that
// failed, and with o.PID the server's resident memory before the burst
// and with all connections open and idle afterwards: the difference over
// the connections is the memory an idle connection holds (garbage the
// burst left behind and not yet returned to the system counts too).
func Connections(ctx context.Context, t Target, o ConnectionsOptions, p Progress) (Result, error) {
	if o.Connections < 1 || o.Statements < 0 {
		return Result{}, fmt.Errorf("connections must be at least 1 and statements not negative")
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	res := newResult("connections")
	res.Params["connections"] = int64(o.Connections)
	res.Params["statements"] = int64(o.Statements)
	if l, ok := loadAverage1(); ok {
		res.Metrics["load1_before"] = l
	}

	setup, err := t.Open(ctx, 1)
	if err != nil {
		return Result{}, err
	}
	defer setup.Close()
	for _, q := range []string{
		"DROP DATABASE IF EXISTS " + connSchema,
		"CREATE DATABASE " + connSchema,
		"CREATE TABLE " + connSchema + ".t (id BIGINT PRIMARY KEY, conn BIGINT NOT NULL)",
	} {
		if _, err := setup.ExecContext(ctx, q); err != nil {
			return Result{}, fmt.Errorf("%s: %w", q, err)
		}
	}
	var rssBase int64
	if o.PID > 0 {
		if rssBase, err = processRSS(o.PID); err != nil {
			return Result{}, err
		}
	}

	cfg, err := mysql.ParseDSN(t.dsn(connSchema))
	if err != nil {
		return Result{}, err
	}
	cfg.Timeout = o.Timeout
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		return Result{}, err
	}
	// Each client takes a connection of its own out of the pool and holds
	// it to the end, so every db.Conn dials: none is ever reused.
	db := sql.OpenDB(connector)
	defer db.Close()
	db.SetMaxIdleConns(0)
	burstCtx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	var (
		wg       sync.WaitGroup
		gate     = make(chan struct{})
		failed   atomic.Int64
		firstErr atomic.Pointer[string]
		connLat  = make([]time.Duration, o.Connections)
		conns    = make([]*sql.Conn, o.Connections)
	)
	fail := func(i int, what string, err error) {
		failed.Add(1)
		msg := fmt.Sprintf("client %d: %s: %v", i, what, err)
		firstErr.CompareAndSwap(nil, &msg)
	}
	b := p.start("connections", "clients", int64(o.Connections))
	var start time.Time
	var connectedAt atomic.Int64 // ns after start when the last client connected
	for i := 0; i < o.Connections; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-gate
			c, err := db.Conn(burstCtx)
			d := time.Since(start)
			if err != nil {
				fail(i, "connect", err)
				b.add(1)
				return
			}
			connLat[i] = d
			for {
				prev := connectedAt.Load()
				if int64(d) <= prev || connectedAt.CompareAndSwap(prev, int64(d)) {
					break
				}
			}
			conns[i] = c
			if err := connStatements(burstCtx, c, i, o.Statements); err != nil {
				fail(i, "statement", err)
			}
			b.add(1)
		}()
	}
	start = time.Now()
	close(gate)
	wg.Wait()
	done := time.Since(start)
	b.finish()

	ok := int64(o.Connections) - failed.Load()
	res.Metrics["errors"] = float64(failed.Load())
	res.Metrics["connected_s"] = time.Duration(connectedAt.Load()).Seconds()
	res.Metrics["done_s"] = done.Seconds()
	res.Metrics["statements_per_s"] = float64(ok) * float64(o.Statements) / done.Seconds()
	var lat []time.Duration
	for i, c := range conns {
		if c != nil {
			lat = append(lat, connLat[i])
		}
	}
	if len(lat) > 0 {
		addLatency(res.Metrics, lat)
		for _, k := range []string{"p50_ms", "p95_ms", "p99_ms"} {
			res.Metrics["connect_"+k] = res.Metrics[k]
			delete(res.Metrics, k)
		}
	}
	if o.PID > 0 && ok > 0 {
		time.Sleep(o.Settle)
		rss, err := processRSS(o.PID)
		if err != nil {
			return res, err
		}
		res.Metrics["rss_before_bytes"] = float64(rssBase)
		res.Metrics["rss_idle_bytes"] = float64(rss)
		res.Metrics["rss_per_idle_conn_bytes"] = float64(rss-rssBase) / float64(ok)
	}
	for _, c := range conns {
		if c != nil {
			c.Close()
		}
	}
	if l, ok := loadAverage1(); ok {
		res.Metrics["load1_after"] = l
	}
	if _, err := setup.ExecContext(ctx, "DROP DATABASE "+connSchema); err != nil {
		return res, err
	}
	if p := firstErr.Load(); p != nil {
		res.Note = *p
		return res, fmt.Errorf("%d of %d clients failed; first: %s", failed.Load(), o.Connections, *p)
	}
	return res, nil
}

// connStatements runs client i's n statements on c, checking the
// read-back finds the row the client inserted.
func connStatements(ctx context.Context, c *sql.Conn, i, n int) error {
	for k := 0; k < n; k++ {
		id := int64(i)*int64(n) + int64(k)
		switch k % 3 {
		case 0:
			var cid int64
			if err := c.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&cid); err != nil {
				return err
			}
		case 1:
			if _, err := c.ExecContext(ctx, fmt.Sprintf("INSERT INTO t (id, conn) VALUES (%d, %d)", id, i)); err != nil {
				return err
			}
		case 2:
			var conn int64
			if err := c.QueryRowContext(ctx, fmt.Sprintf("SELECT conn FROM t WHERE id = %d", id-1)).Scan(&conn); err != nil {
				return err
			}
			if conn != int64(i) {
				return fmt.Errorf("read back conn %d for row %d, want %d", conn, id-1, i)
			}
		}
	}
	return nil
}

// processRSS is a process's resident set size from /proc (Linux only).
func processRSS(pid int) (int64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, fmt.Errorf("server RSS: %w", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				kb, err := strconv.ParseInt(f[0], 10, 64)
				return kb << 10, err
			}
		}
	}
	return 0, fmt.Errorf("server RSS: no VmRSS line in /proc/%d/status", pid)
}

// loadAverage1 is the one-minute load average (Linux only): a burst's
// times mean little without the load the machine had.
func loadAverage1() (float64, bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return v, err == nil
}
