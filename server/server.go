package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	gms "github.com/dolthub/go-mysql-server"
	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/sirupsen/logrus"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/plans"
)

// Config is what `myriad serve` takes.
type Config struct {
	DataDir      string
	Host         string
	Port         int
	Durability   kv.Durability
	RootPassword string
	// CatalogCacheBytes bounds the memory of decoded table definitions.
	CatalogCacheBytes int64
	// BlockCacheBytes is the storage read cache.
	BlockCacheBytes int64
	MaxConnections  uint64
	// MetricsAddr, when set, serves Prometheus metrics at /metrics.
	MetricsAddr string
	// TLSCert and TLSKey are PEM files; when set, clients may use TLS.
	TLSCert, TLSKey string
	// AutoTLS: without TLSCert/TLSKey, offer TLS with a self-signed
	// certificate made in DataDir on the first start (MySQL 8's
	// auto_generate_certs; autocert.go).
	AutoTLS bool
	// NoTLS: offer no TLS at all (serve --skip-ssl), whatever AutoTLS says.
	NoTLS bool
	// RequireSecureTransport refuses clients without TLS (error 3159).
	RequireSecureTransport bool
	// MinFreeSpace is the free space, in bytes, kept in reserve on the data
	// directory's filesystem: writes fail with ER_RECORD_FILE_FULL (1114)
	// instead of using it, and resume once space is freed. 0: the larger of
	// 256 MiB and 1% of the filesystem; negative: no guard.
	MinFreeSpace int64
	// TxnSpillBytes is the size at which a transaction's write buffer is
	// written out to a sorted run under DataDir/txn-spill, bounding the
	// memory of huge transactions (0: kv.DefaultSpillBytes; negative:
	// never).
	TxnSpillBytes int64
	// PlanCacheBytes bounds the memory of cached prepared-statement plans
	// (package plans); 0: plans.DefaultBytes, negative: no plan cache.
	PlanCacheBytes int64
	Logger         *slog.Logger
}

// DefaultCatalogCacheBytes holds roughly 30,000 sysbench-sized decoded
// definitions (MySQL's table_definition_cache defaults to 2,000). Larger
// is not better by default: decoded definitions are pointer-rich objects the
// garbage collector marks on every cycle, and at 256 MiB that marking cost
// more than the misses it saved when inserting across a million tables
// (docs/BENCHMARKS.md); a miss is one point read and a ~3.5 us decode.
const DefaultCatalogCacheBytes = 64 << 20

// DefaultGCPercent is the Go collector's GOGC used when the environment does
// not set one: GMS allocates tens of KB per statement, so the default of
// 100 makes the collector run (and mark the definition cache) several
// times a second under load.
const DefaultGCPercent = 200

// DefaultBlockCacheBytes holds the compressed-on-disk, uncompressed-in-cache
// catalog records of a million sysbench tables (~300 MB) plus hot data, so a
// definition-cache miss is a memory read, not a file read.
const DefaultBlockCacheBytes = 1 << 30

// Server is a running instance.
type Server struct {
	cfg      Config
	log      *slog.Logger
	db       *kv.DB
	cat      *catalog.Catalog
	eng      *engine.Engine
	sqle     *gms.Engine
	srv      *gmsserver.Server
	listener net.Listener

	closeOnce sync.Once
	closeErr  error
	stopStats chan struct{}

	plans *plans.Cache // nil: off
	// singleRows counts cached executions spooled by spoolSingleRow.
	singleRows atomic.Int64
	// cachedRows counts cached multi-row executions spooled by spoolRows.
	cachedRows atomic.Int64
	// textRuns counts text-protocol statements served by the plan cache.
	textRuns atomic.Int64
	// fastDMLs counts DML statements run from cached plans (spoolOk).
	fastDMLs atomic.Int64
	// templateRuns counts INSERTs run from another table's plan of the
	// same shape (plantemplate.go).
	templateRuns atomic.Int64
	// unparsedRuns counts text INSERTs served without parsing
	// (textshape.go).
	unparsedRuns atomic.Int64
	// stopWarm ends the catalog warm-up (catalog.Warm), warmDone says it
	// ended.
	stopWarm, warmDone chan struct{}
	// ddl: CREATE TABLE templates (ddlfast.go).
	ddl   ddlCache
	auth  *authServer
	wires sync.Map // connection ID -> *wireConn (handler.go, timeouts.go)
	// prepLocking: conn ID -> *sync.Map of statement ID -> the locking
	// clause stripped from that prepared statement (locking.go).
	prepLocking sync.Map
	// calls: conn ID -> *callCapture, while the connection's CALL runs
	// (callresults.go); callQueue: conn ID -> *callQueue of result sets
	// still to send.
	calls, callQueue sync.Map
	// preSessions: conn ID -> the *sql.BaseSession made when the
	// connection was accepted, until its first command takes it over
	// (handler.go NewConnection, timeouts.go sessionBuilder).
	preSessions sync.Map
	// explainJSON: conn ID -> true while its EXPLAIN FORMAT=JSON runs
	// (explain.go).
	explainJSON sync.Map
	kills       *killList // GMS's process list + the server's own waits
	imports     sync.Map  // connection ID -> *pendingImport (tenantio.go)
	events      *events
	metrics     *http.Server
	metricsAddr net.Addr
}

