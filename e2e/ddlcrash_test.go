package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// sbtestDDL is sysbench's table with its secondary index declared inline, so
// one CREATE TABLE provisions both.
const sbtestDDL = "CREATE TABLE `%s`.`sbtest%d` (" +
	"id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, " +
	"c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, " +
	"PRIMARY KEY (id), KEY k_%d (k))"

const (
	ddlTablesPerSchema = 100
	ddlWorkers         = 4
	// Every table's definition is compared after a restart; rows are
	// written and read back in every table whose CREATE was in flight or
	// whose schema was interrupted, and in every ddlSampleEvery-th table
	// of the others (so the test stays within CI's time).
	ddlSampleEvery = 10
)

// ddlSchema is what one provisioning client knows about a schema.
type ddlSchema struct {
	name    string
	acked   bool         // CREATE DATABASE returned OK
	tables  map[int]bool // table number -> CREATE TABLE returned OK (false: sent, outcome unknown)
	checked bool         // verified after a restart
}

// TestKillDuringProvisioning provisions 100-table sysbench schemas from
// several clients (CREATE DATABASE, then CREATE TABLE sbtest1..100 each with
// its secondary index) in --durability sync, SIGKILLs the server at a random
// moment, runs `myriad check` on the crashed store and restarts it. Then
// every acknowledged CREATE DATABASE and CREATE TABLE is present, and every
// table present is complete: its definition is the one a clean CREATE gives
// and rows go in and come back out through its secondary index. Nothing
// half-created is visible. A final clean stop is checked too.
func TestKillDuringProvisioning(t *testing.T) {
	iterations := soakIterations(t, 3)
	s := StartServer(t, "--durability", "sync")
	db := s.DB("")
	// The reference definition: SHOW CREATE TABLE of a table created while
	// nothing crashed.
	mustExec(t, db, "CREATE DATABASE ddlref")
	mustExec(t, db, fmt.Sprintf(sbtestDDL, "ddlref", 1, 1))
	ref := queryRows(t, db, "SHOW CREATE TABLE ddlref.sbtest1")[0][1]
	if !strings.Contains(ref, "KEY `k_1` (`k`)") {
		t.Fatalf("reference definition lacks its index:\n%s", ref)
	}

	var all []*ddlSchema
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	for it := 1; it <= iterations; it++ {
		loadFor := 500*time.Millisecond + time.Duration(rng.Int63n(int64(time.Second)))
		schemas := provision(t, s, it, loadFor)
		all = append(all, schemas...)
		s.MustCheck(fmt.Sprintf("after the SIGKILL of iteration %d", it))
		s.Start()
		st := verifyProvisioning(t, s, all, ref)
		t.Logf("iteration %d: load %s; %d schemas (%d acknowledged), %d CREATE TABLE acknowledged, %d sent without an answer: %d of those present, %d absent",
			it, loadFor.Round(time.Millisecond), st.schemas, st.ackedSchemas, st.ackedTables, st.unknown, st.unknownPresent, st.unknown-st.unknownPresent)
		if st.ackedTables == 0 {
			t.Errorf("iteration %d: no CREATE TABLE was acknowledged before the kill", it)
		}
		if t.Failed() {
			return
		}
	}
	if code := s.Stop(); code != 0 {
		t.Fatalf("clean stop: exit %d", code)
	}
	// The rows the verification wrote have their index entries.
	s.MustCheck("after a clean stop")
}

// provision runs the clients for d, then SIGKILLs the server while they run.
func provision(t *testing.T, s *Server, it int, d time.Duration) []*ddlSchema {
	t.Helper()
	pool, err := sql.Open("mysql", s.DSN("", "timeout=5s&readTimeout=30s&writeTimeout=30s"))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var (
		mu      sync.Mutex
		schemas []*ddlSchema
		killed  atomic.Bool
		wg      sync.WaitGroup
		errMu   sync.Mutex
		errs    []string
	)
	ctx, cancel := context.WithTimeout(context.Background(), d+60*time.Second)
	defer cancel()
	for w := 0; w < ddlWorkers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			fail := func(format string, args ...any) {
				if !killed.Load() {
					errMu.Lock()
					errs = append(errs, fmt.Sprintf("worker %d: ", w)+fmt.Sprintf(format, args...))
					errMu.Unlock()
				}
			}
			for n := 0; !killed.Load() && ctx.Err() == nil; n++ {
				sc := &ddlSchema{name: fmt.Sprintf("tenant_%d_%d_%d", it, w, n), tables: map[int]bool{}}
				mu.Lock()
				schemas = append(schemas, sc)
				mu.Unlock()
				if _, err := pool.ExecContext(ctx, "CREATE DATABASE "+sc.name); err != nil {
					fail("CREATE DATABASE %s: %v", sc.name, err)
					return
				}
				mu.Lock()
				sc.acked = true
				mu.Unlock()
				for i := 1; i <= ddlTablesPerSchema; i++ {
					mu.Lock()
					sc.tables[i] = false
					mu.Unlock()
					if _, err := pool.ExecContext(ctx, fmt.Sprintf(sbtestDDL, sc.name, i, i)); err != nil {
						fail("CREATE TABLE %s.sbtest%d: %v", sc.name, i, err)
						return
					}
					mu.Lock()
					sc.tables[i] = true
					mu.Unlock()
				}
			}
		}(w)
	}
	time.Sleep(d)
	killed.Store(true)
	s.Kill()
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("clients did not stop within %s of the kill", 60*time.Second)
	}
	for i, e := range errs {
		if i == 10 {
			t.Errorf("... and %d more errors", len(errs)-10)
			break
		}
		t.Errorf("error before the kill: %s", e)
	}
	return schemas
}

