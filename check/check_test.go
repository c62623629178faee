package check_test

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	_ "github.com/go-sql-driver/mysql"

	gmssql "github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/check"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/rowcodec"
	"github.com/myriaddb/myriad/server"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// template is a data directory built once through a real server; every test
// checks or corrupts its own copy.
var template struct {
	once sync.Once
	dir  string
	err  error
	want check.Report // counts read back through SQL before the server closed
}

func TestMain(m *testing.M) {
	code := m.Run()
	if template.dir != "" {
		os.RemoveAll(template.dir)
	}
	os.Exit(code)
}

// setup covers what leaves data behind in unusual places: a dropped table
// and a dropped schema (range tombstones), a table rebuilt by ALTER (new
// table ID), a table holding rows of two definitions (instant ALTER), a table without a primary key holding identical rows, a prefix
// index, a UNIQUE index, NULLs in an index and AUTO_INCREMENT. (A table
// moved to another schema by RENAME TABLE is not built: through the server
// such a RENAME currently leaves the table where it was.)
var setup = []string{
	"CREATE DATABASE shop",
	`CREATE TABLE shop.orders (id BIGINT AUTO_INCREMENT PRIMARY KEY, code VARCHAR(20) NOT NULL,
		customer VARCHAR(64) COLLATE utf8mb4_0900_ai_ci, total DECIMAL(10,2),
		UNIQUE KEY uk_code (code), KEY k_customer (customer(8)))`,
	"CREATE TABLE shop.notes (body TEXT, n INT, KEY k_n (n))",
	"CREATE TABLE shop.gone (id INT PRIMARY KEY, v INT, KEY k_v (v))",
	"INSERT INTO shop.gone VALUES (1, 1), (2, 2)",
	"DROP TABLE shop.gone",
	"CREATE DATABASE other",
	"CREATE TABLE other.moved (id INT PRIMARY KEY, name VARCHAR(10), KEY k_name (name))",
	"INSERT INTO other.moved VALUES (1, 'one'), (2, 'two'), (3, NULL)",
	"CREATE TABLE other.stays (id INT PRIMARY KEY)",
	"INSERT INTO other.stays VALUES (7)",
	"CREATE DATABASE dropped",
	"CREATE TABLE dropped.t (id INT PRIMARY KEY, v INT, KEY k_v (v))",
	"INSERT INTO dropped.t VALUES (1, 1), (2, 2), (3, 3)",
	"DROP DATABASE dropped",
}

// tableIndexes is each table's secondary index count, for the expected
// number of index entries.
var tableIndexes = map[string]int{"shop.orders": 2, "shop.notes": 1, "other.moved": 1, "other.stays": 0}

func buildTemplate() (string, check.Report, error) {
	dir, err := os.MkdirTemp("", "myriad-check-")
	if err != nil {
		return "", check.Report{}, err
	}
	srv, err := server.Open(server.Config{DataDir: dir, Port: 0, Durability: kv.Sync, Logger: quiet})
	if err != nil {
		return dir, check.Report{}, err
	}
	go srv.Serve()
	defer srv.Close()
	db, err := sql.Open("mysql", fmt.Sprintf("root@tcp(%s)/", srv.Addr()))
	if err != nil {
		return dir, check.Report{}, err
	}
	defer db.Close()
	exec := func(q string, args ...any) {
		if err == nil {
			if _, e := db.Exec(q, args...); e != nil {
				err = fmt.Errorf("%s: %w", q, e)
			}
		}
	}
	for _, q := range setup {
		exec(q)
	}
	for i := 0; i < 300; i++ {
		var customer any = fmt.Sprintf("Customer-%03d", i%37)
		if i%10 == 0 {
			customer = nil
		}
		exec("INSERT INTO shop.orders (code, customer, total) VALUES (?, ?, ?)", fmt.Sprintf("C%05d", i), customer, fmt.Sprintf("%d.%02d", i, i%100))
		exec("INSERT INTO shop.notes VALUES (?, ?)", fmt.Sprintf("note %d", i%50), i%7)
	}
	exec("UPDATE shop.orders SET customer = 'Renamed' WHERE id % 9 = 0")
	exec("DELETE FROM shop.orders WHERE id % 11 = 0")
	exec("DELETE FROM shop.notes WHERE n = 3")
	// Instant: the stored rows keep the older header until the UPDATE
	// rewrites a quarter of them, so the table holds rows of two versions.
	exec("ALTER TABLE shop.orders ADD COLUMN note VARCHAR(10) DEFAULT 'x', ALGORITHM=INSTANT")
	exec("UPDATE shop.orders SET note = 'y' WHERE id % 4 = 0")
	exec("ALTER TABLE other.stays ADD COLUMN w INT DEFAULT 1, ALGORITHM=COPY")
	if err != nil {
		return dir, check.Report{}, err
	}
	want := check.Report{Schemas: 2, Tables: int64(len(tableIndexes)), Counters: 1}
	for name, nix := range tableIndexes {
		var n int64
		if err := db.QueryRow("SELECT COUNT(*) FROM " + name).Scan(&n); err != nil {
			return dir, want, err
		}
		want.Rows += n
		want.IndexEntries += n * int64(nix)
	}
	return dir, want, srv.Close()
}

