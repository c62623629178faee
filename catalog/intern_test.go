package catalog

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"testing"

	"github.com/myriaddb/myriad/keys"
)

// sharedVariants are records of different bodies: each must decode through
// the shared path exactly as decodeTable decodes it, the first time (which
// learns the body) and again (which reuses it).
func sharedVariants(t *testing.T) map[string]*Table {
	v := map[string]*Table{"sbtest": sbtestRecord(t)}
	fill := sbtestRecord(t)
	fill.Columns[2].Fill, _ = EncodeFill("x")
	fill.CounterExact = true
	v["fill"] = fill
	cons := sbtestRecord(t)
	cons.FKs = []ForeignKey{{Name: "fk_k", Columns: []string{"k"}, ParentSchema: "s", ParentTable: "p", ParentColumns: []string{"id"}}}
	cons.Checks = []Check{{Name: "c1", Expr: "(`k` > 0)", Enforced: true}}
	v["constraints"] = cons
	ix := sbtestRecord(t)
	ix.Indexes = []Index{{ID: 2, Name: "k_1", Columns: []int{1}}, {ID: 3, Name: "u", Unique: true, Columns: []int{2}, Prefix: []uint16{10}}}
	ix.NextIndexID = 4
	v["indexes"] = ix
	hidden := sbtestRecord(t)
	hidden.PK, hidden.RowIDHashBelow = nil, 5
	hidden.Columns[0].AutoIncrement = false
	v["hidden"] = hidden
	coll := sbtestRecord(t)
	coll.Collation = 255
	v["collation"] = coll
	return v
}

// TestSharedDecodeMatchesDecode: a definition read through the cache
// (decodeCachedTable) has the same fields, record bytes, GMS schema and
// shape as one decoded on its own, whether it learned its body or shared
// one, and carries its own name, IDs, comment and AUTO_INCREMENT start.
func TestSharedDecodeMatchesDecode(t *testing.T) {
	for name, tmpl := range sharedVariants(t) {
		for i := 0; i < 3; i++ {
			tbl := tmpl.CopyIDs(uint64(500+i), uint64(7+i), uint64(7+i))
			tbl.Name, tbl.Comment, tbl.AutoIncStart = fmt.Sprintf("%s_%d", name, i), fmt.Sprintf("c%d", i), uint64(i)
			tbl.StampKeyFormat() // a field after the body's start, as a new table has
			rec, err := encodeTable(tbl)
			if err != nil {
				t.Fatal(err)
			}
			want, err := decodeTable(rec, fmt.Sprintf("db%d", i))
			if err != nil {
				t.Fatal(err)
			}
			got, err := decodeCachedTable(rec, fmt.Sprintf("db%d", i))
			if err != nil {
				t.Fatal(err)
			}
			again, _ := encodeTable(got)
			if !bytes.Equal(again, rec) {
				t.Errorf("%s/%d: re-encoded record differs", name, i)
			}
			if got.ID != tbl.ID || got.SchemaID != tbl.SchemaID || got.DataSchemaID != tbl.DataSchemaID ||
				got.Name != tbl.Name || got.Comment != tbl.Comment || got.AutoIncStart != tbl.AutoIncStart ||
				got.DBName() != want.DBName() {
				t.Errorf("%s/%d: header %+v, want %+v", name, i, got, want)
			}
			if !reflect.DeepEqual(got.Schema(), want.Schema()) {
				t.Errorf("%s/%d: GMS schema differs:\n%+v\n%+v", name, i, got.Schema(), want.Schema())
			}
			if got.Shape() != want.Shape() {
				t.Errorf("%s/%d: shape differs", name, i)
			}
			for _, c := range want.Columns {
				if got.ColumnPos(c.ID) != want.ColumnPos(c.ID) {
					t.Errorf("%s/%d: column %d at %d, want %d", name, i, c.ID, got.ColumnPos(c.ID), want.ColumnPos(c.ID))
				}
			}
			if got.Schema().Schema[0].Source != tbl.Name || got.Schema().Schema[0].DatabaseSource != fmt.Sprintf("db%d", i) {
				t.Errorf("%s/%d: GMS columns belong to %s.%s", name, i, got.Schema().Schema[0].DatabaseSource, got.Schema().Schema[0].Source)
			}
		}
	}
}

