package engine_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	gms "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/kv"
)

// store is a real engine over a real kv store in a temp dir, wired to GMS
// the way server.init does, with one session for the statements.
type store struct {
	t    *testing.T
	dir  string
	kv   *kv.DB
	cat  *catalog.Catalog
	eng  *engine.Engine
	sqle *gms.Engine
	sess *engine.Session
	db   string // current database of the session
}

func newStore(t *testing.T) *store {
	t.Helper()
	s := &store{t: t, dir: t.TempDir(), db: "db"}
	s.open()
	t.Cleanup(s.close)
	s.exec("CREATE DATABASE db")
	return s
}

func (s *store) open() {
	s.t.Helper()
	// Async without background syncs: reopen closes the store cleanly, and
	// nothing here simulates a crash.
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := kv.Open(s.dir, kv.Options{Durability: kv.Async, AsyncSyncInterval: -1, CacheBytes: 8 << 20, Logger: log})
	if err != nil {
		s.t.Fatal(err)
	}
	cat, err := catalog.Open(db, 16<<20)
	if err != nil {
		db.Close()
		s.t.Fatal(err)
	}
	s.kv, s.cat = db, cat
	s.eng = engine.New(db, cat, engine.Options{DefaultCollation: sql.Collation_utf8mb4_0900_ai_ci})
	a := analyzer.NewBuilder(s.eng.Provider()).Build()
	if err := s.eng.Install(a); err != nil {
		s.t.Fatal(err)
	}
	s.sqle = gms.New(a, &gms.Config{})
	s.sess = s.eng.NewSession(sql.NewBaseSessionWithClientServer("test", sql.Client{User: "root", Address: "localhost"}, 1))
}

func (s *store) close() {
	if s.kv == nil {
		return
	}
	s.sess.SessionEnd()
	s.eng.Shutdown()
	if err := s.kv.Close(); err != nil {
		s.t.Error(err)
	}
	s.kv = nil
}

// sub points the store's checks at a subtest for the duration of f.
func (s *store) sub(t *testing.T, f func()) {
	parent := s.t
	s.t = t
	defer func() { s.t = parent }()
	f()
}

// reopen closes the store and opens it again from disk: a server restart.
func (s *store) reopen() {
	s.t.Helper()
	s.close()
	s.open()
}

func (s *store) ctx() *sql.Context {
	ctx := sql.NewContext(context.Background(), sql.WithSession(s.sess))
	ctx.SetCurrentDatabase(s.db)
	return ctx
}

// run runs one statement the way the protocol handler does (command begin
// and end around it) and returns its rows rendered as strings.
func (s *store) run(q string) ([]string, error) {
	if err := sql.SessionCommandBegin(s.sess); err != nil {
		return nil, err
	}
	defer sql.SessionCommandEnd(s.sess)
	ctx := s.ctx().WithQuery(q) // as the handler sets it: the provider reads it
	_, iter, _, err := s.sqle.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = render(ctx, r)
	}
	return out, nil
}

func render(ctx *sql.Context, r sql.Row) string {
	parts := make([]string, len(r))
	for i, v := range r {
		if v == nil {
			parts[i] = "NULL"
			continue
		}
		if w, ok := v.(sql.AnyWrapper); ok {
			v, _ = w.UnwrapAny(ctx)
		}
		if s, _, err := types.LongText.Convert(ctx, v); err == nil {
			v = s
		}
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, "|")
}

// exec runs statements that must succeed.
func (s *store) exec(qs ...string) {
	s.t.Helper()
	for _, q := range qs {
		if _, err := s.run(q); err != nil {
			s.t.Fatalf("%s: %v", q, err)
		}
	}
}

// query runs a statement that must succeed and returns its rows.
func (s *store) query(q string) []string {
	s.t.Helper()
	rows, err := s.run(q)
	if err != nil {
		s.t.Fatalf("%s: %v", q, err)
	}
	return rows
}

// want checks a query's rows, in order.
func (s *store) want(q string, rows ...string) {
	s.t.Helper()
	got := s.query(q)
	if strings.Join(got, "\n") != strings.Join(rows, "\n") {
		s.t.Fatalf("%s:\ngot  %q\nwant %q", q, got, rows)
	}
}