// copyStore returns a private copy of the template data directory.
func copyStore(t *testing.T) string {
	t.Helper()
	template.once.Do(func() { template.dir, template.want, template.err = buildTemplate() })
	if template.err != nil {
		t.Fatalf("build store: %v", template.err)
	}
	dst := filepath.Join(t.TempDir(), "data")
	if err := os.CopyFS(dst, os.DirFS(template.dir)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// store is a writable handle on a copy, for corrupting it.
type store struct {
	t   *testing.T
	dir string
	db  *kv.DB
	cat *catalog.Catalog
	ctx *gmssql.Context
}

func openStore(t *testing.T) *store {
	t.Helper()
	dir := copyStore(t)
	db, err := kv.Open(filepath.Join(dir, "store"), kv.Options{Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Open(db, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	s := &store{t: t, dir: dir, db: db, cat: cat, ctx: gmssql.NewEmptyContext()}
	t.Cleanup(func() { s.close() })
	return s
}

func (s *store) close() {
	if s.db != nil {
		s.db.Close()
		s.db = nil
	}
}

func (s *store) table(schema, name string) *catalog.Table {
	s.t.Helper()
	sc, err := s.cat.Schema(s.db, schema)
	if err != nil || sc == nil {
		s.t.Fatalf("schema %s: %v", schema, err)
	}
	tb, err := s.cat.Table(s.db, sc, name)
	if err != nil || tb == nil {
		s.t.Fatalf("table %s.%s: %v", schema, name, err)
	}
	return tb
}

func (s *store) schemaID(name string) uint64 {
	s.t.Helper()
	sc, err := s.cat.Schema(s.db, name)
	if err != nil || sc == nil {
		s.t.Fatalf("schema %s: %v", name, err)
	}
	return sc.ID
}

// find returns the first key and value under prefix that satisfies ok.
func (s *store) find(prefix []byte, ok func(k, v []byte) bool) (key, val []byte) {
	s.t.Helper()
	it, err := s.db.NewIter(prefix, keyenc.PrefixEnd(prefix))
	if err != nil {
		s.t.Fatal(err)
	}
	defer it.Close()
	for valid := it.First(); valid; valid = it.Next() {
		if ok(it.Key(), it.Value()) {
			return append([]byte(nil), it.Key()...), append([]byte(nil), it.Value()...)
		}
	}
	s.t.Fatalf("no key under %x matches", prefix)
	return nil, nil
}

func (s *store) write(fn func(b *kv.WriteBatch)) {
	s.t.Helper()
	b := kv.NewWriteBatch()
	fn(b)
	if err := s.db.Apply(b); err != nil {
		s.t.Fatal(err)
	}
}

func (s *store) index(t *catalog.Table, name string) int {
	s.t.Helper()
	i, ok := t.IndexByName(name)
	if !ok {
		s.t.Fatalf("no index %s on %s", name, t.Name)
	}
	return i
}

// rowWhere finds a stored row of t for which ok holds.
func (s *store) rowWhere(t *catalog.Table, ok func(gmssql.Row) bool) (key, val []byte, row gmssql.Row) {
	s.t.Helper()
	lay := engine.KeyLayoutOf(t)
	key, val = s.find(t.IndexPrefix(catalog.PrimaryIndexID), func(k, v []byte) bool {
		r, err := lay.DecodeRow(v)
		if err != nil {
			s.t.Fatal(err)
		}
		if ok(r) {
			row = r
			return true
		}
		return false
	})
	return key, val, row
}

func (s *store) indexKey(t *catalog.Table, i int, row gmssql.Row, rowKey []byte) []byte {
	s.t.Helper()
	k, _, err := engine.KeyLayoutOf(t).IndexKey(s.ctx, i, row, rowKey)
	if err != nil {
		s.t.Fatal(err)
	}
	return k
}

// check closes the writable handle and runs the offline check.
func (s *store) check() *check.Report {
	s.t.Helper()
	s.close()
	rep, err := check.Dir(s.dir, check.Options{})
	if err != nil {
		s.t.Fatalf("check: %v", err)
	}
	return rep
}

// expect fails unless rep holds exactly the problems want (matched by
// place, key and a substring of the description), in any order.
func expect(t *testing.T, rep *check.Report, want ...check.Problem) {
	t.Helper()
	got := append([]check.Problem(nil), rep.Problems...)
	for _, w := range want {
		found := -1
		for i, g := range got {
			if g.Schema == w.Schema && g.Table == w.Table && g.Index == w.Index &&
				(w.Key == nil || bytes.Equal(g.Key, w.Key)) && strings.Contains(g.What, w.What) {
				found = i
				break
			}
		}
		if found < 0 {
			t.Errorf("missing problem %q", w)
			continue
		}
		got = append(got[:found], got[found+1:]...)
	}
	for _, g := range got {
		t.Errorf("unexpected problem %q", g)
	}
	if rep.ProblemCount != int64(len(rep.Problems)) {
		t.Errorf("ProblemCount %d, but %d problems listed", rep.ProblemCount, len(rep.Problems))
	}
	if t.Failed() {
		var b strings.Builder
		rep.WriteTo(&b)
		t.Logf("report:\n%s", b.String())
	}
}

func TestCleanStore(t *testing.T) {
	dir := copyStore(t)
	rep, err := check.Dir(dir, check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, rep)
	want := template.want
	if rep.Schemas != want.Schemas || rep.Tables != want.Tables || rep.Rows != want.Rows ||
		rep.IndexEntries != want.IndexEntries || rep.Counters != want.Counters {
		t.Errorf("counts: got %d schemas, %d tables, %d rows, %d index entries, %d counters; want %d, %d, %d, %d, %d",
			rep.Schemas, rep.Tables, rep.Rows, rep.IndexEntries, rep.Counters,
			want.Schemas, want.Tables, want.Rows, want.IndexEntries, want.Counters)
	}
	var b strings.Builder
	rep.WriteTo(&b)
	if !strings.Contains(b.String(), "no problems found") ||
		!strings.Contains(b.String(), fmt.Sprintf("%d rows, %d index entries", want.Rows, want.IndexEntries)) {
		t.Errorf("report text:\n%s", b.String())
	}
}

func TestMissingIndexEntry(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	i := s.index(orders, "k_customer")
	key, _, row := s.rowWhere(orders, func(r gmssql.Row) bool { return r[2] != nil })
	s.write(func(b *kv.WriteBatch) { b.Delete(s.indexKey(orders, i, row, key)) })
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", Key: key, What: "row has no index entry"},
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", What: "index entries for"},
	)
}

func TestOrphanKeys(t *testing.T) {
	s := openStore(t)
	shop := s.schemaID("shop")
	underTable := keyenc.AppendUvarint(keyenc.AppendUvarint(catalog.SchemaDataPrefix(shop), 1<<40), catalog.PrimaryIndexID)
	underTable = append(underTable, "row"...)
	underSchema := keyenc.AppendUvarint(catalog.SchemaDataPrefix(1<<41), 5)
	s.write(func(b *kv.WriteBatch) {
		b.Set(underTable, []byte("v"))
		for i := 0; i < 3; i++ {
			b.Set(append(append([]byte(nil), underSchema...), byte(i)), nil)
		}
	})
	expect(t, s.check(),
		check.Problem{Key: underTable, What: fmt.Sprintf("1 keys under data schema ID %d, table ID %d, which is no live table", shop, uint64(1<<40))},
		check.Problem{Key: append(underSchema, 0), What: fmt.Sprintf("3 keys under data schema ID %d, table ID 5, which is no live table", uint64(1<<41))},
	)
}

func TestIndexEntryWithoutRow(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	i := s.index(orders, "k_customer")
	_, _, row := s.rowWhere(orders, func(r gmssql.Row) bool { return r[2] != nil })
	ghost := append(gmssql.Row(nil), row...)
	ghost[0] = int64(1 << 40)
	ghostKey, err := engine.KeyLayoutOf(orders).RowKey(s.ctx, ghost)
	if err != nil {
		t.Fatal(err)
	}
	entry := s.indexKey(orders, i, ghost, ghostKey)
	s.write(func(b *kv.WriteBatch) { b.Set(entry, nil) })
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", Key: entry, What: "index entry points at no row"},
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", What: "index entries for"},
	)
}

// rowValue encodes row as the engine writes it under t's definition (a
// stored row may carry an older definition's header: instant ALTER).
func rowValue(t *testing.T, tbl *catalog.Table, row gmssql.Row) []byte {
	t.Helper()
	hdr := binary.AppendUvarint(nil, uint64(len(tbl.Columns)))
	for _, c := range tbl.Columns {
		hdr = binary.AppendUvarint(hdr, uint64(c.ID))
	}
	out, err := rowcodec.Encode(hdr, row)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestChangedRow(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	i := s.index(orders, "k_customer")
	key, _, row := s.rowWhere(orders, func(r gmssql.Row) bool { return r[2] != nil })
	oldEntry := s.indexKey(orders, i, row, key)
	changed := append(gmssql.Row(nil), row...)
	changed[2] = "Zebra-changed"
	s.write(func(b *kv.WriteBatch) { b.Set(key, rowValue(t, orders, changed)) })
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", Key: key, What: "row has no index entry"},
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", Key: oldEntry, What: "index entry does not match its row"},
	)
}

func TestChangedPrimaryKeyColumn(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	key, _, row := s.rowWhere(orders, func(r gmssql.Row) bool { return true })
	changed := append(gmssql.Row(nil), row...)
	changed[0] = row[0].(int64) + 1<<40
	s.write(func(b *kv.WriteBatch) { b.Set(key, rowValue(t, orders, changed)) })
	// The index entries carry the key's primary key suffix, not the
	// row's columns, so only the row itself is reported.
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "orders", Key: key, What: "row's primary key columns give key"},
	)
}

func TestUniqueDuplicate(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	_, _, row := s.rowWhere(orders, func(r gmssql.Row) bool { return true })
	twin := append(gmssql.Row(nil), row...)
	twin[0] = int64(1 << 40)
	twinKey, err := engine.KeyLayoutOf(orders).RowKey(s.ctx, twin)
	if err != nil {
		t.Fatal(err)
	}
	uk := s.index(orders, "uk_code")
	s.write(func(b *kv.WriteBatch) {
		b.Set(twinKey, rowValue(t, orders, twin))
		for i := range orders.Indexes {
			b.Set(s.indexKey(orders, i, twin, twinKey), nil)
		}
	})
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "orders", Index: "uk_code", Key: s.indexKey(orders, uk, twin, twinKey), What: "duplicate value in UNIQUE index"},
		// Written behind the engine's back: the exact row count missed it.
		check.Problem{Schema: "shop", Table: "orders", What: "row count says"},
	)
}

