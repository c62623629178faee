package engine

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"sync"
	"sync/atomic"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
	"golang.org/x/sync/singleflight"
)

// Engine ties the kv store and the catalog to GMS: it hands out the
// provider and sessions and keeps the few pieces of shared, non-transactional
// state (AUTO_INCREMENT sequences, hidden row IDs, counters).
type Engine struct {
	db  *kv.DB
	cat *catalog.Catalog

	namedLocks namedLocks // GET_LOCK's lock table (namedlocks.go)

	autoInc  autoIncSeqs // table ID -> *autoIncState, bounded (autoinc.go)
	rowIDSeq autoIncSeqs // table ID -> *autoIncState: ordered hidden row IDs, bounded (autoinc.go)
	// recounts: one recount of a table's rows at a time (rowcount.go).
	recounts singleflight.Group
	rowIDs   atomic.Uint64
	sessions sync.Map // connection ID -> *Session
	clones   sync.Map // connection ID -> *cloneRequest (clone.go)
	usage    sync.Map // schema ID -> *schemaUsage (usage.go)
	scans    ScanCounts
	snaps    sync.Map // token -> *retainedSnapshot (tenantdelta.go)

	// defaultCollation is what CREATE DATABASE without a collation gets.
	defaultCollation sql.CollationID

	metrics Metrics

	// locks: row and table locks of pessimistic transactions (locking.go).
	locks *locks.Table
	// lockNames and deadlock serve the lock views (lockview.go).
	lockNames lockNames
	deadlock  deadlockReport

	// builds: table ID -> *build, online index builds (ixbuild.go).
	builds sync.Map
	// bg runs resumed jobs; bgCtx ends them at shutdown, and closing
	// tells a build stopped by shutdown to stay resumable.
	bg       sync.WaitGroup
	bgCtx    context.Context
	bgCancel context.CancelFunc
	closing  atomic.Bool
	// fgHist: the foreground's transaction rate of the last seconds,
	// an index build's throttle reference (ixthrottle.go).
	fgHist fgHistory

	// mdl: metadata lock stripes (mdl.go).
	mdl *[mdlStripes]mdlStripe
	// swaps: table ID -> kv version by which the rewrite that gave the
	// table that ID had committed (rewrite.go, staleSnapshot); nswaps
	// counts them so the common case reads no map.
	swaps  sync.Map
	nswaps atomic.Int64
	// published: (table ID, index ID) -> kv version by which an online
	// build made the index public (staleIndex); npublished as nswaps.
	published  sync.Map
	npublished atomic.Int64
	// legacyBelow: tables with a lower ID may keep their AUTO_INCREMENT
	// counter in their data span, as stores before keys.AutoInc did
	// (autoincform.go).
	legacyBelow atomic.Uint64
}

// Metrics are engine-level counters for SHOW STATUS and Prometheus.
type Metrics struct {
	Commits     atomic.Int64
	Rollbacks   atomic.Int64
	Conflicts   atomic.Int64
	RowsRead    atomic.Int64
	RowsWritten atomic.Int64
}

// Options tune an engine.
type Options struct {
	// DefaultCollation is the collation of a database created without one.
	// Zero means go-mysql-server's default (utf8mb4_0900_bin); the server
	// uses MySQL 8's utf8mb4_0900_ai_ci.
	DefaultCollation sql.CollationID
}

// New returns an engine over an open kv store and catalog.
func New(db *kv.DB, cat *catalog.Catalog, opts Options) *Engine {
	defineLockVariables()
	defineTimeZoneVariable()
	e := &Engine{db: db, cat: cat, defaultCollation: opts.DefaultCollation, locks: locks.New(), mdl: new([mdlStripes]mdlStripe)}
	if e.defaultCollation == sql.Collation_Unspecified {
		e.defaultCollation = sql.Collation_Default
	}
	e.rowIDs.Store(uint64(nowNanos()))
	e.bgCtx, e.bgCancel = context.WithCancel(context.Background())
	go e.fgHist.sample(e.bgCtx, e.foregroundEnds)
	e.openAutoIncFormat()
	registerQuotaVariable()
	registerBuildVariables()
	return e
}

// Catalog returns the engine's dictionary.
func (e *Engine) Catalog() *catalog.Catalog { return e.cat }

// KV returns the engine's store.
func (e *Engine) KV() *kv.DB { return e.db }

// Metrics returns the engine's counters.
func (e *Engine) Metrics() *Metrics { return &e.metrics }

func lower(s string) string { return strings.ToLower(s) }
