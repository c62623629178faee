package enginetest

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/scriptgen/setup"
	"github.com/dolthub/go-mysql-server/memory"
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/kv"
)

// TestDebug runs the statements in $MYRIAD_DEBUG_SQL (separated by ";;") and
// prints each result or error, for reproducing a failing case by hand:
//
//	MYRIAD_DEBUG_SQL='create table t (i int primary key);; select * from t' \
//	    go test ./enginetest/ -run '^TestDebug$' -v
//
// MYRIAD_DEBUG_SETUP=simple loads GMS's SimpleSetup tables first (default:
// just database mydb). MYRIAD_DEBUG_DIR keeps the kv store in that directory
// instead of a temporary one, so a second run (a new process) reopens it.
func TestDebug(t *testing.T) {
	q := os.Getenv("MYRIAD_DEBUG_SQL")
	if q == "" {
		t.Skip("MYRIAD_DEBUG_SQL not set")
	}
	h := newHarness(t)
	if os.Getenv("MYRIAD_DEBUG_SETUP") == "simple" {
		h.Setup(setup.SimpleSetup...)
	} else {
		h.Setup(setup.MydbData)
	}
	var e gmstest.QueryEngine
	if dir := os.Getenv("MYRIAD_DEBUG_DIR"); dir != "" {
		db, err := kv.Open(dir, kv.Options{Durability: kv.Sync, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		cat, err := catalog.Open(db, 64<<20)
		if err != nil {
			t.Fatal(err)
		}
		// The harness's sessions come from h.cur; the store is the caller's,
		// so it is detached again before the harness cleanup would remove it.
		h.cur = &store{db: db, eng: engine.New(db, cat, engine.Options{})}
		defer func() { h.mu.Lock(); h.cur, h.session = nil, nil; h.mu.Unlock() }()
		eng := gmstest.NewEngineWithProvider(t, h, h.cur.eng.Provider())
		eng.Analyzer.Catalog.StatsProvider = memory.NewStatsProv()
		e = eng
	} else {
		var err error
		if e, err = h.NewEngine(t); err != nil {
			t.Fatal(err)
		}
	}
	ctx := gmstest.NewContext(h)
	for _, s := range strings.Split(q, ";;") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		ctx = ctx.WithQuery(s)
		_, iter, _, err := e.Query(ctx, s)
		var rows []sql.Row
		if err == nil {
			rows, err = sql.RowIterToRows(ctx, iter)
		}
		fmt.Println(s)
		if err != nil {
			fmt.Printf("  ERROR: %v\n", err)
			continue
		}
		for _, r := range rows {
			fmt.Printf("  %v\n", r)
		}
	}
}
