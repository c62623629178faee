package catalog

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// Write is the one path from a Change to keys: it reports exactly the
// records it rewrote and nothing for range drops, and what it wrote reads back.
func TestChangeWrite(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	write := func(ch *Change) []string {
		t.Helper()
		tx := db.Begin()
		got, err := c.Write(tx, ch)
		if err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		c.Invalidate(got)
		sort.Strings(got)
		return got
	}
	s := &Schema{ID: 7, Name: "Shop"}
	tbl := sbtestRecord(t)
	tbl.ID, tbl.DataSchemaID, tbl.Name = 8, 7, "Orders"
	got := write(new(Change).PutSchema(s).PutTable(s, tbl).
		PutView(s, &View{Name: "V", Definition: "select 1"}).PutTrigger(s, &Trigger{Name: "G", CreateStmt: "x"}))
	want := []string{string(keys.Schema("shop")), string(keys.Table(7, "orders")), string(keys.View(7, "v")), string(keys.Trigger(7, "g"))}
	sort.Strings(want)
	if len(got) != len(want) {
		t.Fatalf("rewritten %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("rewritten %q, want %q", got, want)
		}
	}
	if tbl.SchemaID != 7 {
		t.Fatal("PutTable did not file the table under its schema")
	}
	if v, err := c.View(nil, s, "v"); err != nil || v == nil || v.Definition != "select 1" {
		t.Fatalf("view %+v, %v", v, err)
	}

	// A row under the table, then DropTable: record and data go, the
	// record's key is reported, the range is not.
	tx := db.Begin()
	tx.Set(append(tbl.IndexPrefix(PrimaryIndexID), 1), []byte("row"))
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	got = write(new(Change).DropTable(s, tbl).DeleteView(s, "V").DeleteTrigger(s, "g"))
	if len(got) != 3 || got[1] != string(keys.Table(7, "orders")) {
		t.Fatalf("rewritten %q", got)
	}
	if d, _ := c.Table(nil, s, "orders"); d != nil {
		t.Fatal("table record survived DropTable")
	}
	lo, hi := keys.TableSpan(7, 8)
	assertEmpty(t, db, lo, hi)
	if v, _ := c.View(nil, s, "v"); v != nil {
		t.Fatal("view survived DeleteView")
	}
}

// A schema that lent a table keeps it in its data span; dropping the schema
// drops each of its tables' data, not its span (the lent table's rows stay).
func TestDropSchemaChangeLent(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	s := &Schema{ID: 3, Name: "b", Borrowed: true}
	moved := sbtestRecord(t)
	moved.ID, moved.DataSchemaID, moved.Name = 4, 2, "moved"
	tx := db.Begin()
	if _, err := c.Write(tx, new(Change).PutTable(s, moved)); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	ch, err := c.DropSchemaChange(db, s)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := keys.TableSpan(2, 4)
	found := false
	for _, op := range ch.Ops {
		if op.Kind == OpDeleteRange && string(op.Lo) == string(lo) && string(op.Hi) == string(hi) {
			found = true
		}
		if op.Kind == OpDeleteRange && string(op.Lo) == string(keys.SchemaData(3)) {
			t.Fatal("borrowing schema dropped as one data span")
		}
	}
	if !found {
		t.Fatalf("moved table's data not dropped: %+v", ch.Ops)
	}
}

func assertEmpty(t *testing.T, db *kv.DB, lo, hi []byte) {
	t.Helper()
	it, err := db.NewIter(lo, hi)
	if err != nil {
		t.Fatal(err)
	}
	defer it.Close()
	if it.First() {
		t.Fatalf("key %x left in [%x, %x)", it.Key(), lo, hi)
	}
}

// recorder is a Writer that keeps what it was asked to write, in order.
type recorder []string

func (r *recorder) Set(k, v []byte)           { *r = append(*r, fmt.Sprintf("set %x %x", k, v)) }
func (r *recorder) Delete(k []byte)           { *r = append(*r, fmt.Sprintf("del %x", k)) }
func (r *recorder) DeleteRange(lo, hi []byte) { *r = append(*r, fmt.Sprintf("delrange %x %x", lo, hi)) }

// A Change survives Encode and DecodeChange: replaying the decoded change
// writes exactly what the original writes.
func TestChangeEncodeReplays(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	s := &Schema{ID: 7, Name: "Shop", Views: 1}
	tbl := sbtestRecord(t)
	tbl.ID, tbl.DataSchemaID, tbl.Name = 8, 7, "Orders"
	ch := new(Change).PutSchema(s).PutTable(s, tbl).DeleteTableRecord(s, "Old").
		PutView(s, &View{Name: "V", Definition: "select 1", CreateStmt: "create view V as select 1"}).
		PutTrigger(s, &Trigger{Name: "G", CreateStmt: "x", CreatedAt: time.Unix(1700000000, 0).UTC()}).
		DeleteView(s, "w").DeleteTrigger(s, "h").DropIndexData(tbl, 2)
	drop, err := c.DropSchemaChange(db, s)
	if err != nil {
		t.Fatal(err)
	}
	ch.Ops = append(ch.Ops, drop.Ops...)

	b, err := ch.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeChange(b)
	if err != nil {
		t.Fatal(err)
	}
	var want, got recorder
	wantKeys, err := c.Write(&want, ch)
	if err != nil {
		t.Fatal(err)
	}
	gotKeys, err := c.Write(&got, back)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(gotKeys) != fmt.Sprint(wantKeys) {
		t.Fatalf("replayed change writes\n%q\nkeys %q\nwant\n%q\nkeys %q", got, gotKeys, want, wantKeys)
	}
	if len(want) != len(ch.Ops) {
		t.Fatalf("%d writes for %d ops", len(want), len(ch.Ops))
	}
	for n := range b {
		if _, err := DecodeChange(b[:n]); err == nil {
			t.Fatalf("truncated change (%d of %d bytes) decoded", n, len(b))
		}
	}
}

