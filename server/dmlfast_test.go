package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"
)

// directPair is dmlPair with both connections on the plan cache: direct
// runs cached single-row UPDATE/DELETE with engine.DirectDML, general runs
// the same cached plans through GMS's iterators (myriad_direct_dml = OFF).
func directPair(t *testing.T, params ...string) (*testServer, *sql.DB, *sql.Conn, *sql.Conn) {
	t.Helper()
	ts, root, direct, general := dmlPair(t, params...)
	mustExec(t, general, "SET SESSION myriad_plan_cache = ON")
	mustExec(t, general, "SET SESSION myriad_direct_dml = OFF")
	return ts, root, direct, general
}

// lockWaitConn is a connection from pool whose lock waits give up after a
// second, so tests of blocked statements see 1205 quickly; with direct
// false its cached DML runs through GMS's iterators instead of
// engine.DirectDML.
func lockWaitConn(t *testing.T, pool *sql.DB, direct bool) *sql.Conn {
	t.Helper()
	c, err := pool.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	mustExec(t, c, "SET SESSION innodb_lock_wait_timeout = 1")
	if !direct {
		mustExec(t, c, "SET SESSION myriad_direct_dml = OFF")
	}
	return c
}

// preparePair prepares q on both connections of a pair, so each argument
// list can run on both and the outcomes be compared; the caller closes
// both statements.
func preparePair(t *testing.T, a, b *sql.Conn, q string) (*sql.Stmt, *sql.Stmt) {
	t.Helper()
	ctx := context.Background()
	sa, err := a.PrepareContext(ctx, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	sb, err := b.PrepareContext(ctx, q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return sa, sb
}

// directOutcome is what a client sees of one statement: dmlResult's
// affected rows, insert ID, warnings, error and LAST_INSERT_ID(), or (when
// counts is set) ROW_COUNT() and FOUND_ROWS() right after it, which
// reading the warnings first would reset.
func directOutcome(t *testing.T, conn *sql.Conn, counts bool, r sql.Result, err error) string {
	t.Helper()
	// The schema's name is in the messages of errors (and, since
	// midstream2, of SHOW WARNINGS' Error rows).
	norm := strings.NewReplacer("`fa`", "`db`", "`fb`", "`db`")
	if !counts {
		return norm.Replace(fmt.Sprintf("%+v", dmlResult(t, conn, r, err)))
	}
	var rc, fr int64
	if qerr := conn.QueryRowContext(context.Background(), "SELECT ROW_COUNT(), FOUND_ROWS()").Scan(&rc, &fr); qerr != nil {
		t.Fatal(qerr)
	}
	var affected int64
	if err == nil {
		affected, _ = r.RowsAffected()
	}
	out := fmt.Sprintf("affected %d err %v row_count %d found_rows %d", affected, err, rc, fr)
	return norm.Replace(out)
}

// TestDirectDMLMatchesGeneral: random single-row UPDATE/DELETE/INSERT
// (prepared and text, autocommit and in transactions that commit or roll
// back, strict and non-strict sql_mode, with and without CLIENT_FOUND_ROWS)
// give the same results, warnings, errors and rows with the direct
// executor as through GMS's iterators; and the direct executor ran most of
// the UPDATEs and DELETEs.
func TestDirectDMLMatchesGeneral(t *testing.T) {
	for _, v := range []struct {
		name   string
		params []string
	}{
		{"prepared", nil},
		{"text", []string{"interpolateParams=true"}},
		{"foundrows", []string{"clientFoundRows=true"}},
	} {
		t.Run(v.name, func(t *testing.T) { testDirectDMLMatches(t, v.params...) })
	}
}

func testDirectDMLMatches(t *testing.T, params ...string) {
	_, root, direct, general := directPair(t, params...)
	ctx := context.Background()
	rng := rand.New(rand.NewSource(int64(len(strings.Join(params, "")))))
	str := func() string {
		b := make([]byte, rng.Intn(15))
		for i := range b {
			b[i] = "aAbB -z"[rng.Intn(7)]
		}
		return string(b)
	}
	num := func() any {
		switch rng.Intn(8) {
		case 0:
			return nil
		case 1:
			return "12abc"
		case 2:
			return int64(1) << 40
		case 3:
			return 300
		case 4:
			return -129
		case 5:
			return "x"
		}
		return rng.Intn(200) - 50
	}
	id := func() any {
		switch rng.Intn(12) {
		case 0:
			return nil
		case 1:
			return fmt.Sprint(rng.Intn(45))
		case 2:
			return float64(rng.Intn(45)) + 0.5
		}
		return rng.Intn(50) - 3
	}
	shapes := []struct {
		q    string
		args func() []any
	}{
		{"UPDATE sb SET k=k+1 WHERE id=?", func() []any { return []any{id()} }},
		{"UPDATE sb SET c=? WHERE id=?", func() []any {
			if rng.Intn(6) == 0 {
				return []any{nil, id()}
			}
			return []any{str(), id()}
		}},
		{"UPDATE sb SET k=? WHERE id=?", func() []any { return []any{num(), id()} }},
		{"UPDATE sb SET k=k*?, pad=? WHERE id=?", func() []any { return []any{[]any{2, 1 << 62, -1, 0}[rng.Intn(4)], str(), id()} }},
		{"UPDATE sb SET c=?, k=? WHERE id=? AND k=?", func() []any { return []any{str(), num(), id(), rng.Intn(5)} }},
		{"DELETE FROM sb WHERE id=?", func() []any { return []any{id()} }},
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", func() []any { return []any{id(), num(), str(), str()} }},
		{"INSERT INTO ai (k, s) VALUES (?, ?)", func() []any { return []any{num(), str()} }},
		{"UPDATE ai SET s=? WHERE id=?", func() []any { return []any{str(), id()} }},
		{"UPDATE ai SET k=k+? WHERE id=?", func() []any { return []any{[]any{1, 100, -200, nil}[rng.Intn(4)], id()} }},
		{"DELETE FROM ai WHERE id=?", func() []any { return []any{id()} }},
	}
	prepared := map[string][2]*sql.Stmt{}
	text := strings.Contains(strings.Join(params, ""), "interpolate")
	for _, s := range shapes {
		a, err := direct.PrepareContext(ctx, s.q)
		if err != nil {
			t.Fatal(err)
		}
		b, err := general.PrepareContext(ctx, s.q)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		defer b.Close()
		prepared[s.q] = [2]*sql.Stmt{a, b}
	}
	both := func(q string) {
		t.Helper()
		mustExec(t, direct, q)
		mustExec(t, general, q)
	}
	before, insertsBefore := directDMLs.Load(), directInserts.Load()
	directable, inserts := 0, 0
	n := 0
	for round := 0; round < 60; round++ {
		mode := []string{"STRICT_TRANS_TABLES", "", "STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION"}[round%3]
		both("SET SESSION sql_mode = '" + mode + "'")
		txn := rng.Intn(3) // 0 autocommit, 1 commit, 2 rollback
		if txn > 0 {
			both("BEGIN")
		}
		for i := 0; i < 8; i++ {
			s := shapes[rng.Intn(len(shapes))]
			args := s.args()
			counts := rng.Intn(2) == 0
			var got, want string
			if text {
				r1, err1 := direct.ExecContext(ctx, s.q, args...)
				got = directOutcome(t, direct, counts, r1, err1)
				r2, err2 := general.ExecContext(ctx, s.q, args...)
				want = directOutcome(t, general, counts, r2, err2)
			} else {
				st := prepared[s.q]
				r1, err1 := st[0].ExecContext(ctx, args...)
				got = directOutcome(t, direct, counts, r1, err1)
				r2, err2 := st[1].ExecContext(ctx, args...)
				want = directOutcome(t, general, counts, r2, err2)
			}
			if got != want {
				t.Errorf("%s %v (sql_mode %q, txn %d):\n direct  %s\n general %s", s.q, args, mode, txn, got, want)
			}
			if !strings.HasPrefix(s.q, "INSERT") {
				directable++
			} else {
				inserts++
			}
			n++
		}
		switch txn {
		case 1:
			both("COMMIT")
		case 2:
			both("ROLLBACK")
		}
	}
	for _, tbl := range []string{"sb", "ai"} {
		if a, b := dump(t, root, "fa."+tbl), dump(t, root, "fb."+tbl); a != b {
			t.Errorf("%s differs:\n direct  %s\n general %s", tbl, a, b)
		}
	}
	// Some UPDATE/DELETEs take the general path (id = NULL, id = 2.5,
	// values the cached plan cannot take); most must be direct.
	if ran := directDMLs.Load() - before; ran < int64(directable)/2 {
		t.Errorf("direct executor ran %d of %d UPDATE/DELETEs", ran, directable)
	}
	if ran := directInserts.Load() - insertsBefore; ran < int64(inserts)/2 {
		t.Errorf("direct INSERT ran %d of %d INSERTs", ran, inserts)
	}
}

// TestDirectDMLLocks: two connections update the same row through the
// direct executor: the second waits for the first's transaction, gets 1205
// after innodb_lock_wait_timeout, goes ahead once the first commits, and of
// two transactions locking two rows in opposite orders one gets 1213 and
// the other completes.
func TestDirectDMLLocks(t *testing.T) {
	ts, _, _, _ := directPair(t)
	ctx := context.Background()
	pool := ts.connectWith("fa", "parseTime=false")
	a, b := lockWaitConn(t, pool, true), lockWaitConn(t, pool, true)
	prep := func(c *sql.Conn) *sql.Stmt {
		st, err := c.PrepareContext(ctx, "UPDATE sb SET k=k+1 WHERE id=?")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	ua, ub := prep(a), prep(b)
	before := directDMLs.Load()

	mustExec(t, a, "BEGIN")
	if _, err := ua.ExecContext(ctx, 5); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err := ub.ExecContext(ctx, 5)
	if err == nil || !strings.Contains(err.Error(), "1205") {
		t.Fatalf("second update of a locked row: %v, want 1205", err)
	}
	if d := time.Since(start); d < 900*time.Millisecond {
		t.Errorf("1205 after %v, want after innodb_lock_wait_timeout (1 s)", d)
	}
	// The waiter goes ahead when the holder commits.
	done := make(chan error, 1)
	go func() {
		_, err := ub.ExecContext(ctx, 5)
		done <- err
	}()
	time.Sleep(200 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("update did not wait for the row lock: %v", err)
	default:
	}
	mustExec(t, a, "COMMIT")
	if err := <-done; err != nil {
		t.Fatalf("waiter after commit: %v", err)
	}
	var k int
	// Row 5 starts with k = 5 % 5 = 0; both increments count.
	if err := a.QueryRowContext(ctx, "SELECT k FROM sb WHERE id = 5").Scan(&k); err != nil || k != 2 {
		t.Errorf("k = %d (%v), want 2: both increments", k, err)
	}

	// Deadlock: a holds 1 and wants 2, b holds 2 and wants 1.
	mustExec(t, a, "SET SESSION innodb_lock_wait_timeout = 20")
	mustExec(t, b, "SET SESSION innodb_lock_wait_timeout = 20")
	mustExec(t, a, "BEGIN")
	mustExec(t, b, "BEGIN")
	if _, err := ua.ExecContext(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := ub.ExecContext(ctx, 2); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); _, errs[0] = ua.ExecContext(ctx, 2) }()
	time.Sleep(100 * time.Millisecond)
	go func() { defer wg.Done(); _, errs[1] = ub.ExecContext(ctx, 1) }()
	wg.Wait()
	deadlocks := 0
	for i, err := range errs {
		switch {
		case err == nil:
		case strings.Contains(err.Error(), "1213"):
			deadlocks++
		default:
			t.Errorf("connection %d: %v, want success or 1213", i, err)
		}
	}
	if deadlocks != 1 {
		t.Errorf("deadlock errors = %d (%v), want 1", deadlocks, errs)
	}
	mustExec(t, a, "COMMIT")
	mustExec(t, b, "COMMIT")
	if ran := directDMLs.Load() - before; ran < 7 {
		t.Errorf("direct executor ran %d of the 7 updates", ran)
	}
}

// TestDirectDMLKeys: the direct executor's key comes from the lookup's
// range, so keys whose values convert or compare loosely must find the
// rows GMS's iterators find: a composite key, a case- and pad-insensitive
// string key, an unsigned key given negative or fractional values, and a
// secondary unique index the UPDATE collides with.
func TestDirectDMLKeys(t *testing.T) {
	_, root, direct, general := directPair(t)
	ctx := context.Background()
	for _, db := range []string{"fa", "fb"} {
		mustExec(t, root, "CREATE TABLE "+db+".cp (a INT, b VARCHAR(8), v INT, PRIMARY KEY (a, b))")
		mustExec(t, root, "CREATE TABLE "+db+".sp (s VARCHAR(10) COLLATE utf8mb4_0900_ai_ci PRIMARY KEY, v INT)")
		mustExec(t, root, "CREATE TABLE "+db+".sp2 (s CHAR(10) COLLATE utf8mb4_general_ci PRIMARY KEY, v INT)")
		mustExec(t, root, "CREATE TABLE "+db+".up (id BIGINT UNSIGNED PRIMARY KEY, u INT, v DECIMAL(5,2), UNIQUE KEY u (u))")
		mustExec(t, root, "INSERT INTO "+db+".cp VALUES (1,'x',1),(1,'y',2),(2,'x',3)")
		mustExec(t, root, "INSERT INTO "+db+".sp VALUES ('a',1),('b ',2),('Ç',3)")
		mustExec(t, root, "INSERT INTO "+db+".sp2 VALUES ('a',1),('b',2)")
		mustExec(t, root, "INSERT INTO "+db+".up VALUES (1,1,1.5),(2,2,2.5),(18446744073709551615,3,0)")
	}
	cases := []struct {
		q    string
		args [][]any
	}{
		{"UPDATE cp SET v=v+1 WHERE a=? AND b=?", [][]any{{1, "x"}, {1, "X"}, {"1", "y "}, {2, "x"}, {3, "x"}, {1.0, "y"}}},
		{"UPDATE cp SET v=? WHERE b=? AND a=?", [][]any{{9, "x", 2}, {10, "z", 1}}},
		{"DELETE FROM cp WHERE a=? AND b=?", [][]any{{1, "Y"}, {1, "y"}}},
		{"UPDATE sp SET v=v*2 WHERE s=?", [][]any{{"A"}, {"a "}, {"b"}, {"B  "}, {"c"}, {"C"}, {"ç"}, {""}}},
		{"UPDATE sp SET s=? WHERE s=?", [][]any{{"A", "a"}, {"b", "a"}, {"zz", "b"}}},
		{"UPDATE sp2 SET v=? WHERE s=?", [][]any{{5, "A"}, {6, "b  "}, {7, "c"}}},
		{"DELETE FROM sp WHERE s=?", [][]any{{"ZZ "}, {"nope"}}},
		{"UPDATE up SET v=? WHERE id=?", [][]any{{9.99, 1}, {"1000", 1}, {-1.005, 2}, {1, -1}, {1, "18446744073709551615"}, {2, uint64(18446744073709551615)}, {3, 1.0}, {4, 1.5}}},
		{"UPDATE up SET u=? WHERE id=?", [][]any{{2, 1}, {3, 2}, {7, 2}, {nil, 1}, {nil, 2}}},
		{"DELETE FROM up WHERE id=?", [][]any{{"2"}, {1e19}, {18446744073709551615.0}, {uint64(18446744073709551615)}}},
	}
	before := directDMLs.Load()
	for _, c := range cases {
		sd, sg := preparePair(t, direct, general, c.q)
		for i, a := range c.args {
			r1, err1 := sd.ExecContext(ctx, a...)
			got := directOutcome(t, direct, i%2 == 1, r1, err1)
			r2, err2 := sg.ExecContext(ctx, a...)
			if want := directOutcome(t, general, i%2 == 1, r2, err2); got != want {
				t.Errorf("%s %v:\n direct  %s\n general %s", c.q, a, got, want)
			}
		}
		sd.Close()
		sg.Close()
	}
	for _, q := range []string{"SELECT a, b, v FROM %s.cp ORDER BY a, b", "SELECT s, v FROM %s.sp ORDER BY s",
		"SELECT s, v FROM %s.sp2 ORDER BY s", "SELECT id, u, v FROM %s.up ORDER BY id"} {
		a, b := queryRows(t, root, fmt.Sprintf(q, "fa")), queryRows(t, root, fmt.Sprintf(q, "fb"))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s:\n direct  %v\n general %v", q, a, b)
		}
	}
	if ran := directDMLs.Load() - before; ran < 20 {
		t.Errorf("direct executor ran %d statements", ran)
	}
}

// TestDirectDMLTransfers: concurrent transactions move money between
// random accounts with `bal = bal - ?` / `bal = bal + ?` through the direct
// executor, in either order (so they deadlock: the victim retries), while
// others run autocommit increments: the total never changes and every
// increment is kept.
func TestDirectDMLTransfers(t *testing.T) {
	ts, root, _, _ := directPair(t)
	ctx := context.Background()
	mustExec(t, root, "CREATE TABLE fa.acct (id INT PRIMARY KEY, bal BIGINT NOT NULL, n INT NOT NULL DEFAULT 0, KEY bal (bal))")
	for i := 0; i < 8; i++ {
		mustExec(t, root, "INSERT INTO fa.acct (id, bal) VALUES (?, 1000)", i)
	}
	pool := ts.connectWith("fa", "parseTime=false")
	pool.SetMaxOpenConns(8)
	before := directDMLs.Load()
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	const per = 30
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(g)))
			conn, err := pool.Conn(ctx)
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			sub, _ := conn.PrepareContext(ctx, "UPDATE acct SET bal = bal - ? WHERE id = ?")
			add, _ := conn.PrepareContext(ctx, "UPDATE acct SET bal = bal + ? WHERE id = ?")
			inc, _ := conn.PrepareContext(ctx, "UPDATE acct SET n = n + 1 WHERE id = ?")
			for done := 0; done < per; {
				if g >= 4 {
					if _, err := inc.ExecContext(ctx, rng.Intn(8)); err != nil {
						errs <- err
						return
					}
					done++
					continue
				}
				from, to, amt := rng.Intn(8), rng.Intn(8), rng.Intn(50)
				if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
					errs <- err
					return
				}
				_, err1 := sub.ExecContext(ctx, amt, from)
				var err2 error
				if err1 == nil {
					_, err2 = add.ExecContext(ctx, amt, to)
				}
				if err := errors.Join(err1, err2); err != nil {
					_, _ = conn.ExecContext(ctx, "ROLLBACK")
					if strings.Contains(err.Error(), "1213") || strings.Contains(err.Error(), "1205") {
						continue
					}
					errs <- err
					return
				}
				if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
					errs <- err
					return
				}
				done++
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var sum, n int64
	if err := root.QueryRow("SELECT SUM(bal), SUM(n) FROM fa.acct").Scan(&sum, &n); err != nil {
		t.Fatal(err)
	}
	if sum != 8000 || n != 2*per {
		t.Errorf("total %d, increments %d; want 8000 and %d", sum, n, 2*per)
	}
	if ran := directDMLs.Load() - before; ran < 4*per*2+2*per {
		t.Errorf("direct executor ran %d statements, want at least %d", ran, 4*per*2+2*per)
	}
}

