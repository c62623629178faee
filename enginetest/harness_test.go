package enginetest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
	"github.com/dolthub/go-mysql-server/enginetest/scriptgen/setup"
	"github.com/dolthub/go-mysql-server/memory"
	gmsserver "github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/sirupsen/logrus"
	"gopkg.in/src-d/go-errors.v1"

	sqle "github.com/dolthub/go-mysql-server"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/joinorder"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/planfix"
	"github.com/myriaddb/myriad/sqlfunc"
)

// TestMain keeps GMS's per-statement logging (every failed statement is a
// logrus warning) out of the test output, and runs the tests in a scratch
// directory holding a copy of GMS's enginetest/testdata: the LOAD DATA, SELECT
// INTO OUTFILE and TLS suites use paths relative to the working directory.
func TestMain(m *testing.M) {
	logrus.SetLevel(logrus.ErrorLevel)
	os.Exit(runInScratchDir(m))
}

func runInScratchDir(m *testing.M) int {
	dir, err := os.MkdirTemp("", "myriad-enginetest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	if src := gmsTestdataDir(); src != "" {
		if err := os.CopyFS(filepath.Join(dir, "testdata"), os.DirFS(src)); err != nil {
			fmt.Fprintln(os.Stderr, "copy GMS testdata:", err)
			return 1
		}
	}
	if err := os.Chdir(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}

// gmsTestdataDir finds GMS's enginetest/testdata next to its source.
func gmsTestdataDir() string {
	pc := reflect.ValueOf(gmstest.NewContext).Pointer()
	file, _ := runtime.FuncForPC(pc).FileLine(pc)
	dir := filepath.Join(filepath.Dir(file), "testdata")
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return dir
	}
	return ""
}

// skip is one case the harness skips: a query, a setup statement or a
// script name (GMS's SkipQueryTest is asked about all three), and why.
type skip struct {
	query  string
	reason string
}

// store is one kv store with the catalog and engine over it.
type store struct {
	dir string
	db  *kv.DB
	eng *engine.Engine
}

func (s *store) close() {
	if s == nil {
		return
	}
	s.db.Close()
	os.RemoveAll(s.dir)
}

// harness implements gmstest.Harness and the optional interfaces that apply
// to Myriad. Each engine it builds runs over a fresh kv store (kv.Async) in
// a temporary directory, so no state leaks between engines.
type harness struct {
	t    *testing.T
	name string

	setupData []setup.SetupScript
	skipped   map[string]string // lower-cased query or script name -> reason

	mu      sync.Mutex
	cur     *store
	session *engine.Session
	stores  int
}

var (
	_ gmstest.Harness                 = (*harness)(nil)
	_ gmstest.SkippingHarness         = (*harness)(nil)
	_ gmstest.IndexHarness            = (*harness)(nil)
	_ gmstest.ForeignKeyHarness       = (*harness)(nil)
	_ gmstest.KeylessTableHarness     = (*harness)(nil)
	_ gmstest.TransactionHarness      = (*harness)(nil)
	_ gmstest.ClientHarness           = (*harness)(nil)
	_ gmstest.ServerHarness           = (*harness)(nil)
	_ gmstest.ReadOnlyDatabaseHarness = (*harness)(nil)
	_ gmstest.ValidatingHarness       = (*harness)(nil)
	_ gmstest.ResultEvaluationHarness = (*harness)(nil)
)

// newHarness returns a harness for one top-level test. skipLists are the
// reviewed lists of cases to skip (see skips_test.go).
func newHarness(t *testing.T, skipLists ...[]skip) *harness {
	h := &harness{t: t, name: t.Name(), skipped: map[string]string{}}
	for _, l := range skipLists {
		for _, s := range l {
			if s.reason == "" {
				t.Fatalf("skip of %q has no reason", s.query)
			}
			h.skipped[strings.ToLower(s.query)] = s.reason
		}
	}
	t.Cleanup(h.closeStore)
	return h
}

