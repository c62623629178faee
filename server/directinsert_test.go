package server

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand"
	"strings"
	"sync"
	"testing"
	"time"
)

// directInsertTables are created in both databases of a directPair: every
// kind of column an INSERT's row goes through (AUTO_INCREMENT of several
// types, NOT NULL with and without a default, an expression default,
// conversions that can fail or truncate), and tables whose inserts must
// keep GMS's path (a trigger, a foreign key, a CHECK, a generated column).
var directInsertTables = []string{
	"CREATE TABLE nd (id INT AUTO_INCREMENT PRIMARY KEY, a INT NOT NULL, b VARCHAR(4) NOT NULL DEFAULT 'dflt', f DOUBLE, d DECIMAL(5,2), e ENUM('x','y'), dt DATE, x INT DEFAULT (a * 2), UNIQUE KEY b (b))",
	"CREATE TABLE si (id SMALLINT AUTO_INCREMENT PRIMARY KEY, v INT UNSIGNED)",
	"CREATE TABLE tr (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
	"CREATE TABLE tr_log (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
	"CREATE TRIGGER tr_ins BEFORE INSERT ON tr FOR EACH ROW INSERT INTO tr_log (v) VALUES (NEW.v)",
	"CREATE TABLE par (id INT PRIMARY KEY)",
	"INSERT INTO par VALUES (1), (2)",
	"CREATE TABLE ch (id INT AUTO_INCREMENT PRIMARY KEY, p INT, FOREIGN KEY (p) REFERENCES par (id))",
	"CREATE TABLE ck (id INT PRIMARY KEY, v INT, CHECK (v > 0))",
	"CREATE TABLE gc (id INT PRIMARY KEY, v INT, w INT AS (v + 1))",
}

// TestDirectInsertMatchesGeneral: random single-row INSERTs (prepared and
// text; autocommit and in transactions that commit or roll back; strict,
// non-strict and NO_AUTO_VALUE_ON_ZERO sql_modes; generated, given, zero,
// NULL, negative and out-of-range ids; missing, NULL, too long and
// unconvertible values; duplicates) give the same affected rows, insert
// IDs, warnings, errors, LAST_INSERT_ID(), ROW_COUNT() and rows through
// engine.DirectInsert as through GMS's iterators; engine.DirectInsert ran
// most of them, and none of those into tables with a trigger, a foreign
// key, a CHECK or a generated column.
func TestDirectInsertMatchesGeneral(t *testing.T) {
	for _, v := range []struct {
		name   string
		params []string
	}{
		{"prepared", nil},
		{"text", []string{"interpolateParams=true"}},
		{"foundrows", []string{"clientFoundRows=true"}},
	} {
		t.Run(v.name, func(t *testing.T) { testDirectInsertMatches(t, v.params...) })
	}
}