type provisionStats struct {
	schemas, ackedSchemas, ackedTables, unknown, unknownPresent int
}

// verifyProvisioning checks every schema the clients touched, in all runs.
// Schemas verified after an earlier restart are only checked to still hold
// their tables.
func verifyProvisioning(t *testing.T, s *Server, schemas []*ddlSchema, ref string) (st provisionStats) {
	t.Helper()
	db := s.DB("")
	for _, sc := range schemas {
		rows, err := queryStrings(db, "SHOW TABLES FROM "+sc.name)
		if mysqlErrNo(err) == 1049 {
			if sc.acked {
				t.Errorf("%s: CREATE DATABASE was acknowledged but the schema is gone", sc.name)
			}
			if len(sc.tables) > 0 && anyTrue(sc.tables) {
				t.Errorf("%s: CREATE TABLE was acknowledged in a schema that does not exist", sc.name)
			}
			continue
		}
		if err != nil {
			t.Fatalf("SHOW TABLES FROM %s: %v", sc.name, err)
		}
		st.schemas++
		if sc.acked {
			st.ackedSchemas++
		}
		present := map[int]bool{}
		for _, r := range rows {
			var n int
			if _, err := fmt.Sscanf(r[0], "sbtest%d", &n); err != nil || fmt.Sprintf("sbtest%d", n) != r[0] {
				t.Errorf("%s: unexpected table %q", sc.name, r[0])
				continue
			}
			if _, sent := sc.tables[n]; !sent {
				t.Errorf("%s.%s: present but never created", sc.name, r[0])
			}
			present[n] = true
		}
		nums := make([]int, 0, len(sc.tables))
		for n := range sc.tables {
			nums = append(nums, n)
		}
		sort.Ints(nums)
		// The kill interrupted this schema's provisioning: all its tables
		// are exercised, not a sample.
		interrupted := !sc.acked || len(sc.tables) < ddlTablesPerSchema || !sc.tables[ddlTablesPerSchema]
		for _, n := range nums {
			acked := sc.tables[n]
			if acked {
				st.ackedTables++
			} else {
				st.unknown++
				if present[n] {
					st.unknownPresent++
				}
			}
			if acked && !present[n] {
				t.Errorf("%s.sbtest%d: CREATE TABLE was acknowledged but the table is gone", sc.name, n)
			}
			if present[n] && !sc.checked {
				checkSbtest(t, db, sc.name, n, ref, interrupted || !acked || n%ddlSampleEvery == 0)
			}
		}
		sc.checked = true
	}
	return st
}

func anyTrue(m map[int]bool) bool {
	for _, v := range m {
		if v {
			return true
		}
	}
	return false
}

// checkSbtest verifies that a table is complete: its definition equals the
// reference and, when use is set, a row goes in and comes back through the
// secondary index.
func checkSbtest(t *testing.T, db *sql.DB, schema string, n int, ref string, use bool) {
	t.Helper()
	want := strings.NewReplacer("`sbtest1`", fmt.Sprintf("`sbtest%d`", n), "`k_1`", fmt.Sprintf("`k_%d`", n)).Replace(ref)
	name := fmt.Sprintf("%s.sbtest%d", schema, n)
	got := queryRows(t, db, "SHOW CREATE TABLE "+name)[0][1]
	if got != want {
		t.Errorf("%s: definition after the crash:\n%s\nwant:\n%s", name, got, want)
		return
	}
	if !use {
		return
	}
	k := 1000 + n
	lookup := fmt.Sprintf("SELECT k, c FROM %s WHERE k = %d", name, k)
	var plan strings.Builder
	for _, r := range queryRows(t, db, "EXPLAIN PLAN "+lookup) {
		plan.WriteString(r[0] + "\n")
	}
	if !strings.Contains(plan.String(), fmt.Sprintf("IndexedTableAccess(sbtest%d)", n)) ||
		!strings.Contains(plan.String(), fmt.Sprintf("index: [sbtest%d.k]", n)) {
		t.Errorf("%s: the lookup by k does not use the secondary index:\n%s", name, plan.String())
	}
	mustExec(t, db, fmt.Sprintf("INSERT INTO %s (k, c, pad) VALUES (%d, 'crash-%s', 'pad')", name, k, schema))
	checkRows(t, db, lookup, fmt.Sprintf("%d\tcrash-%s\n", k, schema))
	checkRows(t, db, fmt.Sprintf("SELECT COUNT(*) FROM %s WHERE k BETWEEN %d AND %d", name, k-1, k+1), "1\n")
}