// openStore opens a fresh kv store (kv.Async, small caches, no background
// WAL sync: nothing here needs crash durability), catalog and engine.
func (h *harness) openStore() (*store, error) {
	h.stores++
	dir := filepath.Join(h.t.TempDir(), fmt.Sprintf("store%d", h.stores))
	db, err := kv.Open(dir, kv.Options{
		Durability:        kv.Async,
		CacheBytes:        8 << 20,
		MemTableBytes:     4 << 20,
		AsyncSyncInterval: -1,
		Logger:            slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		return nil, fmt.Errorf("open kv store: %w", err)
	}
	cat, err := catalog.Open(db, 64<<20)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open catalog: %w", err)
	}
	return &store{dir: dir, db: db, eng: engine.New(db, cat, engine.Options{})}, nil
}

func (h *harness) closeStore() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cur.close()
	h.cur = nil
	h.session = nil
}

// engine returns the current store's engine, opening a store if none is.
// GMS's harness methods that need it cannot return errors, so a store that
// fails to open panics (it only happens when the disk does).
func (h *harness) engine() *engine.Engine {
	e, err := h.tryEngine()
	if err != nil {
		panic(err)
	}
	return e
}

func (h *harness) tryEngine() (*engine.Engine, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cur == nil {
		s, err := h.openStore()
		if err != nil {
			return nil, err
		}
		h.cur = s
	}
	return h.cur.eng, nil
}

// Setup implements gmstest.Harness.
func (h *harness) Setup(scripts ...[]setup.SetupScript) {
	h.setupData = nil
	for _, s := range scripts {
		h.setupData = append(h.setupData, s...)
	}
}

// unsupportedSetup matches statements of the suites' shared setup data
// (harness.Setup, not the scripts' own SetUpScript) that need features
// Myriad does not have. They are dropped so the rest of the data still
// loads; queries that rely on them are in the skip lists.
var unsupportedSetup = []*regexp.Regexp{
	// Foreign keys (fk_tbl's fk1): engine.Table is not a sql.ForeignKeyTable.
	regexp.MustCompile(`(?is)^\s*alter\s+table\s+\S+\s+add\s+constraint\s+\S+\s+foreign\s+key`),
	// Vector and full-text indexes (comp_vector_index_t0's v_idx).
	regexp.MustCompile(`(?is)^\s*create\s+(vector|fulltext)\s+index`),
}

func (h *harness) filteredSetup() []setup.SetupScript {
	data := h.setupData
	if len(data) == 0 {
		data = setup.MydbData
	}
	out := make([]setup.SetupScript, 0, len(data))
	for _, script := range data {
		var kept setup.SetupScript
	stmts:
		for _, stmt := range script {
			for _, re := range unsupportedSetup {
				if re.MatchString(stmt) {
					continue stmts
				}
			}
			kept = append(kept, stmt)
		}
		out = append(out, kept)
	}
	return out
}

// NewEngine implements gmstest.Harness: a fresh store, then the setup
// scripts. The previous engine's store is closed; suites finish with an
// engine before they ask for the next one.
//
// The statistics provider is GMS's in-memory one, which is also what
// Myriad's server runs with. After setup the session is dropped, so the test
// starts on a fresh one, as with GMS's memory harness.
func (h *harness) NewEngine(t *testing.T) (gmstest.QueryEngine, error) {
	h.closeStore()
	eng, err := h.tryEngine()
	if err != nil {
		return nil, err
	}
	e, err := gmstest.NewEngine(t, h, eng.Provider(), h.filteredSetup(), memory.NewStatsProv())
	if err != nil {
		return nil, err
	}
	// The server's analyzer carries Myriad's plan corrections; so must GMS's suites.
	planfix.Install(e.Analyzer)
	joinorder.Install(e.Analyzer)
	// The engine reads TIMESTAMPs in the session's time zone; GMS's
	// UNIX_TIMESTAMP takes a TIMESTAMP(0) value for UTC.
	analyzer.ExternalFunctionProvider = sqlfunc.ZoneFunctions()
	if os.Getenv("MYRIAD_GREEDY_ALL") == "1" {
		// Every join of two or more tables through joinorder.Greedy.
		if err := sql.SystemVariables.SetGlobal(sql.NewEmptyContext(), "optimizer_search_depth", 1); err != nil {
			return nil, err
		}
	}
	h.mu.Lock()
	h.session = nil
	h.mu.Unlock()
	return e, nil
}

func (h *harness) newSession(base *sql.BaseSession) *engine.Session {
	return h.engine().NewSession(base)
}