// A row count that disagrees with the rows is reported.
func TestWrongRowCount(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	s.write(func(b *kv.WriteBatch) { b.Set(keys.RowCount(orders.DataSchemaID, orders.ID), kv.EncodeCount(5, true)) })
	expect(t, s.check(), check.Problem{Schema: "shop", Table: "orders", What: "row count says 5 rows"})
}

func TestUndecodableRow(t *testing.T) {
	s := openStore(t)
	moved := s.table("other", "moved")
	key, _, _ := s.rowWhere(moved, func(r gmssql.Row) bool { return true })
	s.write(func(b *kv.WriteBatch) { b.Set(key, []byte{0xff, 0xff, 0xff}) })
	expect(t, s.check(),
		check.Problem{Schema: "other", Table: "moved", Key: key, What: "row does not decode"},
	)
}

func TestHiddenKeyRowChanged(t *testing.T) {
	s := openStore(t)
	notes := s.table("shop", "notes")
	key, _, row := s.rowWhere(notes, func(r gmssql.Row) bool { return r[1] != nil })
	changed := append(gmssql.Row(nil), row...)
	changed[0] = "rewritten body"
	s.write(func(b *kv.WriteBatch) { b.Set(key, rowValue(t, notes, changed)) })
	// The index entry still matches (n did not change): only the row hash
	// entries reveal the damage, from both sides.
	lay := engine.KeyLayoutOf(notes)
	oldEntry, err := lay.RowHashEntry(row, key)
	if err != nil {
		t.Fatal(err)
	}
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "notes", Key: key, What: "row has no row hash entry"},
		check.Problem{Schema: "shop", Table: "notes", Key: oldEntry, What: "row hash entry does not match its row's values"},
	)
}

