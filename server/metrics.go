package server

import (
	"errors"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// events counts what GMS's protocol server reports (connections, queries).
// Its methods run on every query, so they only touch atomics and one
// histogram.
type events struct {
	connected, disconnected atomic.Int64
	queries, failed         atomic.Int64
	latency                 prometheus.Histogram
}

var _ gmsserver.ServerEventListener = (*events)(nil)

func newEvents() *events {
	return &events{latency: prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "myriad_query_duration_seconds",
		Help:    "Time to execute a statement, from receipt to its last row.",
		Buckets: prometheus.ExponentialBuckets(50e-6, 2, 18),
	})}
}

func (e *events) ClientConnected()    { e.connected.Add(1) }
func (e *events) ClientDisconnected() { e.disconnected.Add(1) }
func (e *events) QueryStarted()       {}
func (e *events) QueryCompleted(ok bool, d time.Duration) {
	e.queries.Add(1)
	if !ok {
		e.failed.Add(1)
	}
	e.latency.Observe(d.Seconds())
}

// registry builds the Prometheus view of a server: the table-cache counters
// under the names SHOW GLOBAL STATUS uses, commits, conflicts, WAL fsyncs,
// queries and connections.
func (s *Server) registry() *prometheus.Registry {
	r := prometheus.NewRegistry()
	counter := func(name, help string, f func() float64) {
		r.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, f))
	}
	gauge := func(name, help string, f func() float64) {
		r.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f))
	}
	st := s.cat.Stats()
	counter("myriad_table_open_cache_hits_total", "Table definition lookups served by the cache (Table_open_cache_hits).", func() float64 { return float64(st.Hits.Load()) })
	counter("myriad_table_open_cache_misses_total", "Table definition lookups that missed the cache (Table_open_cache_misses).", func() float64 { return float64(st.Misses.Load()) })
	counter("myriad_table_open_cache_overflows_total", "Definitions evicted to stay within --catalog-cache (Table_open_cache_overflows).", func() float64 { return float64(st.Evictions.Load()) })
	counter("myriad_opened_table_definitions_total", "Table records read and decoded (Opened_table_definitions).", func() float64 { return float64(st.Loads.Load()) })
	gauge("myriad_table_definition_cache_bytes", "Estimated memory held by decoded definitions.", func() float64 { b, _ := s.cat.CacheUsage(); return float64(b) })
	// Its own gauge: the tier's bytes are exact and never marked by the
	// collector, the decoded definitions' an estimate of marked heap, and
	// its budget is a multiple of theirs (catalog.RecordTierShare).
	gauge("myriad_table_record_tier_bytes", "Memory held by the catalog's table records kept behind the decoded definitions (budget: catalog.RecordTierShare x --catalog-cache).", func() float64 { b, _ := s.cat.RecordTierUsage(); return float64(b) })
	gauge("myriad_table_record_tier_records", "Table records the record tier holds.", func() float64 { _, n := s.cat.RecordTierUsage(); return float64(n) })
	m := s.eng.Metrics()
	counter("myriad_commits_total", "Transactions committed.", func() float64 { return float64(m.Commits.Load()) })
	counter("myriad_rollbacks_total", "Transactions rolled back.", func() float64 { return float64(m.Rollbacks.Load()) })
	counter("myriad_conflicts_total", "Commits refused with ER_LOCK_DEADLOCK (1213) after a write-write conflict.", func() float64 { return float64(m.Conflicts.Load()) })
	lk := s.eng.Locks()
	counter("myriad_row_lock_waits_total", "Lock requests that had to wait (Innodb_row_lock_waits).", func() float64 { return float64(lk.Stats().Waits) })
	counter("myriad_row_lock_wait_seconds_total", "Time spent waiting for locks (Innodb_row_lock_time).", func() float64 { return lk.Stats().WaitTime.Seconds() })
	gauge("myriad_row_lock_current_waits", "Lock requests waiting now (Innodb_row_lock_current_waits).", func() float64 { return float64(lk.Stats().CurrentWaits) })
	counter("myriad_lock_wait_timeouts_total", "Lock waits ended by innodb_lock_wait_timeout (1205).", func() float64 { return float64(lk.Stats().Timeouts) })
	counter("myriad_deadlocks_total", "Deadlocks detected; each rolled back one victim transaction (1213).", func() float64 { return float64(lk.Stats().Deadlocks) })
	counter("myriad_lock_escalations_total", "Row locks of one transaction replaced by a table lock.", func() float64 { return float64(lk.Stats().Escalations) })
	counter("myriad_rows_written_total", "Rows inserted, updated or deleted.", func() float64 { return float64(m.RowsWritten.Load()) })
	counter("myriad_wal_syncs_total", "WAL fsyncs (below commits when commits share them).", func() float64 { return float64(s.db.Stats().WALSyncs) })
	counter("myriad_txn_spills_total", "Transaction write buffers written out to sorted runs on disk (--txn-spill-bytes).", func() float64 { return float64(s.db.Stats().Spills) })
	counter("myriad_txn_spilled_bytes_total", "Bytes of those runs.", func() float64 { return float64(s.db.Stats().SpilledBytes) })
	counter("myriad_durable_only_reads_total", "Current point reads (primary-key checks, AUTO_INCREMENT counter reads) that skipped the memtables: no write since the last flush can hold their key (kv/unflushed.go).", func() float64 { return float64(s.db.Stats().DurableOnlyReads) })
	counter("myriad_txn_ingests_total", "Spilled transactions committed by ingesting one sstable.", func() float64 { return float64(s.db.Stats().Ingests) })
	if sp := s.db.Stats().Space; sp.Enabled {
		gauge("myriad_disk_available_bytes", "Free space on the data directory's filesystem as the disk guard counts it: the last measurement minus writes admitted since and what Pebble still has to write for them (unflushed memtables, compactions in flight, the next WAL's preallocation).", func() float64 { return float64(s.db.Stats().Space.AvailableBytes) })
		gauge("myriad_disk_min_free_bytes", "Free space kept in reserve (--min-free-space).", func() float64 { return float64(sp.MinFreeBytes) })
		gauge("myriad_disk_full", "1 while writes are refused for lack of disk space (error 1114).", func() float64 {
			if s.db.Stats().Space.Full {
				return 1
			}
			return 0
		})
		counter("myriad_disk_full_refusals_total", "Commits refused for lack of disk space.", func() float64 { return float64(s.db.Stats().Space.Refused) })
	}
	gauge("myriad_open_transactions", "Transactions started and not ended.", func() float64 { return float64(s.db.Stats().OpenTxns) })
	counter("myriad_queries_total", "Statements executed.", func() float64 { return float64(s.events.queries.Load()) })
	counter("myriad_query_errors_total", "Statements that failed.", func() float64 { return float64(s.events.failed.Load()) })
	counter("myriad_connections_total", "Client connections accepted.", func() float64 { return float64(s.events.connected.Load()) })
	gauge("myriad_connections", "Client connections open.", func() float64 {
		return float64(s.events.connected.Load() - s.events.disconnected.Load())
	})
	if pc := s.plans; pc != nil {
		// Its budget is --plan-cache; with the catalog's and Pebble's
		// gauges these are the bounded caches an RSS figure is split into.
		gauge("myriad_plan_cache_bytes", "Estimated memory held by cached statement plans (at most --plan-cache).", func() float64 { b, _ := pc.Usage(); return float64(b) })
		gauge("myriad_plan_cache_entries", "Statement plans the plan cache holds.", func() float64 { _, n := pc.Usage(); return float64(n) })
		counter("myriad_plan_cache_hits_total", "Statements served a cached plan.", func() float64 { return float64(pc.Hits.Load()) })
		counter("myriad_plan_cache_misses_total", "Statements that found no cached plan.", func() float64 { return float64(pc.Misses.Load()) })
		counter("myriad_plan_cache_evictions_total", "Plans evicted to stay within --plan-cache.", func() float64 { return float64(pc.Evictions.Load()) })
	}
	r.MustRegister(s.events.latency)
	r.MustRegister(newStorageCollector(s.db.Pebble()))
	// Go's own heap (go_memstats_*): the rest of an RSS figure after the
	// caches above, and how far the collector lets it grow past the live
	// heap (docs/BENCHMARKS.md, mem1m).
	r.MustRegister(collectors.NewGoCollector())
	return r
}

