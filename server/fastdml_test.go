package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"

	gsql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/plans"
)

// TestParamLiterals: the literals bindLiterals makes without GMS's binder
// have the binder's value and type.
func TestParamLiterals(t *testing.T) {
	ctx := gsql.NewEmptyContext()
	vals := []sqltypes.Value{sqltypes.NULL}
	for _, n := range []string{"0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
		"-32768", "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649",
		"4294967295", "4294967296", "9223372036854775807", "-9223372036854775808"} {
		vals = append(vals, sqltypes.NewInt64(0))
		vals[len(vals)-1] = sqltypes.MakeTrusted(sqltypes.Int64, []byte(n))
	}
	vals = append(vals, sqltypes.NewUint64(18446744073709551615), sqltypes.NewUint64(9223372036854775808),
		sqltypes.NewFloat64(2.5), sqltypes.NewFloat64(-1e300), sqltypes.NewFloat64(0),
		sqltypes.MakeTrusted(sqltypes.Decimal, []byte("1.25")), sqltypes.MakeTrusted(sqltypes.Decimal, []byte("-0.001")),
		sqltypes.MakeTrusted(sqltypes.Decimal, []byte("12345678901234567890.123456789")),
		sqltypes.NewVarChar("abc"), sqltypes.NewVarChar(""), sqltypes.NewVarBinary("\x00\xff"),
		sqltypes.MakeTrusted(sqltypes.Datetime, []byte("2024-01-02 03:04:05")))
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		vals = append(vals, sqltypes.NewInt64(rng.Int63()>>uint(rng.Intn(63))*int64(1-2*rng.Intn(2))))
	}
	for _, v := range vals {
		e, err := sqlparser.ExprFromValue(v)
		if err != nil {
			continue
		}
		b := planbuilder.New(ctx, nil, nil, nil)
		b.SetBindings(map[string]sqlparser.Expr{"v1": e})
		want := b.BindCtx().Bindings["v1"].(*expression.Literal)
		got, kind := paramLiteral(gsql.NewEmptyContext(), e)
		switch kind {
		case litOther:
			continue
		case litText:
			got = expression.NewLiteral(got.Value(), want.Type())
			// The collation is the context's (which other tests' global
			// settings may change); the kind must be LONGTEXT.
			if !types.IsTextOnly(want.Type()) || want.Type().MaxTextResponseByteLength(ctx) < 1<<31 {
				t.Errorf("%v: binder's type %s", v, want.Type())
			}
		}
		if got.Type().String() != want.Type().String() || fmt.Sprintf("%T %v", got.Value(), got.Value()) != fmt.Sprintf("%T %v", want.Value(), want.Value()) {
			t.Errorf("%v: got %#v (%s), binder %#v (%s)", v, got.Value(), got.Type(), want.Value(), want.Type())
		}
	}
}

// dmlOutcome is everything a client sees of one DML execution.
type dmlOutcome struct {
	affected, insertID, lastInsertID int64
	warnings, err                    string
}

func runDML(t *testing.T, conn *sql.Conn, stmt *sql.Stmt, args ...any) dmlOutcome {
	t.Helper()
	r, err := stmt.ExecContext(context.Background(), args...)
	return dmlResult(t, conn, r, err)
}

// dmlResult reads the outcome of a DML execution on conn.
func dmlResult(t *testing.T, conn *sql.Conn, r sql.Result, err error) dmlOutcome {
	t.Helper()
	var o dmlOutcome
	if err != nil {
		// dmlPair's two databases: messages naming them are alike.
		o.err = strings.NewReplacer("`fa`", "`db`", "`fb`", "`db`").Replace(err.Error())
	} else {
		o.affected, _ = r.RowsAffected()
		o.insertID, _ = r.LastInsertId()
	}
	rows, err := conn.QueryContext(context.Background(), "SHOW WARNINGS")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var level, msg string
		var code int
		if err := rows.Scan(&level, &code, &msg); err != nil {
			t.Fatal(err)
		}
		// An error row (listed since midstream2) names the schema.
		msg = strings.NewReplacer("`fa`", "`db`", "`fb`", "`db`").Replace(msg)
		o.warnings += fmt.Sprintf("%s %d %s;", level, code, msg)
	}
	rows.Close()
	if err := conn.QueryRowContext(context.Background(), "SELECT LAST_INSERT_ID()").Scan(&o.lastInsertID); err != nil {
		t.Fatal(err)
	}
	return o
}

