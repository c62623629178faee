package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// writerLoad is a set of clients writing one table while schema changes
// run. Each writer owns its own ids (no two writers touch a row, so they
// never wait for or deadlock with each other: any error is the schema
// change's doing) and keeps a model of its rows as acknowledged by the
// server; a point read of its own row must return the model's values, and
// at the end the table must hold exactly the union of the models.
//
// Writers differ in how they talk to the server: text statements or
// statements prepared once and executed again and again (the plan cache),
// each autocommitted or in BEGIN .. COMMIT groups of a few.
type writerLoad struct {
	t       *testing.T
	tbl     string
	stop    chan struct{}
	wg      sync.WaitGroup
	ops     atomic.Int64
	errs    atomic.Int64
	first   atomic.Pointer[string]
	writers []*tableWriter
	// ddl is the schema change running, named in errors.
	ddl atomic.Pointer[string]
	// rekey adds sysbench's writes of a key column: UPDATE .. SET k = k + 1
	// and, in one group, DELETE of an id and INSERT of it again with a new
	// k (with k in the primary key, both move the row to another key).
	rekey bool
}

type tableWriter struct {
	id       int
	prepared bool
	txn      bool
	rows     map[int][2]string // id -> k, v as acknowledged
	live     []int
	next     int
}

// writerModes are the four ways of writing: {prepared, in a transaction}.
var writerModes = [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}}

// startWriters fills tbl (columns id, k, v; id unique) with initial rows
// per writer and starts one writer per mode on its own connection of db.
func startWriters(t *testing.T, db *sql.DB, tbl string, initial int) *writerLoad {
	t.Helper()
	return startWritersWith(t, db, &writerLoad{tbl: tbl}, initial)
}

// startWritersWith is startWriters for a load configured by the caller
// (l.tbl, l.rekey).
func startWritersWith(t *testing.T, db *sql.DB, l *writerLoad, initial int) *writerLoad {
	t.Helper()
	tbl := l.tbl
	l.t, l.stop = t, make(chan struct{})
	for i, m := range writerModes {
		w := &tableWriter{id: i, prepared: m[0], txn: m[1], rows: map[int][2]string{}, next: (i + 1) * 1_000_000}
		var vals []string
		for j := 0; j < initial; j++ {
			id := w.next
			w.next++
			k := fmt.Sprint(j % 97)
			vals = append(vals, fmt.Sprintf("(%d, %s, 'v%s')", id, k, k))
			w.rows[id] = [2]string{k, "v" + k}
			w.live = append(w.live, id)
		}
		mustExec(t, db, fmt.Sprintf("INSERT INTO %s (id, k, v) VALUES %s", tbl, strings.Join(vals, ",")))
		l.writers = append(l.writers, w)
	}
	for _, w := range l.writers {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			defer c.Close()
			l.run(w, c)
		}()
	}
	return l
}

func (l *writerLoad) fail(w *tableWriter, what string, err error) {
	l.errs.Add(1)
	during := "no schema change"
	if p := l.ddl.Load(); p != nil {
		during = *p
	}
	msg := fmt.Sprintf("writer %d (prepared %v, transaction %v): %s: %v (during %s)", w.id, w.prepared, w.txn, what, err, during)
	l.first.CompareAndSwap(nil, &msg)
}