// NewContext implements gmstest.Harness: contexts share the harness's
// current session until NewSession or a new engine replaces it.
func (h *harness) NewContext() *sql.Context {
	h.mu.Lock()
	s := h.session
	h.mu.Unlock()
	if s == nil {
		s = h.newSession(gmstest.NewBaseSession())
		h.mu.Lock()
		h.session = s
		h.mu.Unlock()
	}
	return sql.NewContext(context.Background(), sql.WithSession(s))
}

// NewSession implements gmstest.TransactionHarness.
func (h *harness) NewSession() *sql.Context {
	s := h.newSession(gmstest.NewBaseSession())
	h.mu.Lock()
	h.session = s
	h.mu.Unlock()
	return h.NewContext()
}

// NewContextWithClient implements gmstest.ClientHarness.
func (h *harness) NewContextWithClient(client sql.Client) *sql.Context {
	s := h.newSession(sql.NewBaseSessionWithClientServer("address", client, 1))
	return sql.NewContext(context.Background(), sql.WithSession(s))
}

// SessionBuilder implements gmstest.ServerHarness with the server's own
// session factory, bound at connection time to the current engine.
func (h *harness) SessionBuilder() gmsserver.SessionBuilder {
	return func(ctx context.Context, conn *mysql.Conn, addr string) (sql.Session, error) {
		return h.engine().NewSessionBuilder(nil)(ctx, conn, addr)
	}
}

// SkipQueryTest implements gmstest.SkippingHarness. GMS asks it about
// script names, setup statements and queries alike.
func (h *harness) SkipQueryTest(query string) bool {
	logAsked(h.name, query)
	_, ok := h.skipped[strings.ToLower(query)]
	return ok
}

// askLog, when $MYRIAD_ENGINETEST_ASKLOG names a file, receives every string
// SkipQueryTest is asked about as JSON lines ({"suite":..., "q":...}). It
// maps the sanitized subtest names of failures back to the exact strings
// the skip lists need.
var askLog struct {
	once sync.Once
	mu   sync.Mutex
	enc  *json.Encoder
}

func logAsked(suite, q string) {
	askLog.once.Do(func() {
		if p := os.Getenv("MYRIAD_ENGINETEST_ASKLOG"); p != "" {
			if f, err := os.Create(p); err == nil {
				askLog.enc = json.NewEncoder(f)
			}
		}
	})
	if askLog.enc == nil {
		return
	}
	askLog.mu.Lock()
	askLog.enc.Encode(map[string]string{"suite": suite, "q": q})
	askLog.mu.Unlock()
}

// SupportsNativeIndexCreation implements gmstest.IndexHarness.
func (h *harness) SupportsNativeIndexCreation() bool { return true }

// SupportsForeignKeys implements gmstest.ForeignKeyHarness: Myriad tables
// do not implement sql.ForeignKeyTable yet.
func (h *harness) SupportsForeignKeys() bool { return false }

// SupportsKeylessTables implements gmstest.KeylessTableHarness.
func (h *harness) SupportsKeylessTables() bool { return true }

// NewDatabases creates databases through Myriad's provider in the current
// store (used by helpers; Myriad has no versioned databases, so this is not
// the VersionedDBHarness method).
func (h *harness) NewDatabases(names ...string) []sql.Database {
	ctx := h.NewContext()
	p := h.engine().Provider()
	var out []sql.Database
	for _, name := range names {
		if err := runInTxn(ctx, func() error { return p.CreateDatabase(ctx, name) }); err != nil {
			h.t.Fatalf("create database %s: %v", name, err)
		}
		db, err := p.Database(ctx, name)
		if err != nil {
			h.t.Fatalf("database %s: %v", name, err)
		}
		out = append(out, db)
	}
	return out
}

// NewDatabaseProvider returns the provider of a fresh store.
func (h *harness) NewDatabaseProvider() sql.MutableDatabaseProvider {
	h.closeStore()
	return h.engine().Provider()
}

// runInTxn runs fn in a transaction of ctx's session and commits it.
func runInTxn(ctx *sql.Context, fn func() error) error {
	ts := ctx.Session.(sql.TransactionSession)
	tx, err := ts.StartTransaction(ctx, sql.ReadWrite)
	if err != nil {
		return err
	}
	ctx.SetTransaction(tx)
	defer ctx.SetTransaction(nil)
	if err := fn(); err != nil {
		ts.Rollback(ctx, tx)
		return err
	}
	return ts.CommitTransaction(ctx, tx)
}