// Reverse-index ops survive Encode/DecodeChange (a DDL job replays them).
func TestChangeEncodeFKRefs(t *testing.T) {
	ch := new(Change).PutFKRef(3, "p", "s", "c").DeleteFKRef(4, "q", "s", "d")
	b, err := ch.Encode()
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeChange(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Ops) != 2 || got.Ops[0].Kind != OpPutFKRef || got.Ops[1].Kind != OpDeleteFKRef ||
		string(got.Ops[0].Lo) != string(keys.FKRef(3, "p", "s", "c")) || string(got.Ops[1].Lo) != string(keys.FKRef(4, "q", "s", "d")) {
		t.Fatalf("decoded %+v", got.Ops)
	}
}

// A table's AUTO_INCREMENT counter is outside its data span: DROP TABLE and
// DROP DATABASE delete it with the rows, and only the dropped tables'.
func TestDropRemovesAutoIncCounters(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	s := &Schema{ID: 7, Name: "a"}
	other := &Schema{ID: 70, Name: "b"}
	mk := func(sch *Schema, id uint64, name string) *Table {
		tbl := sbtestRecord(t)
		tbl.ID, tbl.DataSchemaID, tbl.Name = id, sch.ID, name
		return tbl
	}
	t1, t2, t3 := mk(s, 8, "t1"), mk(s, 9, "t2"), mk(other, 71, "t3")
	tx := db.Begin()
	if _, err := c.Write(tx, new(Change).PutSchema(s).PutSchema(other).PutTable(s, t1).PutTable(s, t2).PutTable(other, t3)); err != nil {
		t.Fatal(err)
	}
	for _, tbl := range []*Table{t1, t2, t3} {
		tx.RaiseCounter(tbl.CounterKey(), tbl.ID*10)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	apply := func(ch *Change) {
		t.Helper()
		tx := db.Begin()
		if _, err := c.Write(tx, ch); err != nil {
			t.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	counter := func(tbl *Table) uint64 {
		t.Helper()
		v, err := db.Counter(tbl.CounterKey())
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	apply(new(Change).DropTable(s, t1))
	if counter(t1) != 0 || counter(t2) != 90 || counter(t3) != 710 {
		t.Fatalf("after DROP TABLE t1: counters %d %d %d, want 0 90 710", counter(t1), counter(t2), counter(t3))
	}
	ch, err := c.DropSchemaChange(db, s)
	if err != nil {
		t.Fatal(err)
	}
	apply(ch)
	if counter(t2) != 0 || counter(t3) != 710 {
		t.Fatalf("after DROP DATABASE a: counters %d %d, want 0 710", counter(t2), counter(t3))
	}
	// The change survives a job record's encoding.
	b, err := new(Change).DropTableData(t3).Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeChange(b)
	if err != nil {
		t.Fatal(err)
	}
	apply(back)
	if counter(t3) != 0 {
		t.Fatalf("after a decoded DropTableData: counter %d", counter(t3))
	}
}

// TestPutTableCopy: a copy of a prepared definition is written as PutTable
// writes it, without being prepared again, and reads back as a definition
// like any other.
func TestPutTableCopy(t *testing.T) {
	db, c := openTestCatalog(t, t.TempDir(), 1<<20)
	defer db.Close()
	sch := &Schema{ID: 9, Name: "s"}
	tx := db.Begin()
	if _, err := c.PutSchema(tx, sch); err != nil {
		t.Fatal(err)
	}
	orig := sbtestRecord(t)
	orig.ID, orig.Name = 100, "a"
	if _, err := c.Write(tx, new(Change).PutTable(sch, orig)); err != nil {
		t.Fatal(err)
	}
	cp := orig.CopyIDs(101, sch.ID, sch.ID)
	cp.Name = "b"
	if _, err := c.Write(tx, new(Change).PutTableCopy(sch, cp)); err != nil {
		t.Fatal(err)
	}
	if cp.Schema().Schema != nil {
		t.Fatal("the copy was prepared again")
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	a, err := c.Table(nil, sch, "a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Table(nil, sch, "b")
	if err != nil || b == nil || b.ID != 101 || b.Shape() != a.Shape() || len(b.Schema().Schema) != len(a.Schema().Schema) {
		t.Fatalf("the copy read back as %+v (%v)", b, err)
	}
	if b.Schema().Schema[0].Source != "b" || b.Schema().Schema[0].DatabaseSource != "s" {
		t.Fatalf("the copy's columns belong to %s.%s", b.Schema().Schema[0].DatabaseSource, b.Schema().Schema[0].Source)
	}
}