func testDirectInsertMatches(t *testing.T, params ...string) {
	_, root, direct, general := directPair(t, params...)
	ctx := context.Background()
	for _, db := range []string{"fa", "fb"} {
		mustExec(t, root, "USE "+db)
		for _, q := range directInsertTables {
			mustExec(t, root, q)
		}
	}
	rng := rand.New(rand.NewSource(int64(len(strings.Join(params, "")) + 5)))
	pick := func(vs ...any) any { return vs[rng.Intn(len(vs))] }
	str := func(n int) string {
		b := make([]byte, rng.Intn(n))
		for i := range b {
			b[i] = "aAbB -z"[rng.Intn(7)]
		}
		return string(b)
	}
	// A negative id is kept for a signed column; for an unsigned one
	// both paths refuse it with 1264 (planfix/autoincneg.go).
	sid := func(signed bool) any {
		switch rng.Intn(10) {
		case 0, 1, 2:
			return 0
		case 3, 4:
			return nil
		case 5:
			if signed {
				return pick(-1, -40, "0", "7", 2.5, "x", "-3")
			}
			return pick("0", "7", 2.5, "x", -1, "-3")
		}
		return rng.Intn(60) + 1
	}
	id := func() any { return sid(true) }
	uid := func() any { return sid(false) }
	num := func() any {
		return pick(nil, 0, 1, 7, -3, 300, 70000, "12abc", "", 2.5, int64(1)<<40, rng.Intn(1000))
	}
	type shape struct {
		q    string
		args func() []any
	}
	shapes := []shape{
		{"INSERT INTO sb (id, k, c, pad) VALUES (?, ?, ?, ?)", func() []any { return []any{id(), num(), str(15), str(8)} }},
		{"INSERT INTO ai (id, k, s) VALUES (?, ?, ?)", func() []any { return []any{uid(), num(), str(7)} }},
		{"INSERT INTO ai (k, s) VALUES (?, ?)", func() []any { return []any{num(), str(7)} }},
		{"INSERT INTO ai VALUES (?, ?, ?)", func() []any { return []any{uid(), num(), str(7)} }},
		{"INSERT INTO nd (a, b, f, d, e, dt) VALUES (?, ?, ?, ?, ?, ?)", func() []any {
			return []any{num(), str(6), pick(nil, math.Copysign(0, -1), 1.5, "1e400", "abc"), pick(nil, 1.005, 999.99, 1000, "x"),
				pick(nil, "x", "y", "z", 2, 3), pick(nil, "2024-02-29", "2023-02-29", "0000-00-00", "x", 20240101)}
		}},
		{"INSERT INTO nd (b) VALUES (?)", func() []any { return []any{str(6)} }},
		{"INSERT INTO nd (id, a) VALUES (?, ?)", func() []any { return []any{id(), num()} }},
		{"INSERT INTO nd (a, x) VALUES (?, ?)", func() []any { return []any{num(), num()} }},
		{"INSERT INTO si (id, v) VALUES (?, ?)", func() []any { return []any{pick(id(), 32767, 32768, -32768, 40000), num()} }},
		{"INSERT INTO si (v) VALUES (?)", func() []any { return []any{num()} }},
		// DEFAULT in VALUES: the column's default (an expression default
		// evaluated over the other fields), AUTO_INCREMENT's generated id.
		{"INSERT INTO nd (a, b, x) VALUES (?, DEFAULT, DEFAULT)", func() []any { return []any{num()} }},
		{"INSERT INTO nd (id, a, b) VALUES (DEFAULT, ?, ?)", func() []any { return []any{num(), str(6)} }},
		{"INSERT INTO ai (id, k) VALUES (DEFAULT, ?)", func() []any { return []any{num()} }},
	}
	// Statements whose plans are never cached (or would be refused by
	// engine.DirectInsert): they must keep GMS's path.
	general4 := []shape{
		{"INSERT INTO tr (v) VALUES (?)", func() []any { return []any{num()} }},
		{"INSERT INTO ch (p) VALUES (?)", func() []any { return []any{pick(1, 2, 3, nil)} }},
		{"INSERT INTO ck (id, v) VALUES (?, ?)", func() []any { return []any{rng.Intn(40), pick(1, 0, -1, nil)} }},
		{"INSERT INTO gc (id, v) VALUES (?, ?)", func() []any { return []any{rng.Intn(40), num()} }},
	}
	text := strings.Contains(strings.Join(params, ""), "interpolate")
	prepared := map[string][2]*sql.Stmt{}
	for _, s := range append(append([]shape{}, shapes...), general4...) {
		a, b := preparePair(t, direct, general, s.q)
		defer a.Close()
		defer b.Close()
		prepared[s.q] = [2]*sql.Stmt{a, b}
	}
	both := func(q string) {
		t.Helper()
		mustExec(t, direct, q)
		mustExec(t, general, q)
	}
	run := func(s shape, mode string, txn int) {
		t.Helper()
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
	}
	modes := []string{"STRICT_TRANS_TABLES", "", "STRICT_ALL_TABLES,NO_AUTO_VALUE_ON_ZERO", "NO_AUTO_VALUE_ON_ZERO",
		"ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"}
	before, valuesBefore := engineInserts.Load(), valueInserts.Load()
	n := 0
	for round := 0; round < 80; round++ {
		mode := modes[round%len(modes)]
		both("SET SESSION sql_mode = '" + mode + "'")
		txn := rng.Intn(3) // 0 autocommit, 1 commit, 2 rollback
		if txn > 0 {
			both("BEGIN")
		}
		for i := 0; i < 8; i++ {
			run(shapes[rng.Intn(len(shapes))], mode, txn)
			n++
		}
		switch txn {
		case 1:
			both("COMMIT")
		case 2:
			both("ROLLBACK")
		}
	}
	if ran := engineInserts.Load() - before; ran < int64(n)/2 {
		t.Errorf("engine.DirectInsert ran %d of %d INSERTs", ran, n)
	}
	// Most ran from the cached template and their values, not a bound
	// copy of the plan (plans.Plan.InsertValues).
	if ran := valueInserts.Load() - valuesBefore; ran < int64(n)/2 {
		t.Errorf("engine.DirectInsertValues ran %d of %d INSERTs", ran, n)
	}
	before = engineInserts.Load()
	for round := 0; round < 10; round++ {
		mode := modes[round%len(modes)]
		both("SET SESSION sql_mode = '" + mode + "'")
		for _, s := range general4 {
			run(s, mode, 0)
		}
	}
	if ran := engineInserts.Load() - before; ran != 0 {
		t.Errorf("engine.DirectInsert ran %d INSERTs into tables with a trigger, foreign key, CHECK or generated column", ran)
	}
	for _, tbl := range []string{"sb", "ai", "nd", "si", "tr", "tr_log", "ch", "ck", "gc"} {
		if a, b := dump(t, root, "fa."+tbl), dump(t, root, "fb."+tbl); a != b {
			t.Errorf("%s differs:\n direct  %s\n general %s", tbl, a, b)
		}
	}
	// The sequences moved alike, gaps included.
	for _, tbl := range []string{"ai", "nd", "si"} {
		q := "SELECT AUTO_INCREMENT FROM information_schema.tables WHERE table_schema = '%s' AND table_name = '" + tbl + "'"
		a, b := queryRows(t, root, fmt.Sprintf(q, "fa")), queryRows(t, root, fmt.Sprintf(q, "fb"))
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("%s AUTO_INCREMENT: direct %v, general %v", tbl, a, b)
		}
	}
}

