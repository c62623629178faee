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

// This file holds what the online schema change tests under client load
// share: a server whose DDL jobs run unthrottled, the goroutines that
// play clients until stopped, and a timed ALTER among them.

// ddlTest is a server for an online schema change test and a client pool
// on its database d.
type ddlTest struct {
	t   *testing.T
	dir string
	ts  *testServer
	db  *sql.DB
}

// startDDLTest starts a server whose jobs copy batchRows rows a batch
// with no delay and no backfill sleep between batches (so a copy is as
// fast as the test's own backfill hook lets it be), creates database d
// and connects to it with at most maxOpen connections (0: no limit).
// The settings are process-wide: the test's end puts back the defaults
// later tests of the package expect.
func startDDLTest(t *testing.T, batchRows, maxOpen int) *ddlTest {
	t.Helper()
	dir := t.TempDir()
	ts := startServer(t, dir)
	root := ts.connect("")
	mustExec(t, root, "SET GLOBAL myriad_ddl_batch_delay_ms = 0")
	mustExec(t, root, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 0")
	mustExec(t, root, fmt.Sprintf("SET GLOBAL myriad_ddl_batch_rows = %d", batchRows))
	t.Cleanup(func() {
		mustExec(t, root, "SET GLOBAL myriad_ddl_batch_rows = 1000")
		mustExec(t, root, "SET GLOBAL myriad_ddl_backfill_sleep_ratio = 300")
	})
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	if maxOpen > 0 {
		db.SetMaxOpenConns(maxOpen)
	}
	return &ddlTest{t: t, dir: dir, ts: ts, db: db}
}

// closeAndCheck closes the server and runs the offline checker over its
// data directory (every index entry against its row).
func (d *ddlTest) closeAndCheck() {
	d.t.Helper()
	d.ts.srv.Close()
	checkDir(d.t, d.dir)
}

// clients are goroutines that play clients until stopped. The first
// error one of them reports is kept; the others' are not (a failing
// client usually makes the rest fail for the same reason).
type clients struct {
	stop  chan struct{}
	wg    sync.WaitGroup
	first atomic.Pointer[string]
}

func newClients() clients { return clients{stop: make(chan struct{})} }

// start runs loop as one more client; loop returns when stopped says so
// or after it reported an error with fail.
func (c *clients) start(loop func()) {
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		loop()
	}()
}

func (c *clients) stopped() bool {
	select {
	case <-c.stop:
		return true
	default:
		return false
	}
}

func (c *clients) fail(msg string) { c.first.CompareAndSwap(nil, &msg) }

// halt stops the clients and waits for them; it returns the first error
// one of them reported.
func (c *clients) halt() (string, bool) {
	close(c.stop)
	c.wg.Wait()
	if p := c.first.Load(); p != nil {
		return *p, true
	}
	return "", false
}

// inserter is one client inserting new rows all along, with ids counting
// up; it stops at its first error.
type inserter struct {
	clients
	inserted atomic.Int64
}

// startInserter runs q (placeholders filled by args of each id) for ids
// from, from+1, and so on.
func startInserter(db *sql.DB, from int, q string, args func(id int) []any) *inserter {
	in := &inserter{clients: newClients()}
	in.start(func() {
		for id := from; !in.stopped(); id++ {
			if _, err := db.Exec(q, args(id)...); err != nil {
				in.fail(err.Error())
				return
			}
			in.inserted.Add(1)
		}
	})
	return in
}

// finish stops the inserter and fails the test if an insert failed.
func (in *inserter) finish(t *testing.T) {
	t.Helper()
	if msg, failed := in.halt(); failed {
		t.Fatalf("client insert failed during the ALTERs: %s", msg)
	}
}

// alterTimed runs schema change q while clients work; if it fails it
// calls abort (which stops the clients and reports theirs first) and
// fails the test. It returns how long q took and how many of the
// clients' operations (counted by ops, named unit) ran meanwhile.
func alterTimed(t *testing.T, db *sql.DB, q string, ops *atomic.Int64, unit string, abort func()) string {
	t.Helper()
	before := ops.Load()
	start := time.Now()
	if _, err := db.Exec(q); err != nil {
		abort()
		t.Fatalf("%s: %v", q, err)
	}
	return fmt.Sprintf("%s: %v (%d %s)", q, time.Since(start).Round(time.Millisecond), ops.Load()-before, unit)
}

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
	clients
	t       *testing.T
	tbl     string
	ops     atomic.Int64
	errs    atomic.Int64
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
	l.t, l.clients = t, newClients()
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
		l.start(func() {
			defer c.Close()
			l.run(w, c)
		})
	}
	return l
}

