package engine_test

import (
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/engine"
)

const nextAutoInc = "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'db' AND TABLE_NAME = 'a'"

func TestAutoIncrement(t *testing.T) {
	runScripts(t, []string{"CREATE TABLE a (id BIGINT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10), KEY kv (v))"}, []scriptCase{
		{name: "allocation", table: "a", rowCount: 3, steps: []step{
			{q: "INSERT INTO a (v) VALUES ('x'), ('y')"},
			{q: "INSERT INTO a (id, v) VALUES (NULL, 'z')"},
			{q: "SELECT id, v FROM a ORDER BY id", rows: rows("1|x", "2|y", "3|z")},
			{q: "SELECT LAST_INSERT_ID()", rows: rows("3")},
			{q: nextAutoInc, rows: rows("4")},
		}},
		{name: "explicit value raises the counter", table: "a", rowCount: 4, steps: []step{
			{q: "INSERT INTO a (v) VALUES ('x')"},
			{q: "INSERT INTO a VALUES (10, 'ten')"},
			{q: "INSERT INTO a VALUES (5, 'five')"},
			{q: "INSERT INTO a (v) VALUES ('next')"},
			{q: "SELECT id, v FROM a ORDER BY id", rows: rows("1|x", "5|five", "10|ten", "11|next")},
		}},
		{name: "update raises the counter", table: "a", rowCount: 2, steps: []step{
			{q: "INSERT INTO a (v) VALUES ('x')"},
			{q: "UPDATE a SET id = 20 WHERE id = 1"},
			{q: "INSERT INTO a (v) VALUES ('y')"},
			{q: "SELECT id FROM a ORDER BY id", rows: rows("20", "21")},
		}},
		{name: "failed insert does not hand its values back", table: "a", rowCount: 2, steps: []step{
			{q: "CREATE UNIQUE INDEX uv ON a (v)"},
			{q: "INSERT INTO a (v) VALUES ('x')"},
			{q: "INSERT INTO a (v) VALUES ('y'), ('x')", err: 1062},
			{q: "INSERT INTO a (v) VALUES ('z')"},
			// MySQL (innodb_autoinc_lock_mode 2) does not reuse the values
			// the failed statement took: 'z' gets 4, never 2.
			{q: "SELECT id, v FROM a ORDER BY id", rows: rows("1|x", "4|z")},
		}},
		{name: "ALTER TABLE AUTO_INCREMENT", table: "a", rowCount: 2, steps: []step{
			{q: "INSERT INTO a (v) VALUES ('x')"},
			{q: "ALTER TABLE a AUTO_INCREMENT = 100"},
			{q: "INSERT INTO a (v) VALUES ('y')"},
			{q: "SELECT id FROM a ORDER BY id", rows: rows("1", "100")},
		}},
	})
}

// The counter survives a restart: values are never handed out twice, even
// those of rows deleted before it (MySQL 8 persists the counter).
func TestAutoIncrementRestart(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE a (id INT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"INSERT INTO a (v) VALUES (1), (2), (3)",
		"INSERT INTO a VALUES (50, 4)",
		"DELETE FROM a WHERE id = 50")
	s.reopen()
	s.exec("INSERT INTO a (v) VALUES (5)")
	s.want("SELECT id, v FROM a ORDER BY id", "1|1", "2|2", "3|3", "51|5")
	s.reopen()
	s.want(nextAutoInc, "52")
	s.exec("INSERT INTO a (v) VALUES (6)")
	s.want("SELECT MAX(id) FROM a", "52")
	s.consistent("a", 5)
}

// other is a second session on s's engine, for a goroutine: it reports
// errors through run's return, never through s.t.
func (s *store) other(id uint32) *store {
	c := *s
	c.sess = s.eng.NewSession(sql.NewBaseSessionWithClientServer("test", sql.Client{User: "root", Address: "localhost"}, id))
	return &c
}

