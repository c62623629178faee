package check

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"syscall"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// Options tunes a check. The zero value is usable.
type Options struct {
	// MaxProblems caps the problems kept in the report; all are counted.
	// Default 1000.
	MaxProblems int
	// Progress, if set, is called after each data span (one per schema) with
	// the number of spans checked and their total.
	Progress func(done, total int)
	// Logger receives the store's own log output. Default: discarded.
	Logger *slog.Logger
	// BlockCacheBytes is the read cache. Default 256 MiB.
	BlockCacheBytes int64
	// SortBytes bounds the memory that holds a table's expected index
	// entries before they are sorted to temp files. Default 64 MiB.
	SortBytes int
	// TempDir holds the sorted runs of large tables. Default os.TempDir().
	TempDir string
}

// Problem is one inconsistency. Schema, Table and Index name where it was
// found when that is known; Key is the offending key (for a run of keys that
// no live table owns, the first of them).
type Problem struct {
	Schema, Table, Index string
	Key                  []byte
	What                 string
}

func (p Problem) String() string {
	where := p.Schema
	if p.Table != "" {
		where += "." + p.Table
	}
	if p.Index != "" {
		where += " index " + p.Index
	}
	if where == "" {
		where = "store"
	}
	s := where + ": " + p.What
	if p.Key != nil {
		s += fmt.Sprintf(" (key %x)", p.Key)
	}
	return s
}

// Report is what a check found.
type Report struct {
	Schemas      int64 // schema records
	Tables       int64 // table records
	Rows         int64 // primary index entries
	IndexEntries int64 // secondary index entries
	Counters     int64 // AUTO_INCREMENT counters
	Problems     []Problem
	ProblemCount int64 // all problems, including those beyond Options.MaxProblems
}

// OK reports whether no problem was found.
func (r *Report) OK() bool { return r.ProblemCount == 0 }

// WriteTo prints the report for people.
func (r *Report) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "checked %d schemas, %d tables, %d rows, %d index entries, %d AUTO_INCREMENT counters\n",
		r.Schemas, r.Tables, r.Rows, r.IndexEntries, r.Counters)
	if r.OK() {
		b.WriteString("no problems found\n")
	} else {
		fmt.Fprintf(&b, "%d problems found:\n", r.ProblemCount)
		for _, p := range r.Problems {
			b.WriteString("  " + p.String() + "\n")
		}
		if n := r.ProblemCount - int64(len(r.Problems)); n > 0 {
			fmt.Fprintf(&b, "  ... and %d more\n", n)
		}
	}
	n, err := w.Write(b.Bytes())
	return int64(n), err
}

// ErrNoStore is returned by Dir when the directory holds no store.
var ErrNoStore = errors.New("not a Myriad data directory")

// Dir opens the store of the data directory dir (`myriad serve
// --data-dir`) read-only and checks it. An error means the store could not
// be read (missing, locked by a running server, unreadable);
// inconsistencies are in the report.
func Dir(dir string, o Options) (*Report, error) {
	store, err := storeDir(dir)
	if err != nil {
		return nil, err
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	db, err := kv.Open(store, kv.Options{ReadOnly: true, Logger: log, CacheBytes: o.BlockCacheBytes})
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, fmt.Errorf("%s is locked: stop the server using it first (%w)", dir, err)
	}
	if err != nil {
		return nil, err
	}
	rep, err := DB(db, o)
	if cerr := db.Close(); err == nil && cerr != nil {
		err = cerr
	}
	return rep, err
}

