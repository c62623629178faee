package server

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/myriaddb/myriad/plans"
	"os"
	"strings"
	"sync"
	"testing"
)

// result is everything a client sees of one execution.
type result struct {
	cols     string
	rows     string
	warnings string
	err      string
}

// runPrepared executes stmt with args on conn (a real COM_STMT_EXECUTE:
// go-sql-driver does not interpolate by default) and reads the warnings.
func runPrepared(t *testing.T, conn *sql.Conn, stmt *sql.Stmt, args ...any) result {
	t.Helper()
	rs, err := stmt.QueryContext(context.Background(), args...)
	return readResult(t, conn, rs, err)
}

// runText executes q with args on conn as the client sends it: with
// interpolateParams=true, go-sql-driver substitutes the values into the
// text and sends one COM_QUERY.
func runText(t *testing.T, conn *sql.Conn, q string, args ...any) result {
	t.Helper()
	rs, err := conn.QueryContext(context.Background(), q, args...)
	return readResult(t, conn, rs, err)
}

// readResult reads rs (the outcome of a query on conn) and conn's warnings.
func readResult(t *testing.T, conn *sql.Conn, rs *sql.Rows, err error) result {
	t.Helper()
	ctx := context.Background()
	var r result
	if err != nil {
		r.err = err.Error()
		return r
	}
	cts, _ := rs.ColumnTypes()
	var cb strings.Builder
	for _, ct := range cts {
		n, _ := ct.Nullable()
		l, _ := ct.Length()
		p, s, _ := ct.DecimalSize()
		fmt.Fprintf(&cb, "%s:%s:%v:%d:%d:%d ", ct.Name(), ct.DatabaseTypeName(), n, l, p, s)
	}
	r.cols = cb.String()
	var rb strings.Builder
	for rs.Next() {
		vals := make([]sql.NullString, len(cts))
		ptrs := make([]any, len(cts))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			if v.Valid {
				fmt.Fprintf(&rb, "%q,", v.String)
			} else {
				rb.WriteString("NULL,")
			}
		}
		rb.WriteString(";")
	}
	if err := rs.Err(); err != nil {
		r.err = err.Error()
	}
	rs.Close()
	r.rows = rb.String()
	w, err := conn.QueryContext(ctx, "SHOW WARNINGS")
	if err != nil {
		t.Fatal(err)
	}
	for w.Next() {
		var level, msg string
		var code int
		if err := w.Scan(&level, &code, &msg); err != nil {
			t.Fatal(err)
		}
		r.warnings += fmt.Sprintf("%s %d %s;", level, code, msg)
	}
	w.Close()
	return r
}

func setupPlanTable(t *testing.T, db *sql.DB) {
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, k INT NOT NULL, c VARCHAR(20), d DECIMAL(10,2), KEY k (k), KEY c (c))")
	var vals []string
	for i := 1; i <= 50; i++ {
		vals = append(vals, fmt.Sprintf("(%d, %d, '%s', %d.25)", i, i%7, []string{"a", "A", "b ", "B", "c"}[i%5], i))
	}
	mustExec(t, db, "INSERT INTO t VALUES "+strings.Join(vals, ","))
	mustExec(t, db, "CREATE TABLE u (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "INSERT INTO u VALUES (1, 3), (2, 6), (3, 9), (4, 12), (5, 15), (6, 30)")
}

