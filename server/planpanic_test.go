package server

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	gmssql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/myriaddb/myriad/kv"
)

// TestPlanningPanicIsAnError: a panic while a statement is planned is
// that statement's error 1105 and the connection goes on (the protocol
// library closed it: "Lost connection", as FIRST_VALUE(x) OVER () did,
// issue #9). The panic is a fault injected into the server's real
// analyzer, an extra rule that panics on statements carrying a marker
// comment: the GMS panics this guards against get fixed where they are
// found, so none is left to trigger from SQL.
func TestPlanningPanicIsAnError(t *testing.T) {
	dir := t.TempDir()
	srv, err := Open(Config{Host: "127.0.0.1", Port: 0, Durability: kv.Async, DataDir: dir,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	const marker = "/* myriad-test-plan-panic */"
	// Before Serve: no statement is planned yet.
	a := srv.sqle.Analyzer
	b := a.Batches[len(a.Batches)-1]
	b.Rules = append(b.Rules, analyzer.Rule{Id: 11_460, Apply: func(ctx *gmssql.Context, _ *analyzer.Analyzer, n gmssql.Node,
		_ *plan.Scope, _ analyzer.RuleSelector, _ *gmssql.QueryFlags) (gmssql.Node, transform.TreeIdentity, error) {
		if strings.Contains(ctx.Query(), marker) {
			panic("injected planning panic")
		}
		return n, transform.SameTree, nil
	}})
	go srv.Serve()
	t.Cleanup(func() { srv.Close() })
	ts := &testServer{t: t, srv: srv, dir: dir}
	mustExec(t, ts.connect(""), "CREATE DATABASE d")
	for _, binary := range []bool{false, true} {
		db := zoneConn(t, ts, "+00:00", binary)
		db.SetMaxOpenConns(1)
		mustExec(t, db, "CREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY)")
		mustExec(t, db, "REPLACE INTO t VALUES (1), (2)")
		id := queryRows(t, db, "SELECT CONNECTION_ID()")[0][0]
		for _, q := range []string{
			"SELECT " + marker + " id FROM t WHERE id > ?",
			"SELECT " + marker + " COUNT(*) FROM t WHERE id > ? GROUP BY id",
		} {
			rows, err := db.Query(q, 0)
			if err == nil {
				rows.Close()
			}
			if err == nil || !strings.Contains(err.Error(), "1105") || !strings.Contains(err.Error(), "injected planning panic") {
				t.Errorf("binary=%v %s: %v, want error 1105 naming the panic", binary, q, err)
			}
			// The same connection answers the next statement.
			if got := joinRows(queryRows(t, db, "SELECT CONNECTION_ID(), COUNT(*) FROM t WHERE id > ?", 0)); got != id+" 2" {
				t.Errorf("binary=%v after %s: %s, want %s 2 (the same connection)", binary, q, got, id)
			}
		}
	}
}