// storeDir finds the Pebble store: server.Open keeps it in the data
// directory's "store" subdirectory; a bare store directory is accepted too.
func storeDir(dir string) (string, error) {
	for _, d := range []string{filepath.Join(dir, "store"), dir} {
		_, err := os.Stat(filepath.Join(d, "CURRENT"))
		if err == nil {
			return d, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		// A store made by a Pebble checkpoint (myriad restore) names its
		// manifest by a marker file only; it has no CURRENT.
		if m, _ := filepath.Glob(filepath.Join(d, "marker.manifest.*")); len(m) > 0 {
			return d, nil
		}
	}
	return "", fmt.Errorf("%w: no store in %s", ErrNoStore, dir)
}

// DB checks an open store. Nothing may write to it meanwhile.
func DB(db *kv.DB, o Options) (*Report, error) {
	if o.MaxProblems <= 0 {
		o.MaxProblems = 1000
	}
	if o.SortBytes <= 0 {
		o.SortBytes = 64 << 20
	}
	tmp, err := os.MkdirTemp(o.TempDir, "myriad-check-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	o.TempDir = tmp
	cat, err := catalog.Open(db, 16<<20)
	if err != nil {
		return nil, err
	}
	c := &checker{db: db, cat: cat, o: o, rep: &Report{}, ctx: sql.NewEmptyContext()}
	if err := c.run(); err != nil {
		return nil, err
	}
	return c.rep, nil
}

type checker struct {
	db  *kv.DB
	cat *catalog.Catalog
	o   Options
	rep *Report
	ctx *sql.Context

	// orphan groups consecutive keys under one (schema, table) ID pair that
	// no live table owns, so a dropped-but-not-deleted table is one problem.
	orphan orphanRun

	// ctr walks the AUTO_INCREMENT counters (keys.AllAutoIncs) alongside
	// the data span, group by group.
	ctr      *kv.Iter
	ctrValid bool
}

type orphanRun struct {
	prefix []byte // data schema ID + table ID (+ index ID for a stale index)
	where  Problem
	n      int64
	first  []byte
}

func (c *checker) problem(p Problem) {
	c.rep.ProblemCount++
	if len(c.rep.Problems) < c.o.MaxProblems {
		if p.Key != nil {
			p.Key = append([]byte(nil), p.Key...)
		}
		c.rep.Problems = append(c.rep.Problems, p)
	}
}

// group is one data span (one data schema ID) and the tables whose rows
// live in it.
type group struct {
	id     uint64
	schema *catalog.Schema // nil: the schema is gone, only moved tables remain
	moved  []*catalog.Table
}

func (c *checker) run() error {
	// The schema list is small (a schema per tenant); table definitions are
	// loaded one span at a time.
	var schemas []*catalog.Schema
	if err := c.cat.ListSchemas(c.db, func(s *catalog.Schema) error {
		schemas = append(schemas, s)
		return nil
	}); err != nil {
		return fmt.Errorf("read schema records: %w", err)
	}
	c.rep.Schemas = int64(len(schemas))
	groups := map[uint64]*group{}
	for _, s := range schemas {
		if g := groups[s.ID]; g != nil && g.schema != nil {
			c.problem(Problem{Schema: s.Name, What: fmt.Sprintf("schema ID %d is also schema %s's", s.ID, g.schema.Name)})
			continue
		}
		groups[s.ID] = &group{id: s.ID, schema: s}
	}
	// A table moved by RENAME TABLE into another schema keeps its rows in
	// its old schema's span: it is checked with that span.
	for _, s := range schemas {
		if !s.Borrowed {
			continue
		}
		err := c.eachTable(s, false, func(t *catalog.Table) {
			if t.DataSchemaID == s.ID {
				return
			}
			g := groups[t.DataSchemaID]
			if g == nil {
				g = &group{id: t.DataSchemaID}
				groups[t.DataSchemaID] = g
			}
			g.moved = append(g.moved, t)
		})
		if err != nil {
			return err
		}
	}
	// A table rewrite in progress (its job resumes at the next start)
	// copies rows into a shadow table that only its job record names: its
	// rows so far are checked like a table's.
	err := c.cat.ListJobs(c.db, func(j *catalog.Job) error {
		if j.Kind != catalog.JobRewrite || j.Shadow == nil {
			return nil
		}
		sh := j.Shadow
		sh.Name = j.Table + " (rewrite shadow)"
		if err := sh.Prepare(j.Schema); err != nil {
			c.problem(Problem{Schema: j.Schema, Table: j.Table, What: fmt.Sprintf("rewrite job %d: shadow definition: %v", j.ID, err)})
			return nil
		}
		g := groups[sh.DataSchemaID]
		if g == nil {
			g = &group{id: sh.DataSchemaID}
			groups[sh.DataSchemaID] = g
		}
		g.moved = append(g.moved, sh)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read job records: %w", err)
	}
	order := make([]*group, 0, len(groups))
	for _, g := range groups {
		order = append(order, g)
	}
	sort.Slice(order, func(i, j int) bool { return order[i].id < order[j].id })

	if err := c.outside(); err != nil {
		return err
	}
	it, err := c.db.NewIter(keys.DataSpan())
	if err != nil {
		return err
	}
	defer it.Close()
	ctr, err := c.db.NewIter(keys.AllAutoIncs())
	if err != nil {
		return err
	}
	defer ctr.Close()
	c.ctr, c.ctrValid = ctr, ctr.First()
	valid := it.First()
	for i, g := range order {
		// Keys before this span belong to no live schema.
		lo := keys.SchemaData(g.id)
		for valid && bytes.Compare(it.Key(), lo) < 0 {
			c.endOrphans(it.Key())
			c.noTable(it.Key())
			valid = it.Next()
		}
		if valid, err = c.span(g, it, valid); err != nil {
			return err
		}
		if c.o.Progress != nil {
			c.o.Progress(i+1, len(order))
		}
	}
	for ; valid; valid = it.Next() {
		c.endOrphans(it.Key())
		c.noTable(it.Key())
	}
	if err := it.Error(); err != nil {
		return err
	}
	c.flushOrphans()
	c.autoIncCounters(nil, nil)
	return ctr.Error()
}

// autoIncCounters checks the AUTO_INCREMENT counters (keys.AutoInc) from
// the counter iterator's position up to the end of data schema g's, or to
// the end when g is nil: each must belong to one of g's tables and hold 8
// bytes.
func (c *checker) autoIncCounters(g *group, tables map[uint64]*table) {
	var lo, hi []byte
	if g != nil {
		lo, hi = keys.SchemaAutoIncs(g.id)
	}
	for ; c.ctrValid && (hi == nil || bytes.Compare(c.ctr.Key(), hi) < 0); c.ctrValid = c.ctr.Next() {
		key, val := c.ctr.Key(), c.ctr.Value()
		k, err := keys.Parse(key)
		if err != nil {
			c.problem(Problem{Key: key, What: "malformed AUTO_INCREMENT counter key: " + err.Error()})
			continue
		}
		var t *table
		if lo != nil && bytes.Compare(key, lo) >= 0 {
			t = tables[k.TableID]
		}
		if t == nil {
			c.problem(Problem{Key: key, What: fmt.Sprintf("AUTO_INCREMENT counter of data schema ID %d, table ID %d, which is no live table", k.SchemaID, k.TableID)})
			continue
		}
		c.rep.Counters++
		if len(val) != 8 {
			c.problem(Problem{Schema: t.schema, Table: t.def.Name, Key: key,
				What: fmt.Sprintf("malformed AUTO_INCREMENT counter (%d value bytes)", len(val))})
		}
	}
}

// outside reports keys that are neither catalog, data nor AUTO_INCREMENT
// counters.
func (c *checker) outside() error {
	catalogLo, catalogHi := keys.CatalogSpan()
	dataLo, dataHi := keys.DataSpan()
	ctrLo, ctrHi := keys.AllAutoIncs()
	spans := [][2][]byte{
		{nil, catalogLo},
		{catalogHi, dataLo},
		{dataHi, ctrLo},
		{ctrHi, nil},
	}
	for _, sp := range spans {
		if sp[1] != nil && sp[0] != nil && bytes.Compare(sp[0], sp[1]) >= 0 {
			continue
		}
		it, err := c.db.NewIter(sp[0], sp[1])
		if err != nil {
			return err
		}
		for ok := it.First(); ok; ok = it.Next() {
			c.problem(Problem{Key: it.Key(), What: "key outside the catalog, data and AUTO_INCREMENT counter keyspaces"})
		}
		err = it.Error()
		it.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// eachTable decodes a schema's table records one at a time, so that a
// record that does not decode is reported and the others are still checked.
//
// Borrowing schemas are read twice (first for their moved tables), and
// report is false on that first read so a problem is reported once.
func (c *checker) eachTable(s *catalog.Schema, report bool, fn func(*catalog.Table)) error {
	var names []string
	err := c.cat.ListTableNames(c.db, s, func(name string) error {
		names = append(names, name)
		return nil
	})
	if err != nil {
		return fmt.Errorf("list tables of %s: %w", s.Name, err)
	}
	for _, name := range names {
		t, err := c.cat.Table(c.db, s, name)
		if err != nil {
			if report {
				c.problem(Problem{Schema: s.Name, Table: name, What: "table record does not decode: " + err.Error()})
			}
			continue
		}
		if t == nil {
			return fmt.Errorf("table record %s.%s vanished while checking: is a server writing this store?", s.Name, name)
		}
		if t.SchemaID != s.ID && report {
			c.problem(Problem{Schema: s.Name, Table: name,
				What: fmt.Sprintf("table record names schema ID %d, but it is filed under schema ID %d", t.SchemaID, s.ID)})
		}
		fn(t)
	}
	return nil
}

// table is the state of one table while its span is walked.
type table struct {
	def     *catalog.Table
	schema  string
	lay     engine.KeyLayout
	primary []byte // keys.Index(.., PrimaryIndexID)
	rows    int64
	entries []int64 // per position in def.Indexes
	// count is the table's exact row count key, when it has a base.
	count      int64
	countExact bool

	// The UNIQUE prefix of the previous entry of the index being walked.
	uniqIndex int
	uniqLast  []byte

	// Expected entries per index, gathered from the rows (which sort
	// before every secondary index) and merged with the index's entries.
	sorters   []*sorter
	streams   []*stream
	sortBytes int
}

// span walks one data schema ID's keys, starting at the iterator's position.
func (c *checker) span(g *group, it *kv.Iter, valid bool) (bool, error) {
	tables := map[uint64]*table{}
	add := func(t *catalog.Table) {
		if prev := tables[t.ID]; prev != nil {
			c.problem(Problem{Schema: t.DBName(), Table: t.Name,
				What: fmt.Sprintf("table ID %d in data span %d is also %s.%s's", t.ID, g.id, prev.schema, prev.def.Name)})
			return
		}
		c.rep.Tables++
		tables[t.ID] = &table{
			def: t, schema: t.DBName(), lay: engine.KeyLayoutOf(t),
			primary: keys.Index(t.DataSchemaID, t.ID, keys.PrimaryIndexID),
			entries: make([]int64, len(t.Indexes)), uniqIndex: -1,
			sorters: make([]*sorter, len(t.Indexes)), streams: make([]*stream, len(t.Indexes)),
		}
		for i := range t.Indexes {
			tables[t.ID].sorters[i] = &sorter{dir: c.o.TempDir}
		}
	}
	if g.schema != nil {
		err := c.eachTable(g.schema, true, func(t *catalog.Table) {
			if t.DataSchemaID == g.id {
				add(t)
			} else if !g.schema.Borrowed {
				c.problem(Problem{Schema: g.schema.Name, Table: t.Name,
					What: fmt.Sprintf("rows are in schema ID %d's span but the schema is not marked as borrowing", t.DataSchemaID)})
			}
		})
		if err != nil {
			return false, err
		}
	}
	for _, t := range g.moved {
		add(t)
	}
	prefix := keys.SchemaData(g.id)
	var cur *table
	var curID uint64
	for ; valid && bytes.HasPrefix(it.Key(), prefix); valid = it.Next() {
		key := it.Key()
		c.endOrphans(key)
		k, err := keys.Parse(key)
		if err != nil && malformedAt(err) != keys.FieldIndexID {
			c.noTable(key)
			continue
		}
		if cur == nil || k.TableID != curID {
			if cur != nil {
				if err := c.finishTable(cur); err != nil {
					return false, err
				}
			}
			cur, curID = tables[k.TableID], k.TableID
		}
		if cur == nil {
			c.noTable(key)
			continue
		}
		if err != nil {
			c.problem(Problem{Schema: cur.schema, Table: cur.def.Name, Key: key, What: err.Error()})
			continue
		}
		if err := c.tableKey(cur, key, k, it.Value()); err != nil {
			return false, err
		}
	}
	if cur != nil {
		if err := c.finishTable(cur); err != nil {
			return false, err
		}
	}
	c.autoIncCounters(g, tables)
	return valid, it.Error()
}

func (c *checker) finishTable(t *table) error {
	// Expected entries no index entry matched: rows without their entry.
	for i := range t.def.Indexes {
		st, err := c.stream(t, i)
		if err != nil {
			return err
		}
		for e := st.peek(); e != nil; e = st.peek() {
			c.missing(t, i, e)
			st.pop()
		}
		st.close()
		if st.err != nil {
			return st.err
		}
	}
	c.rep.Rows += t.rows
	if t.countExact && t.count != t.rows {
		c.problem(Problem{Schema: t.schema, Table: t.def.Name,
			What: fmt.Sprintf("row count says %d rows, the table has %d", t.count, t.rows)})
	}
	for i, n := range t.entries {
		c.rep.IndexEntries += n
		// An index an online build has not finished lacks entries until
		// its backfill is done (its job resumes at the next start).
		if n != t.rows && t.def.Indexes[i].State == catalog.IndexPublic {
			c.problem(Problem{Schema: t.schema, Table: t.def.Name, Index: t.def.Indexes[i].Name,
				What: fmt.Sprintf("%d index entries for %d rows", n, t.rows)})
		}
	}
	return nil
}

// stream ends gathering index i's expected entries and returns them sorted.
func (c *checker) stream(t *table, i int) (*stream, error) {
	if t.streams[i] == nil {
		st, err := t.sorters[i].finish()
		if err != nil {
			return nil, err
		}
		t.streams[i], t.sorters[i] = st, nil
	}
	return t.streams[i], nil
}

// missing reports a row whose entry in index i is not there.
func (c *checker) missing(t *table, i int, e *expected) {
	if t.def.Indexes[i].State != catalog.IndexPublic {
		return // an unfinished build lacks entries until its backfill is done
	}
	c.problem(Problem{Schema: t.schema, Table: t.def.Name, Index: t.def.Indexes[i].Name, Key: e.rowKey,
		What: fmt.Sprintf("row has no index entry (expected %x)", e.entry)})
}

// malformedAt is the part of a key that keys.Parse could not read.
func malformedAt(err error) keys.Field {
	var pe *keys.Error
	if errors.As(err, &pe) {
		return pe.Field
	}
	return 0
}

// tableKey checks one key of a live table.
func (c *checker) tableKey(t *table, key []byte, k keys.Key, val []byte) error {
	switch k.Kind {
	case keys.KindCounter:
		if len(k.Rest) == 0 {
			c.rep.Counters++ // AUTO_INCREMENT's; not the row-ID sequence
		}
		if (len(k.Rest) != 0 && !keys.IsRowIDCounter(k.Rest)) || len(val) != 8 {
			c.problem(Problem{Schema: t.schema, Table: t.def.Name, Key: key,
				What: fmt.Sprintf("malformed AUTO_INCREMENT counter (%d key bytes after the prefix, %d value bytes)", len(k.Rest), len(val))})
		}
		return nil
	case keys.KindRowCount:
		n, exact, err := kv.DecodeCount(val)
		if err != nil {
			c.problem(Problem{Schema: t.schema, Table: t.def.Name, Key: key, What: "malformed row count: " + err.Error()})
		}
		// Without a base (a table from before counts) the deltas are not
		// a count yet: TABLE_ROWS counts it once on first read.
		t.count, t.countExact = n, exact && err == nil
		return nil
	case keys.KindRow:
		return c.row(t, key, val)
	}
	if k.IndexID == keys.RowHashIndexID && t.def.OrderedRowIDs() {
		return c.rowHashEntry(t, key, val)
	}
	for i := range t.def.Indexes {
		if t.def.Indexes[i].ID == k.IndexID {
			return c.entry(t, i, key, val)
		}
	}
	c.orphanKey(keys.Index(k.SchemaID, k.TableID, k.IndexID), key, Problem{Schema: t.schema, Table: t.def.Name,
		What: fmt.Sprintf("keys under index ID %d, which the table does not have", k.IndexID)})
	return nil
}

// row checks a primary index entry and that every secondary index has the
// entry the row implies.
func (c *checker) row(t *table, key, val []byte) error {
	t.rows++
	at := Problem{Schema: t.schema, Table: t.def.Name, Key: key}
	row, err := t.lay.DecodeRow(val)
	if err != nil {
		at.What = "row does not decode: " + err.Error()
		c.problem(at)
		return nil
	}
	want, err := t.lay.RowKey(c.ctx, row)
	if err != nil {
		at.What = "cannot encode the row's key: " + err.Error()
		c.problem(at)
		return nil
	}
	if t.def.OrderedRowIDs() {
		// A row ID, and the row hash entry that finds the row by value.
		if hk, err := t.lay.RowHashEntry(row, key); err != nil {
			at.What = err.Error()
			c.problem(at)
		} else if _, ok, err := c.db.Get(hk); err != nil {
			return err
		} else if !ok {
			at.What = fmt.Sprintf("row has no row hash entry (expected %x)", hk)
			c.problem(at)
		}
	} else if t.def.HiddenPK() {
		// Hash prefix of the row's content, then one row ID.
		if !bytes.HasPrefix(key, want) {
			at.What = "row content does not hash to its key"
			c.problem(at)
		} else if _, err := keys.HiddenRowID(key, want); err != nil {
			at.What = err.Error()
			c.problem(at)
		}
	} else if !bytes.Equal(key, want) {
		at.What = fmt.Sprintf("row's primary key columns give key %x", want)
		c.problem(at)
	}
	var rk []byte
	for i := range t.def.Indexes {
		ik, null, err := t.lay.IndexKey(c.ctx, i, row, key)
		if err != nil {
			if t.def.Indexes[i].State == catalog.IndexPublic {
				c.problem(Problem{Schema: t.schema, Table: t.def.Name, Index: t.def.Indexes[i].Name, Key: key,
					What: "cannot encode the row's index entry: " + err.Error()})
			}
			continue
		}
		if rk == nil {
			rk = append([]byte(nil), key...) // the iterator reuses key
		}
		t.sorters[i].add(expected{entry: ik, rowKey: rk, null: null})
		t.sortBytes += len(ik) + 64
	}
	if t.sortBytes > c.o.SortBytes {
		for _, s := range t.sorters {
			if err := s.spill(); err != nil {
				return err
			}
		}
		t.sortBytes = 0
	}
	return nil
}

// rowHashEntry checks a row hash entry (ordered row IDs): no value, and a
// row it points at whose values hash to it.
func (c *checker) rowHashEntry(t *table, key, val []byte) error {
	at := Problem{Schema: t.schema, Table: t.def.Name, Key: key}
	rk, err := t.lay.RowHashEntryRowKey(key)
	if err != nil || len(val) != 0 {
		at.What = fmt.Sprintf("malformed row hash entry (%d value bytes): %v", len(val), err)
		c.problem(at)
		return nil
	}
	v, ok, err := c.db.Get(rk)
	if err != nil {
		return err
	}
	if !ok {
		at.What = fmt.Sprintf("row hash entry points at no row (row key %x)", rk)
		c.problem(at)
		return nil
	}
	row, err := t.lay.DecodeRow(v)
	if err != nil {
		return nil // reported with the row
	}
	if want, err := t.lay.RowHashEntry(row, rk); err == nil && !bytes.Equal(want, key) {
		at.What = "row hash entry does not match its row's values"
		c.problem(at)
	}
	return nil
}

// entry checks a secondary index entry against the row it points at.
func (c *checker) entry(t *table, i int, key, val []byte) error {
	t.entries[i]++
	ix := &t.def.Indexes[i]
	at := Problem{Schema: t.schema, Table: t.def.Name, Index: ix.Name, Key: key}
	if len(val) != 0 {
		at.What = fmt.Sprintf("index entry has a %d-byte value; entries have none", len(val))
		c.problem(at)
	}
	// Merge with the entries the rows imply: those before key are missing,
	// one equal to key vouches for it without reading its row.
	st, err := c.stream(t, i)
	if err != nil {
		return err
	}
	var match *expected
	for e := st.peek(); e != nil; e = st.peek() {
		cmp := bytes.Compare(e.entry, key)
		if cmp > 0 {
			break
		}
		if cmp == 0 && match == nil {
			m := *e
			match = &m
		} else if cmp < 0 {
			c.missing(t, i, e)
		}
		st.pop()
	}
	if st.err != nil {
		return st.err
	}
	if match != nil {
		c.unique(t, i, key, match.rowKey, match.null)
		return nil
	}
	// Not implied by any row: read the row to say why.
	rk, err := t.lay.IndexRowKey(i, key)
	if err != nil {
		at.What = "malformed index entry: " + err.Error()
		c.problem(at)
		return nil
	}
	v, ok, err := c.db.Get(rk)
	if err != nil {
		return err
	}
	if !ok {
		at.What = fmt.Sprintf("index entry points at no row (row key %x)", rk)
		c.problem(at)
		return nil
	}
	row, err := t.lay.DecodeRow(v)
	if err != nil {
		return nil // reported with the row
	}
	want, null, err := t.lay.IndexKey(c.ctx, i, row, rk)
	if err != nil {
		return nil // reported with the row
	}
	if !bytes.Equal(want, key) {
		at.What = fmt.Sprintf("index entry does not match its row (row key %x gives entry %x)", rk, want)
		c.problem(at)
		return nil
	}
	c.unique(t, i, key, rk, null)
	return nil
}

// unique checks that a matching entry of a UNIQUE index repeats no value.
func (c *checker) unique(t *table, i int, key, rk []byte, null bool) {
	ix := &t.def.Indexes[i]
	if ix.Unique && !null && ix.State == catalog.IndexPublic {
		// Entries of one index are contiguous and sorted, so a duplicate
		// value is the previous entry's.
		uniq := key[:len(key)-(len(rk)-len(t.primary))]
		if t.uniqIndex == i && bytes.Equal(uniq, t.uniqLast) {
			c.problem(Problem{Schema: t.schema, Table: t.def.Name, Index: ix.Name, Key: key,
				What: "duplicate value in UNIQUE index"})
		}
		t.uniqIndex, t.uniqLast = i, append(t.uniqLast[:0], uniq...)
	}
}

// noTable records a data key that belongs to no live table.
func (c *checker) noTable(key []byte) {
	k, err := keys.Parse(key)
	if f := malformedAt(err); f == keys.FieldSchemaID || f == keys.FieldTableID {
		c.flushOrphans()
		c.problem(Problem{Key: key, What: "malformed data key: " + err.Error()})
		return
	}
	// A bad index ID after a table no one owns is still that table's key.
	c.orphanKey(keys.TableData(k.SchemaID, k.TableID), key, Problem{
		What: fmt.Sprintf("keys under data schema ID %d, table ID %d, which is no live table", k.SchemaID, k.TableID)})
}

// orphanKey adds key to the run of keys sharing prefix that nothing owns.
func (c *checker) orphanKey(prefix, key []byte, p Problem) {
	if c.orphan.n > 0 && bytes.Equal(c.orphan.prefix, prefix) {
		c.orphan.n++
		return
	}
	c.flushOrphans()
	c.orphan = orphanRun{prefix: append([]byte(nil), prefix...), where: p, n: 1, first: append([]byte(nil), key...)}
}

// endOrphans reports the current run of unowned keys unless key continues it.
func (c *checker) endOrphans(key []byte) {
	if c.orphan.n > 0 && !bytes.HasPrefix(key, c.orphan.prefix) {
		c.flushOrphans()
	}
}

func (c *checker) flushOrphans() {
	if c.orphan.n == 0 {
		return
	}
	p := c.orphan.where
	p.What = fmt.Sprintf("%d %s", c.orphan.n, p.What)
	p.Key = c.orphan.first
	c.problem(p)
	c.orphan = orphanRun{}
}