// NewReadOnlyEngine implements gmstest.ReadOnlyDatabaseHarness: the same
// store, seen through a provider whose databases report IsReadOnly.
func (h *harness) NewReadOnlyEngine(provider sql.DatabaseProvider) (gmstest.QueryEngine, error) {
	p, ok := provider.(*engine.Provider)
	if !ok {
		return nil, fmt.Errorf("provider %T is not Myriad's", provider)
	}
	return gmstest.NewEngineWithProvider(nil, h, readOnlyProvider{p}), nil
}

// ValidateEngine implements gmstest.ValidatingHarness: after every
// statement, every table name a database lists must resolve to that table.
func (h *harness) ValidateEngine(ctx *sql.Context, e *sqle.Engine) error {
	for _, db := range e.Analyzer.Catalog.AllDatabases(ctx) {
		names, err := db.GetTableNames(ctx)
		if err != nil {
			return err
		}
		for _, name := range names {
			t, ok, err := db.GetTableInsensitive(ctx, name)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("table %s.%s is listed but not found", db.Name(), name)
			}
			if t.Name() != name {
				return fmt.Errorf("table %s.%s resolves to %s", db.Name(), name, t.Name())
			}
		}
	}
	return nil
}

// EvaluateQueryResults implements gmstest.ResultEvaluationHarness: GMS's
// default comparison (gmstest.CheckResults through a harness value that does
// not implement this interface), after one normalisation of a deliberate
// difference. Myriad's SHOW CREATE TABLE prints MySQL's "DEFAULT NULL" on
// every nullable column that has no other default; go-mysql-server prints it
// only when it was written. The clause means the same either way, so for
// SHOW CREATE TABLE it is removed from nullable column lines of both the
// expected and the actual rows. Nothing else is rewritten.
func (h *harness) EvaluateQueryResults(t *testing.T, expectedRows []sql.Row, expectedCols []*sql.Column, sch sql.Schema, actualRows []sql.Row, query string, _ queries.WrapBehavior) {
	t.Helper()
	if showCreateTable.MatchString(query) {
		expectedRows = withoutDefaultNull(expectedRows)
		actualRows = withoutDefaultNull(actualRows)
	}
	if truncateTable.MatchString(query) {
		// MySQL reports 0 rows affected for TRUNCATE TABLE (it drops and
		// recreates the table); go-mysql-server counts the rows. Myriad
		// answers as MySQL, so the expected count is MySQL's.
		expectedRows = withZeroRowsAffected(expectedRows)
	}
	gmstest.CheckResults(sql.NewEmptyContext(), t, plainHarness{h}, expectedRows, expectedCols, sch, actualRows, query, nil)
}

// EvaluateExpectedError implements gmstest.ResultEvaluationHarness as GMS's
// default does.
func (h *harness) EvaluateExpectedError(t *testing.T, expected string, err error) {
	t.Helper()
	if err == nil || err.Error() != expected {
		t.Fatalf("expected error %q, got %v", expected, err)
	}
}

// EvaluateExpectedErrorKind implements gmstest.ResultEvaluationHarness as
// GMS's default does.
func (h *harness) EvaluateExpectedErrorKind(t *testing.T, expected *errors.Kind, err error) {
	t.Helper()
	if !expected.Is(err) {
		t.Fatalf("Expected error of type %s but got %s", expected, err)
	}
}

// plainHarness hides the optional interfaces of the harness it wraps, so
// gmstest.CheckResults falls back to GMS's default comparison.
type plainHarness struct{ gmstest.Harness }

var truncateTable = regexp.MustCompile(`(?is)^\s*(/\*.*?\*/\s*)*truncate\b`)

// withZeroRowsAffected is rows with every OK result's affected count 0.
func withZeroRowsAffected(rows []sql.Row) []sql.Row {
	out := make([]sql.Row, len(rows))
	for i, r := range rows {
		out[i] = r
		if len(r) == 1 {
			if ok, isOK := r[0].(types.OkResult); isOK {
				ok.RowsAffected = 0
				out[i] = sql.Row{ok}
			}
		}
	}
	return out
}