// Open opens (or creates) the data directory and binds the listener; Serve
// starts answering.
func Open(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.CatalogCacheBytes <= 0 {
		cfg.CatalogCacheBytes = DefaultCatalogCacheBytes
	}
	if cfg.BlockCacheBytes <= 0 {
		cfg.BlockCacheBytes = DefaultBlockCacheBytes
	}
	if cfg.Host == "" {
		cfg.Host = "127.0.0.1"
	}
	// GMS logs through logrus; keep its per-query chatter (every failed
	// statement is a warning there) out of our logs.
	logrus.SetLevel(logrus.ErrorLevel)
	logrus.SetOutput(os.Stderr)

	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	start := time.Now()
	db, err := kv.Open(filepath.Join(cfg.DataDir, "store"), kv.Options{
		Durability: cfg.Durability, CacheBytes: cfg.BlockCacheBytes, Logger: cfg.Logger,
		MinFreeBytes: cfg.MinFreeSpace,
		SpillBytes:   cfg.TxnSpillBytes, SpillDir: filepath.Join(cfg.DataDir, "txn-spill"),
	})
	if err != nil {
		return nil, fmt.Errorf("open store: %w", err)
	}
	s := &Server{cfg: cfg, log: cfg.Logger, db: db}
	if err := s.init(); err != nil {
		db.Close()
		return nil, err
	}
	// Definition reads after a restart would read the catalog's blocks
	// from files; a quarter of the block cache holds 1M tables' records.
	s.stopWarm, s.warmDone = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(s.warmDone)
		n, b, err := s.cat.Warm(s.stopWarm, cfg.BlockCacheBytes/4)
		s.log.Debug("catalog warmed", "records", n, "bytes", b, "err", err)
	}()
	s.log.Info("myriad ready", "addr", s.Addr().String(), "data_dir", cfg.DataDir,
		"durability", cfg.Durability.String(), "startup", time.Since(start).Round(time.Millisecond).String())
	return s, nil
}