// planCases are statement shapes with parameter sets, run through the
// cache and around it.
var planCases = []struct {
	q    string
	args [][]any
}{
	{"SELECT c FROM t WHERE id = ?", [][]any{{1}, {5}, {999}, {"3"}, {2.5}, {3.0}, {nil}, {-1}, {int64(1) << 40}, {"x"}, {"7abc"}}},
	{"SELECT id, k FROM t WHERE id BETWEEN ? AND ?", [][]any{{1, 10}, {5, 6}, {10, 1}, {40, 100}, {"2", "4"}, {1.5, 3.5}}},
	{"SELECT SUM(k) FROM t WHERE id BETWEEN ? AND ?", [][]any{{1, 10}, {20, 30}, {100, 200}}},
	{"SELECT c FROM t WHERE id BETWEEN ? AND ? ORDER BY c", [][]any{{1, 10}, {11, 14}}},
	{"SELECT DISTINCT c FROM t WHERE id BETWEEN ? AND ? ORDER BY c", [][]any{{1, 10}, {11, 20}}},
	{"SELECT id FROM t WHERE k = ? ORDER BY id", [][]any{{3}, {0}, {8}}},
	{"SELECT id, c FROM t WHERE c = ? ORDER BY id", [][]any{{"a"}, {"b"}, {"B "}, {"c  "}, {"z"}}},
	{"SELECT ? + 1, id FROM t WHERE id = ?", [][]any{{1, 2}, {2.5, 3}, {"9", 4}}},
	{"SELECT id FROM t WHERE id > ? ORDER BY id LIMIT ?", [][]any{{10, 3}, {45, 10}, {0, 0}}},
	{"SELECT id FROM t WHERE id IN (?, ?) ORDER BY id", [][]any{{1, 2}, {3, 300}, {4, 4}}},
	// An IN list over an unindexed column: GMS hashes the values.
	{"SELECT id FROM u WHERE n IN (?, ?, ?)", [][]any{{30, 15, 11}, {0, 3, 19}, {6, 9, 12}, {1, 2, 4}}},
	{"SELECT id FROM t WHERE d IN (?, ?, ?) ORDER BY id", [][]any{{"3.25", "4.25", "5.25"}, {"7.25", "1.25", "9"}, {"9", "8", "2.25"}}},
	{"SELECT COUNT(*) FROM t WHERE k >= ? AND id < ?", [][]any{{3, 20}, {0, 100}}},
	{"SELECT id FROM t WHERE id = ? AND k = ?", [][]any{{8, 1}, {8, 2}}},
	{"SELECT CONCAT(c, ?), d * ? FROM t WHERE id = ?", [][]any{{"x", 2, 1}, {"y", 0.5, 2}}},
	{"SELECT 1 / ?, id FROM t WHERE id = ?", [][]any{{0, 1}, {4, 2}}},
	{"SELECT id FROM t WHERE id <= ? AND id > ? ORDER BY id DESC", [][]any{{10, 5}, {3, 3}}},
	{"SELECT id FROM t WHERE d = ?", [][]any{{"3.25"}, {3.25}, {3}}},
	{"SELECT id, k, c, d FROM t WHERE id = ?", [][]any{{1}, {2}, {51}, {"2"}}},
	{"SELECT COUNT(*), SUM(d) FROM t WHERE id BETWEEN ? AND ?", [][]any{{1, 5}, {60, 70}}},
	{"SELECT CAST(c AS SIGNED), d / 0 FROM t WHERE id = ?", [][]any{{1}, {2}}},
}