// TestDirectInsertGeneratedIDRace: sessions inserting rows with generated
// ids through engine.DirectInsert while others insert explicit ids just
// past the largest they have seen, which is where the generated ones are
// reserved: every insert that succeeded is stored, and no row is stored
// twice or overwritten by another (a generated id some explicit insert
// took first fails with 1062, as InnoDB's does).
func TestDirectInsertGeneratedIDRace(t *testing.T) {
	ts, root, _, _ := directPair(t)
	ctx := context.Background()
	mustExec(t, root, "CREATE TABLE fa.race (id INT AUTO_INCREMENT PRIMARY KEY, who VARCHAR(16) NOT NULL)")
	pool := ts.connectWith("fa", "parseTime=false")
	pool.SetMaxOpenConns(8)
	before := engineInserts.Load()
	var mu sync.Mutex
	stored := map[string]bool{} // who values whose insert succeeded
	dups := 0
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			conn, err := pool.Conn(ctx)
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			gen, _ := conn.PrepareContext(ctx, "INSERT INTO race (who) VALUES (?)")
			exp, _ := conn.PrepareContext(ctx, "INSERT INTO race (id, who) VALUES (?, ?)")
			defer gen.Close()
			defer exp.Close()
			last := int64(0)
			for i := 0; i < 150; i++ {
				who := fmt.Sprintf("g%d-%d", g, i)
				var r sql.Result
				if g%2 == 0 {
					r, err = gen.ExecContext(ctx, who)
				} else {
					r, err = exp.ExecContext(ctx, last+1+int64(i%3), who)
				}
				if err != nil {
					if !strings.Contains(err.Error(), "1062") {
						errs <- err
						return
					}
					mu.Lock()
					dups++
					mu.Unlock()
					if g%2 == 1 {
						last += 2
					}
					continue
				}
				if id, _ := r.LastInsertId(); id > last {
					last = id
				}
				mu.Lock()
				stored[who] = true
				mu.Unlock()
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	rows := queryRows(t, root, "SELECT who FROM fa.race")
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r[0]] {
			t.Errorf("%s stored twice", r[0])
		}
		seen[r[0]] = true
		if !stored[r[0]] {
			t.Errorf("%s stored, but its insert failed", r[0])
		}
	}
	for who := range stored {
		if !seen[who] {
			t.Errorf("%s was inserted, but its row is not there (overwritten)", who)
		}
	}
	t.Logf("%d rows, %d duplicate-key refusals", len(rows), dups)
	if ran := engineInserts.Load() - before; ran < 300 {
		t.Errorf("engine.DirectInsert ran %d of the 900 INSERTs", ran)
	}
}

// TestLockWaitTimeoutFollowsSet: an INSERT waiting for another
// transaction's row lock gives up after the session's
// innodb_lock_wait_timeout as it is when the statement runs: the engine
// keeps the value it read per session (engine.lockWaitTimeout) and must
// read it again after a SET.
func TestLockWaitTimeoutFollowsSet(t *testing.T) {
	ts, root, _, _ := directPair(t)
	ctx := context.Background()
	mustExec(t, root, "CREATE TABLE fa.lw (id INT PRIMARY KEY, v INT)")
	pool := ts.connectWith("fa", "parseTime=false")
	holder, waiter := lockWaitConn(t, pool, true), lockWaitConn(t, pool, true)
	mustExec(t, holder, "BEGIN")
	mustExec(t, holder, "INSERT INTO lw (id, v) VALUES (?, ?)", 1, 1)
	for _, secs := range []int{1, 2, 1} {
		mustExec(t, waiter, fmt.Sprintf("SET SESSION innodb_lock_wait_timeout = %d", secs))
		start := time.Now()
		_, err := waiter.ExecContext(ctx, "INSERT INTO lw (id, v) VALUES (?, ?)", 1, 2)
		d := time.Since(start)
		if err == nil || !strings.Contains(err.Error(), "1205") {
			t.Fatalf("insert of a locked key: %v, want 1205", err)
		}
		want := time.Duration(secs) * time.Second
		if d < want-100*time.Millisecond || d > want+1500*time.Millisecond {
			t.Errorf("1205 after %v with innodb_lock_wait_timeout = %d", d, secs)
		}
	}
	mustExec(t, holder, "ROLLBACK")
	mustExec(t, waiter, "INSERT INTO lw (id, v) VALUES (?, ?)", 1, 2)
}