// dmlPair starts a server with two databases holding the same sysbench
// table (plus a table with a collated key and one with an AUTO_INCREMENT
// key) and returns a connection with the plan cache into fa and one
// without it into fb: the same statements on both must do the same.
func dmlPair(t *testing.T, params ...string) (*testServer, *sql.DB, *sql.Conn, *sql.Conn) {
	t.Helper()
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	for _, db := range []string{"fa", "fb"} {
		mustExec(t, root, "CREATE DATABASE "+db)
		mustExec(t, root, "CREATE TABLE "+db+".sb (id INT NOT NULL, k INT NOT NULL DEFAULT 0, c CHAR(12) NOT NULL DEFAULT '', pad CHAR(6) NOT NULL DEFAULT '', PRIMARY KEY (id), KEY k_1 (k))")
		mustExec(t, root, "CREATE TABLE "+db+".ai (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, k TINYINT, s VARCHAR(5) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY s (s))")
		var vals []string
		for i := 1; i <= 40; i++ {
			vals = append(vals, fmt.Sprintf("(%d, %d, 'c%d', 'p')", i, i%5, i))
		}
		mustExec(t, root, "INSERT INTO "+db+".sb VALUES "+strings.Join(vals, ","))
	}
	conn := func(db string) *sql.Conn {
		pool := ts.connectWith(db, strings.Join(append([]string{"parseTime=false"}, params...), "&"))
		c, err := pool.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	cached, plain := conn("fa"), conn("fb")
	mustExec(t, plain, "SET SESSION myriad_plan_cache = OFF")
	return ts, root, cached, plain
}

// dmlCases are the sysbench write shapes and neighbours, each with
// parameter sets covering changed and unchanged rows, missing rows, type
// conversions, truncation, out-of-range values, NULLs and duplicate keys.
var dmlCases = []struct {
	q    string
	args [][]any
}{
	{"UPDATE sb SET k=k+1 WHERE id=?", [][]any{{1}, {2}, {999}, {"3"}, {2.5}, {4.0}, {nil}, {-1}}},
	{"UPDATE sb SET c=? WHERE id=?", [][]any{{"x", 1}, {"x", 1}, {"averyveryverylongvalue", 2}, {7, 3}, {nil, 4}, {"y", 1000}, {2.5, 5}}},
	{"UPDATE sb SET k=? WHERE id=?", [][]any{{5, 6}, {"12abc", 7}, {1 << 40, 8}, {"", 9}}},
	{"UPDATE sb SET k=k-?, pad=? WHERE id BETWEEN ? AND ?", [][]any{{1, "q", 10, 13}, {2, "r", 13, 10}, {0, "r", 1, 40}}},
	// A constant compared in an assignment must not pass for a parameter
	// converted to the column type when they happen to be equal.
	{"UPDATE sb SET k = (id = 15) WHERE id = ?", [][]any{{15}, {16}, {15}}},
	{"UPDATE sb SET k = IF(id > 17, 1, 2) WHERE id = ?", [][]any{{17}, {18}}},
	{"DELETE FROM sb WHERE id=?", [][]any{{11}, {11}, {"12"}, {12.0}, {nil}, {999}}},
	{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", [][]any{{100, 1, "a", "b"}, {100, 2, "c", "d"}, {101, "7", 8, 9},
		{102, 1, "waytoolongforchar12", "p"}, {103, nil, "a", "b"}, {0, 1, "zero", "z"}, {-5, 1 << 40, "", ""}, {"104", 2.5, "e", "f"}}},
	{"INSERT INTO ai (k, s) VALUES (?, ?)", [][]any{{1, "a"}, {2, "A"}, {3, "b "}, {300, "c"}, {4, "toolong"}, {nil, nil}, {5, "d"}}},
	{"INSERT INTO ai (id, k, s) VALUES (?, ?, ?)", [][]any{{0, 1, "e"}, {50, 2, "f"}, {0, 3, "g"}, {50, 4, "h"}, {nil, 5, "i"}, {"0", 6, "j"}}},
	{"UPDATE ai SET s=? WHERE id=?", [][]any{{"A", 2}, {"zz", 1}, {"ZZ", 1}, {"zz ", 1}, {"e", 52}}},
	{"DELETE FROM ai WHERE s=?", [][]any{{"B"}, {"zz"}, {"nope"}}},
}

