package enginetest

import (
	"reflect"
	"strings"
	"testing"
	"unsafe"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
)

// Some GMS suites run their scripts without asking SkipQueryTest about the
// script name (the prepared-statement variants call TestScriptPrepared in a
// bare loop; TestTransactionScripts asks only about queries). For those the
// test functions below replicate GMS's loop over the same exported script
// list, with the same setup, and check the skip list by name first. The
// scripts themselves still run through GMS's own runners.

// skipReason reports whether q (a query, setup statement or script name) is
// on the harness's skip list, and why.
func (h *harness) skipReason(q string) (string, bool) {
	logAsked(h.name, q)
	r, ok := h.skipped[strings.ToLower(q)]
	return r, ok
}

// mustEngine builds the harness's next engine or stops the test.
func mustEngine(t *testing.T, h *harness) gmstest.QueryEngine {
	t.Helper()
	e, err := h.NewEngine(t)
	if err != nil {
		t.Fatalf("new engine: %v", err)
	}
	return e
}

// runScripts runs each script with GMS's TestScript or TestScriptPrepared,
// skipping listed script names with their reason.
func runScripts(t *testing.T, h *harness, scripts []queries.ScriptTest, prepared bool) {
	t.Helper()
	for _, s := range scripts {
		if reason, ok := h.skipReason(s.Name); ok {
			t.Run(s.Name, func(t *testing.T) { t.Skip(reason) })
			continue
		}
		if prepared {
			if s.SkipPrepared {
				continue
			}
			gmstest.TestScriptPrepared(t, h, s)
		} else {
			gmstest.TestScript(t, h, s)
		}
	}
}

// runTransactionScripts is GMS's TestTransactionScripts with the skip list
// also checked by script name.
func runTransactionScripts(t *testing.T, h *harness, scripts []queries.TransactionTest) {
	t.Helper()
	for _, s := range scripts {
		if reason, ok := h.skipReason(s.Name); ok {
			t.Run(s.Name, func(t *testing.T) { t.Skip(reason) })
			continue
		}
		gmstest.TestTransactionScript(t, h, s)
	}
}

// runJoinOps runs GMS's TestJoinOps one group at a time, without the
// queries on the skip list. TestJoinOps has no skip hook for single queries
// (only for setup statements, which would drop a whole group of hundreds of
// queries), and its group type is unexported, so the group is copied and
// its unexported query list filtered through reflection.
func runJoinOps(t *testing.T, h *harness) {
	t.Helper()
	groups := reflect.ValueOf(gmstest.DefaultJoinOpTests)
	for i := 0; i < groups.Len(); i++ {
		g := gmstest.DefaultJoinOpTests[i : i+1 : i+1]
		gv := reflect.ValueOf(&g[0]).Elem()
		name := gv.FieldByName("name").String()
		if reason, ok := h.skipReason(name); ok {
			t.Run(name, func(t *testing.T) { t.Skip(reason) })
			continue
		}
		tests := gv.FieldByName("tests")
		kept := reflect.MakeSlice(tests.Type(), 0, tests.Len())
		for j := 0; j < tests.Len(); j++ {
			q := tests.Index(j).FieldByName("Query").String()
			if reason, ok := h.skipReason(q); ok {
				t.Run(name+"/"+q, func(t *testing.T) { t.Skip(reason) })
				continue
			}
			kept = reflect.Append(kept, exported(tests.Index(j)))
		}
		if kept.Len() != tests.Len() {
			// Replace the copy's query list (g is a fresh one-element slice
			// backed by GMS's array, so copy the group value first).
			copied := reflect.New(gv.Type()).Elem()
			copied.Set(exported(gv))
			exported(copied.FieldByName("tests")).Set(kept)
			gs := reflect.MakeSlice(reflect.TypeOf(gmstest.DefaultJoinOpTests), 1, 1)
			gs.Index(0).Set(copied)
			runJoinOpGroup(t, h, gs)
			continue
		}
		gmstest.TestJoinOps(t, h, g)
	}
}

// runJoinOpGroup calls gmstest.TestJoinOps with a []joinOpTest held in a
// reflect.Value (the element type is unexported, so no typed variable can
// hold it).
func runJoinOpGroup(t *testing.T, h *harness, groups reflect.Value) {
	reflect.ValueOf(gmstest.TestJoinOps).Call([]reflect.Value{
		reflect.ValueOf(t), reflect.ValueOf(gmstest.Harness(h)), groups,
	})
}

// exported returns an assignable, interface-able view of the addressable
// value v, which may have been reached through unexported struct fields.
func exported(v reflect.Value) reflect.Value {
	if !v.CanAddr() {
		panic("enginetest: exported needs an addressable value")
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}
