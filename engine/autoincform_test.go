package engine_test

import (
	"context"
	"encoding/binary"
	"testing"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// asLegacyStore turns the closed store into what a build before keys.AutoInc
// left: each named table's counter under its data span (as a merge operand,
// as those builds wrote it) and no format marker.
func (s *store) asLegacyStore(tables ...*catalog.Table) {
	s.t.Helper()
	s.close()
	db, err := kv.Open(s.dir, kv.Options{Durability: kv.Sync})
	if err != nil {
		s.t.Fatal(err)
	}
	defer db.Close()
	tx := db.Begin()
	for _, t := range tables {
		v, err := db.Counter(t.CounterKey())
		if err != nil || v == 0 {
			s.t.Fatalf("counter of %s: %d, %v", t.Name, v, err)
		}
		tx.Delete(t.CounterKey())
		tx.RaiseCounter(t.LegacyCounterKey(), v)
	}
	tx.Delete(keys.Format("autoinc"))
	if err := tx.Commit(); err != nil {
		s.t.Fatal(err)
	}
}

func (s *store) counters(t *catalog.Table) (cur, legacy uint64) {
	s.t.Helper()
	var err error
	if cur, err = s.kv.Counter(t.CounterKey()); err != nil {
		s.t.Fatal(err)
	}
	if legacy, err = s.kv.Counter(t.LegacyCounterKey()); err != nil {
		s.t.Fatal(err)
	}
	return cur, legacy
}

// A store whose AUTO_INCREMENT counters are still in the tables' data spans
// keeps handing out values above them: both places are read until
// MoveLegacyCounters has moved every counter, after which only the new one
// is, across restarts; a table created meanwhile never needed the old one.
func TestLegacyAutoIncCounters(t *testing.T) {
	s := newStore(t)
	if s.eng.LegacyCounters() {
		t.Fatal("a new store reports counters in the old place")
	}
	// The deleted row 100 leaves the counter above every stored value:
	// only the counter knows 101 is next (a table made by CREATE TABLE
	// that has no counter starts at 1).
	s.exec("CREATE TABLE a (id BIGINT AUTO_INCREMENT PRIMARY KEY, v INT)",
		"INSERT INTO a (v) VALUES (1), (2)",
		"INSERT INTO a VALUES (100, 3)",
		"DELETE FROM a WHERE id = 100",
		"CREATE TABLE b (id INT AUTO_INCREMENT PRIMARY KEY)",
		"INSERT INTO b VALUES (40)")
	a, b := s.table("a"), s.table("b")
	s.asLegacyStore(a, b)

	s.open()
	if !s.eng.LegacyCounters() {
		t.Fatal("a store without the format marker is not read in both places")
	}
	s.exec("CREATE TABLE c (id INT AUTO_INCREMENT PRIMARY KEY)", "INSERT INTO c VALUES (NULL)")
	s.want(nextAutoInc, "101")
	s.exec("INSERT INTO a (v) VALUES (4)")
	s.want("SELECT id FROM a ORDER BY id", "1", "2", "101")
	if cur, legacy := s.counters(a); cur != 102 || legacy != 101 {
		t.Fatalf("counters of a after an insert: new %d, old %d; want 102, 101", cur, legacy)
	}
	// Still unmoved after a restart: the larger of the two is next.
	s.reopen()
	s.exec("INSERT INTO b VALUES (NULL)")
	s.want("SELECT id FROM b", "40", "41")

	moved, err := s.eng.MoveLegacyCounters(context.Background())
	if err != nil || moved != 2 {
		t.Fatalf("MoveLegacyCounters: %d, %v; want 2 moved", moved, err)
	}
	if s.eng.LegacyCounters() {
		t.Fatal("still reading the old place after the move")
	}
	for _, tb := range []*catalog.Table{a, b} {
		if cur, legacy := s.counters(tb); legacy != 0 || cur == 0 {
			t.Fatalf("counters of %s after the move: new %d, old %d", tb.Name, cur, legacy)
		}
	}
	v, ok, err := s.kv.Get(keys.Format("autoinc"))
	if err != nil || !ok || binary.BigEndian.Uint64(v) != 0 {
		t.Fatalf("format marker after the move: %x %v %v", v, ok, err)
	}
	s.reopen()
	if s.eng.LegacyCounters() {
		t.Fatal("old place read again after a restart")
	}
	s.exec("INSERT INTO a (v) VALUES (5)", "INSERT INTO b VALUES (NULL)", "INSERT INTO c VALUES (NULL)")
	s.want("SELECT id FROM a ORDER BY id", "1", "2", "101", "102")
	s.want("SELECT id FROM b ORDER BY id", "40", "41", "42")
	s.want("SELECT id FROM c ORDER BY id", "1", "2")
	s.close()
	if rep, err := check.Dir(s.dir, check.Options{}); err != nil || !rep.OK() || rep.Counters != 3 {
		t.Fatalf("check after the move: %+v, %v", rep, err)
	}
}

// A table dropped while a batch of the move is between reading its counter
// and committing makes the batch fail and read again: the dropped table's
// counter does not reappear in the new place.
func TestLegacyCounterMoveRacesDrop(t *testing.T) {
	s := newStore(t)
	s.exec("CREATE TABLE keep (id INT AUTO_INCREMENT PRIMARY KEY)", "INSERT INTO keep VALUES (7)",
		"CREATE TABLE gone (id INT AUTO_INCREMENT PRIMARY KEY)", "INSERT INTO gone VALUES (9)")
	keep, gone := s.table("keep"), s.table("gone")
	s.asLegacyStore(keep, gone)
	s.open()
	batches := 0
	engine.SetMoveCountersFault(func() {
		batches++
		if batches == 1 {
			s.exec("DROP TABLE gone")
		}
	})
	defer engine.SetMoveCountersFault(nil)
	moved, err := s.eng.MoveLegacyCounters(context.Background())
	if err != nil || moved != 1 || batches != 2 {
		t.Fatalf("MoveLegacyCounters: %d moved in %d batches, %v; want 1 in 2 (the first one refused)", moved, batches, err)
	}
	if cur, legacy := s.counters(gone); cur != 0 || legacy != 0 {
		t.Fatalf("dropped table's counters: new %d, old %d", cur, legacy)
	}
	if cur, _ := s.counters(keep); cur != 8 {
		t.Fatalf("counter of keep: %d, want 8", cur)
	}
	s.close()
	if rep, err := check.Dir(s.dir, check.Options{}); err != nil || !rep.OK() || rep.Counters != 1 {
		t.Fatalf("check: %+v, %v", rep, err)
	}
}