// planCachePair starts a server with the plan tables in database pc and
// returns a pool (DSN params) and two of its connections: cached, and plain
// with the plan cache off, the reference.
func planCachePair(t *testing.T, params string) (*testServer, *sql.DB, *sql.Conn, *sql.Conn) {
	t.Helper()
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE pc")
	db := ts.connectWith("pc", params)
	setupPlanTable(t, db)
	conn := func() *sql.Conn {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	cached, plain := conn(), conn()
	mustExec(t, plain, "SET SESSION myriad_plan_cache = OFF")
	return ts, db, cached, plain
}

// TestPlanCacheMatchesUncached runs each statement shape with several
// parameter sets through the cache and with the cache off, on two
// connections, and compares everything the client sees.
func TestPlanCacheMatchesUncached(t *testing.T) {
	ts, _, cached, plain := planCachePair(t, "parseTime=false")
	ctx := context.Background()
	cases := planCases
	for _, tc := range cases {
		sc, err := cached.PrepareContext(ctx, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		sp, err := plain.PrepareContext(ctx, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.q, err)
		}
		// Twice over the parameter sets: the first round fills the cache.
		for round := 0; round < 2; round++ {
			for _, args := range tc.args {
				got := runPrepared(t, cached, sc, args...)
				want := runPrepared(t, plain, sp, args...)
				if got != want {
					t.Errorf("%s %v (round %d):\n cached   %+v\n uncached %+v", tc.q, args, round, got, want)
				}
			}
		}
		sc.Close()
		sp.Close()
	}
	if h := ts.srv.plans.Hits.Load(); h < 40 {
		t.Errorf("plan cache hits = %d, want most executions served from the cache", h)
	}
	if n := ts.srv.singleRows.Load(); n < 10 {
		t.Errorf("single-row spooler ran %d times, want the point lookups' second round through it", n)
	}
	if n, bad := plans.PointChecks.Load(), plans.PointMismatches.Load(); n < 20 || bad > 0 {
		t.Errorf("direct point ranges: %d compared with GMS's builder, %d differed", n, bad)
	}
}

// TestTextPlanCacheMatchesUncached is TestPlanCacheMatchesUncached over
// the text protocol: the values are in the statement's text, which the
// cache turns back into parameters (execCachedText).
func TestTextPlanCacheMatchesUncached(t *testing.T) {
	ts, db, cached, plain := planCachePair(t, "parseTime=false&interpolateParams=true")
	mustExec(t, db, "CREATE VIEW v AS SELECT id, c FROM t WHERE k > 2")
	cases := append(planCases[:len(planCases):len(planCases)], []struct {
		q    string
		args [][]any
	}{
		// Constants the cache must leave alone: named columns, positions,
		// function arguments, escapes, NULL.
		{"SELECT 5, id FROM t WHERE id = ?", [][]any{{1}, {2}}},
		{"SELECT id, c FROM t WHERE id < ? ORDER BY 2, 1", [][]any{{6}, {9}}},
		{"SELECT id FROM t WHERE c LIKE ? ESCAPE '!' ORDER BY id", [][]any{{"a%"}, {"B%"}}},
		{"SELECT id FROM t WHERE id = ABS(?)", [][]any{{-3}, {4}}},
		{"SELECT id FROM t WHERE c = ? OR (id BETWEEN ? AND ? AND k <> ?) ORDER BY id", [][]any{{"a", 1, 9, 2}, {"zz", 40, 45, 0}}},
		{"SELECT id FROM t WHERE ? < id AND id <= ? ORDER BY id", [][]any{{44, 47}, {"10", "12"}}},
		{"SELECT c FROM t WHERE id = ? AND c = ?", [][]any{{1, "A"}, {1, "a"}, {2, "b"}, {3, "b  "}}},
		{"SELECT id FROM t WHERE d IN (?, ?, ?) ORDER BY id", [][]any{{"3.25", 4.25, 5}, {"1.250", 2.2500, "x"}}},
		{"SELECT id FROM t WHERE id = ? LIMIT ?, ?", [][]any{{1, 0, 1}, {2, 1, 1}}},
		// Filters the engine pushes into information_schema tables.
		{"SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME", [][]any{{"pc"}, {"mysql"}, {"nope"}}},
		{"SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?", [][]any{{"pc", "t"}, {"pc", "v"}, {"pc", "nope"}}},
		{"SELECT id FROM v WHERE id < ? ORDER BY id", [][]any{{3}, {5}}},
		// Spellings that normalize alike but name their columns apart.
		{"SELECT COUNT(*), T.id FROM t AS T WHERE id = ? GROUP BY T.id", [][]any{{1}}},
		{"SELECT count( * ), t.ID FROM t AS t WHERE id = ? GROUP BY t.id", [][]any{{1}}},
		{"SELECT `id` FROM t WHERE id = ?", [][]any{{1}}},
		{"SELECT Id FROM t WHERE id = ?", [][]any{{1}}},
	}...)
	for _, tc := range cases {
		for round := 0; round < 2; round++ {
			for _, args := range tc.args {
				got := runText(t, cached, tc.q, args...)
				want := runText(t, plain, tc.q, args...)
				if got != want {
					t.Errorf("%s %v (round %d):\n cached   %+v\n uncached %+v", tc.q, args, round, got, want)
				}
			}
		}
	}
	if n := ts.srv.textRuns.Load(); n < 40 {
		t.Errorf("text statements served from the plan cache = %d, want most", n)
	}
}

// TestPlanCacheInvalidation changes the table between executions of one
// prepared statement: every change must show at once.
func TestPlanCacheInvalidation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE pc")
	db := ts.connectWith("pc", "parseTime=false")
	setupPlanTable(t, db)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	other := ts.connectWith("pc", "parseTime=false")
	star, err := conn.PrepareContext(ctx, "SELECT * FROM t WHERE id = ?")
	if err != nil {
		t.Fatal(err)
	}
	byC, err := conn.PrepareContext(ctx, "SELECT id FROM t WHERE c = ? ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	check := func(stmt *sql.Stmt, arg any, wantCols, wantRows string) {
		t.Helper()
		for i := 0; i < 2; i++ {
			r := runPrepared(t, conn, stmt, arg)
			if r.err != "" {
				t.Fatalf("error %s", r.err)
			}
			if n := strings.Count(r.cols, " "); fmt.Sprint(n) != wantCols {
				t.Fatalf("columns %q, want %s", r.cols, wantCols)
			}
			if wantRows != "" && r.rows != wantRows {
				t.Fatalf("rows %q, want %q", r.rows, wantRows)
			}
		}
	}
	check(star, 1, "4", `"1","1","A","1.25",;`)
	mustExec(t, other, "ALTER TABLE t ADD COLUMN e INT DEFAULT 7")
	check(star, 1, "5", `"1","1","A","1.25","7",;`)
	check(byC, "b", "1", `"3",;"8",;"13",;"18",;"23",;"28",;"33",;"38",;"43",;"48",;`)
	mustExec(t, other, "DROP INDEX c ON t")
	check(byC, "b", "1", `"3",;"8",;"13",;"18",;"23",;"28",;"33",;"38",;"43",;"48",;`)
	mustExec(t, other, "UPDATE t SET c = 'b' WHERE id = 1")
	check(byC, "b", "1", `"1",;"3",;"8",;"13",;"18",;"23",;"28",;"33",;"38",;"43",;"48",;`)
	mustExec(t, other, "CREATE INDEX c2 ON t (c)")
	check(byC, "b", "1", `"1",;"3",;"8",;"13",;"18",;"23",;"28",;"33",;"38",;"43",;"48",;`)
	mustExec(t, other, "ALTER TABLE t DROP COLUMN e")
	check(star, 1, "4", `"1","1","b","1.25",;`)
	mustExec(t, other, "DROP TABLE t")
	r := runPrepared(t, conn, star, 1)
	if !strings.Contains(r.err, "1146") {
		t.Fatalf("after DROP TABLE: %+v, want error 1146", r)
	}
	mustExec(t, other, "CREATE TABLE t (id INT PRIMARY KEY, z TEXT)")
	mustExec(t, other, "INSERT INTO t VALUES (1, 'new')")
	check(star, 1, "2", `"1","new",;`)
}