// TestCachedDefinitionsShareBodies: through the catalog, identical tables
// share their columns (and a cached definition is three times smaller), an
// ALTERed table never gets another version's body and the others keep
// theirs, and after a restart the definitions read are the stored ones.
func TestCachedDefinitionsShareBodies(t *testing.T) {
	dir := t.TempDir()
	db, c := openTestCatalog(t, dir, 64<<20)
	tx := db.Begin()
	sch := &Schema{ID: 7, Name: "s"}
	if _, err := c.PutSchema(tx, sch); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		tbl := sbtestRecord(t)
		tbl.ID, tbl.Name = uint64(100+i), fmt.Sprintf("t%d", i)
		if _, err := c.PutTable(tx, sch, tbl); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	// A fresh catalog, so every definition is read from its record.
	c, err := Open(db, 64<<20)
	if err != nil {
		t.Fatal(err)
	}
	get := func(c *Catalog, name string) *Table {
		t.Helper()
		s, err := c.Schema(nil, "s")
		if err != nil || s == nil {
			t.Fatalf("schema: %v", err)
		}
		tbl, err := c.Table(nil, s, name)
		if err != nil || tbl == nil {
			t.Fatalf("%s: %v", name, err)
		}
		return tbl
	}
	t0, t1, t2 := get(c, "t0"), get(c, "t1"), get(c, "t2")
	if &t1.Columns[0] != &t2.Columns[0] || t1.Schema().Schema[0] == t2.Schema().Schema[0] {
		t.Fatal("identical definitions do not share their body, or share their GMS columns")
	}
	if t1.Schema().Schema[0].Source != "t1" || t2.Schema().Schema[0].Source != "t2" || t2.ID != 102 {
		t.Fatalf("t2 read as %s (%d)", t2.Schema().Schema[0].Source, t2.ID)
	}
	if t2.Bytes()*2 > t0.Bytes() && &t0.Columns[0] != &t2.Columns[0] {
		t.Errorf("a shared definition is charged %d bytes, a whole one %d", t2.Bytes(), t0.Bytes())
	}

	// ALTER t1: change k's default and add an index, as the engine does
	// (on a clone, invalidating the key around the commit).
	alt := t1.Clone()
	alt.Columns[1].Default = nil
	alt.Indexes = append(alt.Indexes, Index{ID: alt.NextIndexID, Name: "c_1", Columns: []int{2}})
	alt.NextIndexID++
	key := string(keys.Table(sch.ID, "t1"))
	c.cache.beginChange(key)
	tx = db.Begin()
	if _, err := c.PutTable(tx, sch, alt); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	c.cache.endChange(key)
	n1 := get(c, "t1")
	if n1.Columns[1].Default != nil || len(n1.Indexes) != len(t2.Indexes)+1 || n1.Shape() == t2.Shape() {
		t.Fatalf("t1 after ALTER: default %v, %d indexes (stale definition served)", n1.Columns[1].Default, len(n1.Indexes))
	}
	if &n1.Columns[0] == &t2.Columns[0] {
		t.Fatal("the ALTERed definition shares the old body")
	}
	if n2 := get(c, "t2"); n2.Columns[1].Default == nil || len(n2.Indexes) != len(t2.Indexes) {
		t.Fatal("t2 changed with t1's ALTER")
	}
	// A second table ALTERed the same way shares t1's new body.
	alt2 := get(c, "t0").Clone()
	alt2.Columns[1].Default = nil
	alt2.Indexes = append(alt2.Indexes, Index{ID: alt2.NextIndexID, Name: "c_1", Columns: []int{2}})
	alt2.NextIndexID++
	key0 := string(keys.Table(sch.ID, "t0"))
	c.cache.beginChange(key0)
	tx = db.Begin()
	if _, err := c.PutTable(tx, sch, alt2); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	c.cache.endChange(key0)
	if n0 := get(c, "t0"); &n0.Columns[0] != &get(c, "t1").Columns[0] || n0.Name != "t0" || n0.ID != 100 {
		t.Fatal("two tables ALTERed alike do not share their new body")
	}

	// Restart: a new store and catalog read the ALTERed and the old body.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, c = openTestCatalog(t, dir, 64<<20)
	defer db.Close()
	if r1, r2 := get(c, "t1"), get(c, "t2"); len(r1.Indexes) != len(t2.Indexes)+1 || r1.Columns[1].Default != nil ||
		r2.Columns[1].Default == nil || r1.Schema().Schema[0].Source != "t1" {
		t.Fatal("definitions after a restart differ from the stored ones")
	}
}