// TestDirectDMLRebind: a cached UPDATE or DELETE by primary key that ran
// directly once is re-run from what that execution found, with only the key
// taken from the new values (engine.RebindDirect): the outcomes and rows
// match GMS's path for exact keys, keys the Filter must re-check (strings,
// fractions, NULL, out-of-range and limit values, missing rows), a
// read-only transaction (the direct executor declines and the plan is
// bound after all), and shapes that are never rebound.
func TestDirectDMLRebind(t *testing.T) {
	for _, v := range []struct {
		name   string
		params []string
	}{
		{"prepared", nil},
		{"text", []string{"interpolateParams=true"}},
	} {
		t.Run(v.name, func(t *testing.T) { testDirectDMLRebind(t, v.params...) })
	}
}

func testDirectDMLRebind(t *testing.T, params ...string) {
	_, root, direct, general := directPair(t, params...)
	ctx := context.Background()
	mustExec(t, root, "INSERT INTO fa.ai (id, k, s) VALUES (1, 1, 'a'), (2, 2, 'b'), (18446744073709551615, 3, 'z')")
	mustExec(t, root, "INSERT INTO fb.ai (id, k, s) VALUES (1, 1, 'a'), (2, 2, 'b'), (18446744073709551615, 3, 'z')")
	keys := []any{3, 4, 5, 3, 6, "7", 7.5, 8.0, nil, -1, 0, 41, 2147483647, 2147483648, -2147483648, int64(1) << 40,
		"9 ", "x", 10, uint64(18446744073709551615), 11, 12.25, 13}
	cases := []struct {
		q    string
		keys []any
	}{
		{"UPDATE sb SET k=k+1 WHERE id=?", keys},
		{"UPDATE sb SET c=CONCAT(c, 'x'), pad=LEFT(pad, 2) WHERE id=?", keys},
		{"UPDATE sb SET k=k+1 WHERE id=? AND k>=0", keys},
		{"UPDATE ai SET k=k+1 WHERE id=?", []any{1, 2, 1, -1, "2", 2.5, nil, uint64(18446744073709551615), "18446744073709551615", 1e19, 2, 1}},
		{"DELETE FROM sb WHERE id=?", []any{14, 15, "16", 16.5, nil, -1, 17, 2147483648, 18, 40, 40}},
		{"DELETE FROM ai WHERE id=?", []any{5, "1", 1.5, 2, uint64(18446744073709551615)}},
	}
	before := directRebinds.Load()
	for _, c := range cases {
		sd, sg := preparePair(t, direct, general, c.q)
		run := func(i int, a any) {
			t.Helper()
			r1, err1 := sd.ExecContext(ctx, a)
			if strings.Contains(c.q, "AND") {
				r1, err1 = sd.ExecContext(ctx, a)
			}
			got := directOutcome(t, direct, i%2 == 1, r1, err1)
			r2, err2 := sg.ExecContext(ctx, a)
			if strings.Contains(c.q, "AND") {
				r2, err2 = sg.ExecContext(ctx, a)
			}
			if want := directOutcome(t, general, i%2 == 1, r2, err2); got != want {
				t.Errorf("%s [%v]:\n direct  %s\n general %s", c.q, a, got, want)
			}
		}
		for i, a := range c.keys {
			run(i, a)
		}
		// A read-only transaction: the kept plan's direct run declines,
		// the statement is bound and refused by GMS's path (1792).
		for _, conn := range []*sql.Conn{direct, general} {
			mustExec(t, conn, "START TRANSACTION READ ONLY")
		}
		run(0, 3)
		run(1, 4)
		for _, conn := range []*sql.Conn{direct, general} {
			mustExec(t, conn, "COMMIT")
		}
		sd.Close()
		sg.Close()
	}
	for _, tbl := range []string{"sb", "ai"} {
		if a, b := dump(t, root, "fa."+tbl), dump(t, root, "fb."+tbl); a != b {
			t.Errorf("%s differs:\n direct  %s\n general %s", tbl, a, b)
		}
	}
	// Each literal type has its own plan, kept at its first exact
	// execution: 29 of the executions above are rebound.
	if n := directRebinds.Load() - before; n < 25 {
		t.Errorf("%d statements were rebound without Bind, want at least 25", n)
	}
}
