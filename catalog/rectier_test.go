package catalog

import (
	"bytes"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// putTables commits one table of each shared variant per schema slot, n in
// all, with distinct names, IDs, comments and AUTO_INCREMENT starts, and
// returns their records as stored.
func putTables(t *testing.T, db *kv.DB, c *Catalog, sch *Schema, n int) map[string][]byte {
	t.Helper()
	variants := sharedVariants(t)
	names := make([]string, 0, len(variants))
	for name := range variants {
		names = append(names, name)
	}
	tx := db.Begin()
	if _, err := c.PutSchema(tx, sch); err != nil {
		t.Fatal(err)
	}
	recs := map[string][]byte{}
	for i := 0; i < n; i++ {
		v := names[i%len(names)]
		tbl := variants[v].CopyIDs(uint64(1000+i), sch.ID, sch.ID)
		tbl.Name, tbl.Comment, tbl.AutoIncStart = fmt.Sprintf("t%d", i), fmt.Sprintf("%s %d", v, i), uint64(i)
		if _, err := c.PutTable(tx, sch, tbl); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		rec, ok, err := db.Get(keys.Table(sch.ID, fmt.Sprintf("t%d", i)))
		if err != nil || !ok {
			t.Fatalf("t%d: %v %v", i, ok, err)
		}
		recs[fmt.Sprintf("t%d", i)] = rec
	}
	return recs
}

// TestRecordTierServesMisses: with a decoded-definition budget far below
// the tables read, the second pass takes every record from the tier, not
// the store, and each definition re-encodes to its stored record (every
// body variant, its own name, IDs, comment and AUTO_INCREMENT start).
func TestRecordTierServesMisses(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 64<<10) // ~35 definitions
	defer db.Close()
	const n = 600
	sch := &Schema{ID: 7, Name: "s"}
	recs := putTables(t, db, c, sch, n)
	s, _ := c.Schema(nil, "s")
	for pass := 0; pass < 2; pass++ {
		hits, loads := c.Stats().RecordHits.Load(), c.Stats().Loads.Load()
		for i := 0; i < n; i++ {
			name := fmt.Sprintf("t%d", i)
			tbl, err := c.Table(nil, s, name)
			if err != nil || tbl == nil {
				t.Fatalf("pass %d %s: %v", pass, name, err)
			}
			again, err := encodeTable(tbl)
			if err != nil || !bytes.Equal(again, recs[name]) {
				t.Fatalf("pass %d %s: definition re-encodes differently (%v)", pass, name, err)
			}
			if tbl.Schema().Schema[0].Source != name || tbl.DBName() != "s" {
				t.Fatalf("pass %d %s: GMS columns of %s.%s", pass, name, tbl.DBName(), tbl.Schema().Schema[0].Source)
			}
		}
		gotHits, gotLoads := c.Stats().RecordHits.Load()-hits, c.Stats().Loads.Load()-loads
		if pass == 0 && gotHits != 0 {
			t.Fatalf("first pass: %d records from an empty tier", gotHits)
		}
		if pass == 1 && (gotLoads < n/2 || gotHits != gotLoads) {
			t.Fatalf("second pass: %d of %d loads from the tier; want all (and most reads loads)", gotHits, gotLoads)
		}
	}
}