// dump returns the rows of table tbl of database db.
func dump(t *testing.T, db *sql.DB, tbl string) string {
	t.Helper()
	var b strings.Builder
	for _, r := range queryRows(t, db, "SELECT * FROM "+tbl+" ORDER BY id") {
		b.WriteString(strings.Join(r, ",") + ";")
	}
	return b.String()
}

// TestFastDMLMatchesUncached runs each DML shape through cached plans and
// with the cache off, against identical tables, and compares what the
// client sees (affected rows, insert IDs, warnings, errors) and the rows
// left; then randomized rounds of the sysbench shapes.
func TestFastDMLMatchesUncached(t *testing.T) {
	t.Run("prepared", func(t *testing.T) { testFastDMLMatches(t, false) })
	// go-sql-driver puts the values into the text: the cache turns them
	// back into parameters (execCachedText).
	t.Run("text", func(t *testing.T) { testFastDMLMatches(t, true) })
}

func testFastDMLMatches(t *testing.T, text bool) {
	var params []string
	if text {
		params = append(params, "interpolateParams=true")
	}
	ts, root, cached, plain := dmlPair(t, params...)
	ctx := context.Background()
	run := func(q string, args [][]any) {
		t.Helper()
		if text {
			for _, a := range args {
				r1, err1 := cached.ExecContext(ctx, q, a...)
				got := dmlResult(t, cached, r1, err1)
				r2, err2 := plain.ExecContext(ctx, q, a...)
				if want := dmlResult(t, plain, r2, err2); got != want {
					t.Errorf("%s %v:\n cached   %+v\n uncached %+v", q, a, got, want)
				}
			}
			return
		}
		sc, err := cached.PrepareContext(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer sc.Close()
		sp, err := plain.PrepareContext(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer sp.Close()
		for _, a := range args {
			got, want := runDML(t, cached, sc, a...), runDML(t, plain, sp, a...)
			if got != want {
				t.Errorf("%s %v:\n cached   %+v\n uncached %+v", q, a, got, want)
			}
		}
	}
	for round := 0; round < 2; round++ {
		for _, tc := range dmlCases {
			run(tc.q, tc.args)
		}
	}
	rng := rand.New(rand.NewSource(7))
	str := func() string {
		b := make([]byte, rng.Intn(14))
		for i := range b {
			b[i] = "aAbB -z"[rng.Intn(7)]
		}
		return string(b)
	}
	for i := 0; i < 300; i++ {
		id := rng.Intn(60) - 5
		switch rng.Intn(4) {
		case 0:
			run("UPDATE sb SET k=k+1 WHERE id=?", [][]any{{id}})
		case 1:
			run("UPDATE sb SET c=? WHERE id=?", [][]any{{str(), id}})
		case 2:
			run("DELETE FROM sb WHERE id=?", [][]any{{id}})
		default:
			run("INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", [][]any{{id, rng.Intn(1000) - 500, str(), str()}})
		}
	}
	for _, tbl := range []string{"sb", "ai"} {
		if a, b := dump(t, root, "fa."+tbl), dump(t, root, "fb."+tbl); a != b {
			t.Errorf("%s differs:\n cached   %s\n uncached %s", tbl, a, b)
		}
	}
	if n := ts.srv.fastDMLs.Load(); n < 250 {
		t.Errorf("DML statements run from cached plans = %d, want most", n)
	}
	if bad := plans.PointMismatches.Load(); bad > 0 {
		t.Errorf("%d direct point ranges differed from GMS's builder's", bad)
	}
	if n := ts.srv.textRuns.Load(); text != (n > 250) {
		t.Errorf("text statements run from cached plans = %d", n)
	}
	// SHOW STATUS counts the cached executions as the binder does.
	var name string
	var n int
	if err := cached.QueryRowContext(ctx, "SHOW SESSION STATUS LIKE 'Com_update'").Scan(&name, &n); err != nil || n < 50 {
		t.Errorf("Com_update = %d %v", n, err)
	}
}

// TestFastDMLFallsBack: tables with triggers, foreign keys, CHECKs or
// generated columns, and statements outside the shapes, run on the general
// path, with the same results as without the cache.
func TestFastDMLFallsBack(t *testing.T) {
	ts, root, cached, plain := dmlPair(t)
	for _, db := range []string{"fa", "fb"} {
		mustExec(t, root, "CREATE TABLE "+db+".p (id INT PRIMARY KEY)")
		mustExec(t, root, "INSERT INTO "+db+".p VALUES (1), (2)")
		mustExec(t, root, "CREATE TABLE "+db+".ch (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES "+db+".p (id))")
		mustExec(t, root, "CREATE TABLE "+db+".ck (id INT PRIMARY KEY, n INT, CHECK (n < 10))")
		mustExec(t, root, "CREATE TABLE "+db+".log (id INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(20))")
		mustExec(t, root, "CREATE TABLE "+db+".tr (id INT PRIMARY KEY, n INT)")
		mustExec(t, root, "CREATE TRIGGER "+db+".tr_ai AFTER INSERT ON "+db+".tr FOR EACH ROW INSERT INTO "+db+".log (what) VALUES (CONCAT('ins ', NEW.id))")
	}
	cases := []struct {
		q    string
		args [][]any
	}{
		{"INSERT INTO ch (id, pid) VALUES (?, ?)", [][]any{{1, 1}, {2, 3}, {3, 2}}},
		{"DELETE FROM p WHERE id=?", [][]any{{1}, {2}}},
		{"UPDATE ck SET n=? WHERE id=?", [][]any{{5, 1}, {50, 1}}},
		{"INSERT INTO ck (id, n) VALUES (?, ?)", [][]any{{1, 1}, {2, 20}}},
		{"INSERT INTO tr (id, n) VALUES (?, ?)", [][]any{{1, 1}, {2, 2}}},
		{"INSERT IGNORE INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", [][]any{{1, 1, "a", "b"}}},
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE k=k+1", [][]any{{1, 1, "a", "b"}}},
		{"REPLACE INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", [][]any{{2, 1, "a", "b"}}},
		{"UPDATE sb SET k=k+1 WHERE id=? LIMIT 1", [][]any{{3}}},
		{"DELETE FROM sb WHERE id > ? ORDER BY id LIMIT 2", [][]any{{30}}},
		{"UPDATE sb SET k=? WHERE id=1 + ?", [][]any{{3, 1}}},
	}
	before := ts.srv.fastDMLs.Load()
	for round := 0; round < 2; round++ {
		for _, tc := range cases {
			sc, sp := preparePair(t, cached, plain, tc.q)
			for _, a := range tc.args {
				got, want := runDML(t, cached, sc, a...), runDML(t, plain, sp, a...)
				if got != want {
					t.Errorf("%s %v:\n cached   %+v\n uncached %+v", tc.q, a, got, want)
				}
			}
			sc.Close()
			sp.Close()
		}
	}
	if n := ts.srv.fastDMLs.Load() - before; n != 0 {
		t.Errorf("%d statements ran from cached DML plans; all should have taken the general path", n)
	}
	for _, tbl := range []string{"sb", "p", "ch", "ck", "tr", "log"} {
		if a, b := dump(t, root, "fa."+tbl), dump(t, root, "fb."+tbl); a != b {
			t.Errorf("%s differs:\n cached   %s\n uncached %s", tbl, a, b)
		}
	}
}

// TestFastDMLLocks: cached UPDATE/DELETE/INSERT plans take the row locks
// the analyzed statement takes: they wait for a transaction holding the
// row (1205 after innodb_lock_wait_timeout, as uncached), and concurrent
// SET k=k+1 from many connections lose no update.
func TestFastDMLLocks(t *testing.T) {
	ts, root, cached, plain := dmlPair(t)
	ctx := context.Background()
	for _, c := range []*sql.Conn{cached, plain} {
		mustExec(t, c, "SET SESSION innodb_lock_wait_timeout = 1")
	}
	stmts := []struct {
		q    string
		args []any
	}{
		{"UPDATE sb SET k=k+1 WHERE id=?", []any{5}},
		{"UPDATE sb SET c=? WHERE id=?", []any{"locked", 5}},
		{"DELETE FROM sb WHERE id=?", []any{5}},
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", []any{5, 1, "dup", "x"}},
	}
	for _, db := range []string{"fa", "fb"} {
		runs := ts.srv.fastDMLs.Load()
		holder, err := root.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		mustExec(t, holder, "BEGIN")
		mustExec(t, holder, "UPDATE "+db+".sb SET pad='held' WHERE id=5")
		conn := cached
		if db == "fb" {
			conn = plain
		}
		for round := 0; round < 2; round++ {
			for _, s := range stmts {
				st, err := conn.PrepareContext(ctx, s.q)
				if err != nil {
					t.Fatal(err)
				}
				o := runDML(t, conn, st, s.args...)
				st.Close()
				if o.err == "" || !strings.Contains(o.err, "1205") {
					t.Errorf("%s %s while the row is locked: %+v, want 1205", db, s.q, o)
				}
			}
		}
		mustExec(t, holder, "ROLLBACK")
		holder.Close()
		if n := ts.srv.fastDMLs.Load() - runs; db == "fa" && n < 6 {
			t.Errorf("%d of the lock waits ran from cached plans", n)
		}
	}
	// Duplicate keys once the lock is gone: same error from both.
	for _, c := range []*sql.Conn{cached, plain} {
		st, err := c.PrepareContext(ctx, stmts[3].q)
		if err != nil {
			t.Fatal(err)
		}
		o := runDML(t, c, st, stmts[3].args...)
		st.Close()
		if !strings.Contains(o.err, "1062") {
			t.Errorf("duplicate insert: %+v, want 1062", o)
		}
	}
	// No lost updates under concurrency through the cached plan.
	pool := ts.connectWith("fa", "parseTime=false")
	pool.SetMaxOpenConns(6)
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	const per = 40
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := pool.Prepare("UPDATE sb SET k=k+1 WHERE id=?")
			if err != nil {
				errs <- err
				return
			}
			defer st.Close()
			for i := 0; i < per; i++ {
				if _, err := st.Exec(20); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var k int
	if err := root.QueryRow("SELECT k FROM fa.sb WHERE id = 20").Scan(&k); err != nil {
		t.Fatal(err)
	}
	if want := 20%5 + 6*per; k != want {
		t.Fatalf("k = %d after %d concurrent increments, want %d (lost updates)", k, 6*per, want)
	}
}

// TestFastDMLInvalidation: DDL between executions of a cached DML plan
// takes effect at once (a new column's default, a dropped table, a
// trigger that now must fire).
func TestFastDMLInvalidation(t *testing.T) {
	ts, root, cached, _ := dmlPair(t)
	ctx := context.Background()
	ins, err := cached.PrepareContext(ctx, "INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)")
	if err != nil {
		t.Fatal(err)
	}
	defer ins.Close()
	upd, err := cached.PrepareContext(ctx, "UPDATE sb SET k=k+1 WHERE id=?")
	if err != nil {
		t.Fatal(err)
	}
	defer upd.Close()
	for i := 0; i < 3; i++ {
		if o := runDML(t, cached, ins, 200+i, 1, "a", "b"); o.err != "" {
			t.Fatal(o.err)
		}
		if o := runDML(t, cached, upd, 1); o.err != "" || o.affected != 1 {
			t.Fatalf("%+v", o)
		}
	}
	mustExec(t, root, "ALTER TABLE fa.sb ADD COLUMN e INT DEFAULT 7")
	mustExec(t, root, "CREATE TABLE fa.audit (n INT)")
	mustExec(t, root, "CREATE TRIGGER fa.sb_au AFTER UPDATE ON fa.sb FOR EACH ROW INSERT INTO fa.audit VALUES (NEW.k)")
	runs := ts.srv.fastDMLs.Load()
	if o := runDML(t, cached, ins, 210, 1, "a", "b"); o.err != "" {
		t.Fatal(o.err)
	}
	if o := runDML(t, cached, upd, 1); o.err != "" || o.affected != 1 {
		t.Fatalf("%+v", o)
	}
	if got := queryRows(t, root, "SELECT e FROM fa.sb WHERE id = 210"); len(got) != 1 || got[0][0] != "7" {
		t.Fatalf("new column after ALTER: %v", got)
	}
	if got := queryRows(t, root, "SELECT n FROM fa.audit"); len(got) != 1 || got[0][0] != "5" {
		t.Fatalf("trigger after CREATE TRIGGER: %v", got)
	}
	if n := ts.srv.fastDMLs.Load() - runs; n != 1 {
		t.Fatalf("%d cached DML runs after the DDL, want 1 (the insert; the update has a trigger now)", n)
	}
	mustExec(t, root, "DROP TABLE fa.sb")
	if o := runDML(t, cached, upd, 1); !strings.Contains(o.err, "1146") {
		t.Fatalf("after DROP TABLE: %+v, want 1146", o)
	}
}

// TestFastDMLTransactions: inside explicit transactions (a failed
// statement among them, ROLLBACK, a READ ONLY transaction) cached DML
// plans do what the general path does.
func TestFastDMLTransactions(t *testing.T) {
	ts, root, cached, plain := dmlPair(t)
	ctx := context.Background()
	steps := []struct {
		q    string
		args []any
	}{
		{"BEGIN", nil},
		{"UPDATE sb SET k=k+1 WHERE id=?", []any{1}},
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", []any{2, 0, "dup", ""}},
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", []any{300, 0, "new", ""}},
		{"DELETE FROM sb WHERE id=?", []any{3}},
		{"COMMIT", nil},
		{"BEGIN", nil},
		{"UPDATE sb SET c=? WHERE id=?", []any{"gone", 4}},
		{"DELETE FROM sb WHERE id=?", []any{5}},
		{"ROLLBACK", nil},
		{"START TRANSACTION READ ONLY", nil},
		{"UPDATE sb SET k=k+1 WHERE id=?", []any{6}},
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", []any{301, 0, "ro", ""}},
		{"COMMIT", nil},
		{"SET autocommit = 0", nil},
		{"UPDATE sb SET k=k+1 WHERE id=?", []any{7}},
		{"ROLLBACK", nil},
		{"SET autocommit = 1", nil},
	}
	before := ts.srv.fastDMLs.Load()
	for round := 0; round < 2; round++ {
		for _, s := range steps {
			if s.args == nil {
				mustExec(t, cached, s.q)
				mustExec(t, plain, s.q)
				continue
			}
			sc, err := cached.PrepareContext(ctx, s.q)
			if err != nil {
				t.Fatal(err)
			}
			sp, err := plain.PrepareContext(ctx, s.q)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := runDML(t, cached, sc, s.args...), runDML(t, plain, sp, s.args...); got != want {
				t.Errorf("round %d %s %v:\n cached   %+v\n uncached %+v", round, s.q, s.args, got, want)
			}
			sc.Close()
			sp.Close()
		}
	}
	if a, b := dump(t, root, "fa.sb"), dump(t, root, "fb.sb"); a != b {
		t.Errorf("rows differ:\n cached   %s\n uncached %s", a, b)
	}
	if n := ts.srv.fastDMLs.Load() - before; n < 15 {
		t.Errorf("%d statements ran from cached plans", n)
	}
}

// TestFastDMLPrivileges: a cached DML plan is per account, and REVOKE
// takes effect on the next execution.
func TestFastDMLPrivileges(t *testing.T) {
	ts, root, _, _ := dmlPair(t)
	mustExec(t, root, "CREATE USER 'w'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "CREATE USER 'r'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT SELECT, UPDATE ON fa.sb TO 'w'@'%'")
	mustExec(t, root, "GRANT SELECT ON fa.sb TO 'r'@'%'")
	const q = "UPDATE sb SET k=k+1 WHERE id=?"
	w := ts.mustLogin("w", "pw", "fa", "")
	stmt, err := w.Prepare(q)
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	for i := 0; i < 3; i++ {
		if _, err := stmt.Exec(1); err != nil {
			t.Fatal(err)
		}
	}
	if ts.srv.fastDMLs.Load() < 3 {
		t.Fatalf("cached runs = %d", ts.srv.fastDMLs.Load())
	}
	r := ts.mustLogin("r", "pw", "fa", "")
	if _, err := r.Exec(q, 1); err == nil || !strings.Contains(err.Error(), "1142") {
		t.Fatalf("r without UPDATE: %v, want 1142", err)
	}
	mustExec(t, root, "REVOKE UPDATE ON fa.sb FROM 'w'@'%'")
	if _, err := stmt.Exec(1); err == nil || !strings.Contains(err.Error(), "1142") {
		t.Fatalf("w after REVOKE: %v, want 1142", err)
	}
	if got := queryRows(t, root, "SELECT k FROM fa.sb WHERE id = 1"); got[0][0] != "4" {
		t.Fatalf("k = %v, want 4", got)
	}
}

// TestFastDMLKillWait: KILL QUERY ends a cached UPDATE's lock wait with
// 1317, and the connection stays usable.
func TestFastDMLKillWait(t *testing.T) {
	ts, root, cached, _ := dmlPair(t)
	ctx := context.Background()
	holder, err := root.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	st, err := cached.PrepareContext(ctx, "UPDATE sb SET k=k+1 WHERE id=?")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if o := runDML(t, cached, st, 9); o.err != "" {
		t.Fatal(o.err)
	}
	mustExec(t, holder, "BEGIN")
	mustExec(t, holder, "UPDATE fa.sb SET pad='held' WHERE id=9")
	var id int
	if err := cached.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	runs := ts.srv.fastDMLs.Load()
	done := make(chan error, 1)
	go func() { _, err := st.ExecContext(ctx, 9); done <- err }()
	time.Sleep(200 * time.Millisecond)
	mustExec(t, root, fmt.Sprintf("KILL QUERY %d", id))
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "1317") {
			t.Fatalf("killed wait: %v, want 1317", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("KILL QUERY did not end the wait")
	}
	if n := ts.srv.fastDMLs.Load() - runs; n != 1 {
		t.Fatalf("%d cached runs, want the killed one", n)
	}
	mustExec(t, holder, "COMMIT")
	if o := runDML(t, cached, st, 9); o.err != "" || o.affected != 1 {
		t.Fatalf("after the kill: %+v", o)
	}
	if got := queryRows(t, root, "SELECT k, pad FROM fa.sb WHERE id = 9"); got[0][0] != "6" || got[0][1] != "held" {
		t.Fatalf("row 9: %v, want k=6 (two increments), pad=held", got)
	}
}

// TestFastDMLDeadlock: two transactions updating two rows in opposite
// orders through cached plans: one is chosen as the deadlock victim
// (1213, its transaction rolled back), the other completes.
func TestFastDMLDeadlock(t *testing.T) {
	ts, _, _, _ := dmlPair(t)
	ctx := context.Background()
	pool := ts.connectWith("fa", "parseTime=false")
	var cs [2]*sql.Conn
	var sts [2]*sql.Stmt
	for i := range cs {
		c, err := pool.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		cs[i] = c
		if sts[i], err = c.PrepareContext(ctx, "UPDATE sb SET k=k+1 WHERE id=?"); err != nil {
			t.Fatal(err)
		}
		defer sts[i].Close()
		// Warm the cache so the statements below are hits.
		if _, err := sts[i].ExecContext(ctx, 30+i); err != nil {
			t.Fatal(err)
		}
		mustExec(t, c, "BEGIN")
	}
	runs := ts.srv.fastDMLs.Load()
	if _, err := sts[0].ExecContext(ctx, 21); err != nil {
		t.Fatal(err)
	}
	if _, err := sts[1].ExecContext(ctx, 22); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 2)
	go func() { _, err := sts[0].ExecContext(ctx, 22); errs <- err }()
	time.Sleep(100 * time.Millisecond)
	go func() { _, err := sts[1].ExecContext(ctx, 21); errs <- err }()
	var deadlocks, ok int
	for i := 0; i < 2; i++ {
		select {
		case err := <-errs:
			switch {
			case err == nil:
				ok++
			case strings.Contains(err.Error(), "1213"):
				deadlocks++
			default:
				t.Fatalf("unexpected error %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("no deadlock detected")
		}
	}
	if deadlocks != 1 || ok != 1 {
		t.Fatalf("%d deadlocks, %d completed; want one of each", deadlocks, ok)
	}
	if n := ts.srv.fastDMLs.Load() - runs; n != 4 {
		t.Fatalf("%d cached runs, want 4", n)
	}
	for _, c := range cs {
		mustExec(t, c, "COMMIT")
	}
}