// Evicting loaded AUTO_INCREMENT sequences (engine.autoIncSeqs) is never
// seen: under concurrent inserts into more tables than the cap, with
// sweeps evicting all the while, every table's values are distinct (the
// column has only a non-unique index, so a value handed out twice would be
// stored twice, silently), dense (no insert failed, so there is no gap), and
// each session's values in a table only grow; a reader of the next value
// never sees it go down.
func TestAutoIncEvictionConcurrent(t *testing.T) {
	s := newStore(t)
	engine.SetAutoIncCap(s.eng, 4)
	const tables, workers, perWorker = 12, 6, 120
	for i := 0; i < tables; i++ {
		s.exec(fmt.Sprintf("CREATE TABLE t%d (a BIGINT AUTO_INCREMENT, w INT, KEY ka (a))", i))
	}
	errs := make(chan error, workers+1)
	var writers, readerDone sync.WaitGroup
	for w := 0; w < workers; w++ {
		c := s.other(uint32(10 + w))
		writers.Add(1)
		go func(w int) {
			defer writers.Done()
			last := map[int]int64{}
			for i := 0; i < perWorker; i++ {
				tb := (w*7 + i*5) % tables
				q := fmt.Sprintf("INSERT INTO t%d (w) VALUES (%d)", tb, w)
				if i%9 == 0 {
					q = fmt.Sprintf("INSERT INTO t%d (w) VALUES (%d), (%d)", tb, w, w)
				}
				if _, err := c.run(q); err != nil {
					errs <- fmt.Errorf("%s: %w", q, err)
					return
				}
				rows, err := c.run("SELECT LAST_INSERT_ID()")
				if err != nil {
					errs <- err
					return
				}
				v, _ := strconv.ParseInt(rows[0], 10, 64)
				if v <= last[tb] {
					errs <- fmt.Errorf("worker %d: t%d gave %d after %d", w, tb, v, last[tb])
					return
				}
				last[tb] = v
				if i%10 == 0 {
					engine.SweepAutoInc(c.eng)
				}
			}
		}(w)
	}
	done := make(chan struct{})
	reader := s.other(99)
	readerDone.Add(1)
	go func() {
		defer readerDone.Done()
		seen := map[int]int64{}
		for n := 0; ; n++ {
			select {
			case <-done:
				return
			default:
			}
			tb := n % tables
			rows, err := reader.run(fmt.Sprintf("SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'db' AND TABLE_NAME = 't%d'", tb))
			if err != nil {
				errs <- err
				return
			}
			v, _ := strconv.ParseInt(rows[0], 10, 64)
			if v < seen[tb] {
				errs <- fmt.Errorf("t%d: next AUTO_INCREMENT %d after %d", tb, v, seen[tb])
				return
			}
			seen[tb] = v
		}
	}()
	writers.Wait()
	close(done)
	readerDone.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	total := 0
	for i := 0; i < tables; i++ {
		rows := s.query(fmt.Sprintf("SELECT COUNT(*), COUNT(DISTINCT a), MIN(a), MAX(a) FROM t%d", i))
		var n, d, lo, hi int
		fmt.Sscanf(rows[0], "%d|%d|%d|%d", &n, &d, &lo, &hi)
		if n != d || n > 0 && (lo != 1 || hi != n) {
			t.Fatalf("t%d: count|distinct|min|max = %s: a value was handed out twice or skipped", i, rows[0])
		}
		total += n
	}
	if want := workers * (perWorker + (perWorker+8)/9); total != want {
		t.Fatalf("%d rows, want %d", total, want)
	}
	t.Logf("%d evictions", engine.AutoIncEvictions(s.eng))
	if engine.AutoIncEvictions(s.eng) == 0 {
		t.Fatal("no sequence was evicted: the test did not exercise eviction")
	}
	engine.SweepAutoInc(s.eng)
	engine.SweepAutoInc(s.eng)
	if n := engine.AutoIncLoaded(s.eng); n > 4 {
		t.Fatalf("%d sequences loaded after sweeps, cap 4", n)
	}
}