// TestSharedDefinitionMemory measures the heap a cached definition that
// shares its body holds (the cache's estimate, sharedTableMemory, charges
// it plus its cache entry and the engine's layout), and that it is well
// under a whole one's.
func TestSharedDefinitionMemory(t *testing.T) {
	tmpl := sbtestRecord(t)
	const n = 4000
	recs := make([][]byte, n)
	for i := range recs {
		tbl := tmpl.CopyIDs(uint64(1000+i), 7, 7)
		tbl.Name = fmt.Sprintf("sbtest%d", i)
		recs[i], _ = encodeTable(tbl)
	}
	measure := func(decode func([]byte, string) (*Table, error)) int {
		out := make([]*Table, n)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		for i := range recs {
			tbl, err := decode(recs[i], "test_sbtest_1")
			if err != nil {
				t.Fatal(err)
			}
			tbl.Shape()
			out[i] = tbl
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		runtime.KeepAlive(out)
		return int(m1.HeapAlloc-m0.HeapAlloc) / n
	}
	whole, shared := measure(decodeTable), measure(decodeCachedTable)
	t.Logf("heap per definition: whole %d bytes, sharing its body %d (estimates %d, %d)",
		whole, shared, tableMemory(len(recs[0]), 4), sharedTableMemory(4))
	if shared*2 > whole || shared > sharedTableMemory(4) {
		t.Fatalf("a definition sharing its body holds %d bytes (whole: %d, estimate %d)", shared, whole, sharedTableMemory(4))
	}
}

// BenchmarkDecodeCachedTable: a cache miss's decode when the body is
// shared (BenchmarkDecodeTable: the whole record), shape included, as the
// insert path asks for it.
func BenchmarkDecodeCachedTable(b *testing.B) {
	for _, shared := range []bool{false, true} {
		b.Run(fmt.Sprintf("shared=%v", shared), func(b *testing.B) {
			v, err := encodeTable(sbtestRecord(b))
			if err != nil {
				b.Fatal(err)
			}
			decode := decodeTable
			if shared {
				decode = decodeCachedTable
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t, err := decode(v, "db")
				if err != nil {
					b.Fatal(err)
				}
				t.Shape()
			}
		})
	}
}

// TestSharedBodiesConcurrently: definitions of one body read and evicted by
// many goroutines at once, with the body map starting again meanwhile (run
// with -race), each keep their own name and IDs.
func TestSharedBodiesConcurrently(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 64<<10) // ~35 definitions: constant misses
	defer db.Close()
	tx := db.Begin()
	sch := &Schema{ID: 7, Name: "s"}
	if _, err := c.PutSchema(tx, sch); err != nil {
		t.Fatal(err)
	}
	const n = 300
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
	s, _ := c.Schema(nil, "s")
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		go func(g int) {
			for k := 0; k < 2000; k++ {
				i := (k*7 + g*31) % n
				if k%500 == 0 {
					bodies.mu.Lock()
					bodies.m = nil
					bodies.mu.Unlock()
				}
				tbl, err := c.Table(nil, s, fmt.Sprintf("t%d", i))
				if err != nil || tbl == nil || tbl.ID != uint64(100+i) || tbl.Schema().Schema[2].Source != fmt.Sprintf("t%d", i) ||
					tbl.ColumnPos(tbl.Columns[3].ID) != 3 {
					errs <- fmt.Errorf("t%d: %v", i, err)
					return
				}
			}
			errs <- nil
		}(g)
	}
	for g := 0; g < 8; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