// run is one writer's loop until stop; it returns at its first error.
func (l *writerLoad) run(w *tableWriter, c *sql.Conn) {
	ctx := context.Background()
	rnd := rand.New(rand.NewSource(int64(w.id) + 1))
	stmts := map[string]string{
		"ins": "INSERT INTO " + l.tbl + " (id, k, v) VALUES (?, ?, ?)",
		"upd": "UPDATE " + l.tbl + " SET k = ?, v = ? WHERE id = ?",
		"inc": "UPDATE " + l.tbl + " SET k = k + 1 WHERE id = ?",
		"del": "DELETE FROM " + l.tbl + " WHERE id = ?",
		"get": "SELECT k, v FROM " + l.tbl + " WHERE id = ?",
	}
	prep := map[string]*sql.Stmt{}
	if w.prepared {
		for name, q := range stmts {
			s, err := c.PrepareContext(ctx, q)
			if err != nil {
				l.fail(w, "prepare "+q, err)
				return
			}
			defer s.Close()
			prep[name] = s
		}
	}
	// text inlines the arguments: the text protocol, with the server's
	// own constant handling (and its text plan cache for SELECTs).
	text := func(q string, args ...any) string {
		for _, a := range args {
			s := fmt.Sprint(a)
			if _, ok := a.(string); ok {
				s = "'" + s + "'"
			}
			q = strings.Replace(q, "?", s, 1)
		}
		return q
	}
	var tx *sql.Tx
	exec := func(name string, args ...any) (sql.Result, error) {
		switch {
		case w.prepared && tx != nil:
			return tx.StmtContext(ctx, prep[name]).ExecContext(ctx, args...)
		case w.prepared:
			return prep[name].ExecContext(ctx, args...)
		case tx != nil:
			return tx.ExecContext(ctx, text(stmts[name], args...))
		}
		return c.ExecContext(ctx, text(stmts[name], args...))
	}
	get := func(id int) (k, v string, found bool, err error) {
		var r *sql.Row
		switch {
		case w.prepared && tx != nil:
			r = tx.StmtContext(ctx, prep["get"]).QueryRowContext(ctx, id)
		case w.prepared:
			r = prep["get"].QueryRowContext(ctx, id)
		case tx != nil:
			r = tx.QueryRowContext(ctx, text(stmts["get"], id))
		default:
			r = c.QueryRowContext(ctx, text(stmts["get"], id))
		}
		err = r.Scan(&k, &v)
		if err == sql.ErrNoRows {
			return "", "", false, nil
		}
		return k, v, err == nil, err
	}
	for {
		select {
		case <-l.stop:
			return
		default:
		}
		// pending is what this group changes: applied to the model once
		// the server acknowledged it (its COMMIT, or the statement).
		pending := map[int]*[2]string{}
		n := 1
		if w.txn {
			n = 1 + rnd.Intn(3)
			var err error
			if tx, err = c.BeginTx(ctx, nil); err != nil {
				l.fail(w, "BEGIN", err)
				return
			}
		}
		current := func(id int) ([2]string, bool) {
			if p, ok := pending[id]; ok {
				if p == nil {
					return [2]string{}, false
				}
				return *p, true
			}
			r, ok := w.rows[id]
			return r, ok
		}
		for i := 0; i < n; i++ {
			id := w.next
			op := rnd.Intn(4)
			if l.rekey {
				op = rnd.Intn(6)
			}
			if len(w.live) > 0 && op > 0 {
				id = w.live[rnd.Intn(len(w.live))]
			} else {
				op = 0
			}
			k := fmt.Sprint(rnd.Intn(1000))
			var err error
			var what string
			switch op {
			case 0:
				what = fmt.Sprintf("insert %d", id)
				if _, cur := current(id); !cur {
					_, err = exec("ins", id, k, "v"+k)
					r := [2]string{k, "v" + k}
					pending[id] = &r
					w.next++
				}
			case 1:
				what = fmt.Sprintf("update %d", id)
				if _, cur := current(id); cur {
					_, err = exec("upd", k, "v"+k, id)
					r := [2]string{k, "v" + k}
					pending[id] = &r
				}
			case 2:
				what = fmt.Sprintf("delete %d", id)
				_, err = exec("del", id)
				pending[id] = nil
			case 4:
				what = fmt.Sprintf("k = k + 1 of %d", id)
				if r, cur := current(id); cur {
					_, err = exec("inc", id)
					kn, _ := strconv.Atoi(r[0])
					r[0] = strconv.Itoa(kn + 1)
					pending[id] = &r
				}
			case 5:
				what = fmt.Sprintf("delete and insert again %d", id)
				if _, err = exec("del", id); err == nil {
					pending[id] = nil
					_, err = exec("ins", id, k, "v"+k)
					r := [2]string{k, "v" + k}
					pending[id] = &r
				}
			case 3:
				what = fmt.Sprintf("read %d", id)
				gk, gv, found, gerr := get(id)
				err = gerr
				if err == nil {
					want, ok := current(id)
					if found != ok || found && (gk != want[0] || gv != want[1]) {
						err = fmt.Errorf("got (%s, %s, found %v), want (%s, %s, found %v)", gk, gv, found, want[0], want[1], ok)
					}
				}
			}
			l.ops.Add(1)
			if err != nil {
				if tx != nil {
					tx.Rollback()
				}
				l.fail(w, what, err)
				return
			}
		}
		if tx != nil {
			err := tx.Commit()
			tx = nil
			if err != nil {
				l.fail(w, "COMMIT", err)
				return
			}
		}
		for id, p := range pending {
			if p == nil {
				if _, ok := w.rows[id]; ok {
					delete(w.rows, id)
					for i, x := range w.live {
						if x == id {
							w.live[i] = w.live[len(w.live)-1]
							w.live = w.live[:len(w.live)-1]
							break
						}
					}
				}
				continue
			}
			if _, ok := w.rows[id]; !ok {
				w.live = append(w.live, id)
			}
			w.rows[id] = *p
		}
	}
}