func (s *Server) init() error {
	cat, err := catalog.Open(s.db, s.cfg.CatalogCacheBytes)
	if err != nil {
		return fmt.Errorf("open catalog: %w", err)
	}
	s.cat = cat
	s.eng = engine.New(s.db, cat, engine.Options{DefaultCollation: DefaultCollation})

	a := analyzer.NewBuilder(s.eng.Provider()).Build()
	if err := s.eng.Install(a, engine.Rule{ID: engine.RuleHideMySQL, Name: "hideMySQL",
		Why:   "GMS lists the mysql schema in SHOW DATABASES to every user; MySQL only to users with a privilege on it",
		Apply: hideMySQL(a.Catalog.MySQLDb)}, engine.Rule{ID: engine.RuleCallResults, Name: "callResults",
		Why:   "GMS runs every SELECT of a procedure but returns only the last one's rows; MySQL sends each as a result set",
		Apply: s.callResultsRule}, engine.Rule{ID: ruleLoadData, Name: "loadData", Batch: "after-all",
		Why:   "GMS's LOAD DATA deletes escape characters instead of decoding them and splits fields at escaped terminators",
		Apply: loadDataRule}, engine.Rule{ID: ruleSetOpOffset, Name: "setOpOffset",
		Why:   "GMS's UNION skips its OFFSET's rows before its ORDER BY sorts them",
		Apply: setOpOffset}); err != nil {
		return err
	}
	a.ExecBuilder = &explainBuilder{inner: a.ExecBuilder, srv: s}
	useDoParser() // DO in routine and trigger bodies (do.go)
	s.sqle = gms.New(a, &gms.Config{})
	s.eng.SetNamedLocks(s.sqle.LS) // RELEASE_LOCK (sqlfunc/releaselock.go)
	// Typed temporal and DECIMAL literals as MySQL reads them (see sqlfunc.Parser).
	// (gms.New took GMS's global parser, which useDoParser made sqlfunc's.)
	s.sqle.Parser = viewSchemaParser{s.sqle.Parser} // and views read as s.v without a current database (handler.go)
	// Before the GMS server captures the process list (kill.go).
	s.kills = newKillList(s.sqle.ProcessList)
	s.sqle.ProcessList = s.kills
	if s.cfg.PlanCacheBytes >= 0 {
		registerSwitchVar(planCacheVar)
		registerSwitchVar(directDMLVar)
		s.plans = plans.New(s.cfg.PlanCacheBytes)
	}
	registerSwitchVar(ddlFastVar)
	useMySQLPacketDefault()
	refusePadCharMode()
	if err := sql.SystemVariables.AssignValues(map[string]any{
		"version": ServerVersion, "version_comment": "Myriad",
		"collation_server": DefaultCollation.Name(), "collation_database": DefaultCollation.Name(),
		"collation_connection": DefaultCollation.Name(),
		"character_set_server": "utf8mb4",
	}); err != nil {
		return err
	}
	if err := s.loadUsers(); err != nil {
		return err
	}
	tlsCfg, err := tlsConfig(s.cfg)
	if err != nil {
		return err
	}
	s.auth = newAuthServer(s.log, s.sqle.Analyzer.Catalog.MySQLDb, s.cfg.RequireSecureTransport)
	s.installAuthorization()

	s.events = newEvents()
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	s.listener = l
	srv, err := gmsserver.NewServerWithHandler(gmsserver.Config{
		Protocol: "tcp",
		Address:  l.Addr().String(),
		Listener: wireListener{newLimitListener(l, s.cfg.MaxConnections)},
		Version:  ServerVersion,

		TLSConfig:               tlsCfg,
		ProtocolListenerFactory: s.protocolListener,
	}, s.sqle, sql.NewContext, s.sessionBuilder(), s.events, s.wrapHandlers)
	if err != nil {
		l.Close()
		return err
	}
	s.srv = srv
	// Imports (and WITH DATA clones) a killed server left unfinished leave
	// rows no definition names: remove them before any new one can start.
	if n, err := s.eng.ReclaimImports(); err != nil {
		return fmt.Errorf("reclaim unfinished imports: %w", err)
	} else if n > 0 {
		s.log.Info("removed the rows of unfinished tenant imports and WITH DATA clones", "imports", n)
	}
	// Tables whose keys an older Myriad wrote in another key format are
	// rebuilt before any statement reads them (engine/keyformat.go).
	if n, failed, err := s.eng.UpgradeKeyFormat(); err != nil {
		return fmt.Errorf("upgrade key format: %w", err)
	} else if n > 0 || len(failed) > 0 {
		s.log.Info("rebuilt tables whose keys were in an older key format", "tables", n, "failed", failed)
	}
	// Index builds a previous run left unfinished continue in the
	// background (engine/ixbuild.go).
	if n, err := s.eng.ResumeJobs(); err != nil {
		return fmt.Errorf("resume DDL jobs: %w", err)
	} else if n > 0 {
		s.log.Info("resuming DDL jobs", "jobs", n)
	}
	// AUTO_INCREMENT counters an older build kept among each table's rows
	// move to their own span in the background; reads look in both places
	// until that is done (engine/autoincform.go).
	moveStart := time.Now()
	if s.eng.StartMovingLegacyCounters(func(n int, err error) {
		if err != nil {
			s.log.Warn("moving AUTO_INCREMENT counters stopped; the next start continues", "moved", n, "err", err)
			return
		}
		s.log.Info("moved AUTO_INCREMENT counters to their own span", "counters", n,
			"seconds", time.Since(moveStart).Round(time.Millisecond).Seconds())
	}) {
		s.log.Info("moving AUTO_INCREMENT counters to their own span in the background")
	}
	s.stopStats = make(chan struct{})
	go s.publishStatus(s.stopStats)
	if s.cfg.MetricsAddr != "" {
		if err := s.serveMetrics(s.cfg.MetricsAddr); err != nil {
			srv.Close()
			return fmt.Errorf("metrics on %s: %w", s.cfg.MetricsAddr, err)
		}
	}
	return nil
}

// DefaultCollation is MySQL 8's server default.
const DefaultCollation = sql.Collation_utf8mb4_0900_ai_ci

// ServerVersion is what clients see as the server version.
const ServerVersion = "8.0.33-myriad"

// Addr is the address the server listens on.
func (s *Server) Addr() net.Addr { return s.listener.Addr() }

// Engine exposes the storage engine (metrics, tests).
func (s *Server) Engine() *engine.Engine { return s.eng }

// Serve accepts connections until Close.
func (s *Server) Serve() error {
	return s.srv.Start()
}

// Close stops accepting connections, ends sessions and closes the store.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		if s.stopWarm != nil {
			close(s.stopWarm)
		}
		if s.stopStats != nil {
			close(s.stopStats)
		}
		if s.metrics != nil {
			s.metrics.Close()
		}
		if s.srv != nil {
			s.srv.Close()
		}
		if s.sqle != nil {
			s.sqle.Close() // cancels running queries
		}
		if s.eng != nil {
			s.eng.Shutdown()
		}
		if s.warmDone != nil {
			<-s.warmDone
		}
		s.closeErr = s.db.Close()
		s.log.Info("myriad stopped")
	})
	return s.closeErr
}

// ErrClosed is returned by Serve after Close.
var ErrClosed = errors.New("server closed")