// TestPlanCacheConcurrent shares cached plans between connections (run
// with -race).
func TestPlanCacheConcurrent(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE pc")
	db := ts.connectWith("pc", "parseTime=false")
	setupPlanTable(t, db)
	db.SetMaxOpenConns(8)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			stmt, err := db.Prepare("SELECT id, k FROM t WHERE id BETWEEN ? AND ? ORDER BY id")
			if err != nil {
				errs <- err
				return
			}
			defer stmt.Close()
			for i := 0; i < 50; i++ {
				lo := 1 + (g*7+i)%45
				var n, sum int
				rows, err := stmt.Query(lo, lo+3)
				if err != nil {
					errs <- err
					return
				}
				for rows.Next() {
					var id, k int
					if err := rows.Scan(&id, &k); err != nil {
						errs <- err
						return
					}
					if id != lo+n || k != id%7 {
						errs <- fmt.Errorf("row %d,%d for range from %d", id, k, lo)
					}
					n++
					sum += id
				}
				rows.Close()
				if n != 4 {
					errs <- fmt.Errorf("range from %d: %d rows", lo, n)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if ts.srv.plans.Hits.Load() < 300 {
		t.Fatalf("hits = %d", ts.srv.plans.Hits.Load())
	}
}

func init() {
	// Every direct point range is compared with GMS's builder's
	// (TestPlanCacheMatchesUncached checks the count).
	plans.CheckPointRanges = true
	if os.Getenv("PLANS_DEBUG") != "" {
		plans.Debug = func(f string, a ...any) { fmt.Printf("WHY "+f+"\n", a...) }
	}
}

// TestPlanCachePrivileges: a plan cached for one account is not used by
// another, and REVOKE takes effect on the next execution of a cached plan.
func TestPlanCachePrivileges(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE pc")
	db := ts.connectWith("pc", "parseTime=false")
	setupPlanTable(t, db)
	mustExec(t, root, "CREATE USER 'a'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "CREATE USER 'b'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT SELECT ON pc.t TO 'a'@'%'")
	mustExec(t, root, "GRANT SELECT ON pc.* TO 'b'@'%'")
	mustExec(t, root, "REVOKE SELECT ON pc.* FROM 'b'@'%'")
	mustExec(t, root, "GRANT USAGE ON *.* TO 'b'@'%'")
	a := ts.mustLogin("a", "pw", "pc", "")
	const q = "SELECT c FROM t WHERE id = ?"
	// One prepared statement across the REVOKE: its executions are
	// COM_STMT_EXECUTEs of a plan cached before it.
	stmt, err := a.Prepare(q)
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	for i := 0; i < 3; i++ {
		var c string
		if err := stmt.QueryRow(1).Scan(&c); err != nil || c != "A" {
			t.Fatalf("a: %q %v", c, err)
		}
	}
	hits := ts.srv.plans.Hits.Load()
	if hits < 2 {
		t.Fatalf("hits = %d", hits)
	}
	b := ts.mustLogin("b", "pw", "", "")
	if _, err := b.Exec("USE pc"); err == nil {
		var c string
		err := b.QueryRow(q, 1).Scan(&c)
		if err == nil || !strings.Contains(err.Error(), "1142") {
			t.Fatalf("b without privileges: %q %v, want 1142", c, err)
		}
	}
	mustExec(t, root, "REVOKE SELECT ON pc.t FROM 'a'@'%'")
	var c string
	err = stmt.QueryRow(1).Scan(&c)
	if err == nil || !strings.Contains(err.Error(), "1142") {
		t.Fatalf("a after REVOKE: %q %v, want 1142", c, err)
	}
}