// finish stops the writers and fails the test if any client saw an error.
func (l *writerLoad) finish() {
	l.t.Helper()
	close(l.stop)
	l.wg.Wait()
	if p := l.first.Load(); p != nil {
		l.t.Fatalf("%d client errors; first: %s", l.errs.Load(), *p)
	}
}

// verify compares the table with the writers' acknowledged work.
func (l *writerLoad) verify(db *sql.DB) int {
	l.t.Helper()
	var want []string
	for _, w := range l.writers {
		for id, r := range w.rows {
			want = append(want, fmt.Sprintf("%d %s %s", id, r[0], r[1]))
		}
	}
	sort.Strings(want)
	var got []string
	for _, r := range queryRows(l.t, db, "SELECT id, k, v FROM "+l.tbl) {
		got = append(got, strings.Join(r, " "))
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		missing, extra := diffSorted(want, got)
		l.t.Fatalf("table %s (%d rows) differs from the acknowledged writes (%d rows); missing %v, extra %v",
			l.tbl, len(got), len(want), first(missing, 5), first(extra, 5))
	}
	return len(got)
}

func diffSorted(a, b []string) (onlyA, onlyB []string) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			onlyA = append(onlyA, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			onlyB = append(onlyB, b[j])
			j++
		default:
			i++
			j++
		}
	}
	return
}

func first(s []string, n int) []string { return s[:min(n, len(s))] }