func (l *writerLoad) failed(w *tableWriter, what string, err error) {
	l.errs.Add(1)
	during := "no schema change"
	if p := l.ddl.Load(); p != nil {
		during = *p
	}
	l.fail(fmt.Sprintf("writer %d (prepared %v, transaction %v): %s: %v (during %s)", w.id, w.prepared, w.txn, what, err, during))
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
				l.failed(w, "prepare "+q, err)
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
	for !l.stopped() {
		// pending is what this group changes: applied to the model once
		// the server acknowledged it (its COMMIT, or the statement).
		pending := map[int]*[2]string{}
		n := 1
		if w.txn {
			n = 1 + rnd.Intn(3)
			var err error
			if tx, err = c.BeginTx(ctx, nil); err != nil {
				l.failed(w, "BEGIN", err)
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
				l.failed(w, what, err)
				return
			}
		}
		if tx != nil {
			err := tx.Commit()
			tx = nil
			if err != nil {
				l.failed(w, "COMMIT", err)
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
	if msg, failed := l.halt(); failed {
		l.t.Fatalf("%d client errors; first: %s", l.errs.Load(), msg)
	}
}

// alter runs schema change q while the writers write, naming it in their
// errors, and returns alterTimed's account of it.
func (l *writerLoad) alter(db *sql.DB, q string) string {
	l.t.Helper()
	done := "after " + q
	l.ddl.Store(&q)
	took := alterTimed(l.t, db, q, &l.ops, "client ops", func() {
		l.ddl.Store(&done)
		l.finish()
	})
	l.ddl.Store(&done)
	return took
}

// settle stops the writers (failing the test if one saw an error), waits
// for no job to be left and compares the table with the acknowledged
// writes; it returns the table's row count.
func (l *writerLoad) settle(db *sql.DB) int {
	l.t.Helper()
	l.finish()
	noJobs(l.t, db)
	return l.verify(db)
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

// sysbenchWriters run sysbench's oltp write mix on ids 1..n of a table
// (id, k, v) shared by all of them.
type sysbenchWriters struct {
	clients
	t         *testing.T
	txns      atomic.Int64
	deadlocks atomic.Int64
}

func startSysbenchWriters(t *testing.T, db *sql.DB, tbl string, n, writers int) *sysbenchWriters {
	w := &sysbenchWriters{t: t, clients: newClients()}
	for c := 0; c < writers; c++ {
		w.start(func() {
			rnd := rand.New(rand.NewSource(int64(c) + 1))
			ctx := context.Background()
			for !w.stopped() {
				a, b, d := 1+rnd.Intn(n), 1+rnd.Intn(n), 1+rnd.Intn(n)
				stmts := []string{
					fmt.Sprintf("UPDATE %s SET k = k + 1 WHERE id = %d", tbl, a),
					fmt.Sprintf("UPDATE %s SET v = 'c%d' WHERE id = %d", tbl, rnd.Intn(1000), b),
					fmt.Sprintf("DELETE FROM %s WHERE id = %d", tbl, d),
					fmt.Sprintf("INSERT INTO %s (id, k, v) VALUES (%d, %d, 'i')", tbl, d, rnd.Intn(100000)),
				}
				err := func() error {
					tx, err := db.BeginTx(ctx, nil)
					if err != nil {
						return err
					}
					for _, q := range stmts {
						if _, err := tx.Exec(q); err != nil {
							tx.Rollback()
							return fmt.Errorf("%s: %w", q, err)
						}
					}
					return tx.Commit()
				}()
				w.txns.Add(1)
				if mysqlErrNo(err) == 1213 {
					w.deadlocks.Add(1)
					continue
				}
				if err != nil {
					w.fail(err.Error())
					return
				}
			}
		})
	}
	return w
}

// finish stops the writers and fails the test if any client saw an error.
func (w *sysbenchWriters) finish() {
	w.t.Helper()
	if msg, failed := w.halt(); failed {
		w.t.Fatalf("client error: %s", msg)
	}
}

// controlWriters are four clients that apply each random write — an
// insert of a new id, an update or a delete of an id below n, or an
// update and an insert in one group — to the table being altered (t) and
// to a control table (c) in one transaction (applyBoth), so after the
// ALTER, c given the same ALTER must equal t. A 1213 between the two
// tables' writers is retried; any other error stops its client.
// TestOnlineRewriteUnderDML and TestPKRewriteUnderDML share it.
type controlWriters struct {
	clients
	ops, retries atomic.Int64
}

// startControlWriters starts them; withV also writes column v (a table
// whose ALTER drops v is written by id and k alone).
func startControlWriters(db *sql.DB, n int, withV bool) *controlWriters {
	w := &controlWriters{clients: newClients()}
	cols, val := "(id, k)", ""
	setV := ""
	if withV {
		cols, val, setV = "(id, k, v)", ", 'new'", ", v = 'tx'"
	}
	for c := 0; c < 4; c++ {
		w.start(func() {
			rnd := rand.New(rand.NewSource(int64(c)))
			next := n + c*1_000_000
			for !w.stopped() {
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
					w.fail(fmt.Sprintf("%v: %v", stmts, err))
					return
				}
			}
		})
	}
	return w
}

// finish stops the clients and fails the test if one saw an error.
func (w *controlWriters) finish(t *testing.T) {
	t.Helper()
	if msg, failed := w.halt(); failed {
		t.Fatalf("DML failed during the rewrite: %s", msg)
	}
}
