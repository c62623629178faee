package catalog

import (
	"fmt"
	"testing"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

func openTestCatalog(t *testing.T, dir string, cacheBytes int64) (*kv.DB, *Catalog) {
	t.Helper()
	db, err := kv.Open(dir, kv.Options{Durability: kv.Async})
	if err != nil {
		t.Fatal(err)
	}
	c, err := Open(db, cacheBytes)
	if err != nil {
		t.Fatal(err)
	}
	return db, c
}

func TestIDsNeverReused(t *testing.T) {
	dir := t.TempDir()
	db, c := openTestCatalog(t, dir, 1<<20)
	seen := map[uint64]bool{}
	for i := 0; i < 10; i++ {
		id, err := c.NewID()
		if err != nil {
			t.Fatal(err)
		}
		seen[id] = true
	}
	db.Close() // a "crash" after handing out IDs from a reserved block
	db, c = openTestCatalog(t, dir, 1<<20)
	defer db.Close()
	for i := 0; i < idBlock+10; i++ {
		id, err := c.NewID()
		if err != nil {
			t.Fatal(err)
		}
		if seen[id] {
			t.Fatalf("ID %d handed out twice", id)
		}
		seen[id] = true
	}
}

func TestSchemaAndTableLifecycle(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	commit := func(fn func(tx *kv.Txn) []string) {
		tx := db.Begin()
		keys := fn(tx)
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		c.Invalidate(keys)
	}
	s := &Schema{ID: 1, Name: "Tenant_A"}
	commit(func(tx *kv.Txn) []string {
		k, err := c.PutSchema(tx, s)
		if err != nil {
			t.Fatal(err)
		}
		return []string{k}
	})
	got, err := c.Schema(nil, "tenant_a")
	if err != nil || got == nil || got.Name != "Tenant_A" {
		t.Fatalf("case-insensitive schema lookup: %v %v", got, err)
	}
	tbl := sbtestRecord(t)
	tbl.Name = "Orders"
	commit(func(tx *kv.Txn) []string {
		k, err := c.PutTable(tx, got, tbl)
		if err != nil {
			t.Fatal(err)
		}
		return []string{k}
	})
	// A cached definition is replaced after an ALTER commits.
	if d, _ := c.Table(nil, got, "orders"); d == nil || d.Comment != "" {
		t.Fatalf("lookup: %v", d)
	}
	altered := tbl.Clone()
	altered.Comment = "v2"
	commit(func(tx *kv.Txn) []string {
		k, err := c.PutTable(tx, got, altered)
		if err != nil {
			t.Fatal(err)
		}
		return []string{k}
	})
	if d, _ := c.Table(nil, got, "ORDERS"); d == nil || d.Comment != "v2" {
		t.Fatalf("stale definition after invalidation: %+v", d)
	}
	var names []string
	if err := c.ListTableNames(nil, got, func(n string) error { names = append(names, n); return nil }); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(names) != "[Orders]" {
		t.Fatalf("names %v", names)
	}
	commit(func(tx *kv.Txn) []string {
		keys, err := c.DropSchema(tx, tx, got)
		if err != nil {
			t.Fatal(err)
		}
		return keys
	})
	if s, _ := c.Schema(nil, "tenant_a"); s != nil {
		t.Fatal("schema survived DROP")
	}
	if d, _ := c.Table(db, got, "orders"); d != nil {
		t.Fatal("table record survived DROP DATABASE")
	}
}

func TestCacheStaysWithinBudget(t *testing.T) {
	c := newDefCache(64<<10, 0, nil)
	for i := 0; i < 10000; i++ {
		key := fmt.Sprintf("k%d", i)
		_, gen := c.get(key)
		c.put(key, i, 1000, gen)
	}
	bytes, entries := c.usage()
	// Each shard may hold one entry over its share.
	if bytes > 64<<10+cacheShards*1000 || entries == 0 {
		t.Fatalf("cache holds %d bytes in %d entries, budget %d", bytes, entries, 64<<10)
	}
	if c.stats.Evictions.Load() == 0 {
		t.Fatal("no evictions counted")
	}
	// A loader that read before an invalidation must not plant its copy.
	_, gen := c.get("x")
	c.invalidate("x")
	c.put("x", "stale", 10, gen)
	if v, _ := c.get("x"); v != nil {
		t.Fatal("stale entry planted after invalidation")
	}
}

// TestSchemaCachedApart: definitions read across many tables evict one
// another, not their schema's record, which has a share of the budget of
// its own (a statement reads both).
func TestSchemaCachedApart(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 256<<10)
	defer db.Close()
	tx := db.Begin()
	sch := &Schema{ID: 7, Name: "s"}
	if _, err := c.PutSchema(tx, sch); err != nil {
		t.Fatal(err)
	}
	const n = 2000 // ~3 KiB each: far more than the budget
	for i := 0; i < n; i++ {
		tbl := sbtestRecord(t)
		tbl.ID, tbl.Name = uint64(100+i), fmt.Sprintf("t%d", i)
		if _, err := c.PutTable(tx, sch, tbl); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	s, err := c.Schema(nil, "s")
	if err != nil || s == nil {
		t.Fatalf("schema: %v", err)
	}
	for i := 0; i < n; i++ {
		if tbl, err := c.Table(nil, s, fmt.Sprintf("t%d", i)); err != nil || tbl == nil {
			t.Fatalf("t%d: %v", i, err)
		}
	}
	if c.Stats().Evictions.Load() == 0 {
		t.Fatal("the definitions did not overflow the cache")
	}
	hits := c.Stats().Hits.Load()
	if s2, err := c.Schema(nil, "s"); err != nil || s2 != s || c.Stats().Hits.Load() != hits+1 {
		t.Fatalf("the schema record was evicted by the definitions (hit %v, %v)", s2 == s, err)
	}
	// DDL still invalidates it.
	c.Invalidate([]string{string(keys.Schema("s"))})
	if s3, _ := c.Schema(nil, "s"); s3 == s {
		t.Fatal("the schema record survived its invalidation")
	}
}