func TestStaleIndexAndStrayKeys(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	stale := append(orders.IndexPrefix(99), "entry"...)
	stray := []byte{0x07, 'x'}
	s.write(func(b *kv.WriteBatch) {
		b.Set(stale, nil)
		b.Set(stray, []byte("y"))
	})
	expect(t, s.check(),
		check.Problem{Schema: "shop", Table: "orders", Key: stale, What: "1 keys under index ID 99, which the table does not have"},
		check.Problem{Key: stray, What: "key outside the catalog, data and AUTO_INCREMENT counter keyspaces"},
	)
}

func TestDroppedTableDataIsNotReported(t *testing.T) {
	// DROP TABLE leaves the rows under a range tombstone until Pebble
	// compacts: a check before compaction must not see them, and a
	// range deletion written through kv hides keys the same way.
	s := openStore(t)
	shop := s.schemaID("shop")
	lo := keyenc.AppendUvarint(catalog.SchemaDataPrefix(shop), 1<<40)
	s.write(func(b *kv.WriteBatch) { b.Set(append(append([]byte(nil), lo...), 1, 'k'), nil) })
	s.write(func(b *kv.WriteBatch) { b.DeleteRange(lo, keyenc.PrefixEnd(lo)) })
	expect(t, s.check())
}

func TestCheckNeverWrites(t *testing.T) {
	dir := copyStore(t)
	before := digest(t, dir)
	if _, err := check.Dir(dir, check.Options{}); err != nil {
		t.Fatal(err)
	}
	if after := digest(t, dir); after != before {
		t.Errorf("check changed the data directory:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// digest lists every file of dir with its size and content hash.
func digest(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fmt.Fprintf(&b, "%s %d %x\n", rel, len(data), sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestOpenErrors(t *testing.T) {
	if _, err := check.Dir(t.TempDir(), check.Options{}); !errors.Is(err, check.ErrNoStore) {
		t.Errorf("empty directory: got %v, want ErrNoStore", err)
	}
	// A running server holds the store's lock.
	s := openStore(t)
	if _, err := check.Dir(s.dir, check.Options{}); err == nil || !strings.Contains(err.Error(), "lock") {
		t.Errorf("store in use: got %v, want a lock error", err)
	}
}

func TestProblemCap(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	i := s.index(orders, "k_customer")
	n := 0
	s.write(func(b *kv.WriteBatch) {
		prefix := orders.IndexPrefix(orders.Indexes[i].ID)
		it, err := s.db.NewIter(prefix, keyenc.PrefixEnd(prefix))
		if err != nil {
			t.Fatal(err)
		}
		defer it.Close()
		for ok := it.First(); ok; ok = it.Next() {
			b.Delete(append([]byte(nil), it.Key()...))
			n++
		}
	})
	s.close()
	rep, err := check.Dir(s.dir, check.Options{MaxProblems: 5})
	if err != nil {
		t.Fatal(err)
	}
	// One per row, plus the count mismatch.
	if rep.ProblemCount != int64(n+1) || len(rep.Problems) != 5 {
		t.Errorf("got %d problems (%d listed), want %d (5 listed)", rep.ProblemCount, len(rep.Problems), n+1)
	}
	var b strings.Builder
	rep.WriteTo(&b)
	if !strings.Contains(b.String(), "... and "+strconv.Itoa(n+1-5)+" more") {
		t.Errorf("report text:\n%s", b.String())
	}
}

// With a one-byte sort budget every row spills its own run, so the findings
// come from the merge of on-disk runs rather than one in-memory sort: a
// missing entry in a UNIQUE and in a prefix index, an extra entry in a
// hidden-key table's non-unique index, and a wrong row count.
func TestMergeFromSpilledRuns(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	notes := s.table("shop", "notes")
	uk, kc := s.index(orders, "uk_code"), s.index(orders, "k_customer")
	kn := s.index(notes, "k_n")
	key, _, row := s.rowWhere(orders, func(r gmssql.Row) bool { return r[2] != nil })
	nkey, _, nrow := s.rowWhere(notes, func(r gmssql.Row) bool { return r[1] != nil })
	ghost := append(gmssql.Row(nil), nrow...)
	ghost[1] = int32(1 << 30)
	extra := s.indexKey(notes, kn, ghost, nkey)
	s.write(func(b *kv.WriteBatch) {
		b.Delete(s.indexKey(orders, uk, row, key))
		b.Delete(s.indexKey(orders, kc, row, key))
		b.Set(extra, nil)
		b.Set(keys.RowCount(orders.DataSchemaID, orders.ID), kv.EncodeCount(5, true))
	})
	s.close()
	rep, err := check.Dir(s.dir, check.Options{SortBytes: 1})
	if err != nil {
		t.Fatal(err)
	}
	expect(t, rep,
		check.Problem{Schema: "shop", Table: "orders", Index: "uk_code", Key: key, What: "row has no index entry"},
		check.Problem{Schema: "shop", Table: "orders", Index: "uk_code", What: "index entries for"},
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", Key: key, What: "row has no index entry"},
		check.Problem{Schema: "shop", Table: "orders", Index: "k_customer", What: "index entries for"},
		check.Problem{Schema: "shop", Table: "orders", What: "row count says 5 rows"},
		check.Problem{Schema: "shop", Table: "notes", Index: "k_n", Key: extra, What: "index entry does not match its row"},
		check.Problem{Schema: "shop", Table: "notes", Index: "k_n", What: "index entries for"},
	)
}

// AUTO_INCREMENT counters sit in the catalog span, outside the tables'
// data spans: one no live table owns and one that does not hold 8 bytes are
// reported, like the data span's keys.
func TestAutoIncCounterProblems(t *testing.T) {
	s := openStore(t)
	orders := s.table("shop", "orders")
	shop := s.schemaID("shop")
	orphan := keys.AutoInc(shop, 1<<40)
	s.write(func(b *kv.WriteBatch) {
		b.Set(orphan, make([]byte, 8))
		b.Set(orders.CounterKey(), []byte{1, 2, 3})
	})
	expect(t, s.check(),
		check.Problem{Key: orphan, What: fmt.Sprintf("AUTO_INCREMENT counter of data schema ID %d, table ID %d, which is no live table", shop, uint64(1<<40))},
		check.Problem{Schema: "shop", Table: "orders", Key: orders.CounterKey(), What: "malformed AUTO_INCREMENT counter (3 value bytes)"},
	)
}