// A sequence whose values are not all covered by the committed counter
// stays loaded: an insert not yet committed, or one rolled back (its value
// is used up, as in InnoDB). Evicted and loaded from the counter again,
// either would hand its value out a second time.
func TestAutoIncEvictionKeepsUncommitted(t *testing.T) {
	s := newStore(t)
	engine.SetAutoIncCap(s.eng, 1)
	s.exec("CREATE TABLE a (id BIGINT AUTO_INCREMENT, w INT, KEY ki (id))",
		"CREATE TABLE b (id BIGINT AUTO_INCREMENT, w INT, KEY ki (id))",
		"INSERT INTO a (w) VALUES (1)", "INSERT INTO b (w) VALUES (1)")
	open := s.other(2)
	if _, err := open.run("BEGIN"); err != nil {
		t.Fatal(err)
	}
	if _, err := open.run("INSERT INTO a (w) VALUES (2)"); err != nil {
		t.Fatal(err)
	}
	s.exec("BEGIN", "INSERT INTO b (w) VALUES (2)", "ROLLBACK")
	// Two sweeps: the first clears the sequences' use bits.
	engine.SweepAutoInc(s.eng)
	before := engine.AutoIncEvictions(s.eng)
	engine.SweepAutoInc(s.eng)
	engine.SweepAutoInc(s.eng)
	if n := engine.AutoIncEvictions(s.eng) - before; n != 0 {
		t.Fatalf("%d sequences evicted, want 0: both have values past their counters", n)
	}
	s.exec("INSERT INTO a (w) VALUES (3)", "INSERT INTO b (w) VALUES (3)")
	if _, err := open.run("COMMIT"); err != nil {
		t.Fatal(err)
	}
	s.want("SELECT id, w FROM a ORDER BY id", "1|1", "2|2", "3|3")
	s.want("SELECT id, w FROM b ORDER BY id", "1|1", "3|3")
	// Committed now: the counters cover every value, so both go, and
	// come back where they were.
	engine.SweepAutoInc(s.eng)
	engine.SweepAutoInc(s.eng)
	if engine.AutoIncEvictions(s.eng)-before < 2 || engine.AutoIncLoaded(s.eng) != 0 {
		t.Fatalf("%d evictions, %d loaded: both should go once their values were committed", engine.AutoIncEvictions(s.eng)-before, engine.AutoIncLoaded(s.eng))
	}
	s.exec("INSERT INTO a (w) VALUES (4)", "INSERT INTO b (w) VALUES (4)")
	s.want("SELECT MAX(id) FROM a", "4")
	s.want("SELECT MAX(id) FROM b", "4")
}

// A sequence evicted between an INSERT getting it and drawing from it is
// not drawn from: the INSERT fetches the table's sequence again, loaded
// from the counter, which another session's INSERT would load too.
// Drawing from the evicted one gave both the same value.
func TestAutoIncEvictionBetweenGetAndDraw(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE a (id BIGINT AUTO_INCREMENT, w INT, KEY ki (id))",
		"INSERT INTO a (w) VALUES (1)")
	other := s.other(2)
	engine.SetAutoIncCap(s.eng, 1)
	fired := false
	engine.SetAutoIncDrawFault(func() {
		if fired {
			return
		}
		fired = true
		// Two sweeps: the first clears the use bit the get set.
		engine.SweepAutoInc(s.eng)
		engine.SweepAutoInc(s.eng)
		if engine.AutoIncLoaded(s.eng) != 0 {
			t.Error("the sequence was not evicted")
		}
		// Another session's INSERT loads the sequence anew and draws.
		if _, err := other.run("INSERT INTO a (w) VALUES (2)"); err != nil {
			t.Error(err)
		}
	})
	defer engine.SetAutoIncDrawFault(nil)
	s.exec("INSERT INTO a (w) VALUES (3)")
	if !fired {
		t.Fatal("the fault did not run")
	}
	s.want("SELECT id, w FROM a ORDER BY id", "1|1", "2|2", "3|3")
}