// TestRecordTierInvalidation: an ALTER's commit (Invalidate, and
// BeginChange/EndChange around it) replaces the tier's record; while the
// change is in flight the tier neither serves nor stores it; a loader that
// read before an invalidation does not plant its record; DROP and
// re-CREATE under the same name read the new table.
func TestRecordTierInvalidation(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	sch := &Schema{ID: 7, Name: "s"}
	putTables(t, db, c, sch, 4)
	s, _ := c.Schema(nil, "s")
	read := func(name string) *Table {
		t.Helper()
		forgetDecoded(c)
		tbl, err := c.Table(nil, s, name)
		if err != nil {
			t.Fatal(err)
		}
		return tbl
	}
	alter := func(tbl *Table, comment string, bracket bool, mid func()) {
		t.Helper()
		nt := tbl.Clone()
		nt.Comment = comment
		tx := db.Begin()
		k, err := c.PutTable(tx, s, nt)
		if err != nil {
			t.Fatal(err)
		}
		if bracket {
			c.BeginChange([]string{k})
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		if mid != nil {
			mid()
		}
		if bracket {
			c.EndChange([]string{k})
		} else {
			c.Invalidate([]string{k})
		}
	}
	read("t0")
	if read("t0"); c.Stats().RecordHits.Load() == 0 {
		t.Fatal("the record tier served nothing")
	}
	alter(read("t0"), "v2", false, nil)
	if got := read("t0"); got.Comment != "v2" {
		t.Fatalf("after Invalidate: comment %q, want v2", got.Comment)
	}
	if got := read("t0"); got.Comment != "v2" {
		t.Fatalf("from the tier after Invalidate: comment %q, want v2", got.Comment)
	}
	alter(read("t1"), "v3", true, func() {
		hits := c.Stats().RecordHits.Load()
		if got := read("t1"); got.Comment != "v3" || c.Stats().RecordHits.Load() != hits {
			t.Fatalf("in flight: comment %q, tier hits %d -> %d", got.Comment, hits, c.Stats().RecordHits.Load())
		}
	})
	if got := read("t1"); got.Comment != "v3" {
		t.Fatalf("after EndChange: comment %q, want v3", got.Comment)
	}

	// A loader's record read before an invalidation is not kept.
	key := string(keys.Table(s.ID, "t2"))
	_, _, gen := c.cache.getOrRecord(key)
	old, _, _ := db.Get([]byte(key))
	c.cache.invalidate(key) // t2 altered meanwhile
	c.cache.putRecord(key, old, gen)
	if _, rec, _ := c.cache.getOrRecord(key); rec != nil {
		t.Fatal("a record read before an invalidation was planted in the tier")
	}

	// DROP TABLE t3, CREATE TABLE t3 (another table, same key).
	t3 := read("t3")
	read("t3")
	tx := db.Begin()
	ch := (&Change{}).DropTable(s, t3)
	ks, err := c.Write(tx, ch)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	c.Invalidate(ks)
	if got := read("t3"); got != nil {
		t.Fatalf("dropped table read back (ID %d)", got.ID)
	}
	nt := t3.CopyIDs(9999, s.ID, s.ID)
	nt.Name = "t3"
	tx = db.Begin()
	k, err := c.PutTable(tx, s, nt)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	c.Invalidate([]string{k})
	if got := read("t3"); got == nil || got.ID != 9999 {
		t.Fatalf("re-created table: %+v", got)
	}
}

// TestRecordTierWarmAndBudget: Warm fills the tier, so the first read of
// every table takes no store read; a tier over its budget starts again
// and stays within it, still serving what it holds correctly.
func TestRecordTierWarmAndBudget(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1)
	defer db.Close()
	// No decoded definitions kept, and a tier with room for all.
	c.cache.recBudget = 1 << 20
	const n = 500
	sch := &Schema{ID: 7, Name: "s"}
	putTables(t, db, c, sch, n)
	if _, _, err := c.Warm(nil, 1<<40); err != nil {
		t.Fatal(err)
	}
	s, _ := c.Schema(nil, "s")
	hits := c.Stats().RecordHits.Load()
	for i := 0; i < n; i++ {
		forgetDecoded(c)
		if tbl, err := c.Table(nil, s, fmt.Sprintf("t%d", i)); err != nil || tbl == nil || tbl.ID != uint64(1000+i) {
			t.Fatalf("t%d: %v %v", i, tbl, err)
		}
	}
	if got := c.Stats().RecordHits.Load() - hits; got != n {
		t.Fatalf("after Warm %d of %d first reads came from the tier", got, n)
	}

	// A budget of ~3 entries a shard.
	c.cache.recBudget = 3 * 64
	for i := range c.cache.shards {
		sh := &c.cache.shards[i]
		clear(sh.rec.idx)
		sh.rec.arena, sh.rec.bytes = sh.rec.arena[:0], 0
	}
	for pass := 0; pass < 2; pass++ {
		for i := 0; i < n; i++ {
			forgetDecoded(c)
			if tbl, err := c.Table(nil, s, fmt.Sprintf("t%d", i)); err != nil || tbl == nil || tbl.ID != uint64(1000+i) ||
				tbl.Comment == "" || tbl.AutoIncStart != uint64(i) {
				t.Fatalf("pass %d t%d: %+v %v", pass, i, tbl, err)
			}
		}
	}
	for i := range c.cache.shards {
		if b := c.cache.shards[i].rec.bytes; b > c.cache.recBudget {
			t.Fatalf("shard %d holds %d bytes, budget %d", i, b, c.cache.recBudget)
		}
	}
}