// fails runs a statement that must fail with MySQL error code code.
func (s *store) fails(q string, code int) {
	s.t.Helper()
	_, err := s.run(q)
	if err == nil {
		s.t.Fatalf("%s: succeeded, want error %d", q, code)
	}
	if got := errorCode(err); got != code {
		s.t.Fatalf("%s: error %d (%v), want %d", q, got, err, code)
	}
}

// errorCode is the MySQL error number a client would see for err.
func errorCode(err error) int {
	var se *mysql.SQLError
	if errors.As(err, &se) {
		return se.Number()
	}
	return sql.CastSQLError(err).Number()
}

// table is the committed definition of db.name.
func (s *store) table(name string) *catalog.Table {
	s.t.Helper()
	sch, err := s.cat.Schema(nil, s.db)
	if err != nil {
		s.t.Fatal(err)
	}
	t, err := s.cat.Table(nil, sch, name)
	if err != nil || t == nil {
		s.t.Fatalf("table %s.%s: %v", s.db, name, err)
	}
	return t
}

// entries counts the committed kv entries under one index of a table
// definition ("PRIMARY": its rows).
func (s *store) entries(t *catalog.Table, index string) int {
	s.t.Helper()
	id := uint32(catalog.PrimaryIndexID)
	if index != "PRIMARY" {
		i, ok := t.IndexByName(index)
		if !ok {
			s.t.Fatalf("%s has no index %s", t.Name, index)
		}
		id = t.Indexes[i].ID
	}
	return s.span(t.IndexPrefix(id))
}

// span counts the committed kv entries whose keys start with prefix.
func (s *store) span(prefix []byte) int {
	s.t.Helper()
	it, err := s.kv.NewIter(prefix, keyenc.PrefixEnd(prefix))
	if err != nil {
		s.t.Fatal(err)
	}
	defer it.Close()
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	if err := it.Error(); err != nil {
		s.t.Fatal(err)
	}
	return n
}

// consistent checks the raw store: every secondary index of table name
// holds exactly one entry per row, and the offline checker (which
// recomputes every entry from its row) finds nothing wrong anywhere.
func (s *store) consistent(name string, rows int) {
	s.t.Helper()
	t := s.table(name)
	if got := s.entries(t, "PRIMARY"); got != rows {
		s.t.Fatalf("%s: %d rows in the primary index, want %d", name, got, rows)
	}
	for _, ix := range t.Indexes {
		if got := s.entries(t, ix.Name); got != rows {
			s.t.Fatalf("%s: index %s has %d entries for %d rows", name, ix.Name, got, rows)
		}
	}
	rep, err := check.DB(s.kv, check.Options{})
	if err != nil {
		s.t.Fatal(err)
	}
	if !rep.OK() {
		var b strings.Builder
		rep.WriteTo(&b)
		s.t.Fatalf("myriad check:\n%s", b.String())
	}
}

// step is one statement of a script: it must fail with MySQL error err, or
// succeed (err 0) and, when rows is not nil, return exactly rows.
type step struct {
	q    string
	err  int
	rows []string
}

func (s *store) script(steps []step) {
	s.t.Helper()
	for _, st := range steps {
		switch {
		case st.err != 0:
			s.fails(st.q, st.err)
		case st.rows != nil:
			s.want(st.q, st.rows...)
		default:
			s.exec(st.q)
		}
	}
}

// rows spells a query's expected rows; rows() is "no rows" (not "unchecked").
func rows(r ...string) []string {
	if r == nil {
		return []string{}
	}
	return r
}

// scriptCase is a table-driven engine test: a script over one table, after
// which the table holds rowCount rows and its raw kv entries must agree.
type scriptCase struct {
	name     string
	steps    []step
	table    string
	rowCount int
}

func runScripts(t *testing.T, setup []string, cases []scriptCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore(t)
			s.exec(setup...)
			s.script(c.steps)
			s.consistent(c.table, c.rowCount)
		})
	}
}