// A copying ALTER's new table ID shares the old ID's loaded sequence
// (values the ALTER's own statement draws go on from it); the shared
// sequence is evicted through the new ID, against the new ID's counter:
// not while an insert into the new table is uncommitted (a reload would
// hand its value out again, stored twice under a non-unique key), and
// once idle, coming back where it was. It used to stay loaded until a
// restart, one per ALTERed table.
func TestAutoIncEvictionAfterCopyingAlter(t *testing.T) {
	for _, alter := range []string{
		"ALTER TABLE a ADD COLUMN x DOUBLE DEFAULT (RAND())", // rebuild in the statement
		"ALTER TABLE a MODIFY w BIGINT",                      // online rewrite job
	} {
		t.Run(alter, func(t *testing.T) {
			s := newStore(t)
			s.exec("CREATE TABLE a (id BIGINT AUTO_INCREMENT, w INT, KEY ki (id))",
				"INSERT INTO a (w) VALUES (1), (2), (3)", "DELETE FROM a WHERE id = 3")
			engine.SetAutoIncCap(s.eng, 1)
			s.exec(alter)
			open := s.other(2)
			if _, err := open.run("BEGIN"); err != nil {
				t.Fatal(err)
			}
			if _, err := open.run("INSERT INTO a (w) VALUES (4)"); err != nil {
				t.Fatal(err)
			}
			sweep := func() {
				for i := 0; i < 4; i++ {
					engine.SweepAutoInc(s.eng)
				}
			}
			sweep()
			s.exec("INSERT INTO a (w) VALUES (5)")
			if _, err := open.run("COMMIT"); err != nil {
				t.Fatal(err)
			}
			s.want("SELECT id, w FROM a ORDER BY id", "1|1", "2|2", "4|4", "5|5")
			sweep()
			if n := engine.AutoIncLoaded(s.eng); n != 0 {
				t.Fatalf("%d sequences loaded after sweeps of idle ones, want 0", n)
			}
			s.exec("INSERT INTO a (w) VALUES (6)")
			s.want("SELECT id, w FROM a ORDER BY id", "1|1", "2|2", "4|4", "5|5", "6|6")
			s.want(nextAutoInc, "7")
		})
	}
}

// A sequence whose values a committed transaction's counter covers is
// evicted without reading the counter again (Transaction.noteCounter):
// at 1M tables those reads were ~40% of the sweep. Values a savepoint
// rolled back are still covered (the counter was raised all the same, a
// gap as in InnoDB); a rolled-back or open transaction's are not, and
// their sequences are decided by reading the counter.
func TestAutoIncEvictionWithoutCounterReads(t *testing.T) {
	s := newStore(t)
	// No sweep until the statements are done: one running after an insert
	// but before its commit reads the counter, rightly.
	engine.SetAutoIncCap(s.eng, 1000)
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		s.exec("CREATE TABLE " + n + " (id BIGINT AUTO_INCREMENT, w INT, KEY ki (id))")
	}
	s.exec("INSERT INTO a (w) VALUES (1)",
		"BEGIN", "INSERT INTO b (w) VALUES (1)", "INSERT INTO c (w) VALUES (1), (2)", "COMMIT",
		"BEGIN", "SAVEPOINT p", "INSERT INTO d (w) VALUES (1)", "ROLLBACK TO SAVEPOINT p", "COMMIT",
		"BEGIN", "INSERT INTO e (w) VALUES (1)", "ROLLBACK")
	engine.SetAutoIncCap(s.eng, 1)
	// The sweep's first pass clears the use bits, its second evicts.
	ev, reads := engine.AutoIncEvictions(s.eng), engine.AutoIncSweepReads(s.eng)
	engine.SweepAutoInc(s.eng)
	if n := engine.AutoIncEvictions(s.eng) - ev; n != 4 {
		t.Fatalf("%d sequences evicted, want 4 (a, b, c, d; e's value is past its counter)", n)
	}
	if n := engine.AutoIncSweepReads(s.eng) - reads; n != 1 {
		t.Fatalf("the sweep read %d counters, want 1 (e's: its transaction rolled back)", n)
	}
	s.exec("INSERT INTO a (w) VALUES (2)", "INSERT INTO b (w) VALUES (2)", "INSERT INTO c (w) VALUES (3)",
		"INSERT INTO d (w) VALUES (2)", "INSERT INTO e (w) VALUES (2)")
	s.want("SELECT id, w FROM a ORDER BY id", "1|1", "2|2")
	s.want("SELECT id, w FROM b ORDER BY id", "1|1", "2|2")
	s.want("SELECT id, w FROM c ORDER BY id", "1|1", "2|2", "3|3")
	s.want("SELECT id, w FROM d ORDER BY id", "2|2")
	s.want("SELECT id, w FROM e ORDER BY id", "2|2")
}

// Getting a table's loaded sequence, once per inserted row, allocates
// nothing: it allocated a sequence (and boxed the table ID) only to throw
// it away whenever one was loaded already.
func TestAutoIncForLoadedAllocatesNothing(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE a (id BIGINT AUTO_INCREMENT PRIMARY KEY, w INT)", "INSERT INTO a (w) VALUES (1)")
	if n := engine.AutoIncForAllocs(s.eng, s.ctx(), "db", "a"); n != 0 {
		t.Fatalf("%v allocations per lookup of a loaded sequence, want 0", n)
	}
}