// TestRecordTierConcurrentAlters (run with -race): readers never get a
// definition older than the last ALTER that committed before their read
// began, while writers ALTER through BeginChange/EndChange and the tier's
// budget makes it start again all the time.
func TestRecordTierConcurrentAlters(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 16<<10)
	defer db.Close()
	const n = 40
	sch := &Schema{ID: 7, Name: "s"}
	putTables(t, db, c, sch, n)
	s, _ := c.Schema(nil, "s")
	c.cache.recBudget = 8 * 64
	// committed[i] is the AutoIncStart of t<i>'s last committed ALTER:
	// written after EndChange, so a reader that loads it first must see
	// at least that version.
	var committed [n]atomic.Uint64
	for i := range committed {
		committed[i].Store(uint64(i))
	}
	var writers, readers sync.WaitGroup
	errs := make(chan error, 16)
	stop := make(chan struct{})
	var mu [n]sync.Mutex // one writer per table at a time
	for w := 0; w < 2; w++ {
		writers.Add(1)
		go func(w int) {
			defer writers.Done()
			for k := 0; k < 300; k++ {
				i := (k*13 + w*7) % n
				mu[i].Lock()
				cur, err := c.Table(db, s, fmt.Sprintf("t%d", i))
				if err != nil || cur == nil {
					mu[i].Unlock()
					errs <- fmt.Errorf("writer t%d: %v", i, err)
					return
				}
				nt := cur.Clone()
				nt.AutoIncStart = cur.AutoIncStart + 1000
				tx := db.Begin()
				key, err := c.PutTable(tx, s, nt)
				if err != nil {
					mu[i].Unlock()
					errs <- err
					return
				}
				c.BeginChange([]string{key})
				err = tx.Commit()
				c.EndChange([]string{key})
				if err != nil {
					mu[i].Unlock()
					errs <- err
					return
				}
				committed[i].Store(nt.AutoIncStart)
				mu[i].Unlock()
			}
		}(w)
	}
	for r := 0; r < 6; r++ {
		readers.Add(1)
		go func(r int) {
			defer readers.Done()
			for k := 0; ; k++ {
				select {
				case <-stop:
					return
				default:
				}
				i := (k*7 + r*5) % n
				floor := committed[i].Load()
				tbl, err := c.Table(nil, s, fmt.Sprintf("t%d", i))
				if err != nil || tbl == nil || tbl.ID != uint64(1000+i) {
					errs <- fmt.Errorf("reader t%d: %v %v", i, tbl, err)
					return
				}
				if tbl.AutoIncStart < floor {
					errs <- fmt.Errorf("reader t%d: version %d after %d committed", i, tbl.AutoIncStart, floor)
					return
				}
			}
		}(r)
	}
	writers.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if c.Stats().RecordHits.Load() == 0 {
		t.Fatal("the record tier served nothing")
	}
}

// forgetDecoded drops the decoded definitions, so the next reads go to the
// record tier (or the store).
func forgetDecoded(c *Catalog) {
	for i := range c.cache.shards {
		sh := &c.cache.shards[i]
		sh.mu.Lock()
		clear(sh.items)
		sh.ll.Init()
		sh.bytes = 0
		sh.mu.Unlock()
	}
}

// TestRecordTierBudgetFollowsCatalogCache: the tier's budget is
// RecordTierShare times --catalog-cache, RecordTierUsage reports what it
// holds, and a Warm of more tables than fit stays within it.
func TestRecordTierBudgetFollowsCatalogCache(t *testing.T) {
	for _, tc := range []struct {
		cacheBytes int64
		n          int
		all        bool // every record fits
	}{
		{cacheBytes: 1 << 20, n: 300, all: true},
		// 2 * 16 KiB over 32 shards: 1 KiB a shard, ~10 records.
		{cacheBytes: 16 << 10, n: 1000},
	} {
		t.Run(fmt.Sprint(tc.cacheBytes), func(t *testing.T) {
			db, c := openTestCatalog(t, t.TempDir(), tc.cacheBytes)
			defer db.Close()
			if got, want := c.RecordTierBudget(), RecordTierShare*tc.cacheBytes; got != want {
				t.Fatalf("budget %d, want %d", got, want)
			}
			if b, n := c.RecordTierUsage(); n != 0 || b != recBodiesBytes() {
				t.Fatalf("empty tier reports %d bytes, %d records", b, n)
			}
			putTables(t, db, c, &Schema{ID: 7, Name: "s"}, tc.n)
			if _, _, err := c.Warm(nil, 1<<40); err != nil {
				t.Fatal(err)
			}
			b, n := c.RecordTierUsage()
			if tc.all && n != tc.n {
				t.Fatalf("tier holds %d records, want %d", n, tc.n)
			}
			if !tc.all && n == tc.n {
				t.Fatalf("all %d records kept in a tier of %d bytes", n, c.RecordTierBudget())
			}
			if n == 0 || n > tc.n {
				t.Fatalf("tier holds %d records of %d", n, tc.n)
			}
			own := b - recBodiesBytes()
			if own < int64(n)*recMapEntryBytes || own > c.RecordTierBudget() {
				t.Fatalf("tier reports %d bytes (bodies apart) for %d records, budget %d", own, n, c.RecordTierBudget())
			}
		})
	}
}