// serveMetrics exposes /metrics on addr until Close.
func (s *Server) serveMetrics(addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(s.registry(), promhttp.HandlerOpts{}))
	// Profiles on the operator's port: the gaps in docs/BENCHMARKS.md are
	// explained with them, and an operator can take the same ones.
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.Handle("/debug/pprof/mutex", sampling(setMutexSampling, pprof.Handler("mutex")))
	mux.Handle("/debug/pprof/block", sampling(setBlockSampling, pprof.Handler("block")))
	s.metrics = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	s.metricsAddr = l.Addr()
	go func() {
		if err := s.metrics.Serve(l); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("metrics endpoint stopped", "err", err)
		}
	}()
	return nil
}

// MetricsAddr is where /metrics is served, or nil.
func (s *Server) MetricsAddr() net.Addr { return s.metricsAddr }

// Contention profiles cost on every lock operation, so they are off
// unless asked for: a request for /debug/pprof/mutex or /debug/pprof/block
// with ?seconds=N turns sampling on for those N seconds (the handler
// answers with the delta over them) and off again after the last such
// request. Without seconds the profile holds only what earlier sampled
// windows recorded.
var contention struct {
	mu           sync.Mutex
	mutex, block int
}

// mutexSamplingFraction samples one in that many contended mutex events;
// blockSamplingRate samples about one blocking event per that many
// nanoseconds spent blocked.
const (
	mutexSamplingFraction = 5
	blockSamplingRate     = 10_000
)

func setMutexSampling(on bool) {
	contention.mu.Lock()
	defer contention.mu.Unlock()
	if on {
		contention.mutex++
	} else {
		contention.mutex--
	}
	if contention.mutex > 0 {
		runtime.SetMutexProfileFraction(mutexSamplingFraction)
	} else {
		runtime.SetMutexProfileFraction(0)
	}
}

func setBlockSampling(on bool) {
	contention.mu.Lock()
	defer contention.mu.Unlock()
	if on {
		contention.block++
	} else {
		contention.block--
	}
	if contention.block > 0 {
		runtime.SetBlockProfileRate(blockSamplingRate)
	} else {
		runtime.SetBlockProfileRate(0)
	}
}

func sampling(set func(on bool), h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("seconds") == "" {
			h.ServeHTTP(w, r)
			return
		}
		set(true)
		defer set(false)
		h.ServeHTTP(w, r)
	})
}