var showCreateTable = regexp.MustCompile(`(?is)^\s*(/\*.*?\*/\s*)*show\s+create\s+table\b`)

// withoutDefaultNull removes the first " DEFAULT NULL" clause from each
// nullable column line ("  `name` type ...") of SHOW CREATE TABLE rows.
func withoutDefaultNull(rows []sql.Row) []sql.Row {
	out := make([]sql.Row, len(rows))
	for i, r := range rows {
		out[i] = r
		if len(r) != 2 {
			continue
		}
		stmt, ok := r[1].(string)
		if !ok {
			continue
		}
		lines := strings.Split(stmt, "\n")
		for j, line := range lines {
			if !strings.HasPrefix(line, "  `") || strings.Contains(line, "NOT NULL") {
				continue
			}
			switch {
			case strings.HasSuffix(line, " DEFAULT NULL"):
				lines[j] = strings.TrimSuffix(line, " DEFAULT NULL")
			case strings.HasSuffix(line, " DEFAULT NULL,"):
				lines[j] = strings.TrimSuffix(line, " DEFAULT NULL,") + ","
			default:
				lines[j] = strings.Replace(line, " DEFAULT NULL ", " ", 1)
			}
		}
		out[i] = sql.Row{r[0], strings.Join(lines, "\n")}
	}
	return out
}

// readOnlyProvider wraps Myriad's provider so its databases report
// IsReadOnly, which makes GMS refuse writes with ErrReadOnlyDatabase.
type readOnlyProvider struct{ p *engine.Provider }

type readOnlyDatabase struct{ *engine.Database }

func (readOnlyDatabase) IsReadOnly() bool { return true }

var _ sql.ReadOnlyDatabase = readOnlyDatabase{}

func wrapReadOnly(db sql.Database) sql.Database {
	if d, ok := db.(*engine.Database); ok {
		return readOnlyDatabase{d}
	}
	return db
}

func (r readOnlyProvider) Database(ctx *sql.Context, name string) (sql.Database, error) {
	db, err := r.p.Database(ctx, name)
	if err != nil {
		return nil, err
	}
	return wrapReadOnly(db), nil
}

func (r readOnlyProvider) HasDatabase(ctx *sql.Context, name string) bool {
	return r.p.HasDatabase(ctx, name)
}

func (r readOnlyProvider) AllDatabases(ctx *sql.Context) []sql.Database {
	dbs := r.p.AllDatabases(ctx)
	for i := range dbs {
		dbs[i] = wrapReadOnly(dbs[i])
	}
	return dbs
}

// TestWithoutDefaultNull pins the one normalisation EvaluateQueryResults
// applies.
func TestWithoutDefaultNull(t *testing.T) {
	in := "CREATE TABLE `t` (\n" +
		"  `a` int NOT NULL,\n" +
		"  `b` varchar(10) DEFAULT NULL,\n" +
		"  `c` int DEFAULT NULL COMMENT 'x',\n" +
		"  `d` bigint DEFAULT NULL\n" +
		") ENGINE=InnoDB"
	want := "CREATE TABLE `t` (\n" +
		"  `a` int NOT NULL,\n" +
		"  `b` varchar(10),\n" +
		"  `c` int COMMENT 'x',\n" +
		"  `d` bigint\n" +
		") ENGINE=InnoDB"
	got := withoutDefaultNull([]sql.Row{{"t", in}})[0][1]
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestHarnessDatabases checks the harness's own database helpers: databases
// made through Myriad's provider, and a provider over a fresh store.
func TestHarnessDatabases(t *testing.T) {
	h := newHarness(t)
	dbs := h.NewDatabases("mydb", "foo")
	if len(dbs) != 2 || dbs[0].Name() != "mydb" || dbs[1].Name() != "foo" {
		t.Fatalf("NewDatabases returned %v", dbs)
	}
	ctx := h.NewContext()
	if _, ok := dbs[0].(*engine.Database); !ok {
		t.Fatalf("database is a %T, not Myriad's", dbs[0])
	}
	if !h.engine().Provider().HasDatabase(ctx, "foo") {
		t.Fatal("foo not visible through the provider")
	}
	p := h.NewDatabaseProvider()
	if p.HasDatabase(h.NewContext(), "foo") {
		t.Fatal("NewDatabaseProvider did not start from a fresh store")
	}
}