// TestOnlineDDLNoClientErrors runs every kind of online schema change,
// twice over, on a table that four clients write and read all along
// (text and prepared statements, autocommit and BEGIN .. COMMIT): no
// client sees an error — in particular no 1412 "Table definition has
// changed" from a rewrite's swap — every point read returns what the
// client last wrote, and the table ends equal to the acknowledged writes,
// through its secondary index too.
func TestOnlineDDLNoClientErrors(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 300")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 100")
	defer mustExec(t, db, "SET GLOBAL myriad_ddl_batch_rows = 1000")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	db.SetMaxOpenConns(16)
	// ix keeps point statements on one row while the table is keyless
	// (a scan would lock every row and the writers would deadlock).
	mustExec(t, db, "CREATE TABLE t (id INT NOT NULL, k INT NOT NULL, v VARCHAR(20), PRIMARY KEY (id), KEY kx (k), KEY ix (id))")
	l := startWriters(t, db, "t", 1500)
	ddl := []string{
		"ALTER TABLE t MODIFY k BIGINT NOT NULL",
		"ALTER TABLE t MODIFY k INT NOT NULL",
		"CREATE INDEX vx ON t (v)",
		"DROP INDEX vx ON t",
		"ALTER TABLE t ADD COLUMN extra INT DEFAULT 5",
		"ALTER TABLE t DROP COLUMN extra",
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, k)",
		"ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id)",
		"ALTER TABLE t DROP PRIMARY KEY",
		"ALTER TABLE t ADD PRIMARY KEY (id)",
		"ALTER TABLE t MODIFY v VARCHAR(30), ADD COLUMN w INT DEFAULT 1",
		"ALTER TABLE t DROP COLUMN w, MODIFY v VARCHAR(20)",
	}
	var took []string
	for round := 0; round < 2; round++ {
		for _, q := range ddl {
			before := l.ops.Load()
			start := time.Now()
			l.ddl.Store(&q)
			_, err := db.Exec(q)
			done := "after " + q
			l.ddl.Store(&done)
			if err != nil {
				l.finish()
				t.Fatalf("%s: %v", q, err)
			}
			if round == 0 {
				took = append(took, fmt.Sprintf("%s: %v (%d client ops)", q, time.Since(start).Round(time.Millisecond), l.ops.Load()-before))
			}
			if p := l.first.Load(); p != nil {
				for _, r := range queryRows(t, db, "SHOW ENGINE INNODB STATUS") {
					t.Log(r)
				}
				l.finish()
			}
			time.Sleep(20 * time.Millisecond) // writers on the new definition
		}
	}
	l.finish()
	noJobs(t, db)
	rows := l.verify(db)
	if n := agree(t, db, "t", "kx"); n != rows {
		t.Fatalf("index kx has %d rows, table %d", n, rows)
	}
	t.Logf("%d client operations, 0 errors, %d rows\n%s", l.ops.Load(), rows, strings.Join(took, "\n"))
	ts.srv.Close()
	checkDir(t, dir)
}

// TestMetadataLockAndStaleSnapshot: a transaction that read the table
// keeps its definition until it ends — a rewrite's swap (and any DDL)
// waits for it, or fails with 1205 after lock_wait_timeout and leaves the
// table as it was — while a transaction whose snapshot predates a swap it
// did not wait for gets MySQL's 1412 when it first touches the table.
func TestMetadataLockAndStaleSnapshot(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, db, "CREATE DATABASE d")
	db = ts.connect("d")
	fillTable(t, db, "t", 300, func(i int) int { return i % 7 })
	mustExec(t, db, "CREATE TABLE other (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO other VALUES (1)")
	ctx := context.Background()
	cs := conns(t, db, 2)
	reader, ddl := cs[0], cs[1]

	// A transaction that read t: the ALTER times out behind it.
	mustExec(t, reader, "BEGIN")
	var n int
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 300 {
		t.Fatalf("count %d, %v", n, err)
	}
	mustExec(t, ddl, "SET SESSION lock_wait_timeout = 1")
	_, err := ddl.ExecContext(ctx, "ALTER TABLE t MODIFY k BIGINT NOT NULL")
	if mysqlErrNo(err) != 1205 {
		t.Fatalf("ALTER behind an open transaction: %v, want 1205", err)
	}
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`k` int") {
		t.Fatalf("the failed ALTER changed the table: %s", def)
	}
	noJobs(t, db)

	// Given time, it waits for the COMMIT; meanwhile the transaction
	// reads and writes the table as it knew it.
	mustExec(t, ddl, "SET SESSION lock_wait_timeout = 60")
	done := make(chan error, 1)
	go func() {
		_, err := ddl.ExecContext(ctx, "ALTER TABLE t MODIFY k BIGINT NOT NULL")
		done <- err
	}()
	time.Sleep(300 * time.Millisecond)
	select {
	case err := <-done:
		t.Fatalf("the ALTER did not wait for the open transaction: %v", err)
	default:
	}
	mustExec(t, reader, "UPDATE t SET k = 1000 WHERE id = 1")
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t WHERE k = 1000").Scan(&n); err != nil || n != 1 {
		t.Fatalf("count %d, %v", n, err)
	}
	mustExec(t, reader, "COMMIT")
	if err := <-done; err != nil {
		t.Fatalf("ALTER after the COMMIT: %v", err)
	}
	if def := createTableOf(t, db, "t"); !strings.Contains(def, "`k` bigint NOT NULL") {
		t.Fatalf("k is not BIGINT: %s", def)
	}
	if r := queryRows(t, db, "SELECT k FROM t WHERE id = 1"); r[0][0] != "1000" {
		t.Fatalf("the transaction's update was lost: %v", r)
	}

	// A snapshot older than a swap the transaction did not hold off.
	mustExec(t, reader, "BEGIN")
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM other").Scan(&n); err != nil {
		t.Fatal(err)
	}
	mustExec(t, ddl, "ALTER TABLE t MODIFY k INT NOT NULL")
	err = reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n)
	if mysqlErrNo(err) != 1412 {
		t.Fatalf("old snapshot reading the rewritten table: %v (count %d), want 1412", err, n)
	}
	mustExec(t, reader, "ROLLBACK")
	// A new transaction (and an autocommit statement) reads it whole.
	mustExec(t, reader, "BEGIN")
	if err := reader.QueryRowContext(ctx, "SELECT COUNT(*) FROM t").Scan(&n); err != nil || n != 300 {
		t.Fatalf("count %d, %v", n, err)
	}
	mustExec(t, reader, "COMMIT")
	ts.srv.Close()
	checkDir(t, dir)
}

