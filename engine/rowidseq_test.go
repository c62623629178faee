package engine_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/myriaddb/myriad/engine"
)

// Evicting loaded hidden row-ID sequences (Engine.rowIDSeq) is never seen:
// under concurrent inserts into more keyless tables than the cap, with
// sweeps evicting all the while, every row is kept (a row ID handed out
// twice would make the second row overwrite the first, silently, so
// COUNT(*) would come up short) and a scan returns each session's rows in
// the order it inserted them (a lower row ID would put a row before one
// inserted earlier).
func TestRowIDEvictionConcurrent(t *testing.T) {
	s := newStore(t)
	engine.SetRowIDCap(s.eng, 4)
	const tables, workers, perWorker = 12, 6, 120
	for i := 0; i < tables; i++ {
		s.exec(fmt.Sprintf("CREATE TABLE t%d (w INT, i INT)", i))
	}
	errs := make(chan error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		c := s.other(uint32(10 + w))
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < perWorker; i++ {
				tb := (w*7 + i*5) % tables
				q := fmt.Sprintf("INSERT INTO t%d VALUES (%d, %d)", tb, w, 2*i)
				if i%9 == 0 {
					q = fmt.Sprintf("INSERT INTO t%d VALUES (%d, %d), (%d, %d)", tb, w, 2*i, w, 2*i+1)
				}
				if _, err := c.run(q); err != nil {
					errs <- fmt.Errorf("%s: %w", q, err)
					return
				}
				if i%10 == 0 {
					engine.SweepRowIDs(c.eng)
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	total := 0
	for i := 0; i < tables; i++ {
		rows := s.query(fmt.Sprintf("SELECT w, i FROM t%d", i))
		last := map[string]int{}
		for _, r := range rows {
			w, v, _ := strings.Cut(r, "|")
			var n int
			fmt.Sscan(v, &n)
			if p, ok := last[w]; ok && n <= p {
				t.Fatalf("t%d: worker %s's row %d scanned after its row %d: a row ID went down", i, w, n, p)
			}
			last[w] = n
		}
		total += len(rows)
	}
	if want := workers * (perWorker + (perWorker+8)/9); total != want {
		t.Fatalf("%d rows, want %d: a row ID was handed out twice", total, want)
	}
	t.Logf("%d evictions", engine.RowIDEvictions(s.eng))
	if engine.RowIDEvictions(s.eng) == 0 {
		t.Fatal("no sequence was evicted: the test did not exercise eviction")
	}
	engine.SweepRowIDs(s.eng)
	engine.SweepRowIDs(s.eng)
	if n := engine.RowIDLoaded(s.eng); n > 4 {
		t.Fatalf("%d sequences loaded after sweeps, cap 4", n)
	}
}

// A row-ID sequence whose IDs are not all covered by the committed counter
// stays loaded: an insert not yet committed, or one rolled back. Evicted
// and loaded from the counter again, either would hand its ID out again,
// and the open transaction's row and a later one would share a key.
func TestRowIDEvictionKeepsUncommitted(t *testing.T) {
	s := newStore(t)
	engine.SetRowIDCap(s.eng, 1)
	s.exec("CREATE TABLE a (w INT)", "CREATE TABLE b (w INT)",
		"INSERT INTO a VALUES (1)", "INSERT INTO b VALUES (1)")
	open := s.other(2)
	if _, err := open.run("BEGIN"); err != nil {
		t.Fatal(err)
	}
	if _, err := open.run("INSERT INTO a VALUES (2)"); err != nil {
		t.Fatal(err)
	}
	s.exec("BEGIN", "INSERT INTO b VALUES (2)", "ROLLBACK")
	// Two sweeps: the first clears the sequences' use bits.
	engine.SweepRowIDs(s.eng)
	before := engine.RowIDEvictions(s.eng)
	engine.SweepRowIDs(s.eng)
	engine.SweepRowIDs(s.eng)
	if n := engine.RowIDEvictions(s.eng) - before; n != 0 {
		t.Fatalf("%d sequences evicted, want 0: both have IDs past their counters", n)
	}
	s.exec("INSERT INTO a VALUES (3)", "INSERT INTO b VALUES (3)")
	if _, err := open.run("COMMIT"); err != nil {
		t.Fatal(err)
	}
	s.want("SELECT w FROM a", "1", "2", "3")
	s.want("SELECT w FROM b", "1", "3")
	// Committed now: the counters cover every ID, so both go, and come
	// back where they were.
	engine.SweepRowIDs(s.eng)
	engine.SweepRowIDs(s.eng)
	if engine.RowIDEvictions(s.eng)-before < 2 || engine.RowIDLoaded(s.eng) != 0 {
		t.Fatalf("%d evictions, %d loaded: both should go once their IDs were committed", engine.RowIDEvictions(s.eng)-before, engine.RowIDLoaded(s.eng))
	}
	s.exec("INSERT INTO a VALUES (4)", "INSERT INTO b VALUES (4)")
	s.want("SELECT w FROM a", "1", "2", "3", "4")
	s.want("SELECT w FROM b", "1", "3", "4")
}

// A row-ID sequence evicted between an insert getting it and drawing from
// it is not drawn from: the insert fetches the table's sequence again,
// loaded from the counter, which another session's insert would load too.
// Drawing from the evicted one gave both the same row ID, and the second
// row overwrote the first.
func TestRowIDEvictionBetweenGetAndDraw(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE a (w INT)", "INSERT INTO a VALUES (1)")
	other := s.other(2)
	engine.SetRowIDCap(s.eng, 1)
	fired := false
	engine.SetRowIDDrawFault(func() {
		if fired {
			return
		}
		fired = true
		// Two sweeps: the first clears the use bit of the first insert.
		engine.SweepRowIDs(s.eng)
		engine.SweepRowIDs(s.eng)
		if engine.RowIDLoaded(s.eng) != 0 {
			t.Error("the sequence was not evicted")
		}
		// Another session's insert loads the sequence anew and draws.
		if _, err := other.run("INSERT INTO a VALUES (2)"); err != nil {
			t.Error(err)
		}
	})
	defer engine.SetRowIDDrawFault(nil)
	s.exec("INSERT INTO a VALUES (3)")
	if !fired {
		t.Fatal("the fault did not run")
	}
	s.want("SELECT w FROM a", "1", "2", "3")
}