// controlWriters are four clients that apply each random write — an
// insert of a new id, an update or a delete of an id below n, or an
// update and an insert in one group — to the table being altered (t) and
// to a control table (c) in one transaction (applyBoth), so after the
// ALTER, c given the same ALTER must equal t. A 1213 between the two
// tables' writers is retried; any other error stops its client.
// TestOnlineRewriteUnderDML and TestPKRewriteUnderDML share it.
type controlWriters struct {
	stop         chan struct{}
	wg           sync.WaitGroup
	ops, retries atomic.Int64
	first        atomic.Pointer[string]
}

// startControlWriters starts them; withV also writes column v (a table
// whose ALTER drops v is written by id and k alone).
func startControlWriters(db *sql.DB, n int, withV bool) *controlWriters {
	w := &controlWriters{stop: make(chan struct{})}
	cols, val := "(id, k)", ""
	setV := ""
	if withV {
		cols, val, setV = "(id, k, v)", ", 'new'", ", v = 'tx'"
	}
	for c := 0; c < 4; c++ {
		w.wg.Add(1)
		go func(c int) {
			defer w.wg.Done()
			rnd := rand.New(rand.NewSource(int64(c)))
			next := n + c*1_000_000
			for {
				select {
				case <-w.stop:
					return
				default:
				}
				var stmts []string
				switch rnd.Intn(4) {
				case 0:
					stmts = []string{fmt.Sprintf("INSERT INTO %%s %s VALUES (%d, %d%s)", cols, next, rnd.Intn(200), val)}
					next++
				case 1:
					stmts = []string{fmt.Sprintf("UPDATE %%s SET k = %d WHERE id = %d", rnd.Intn(200), rnd.Intn(n))}
				case 2:
					stmts = []string{fmt.Sprintf("DELETE FROM %%s WHERE id = %d", rnd.Intn(n))}
				case 3:
					stmts = []string{fmt.Sprintf("UPDATE %%s SET k = k + 1%s WHERE id = %d", setV, rnd.Intn(n)),
						fmt.Sprintf("INSERT INTO %%s %s VALUES (%d, %d%s)", cols, next, rnd.Intn(200), val)}
					next++
				}
				for {
					err := applyBoth(db, stmts)
					w.ops.Add(1)
					if err == nil {
						break
					}
					// The swap fails no one (no 1412: statements hold the
					// metadata lock); the two tables' writers can deadlock.
					if mysqlErrNo(err) == 1213 {
						w.retries.Add(1)
						continue
					}
					msg := fmt.Sprintf("%v: %v", stmts, err)
					w.first.CompareAndSwap(nil, &msg)
					return
				}
			}
		}(c)
	}
	return w
}

// finish stops the clients and fails the test if one saw an error.
func (w *controlWriters) finish(t *testing.T) {
	t.Helper()
	close(w.stop)
	w.wg.Wait()
	if p := w.first.Load(); p != nil {
		t.Fatalf("DML failed during the rewrite: %s", *p)
	}
}
