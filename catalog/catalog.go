package catalog

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
)

// Reader is a consistent view of the keyspace: the committed state (kv.DB)
// or a transaction that may hold uncommitted DDL (kv.Txn).
type Reader interface {
	Get(key []byte) ([]byte, bool, error)
	NewIter(lower, upper []byte) (*kv.Iter, error)
}

// Writer receives a DDL statement's catalog and data changes. It is the
// statement's transaction, so they commit together or not at all.
type Writer interface {
	Set(key, val []byte)
	Delete(key []byte)
	DeleteRange(start, end []byte)
}

// Catalog is the data dictionary over one kv.DB.
type Catalog struct {
	db    *kv.DB
	cache *defCache
	// schemas caches schema records apart from the definitions: with
	// inserts spread over a million tables the definitions evict each
	// other all the time, and a schema record (one per 100 tables in such
	// a store, a few hundred bytes) evicted with them cost every
	// statement a second point read.
	schemas *defCache

	idMu    sync.Mutex
	nextID  uint64
	idLimit uint64

	// version advances around every definition or account change, for
	// caches of things derived from definitions (package plans) that
	// cannot track individual keys.
	version atomic.Uint64
}

// Version is advanced before a change to definitions or accounts commits
// and again after: something derived at version v is current while
// Version() == v, and a reader that fixed its snapshot before reading
// Version() never sees a definition newer than v.
func (c *Catalog) Version() uint64 { return c.version.Load() }

// schemaCacheShare: the schema records get 1/schemaCacheShare of the
// cache budget (4 MiB of the default 64: ~20,000 schemas).
const schemaCacheShare = 16

// idBlock IDs are reserved per high-water-mark write, so creating tables
// costs no extra synced write per table and IDs are still never reused after
// a crash (a crash only skips the unused rest of a block).
const idBlock = 4096

// Open loads the ID high-water mark; nothing else is read at startup, so
// opening a catalog of any size takes the same time.
func Open(db *kv.DB, cacheBytes int64) (*Catalog, error) {
	c := &Catalog{db: db, cache: newDefCache(cacheBytes-cacheBytes/schemaCacheShare, recTierShardBudget(cacheBytes), nil)}
	// Schema records are not kept in a record tier (only table lookups
	// miss at a million tables).
	c.schemas = newDefCache(cacheBytes/schemaCacheShare, 0, c.cache.stats)
	v, ok, err := db.Get(keys.IDs())
	if err != nil {
		return nil, err
	}
	c.nextID = 1
	if ok {
		if len(v) != 8 {
			return nil, fmt.Errorf("catalog: corrupt ID high-water mark")
		}
		c.nextID = binary.BigEndian.Uint64(v)
	}
	c.idLimit = c.nextID
	return c, nil
}

// Stats exposes the definition cache counters.
func (c *Catalog) Stats() *CacheStats { return c.cache.stats }

// CacheUsage returns the bytes and entries the definition caches hold.
func (c *Catalog) CacheUsage() (int64, int) {
	b, n := c.cache.usage()
	sb, sn := c.schemas.usage()
	return b + sb, n + sn
}

// RecordTierUsage returns the bytes and records the record tier holds
// (rectier.go), the distinct record bodies it shares included: memory
// apart from CacheUsage's decoded definitions, and unlike them never
// marked by the collector.
func (c *Catalog) RecordTierUsage() (int64, int) {
	b, n := c.cache.recUsage()
	return b + recBodiesBytes(), n
}

// RecordTierBudget is the most RecordTierUsage's per-shard part may reach,
// the shared bodies (at most recBodiesMax) apart.
func (c *Catalog) RecordTierBudget() int64 { return c.cache.recBudget * cacheShards }

// NewID returns a schema/table ID that was never handed out before.
func (c *Catalog) NewID() (uint64, error) {
	c.idMu.Lock()
	defer c.idMu.Unlock()
	if c.nextID >= c.idLimit {
		limit := c.nextID + idBlock
		b := kv.NewWriteBatch()
		b.Set(keys.IDs(), binary.BigEndian.AppendUint64(nil, limit))
		if err := c.db.Apply(b); err != nil {
			return 0, err
		}
		c.idLimit = limit
	}
	id := c.nextID
	c.nextID++
	return id, nil
}

// Schema returns the named schema or nil. r == nil reads the committed
// state through the cache.
func (c *Catalog) Schema(r Reader, name string) (*Schema, error) {
	key := keys.Schema(name)
	if r != nil {
		return c.loadSchema(r, key)
	}
	v, gen := c.schemas.get(string(key))
	if v != nil {
		return v.(*Schema), nil
	}
	s, err := c.loadSchema(c.db, key)
	if err != nil || s == nil {
		return s, err
	}
	c.schemas.put(string(key), s, int64(len(key)+len(s.Name)+128), gen)
	return s, nil
}

func (c *Catalog) loadSchema(r Reader, key []byte) (*Schema, error) {
	v, ok, err := r.Get(key)
	if err != nil || !ok {
		return nil, err
	}
	return decodeSchema(v)
}

// Table returns the named table of s or nil. r == nil reads the committed
// state through the cache (a decoded definition, else its record from the
// record tier, else from the store).
func (c *Catalog) Table(r Reader, s *Schema, name string) (*Table, error) {
	key := keys.Table(s.ID, name)
	if r != nil {
		return c.loadTable(r, key, s.Name)
	}
	ks := string(key)
	v, rec, gen := c.cache.getOrRecord(ks)
	if v != nil {
		return v.(*Table), nil
	}
	if rec == nil {
		var ok bool
		var err error
		if rec, ok, err = c.db.Get(key); err != nil || !ok {
			return nil, err
		}
		c.cache.putRecord(ks, rec, gen)
	}
	c.cache.stats.Loads.Add(1)
	t, err := decodeCachedTable(rec, s.Name)
	if err != nil {
		return nil, err
	}
	c.cache.put(ks, t, int64(t.size), gen)
	return t, nil
}

func (c *Catalog) loadTable(r Reader, key []byte, dbName string) (*Table, error) {
	v, ok, err := r.Get(key)
	if err != nil || !ok {
		return nil, err
	}
	c.cache.stats.Loads.Add(1)
	return decodeTable(v, dbName)
}

// ListSchemas streams every schema in name order.
func (c *Catalog) ListSchemas(r Reader, fn func(*Schema) error) error {
	if r == nil {
		r = c.db
	}
	lo, hi := keys.SchemaRecords()
	return scan(r, lo, hi, func(_, v []byte) error {
		s, err := decodeSchema(v)
		if err != nil {
			return err
		}
		return fn(s)
	})
}

// ListTableNames streams the case-preserved names of a schema's tables in
// (lower-case) name order without decoding their definitions.
func (c *Catalog) ListTableNames(r Reader, s *Schema, fn func(name string) error) error {
	if r == nil {
		r = c.db
	}
	lo, hi := keys.TableRecords(s.ID)
	return scan(r, lo, hi, func(_, v []byte) error {
		name, _, err := recordName(v)
		if err != nil {
			return err
		}
		return fn(name)
	})
}

// ListTables streams a schema's decoded definitions in name order.
func (c *Catalog) ListTables(r Reader, s *Schema, fn func(*Table) error) error {
	if r == nil {
		r = c.db
	}
	lo, hi := keys.TableRecords(s.ID)
	return scan(r, lo, hi, func(_, v []byte) error {
		t, err := decodeTable(v, s.Name)
		if err != nil {
			return err
		}
		return fn(t)
	})
}

func scan(r Reader, lo, hi []byte, fn func(k, v []byte) error) error {
	it, err := r.NewIter(lo, hi)
	if err != nil {
		return err
	}
	for ok := it.First(); ok; ok = it.Next() {
		if err := fn(it.Key(), it.Value()); err != nil {
			it.Close()
			return err
		}
	}
	if err := it.Error(); err != nil {
		it.Close()
		return err
	}
	return it.Close()
}

// Invalidate drops cache entries written by a transaction that committed.
// BeginChange is called before a transaction that rewrote these
// definitions commits, EndChange after (whether or not it committed): in
// between, nobody is served or stores a cached copy of them, so no reader
// can get a definition older than a commit it started after.
func (c *Catalog) BeginChange(keys []string) {
	c.version.Add(1)
	for _, k := range keys {
		c.cache.beginChange(k)
		c.schemas.beginChange(k)
	}
}

// EndChange ends BeginChange.
func (c *Catalog) EndChange(keys []string) {
	for _, k := range keys {
		c.cache.endChange(k)
		c.schemas.endChange(k)
	}
	c.version.Add(1)
}

func (c *Catalog) Invalidate(keys []string) {
	c.version.Add(1)
	for _, k := range keys {
		c.cache.invalidate(k)
		c.schemas.invalidate(k)
	}
}

// DefaultCollation is the collation of a schema created without one.
const DefaultCollation = sql.Collation_Default

// TableNames lists the table names of many schemas through one iterator over
// the table-record span: information_schema over 10,000 schemas would
// otherwise open 10,000 iterators (~10 us each, a third of a million-table
// listing).
type TableNames struct{ it *kv.Iter }

// NewTableNames opens a lister reading through r (nil: committed state).
func (c *Catalog) NewTableNames(r Reader) (*TableNames, error) {
	if r == nil {
		r = c.db
	}
	it, err := r.NewIter(keys.AllTableRecords())
	if err != nil {
		return nil, err
	}
	return &TableNames{it: it}, nil
}

// List streams schema s's table names in order.
func (n *TableNames) List(s *Schema, fn func(name string) error) error {
	lo, hi := keys.TableRecords(s.ID)
	for ok := n.it.SeekGE(lo); ok && bytes.Compare(n.it.Key(), hi) < 0; ok = n.it.Next() {
		name, _, err := recordName(n.it.Value())
		if err != nil {
			return err
		}
		if err := fn(name); err != nil {
			return err
		}
	}
	return n.it.Error()
}

// Close releases the iterator.
func (n *TableNames) Close() error { return n.it.Close() }

// ListFKRefs streams the (lower-case) schema and table names of the tables
// whose foreign keys reference table parent of schema parentSchemaID, from
// the reverse index: one seek, whatever the number of tables. An entry may
// outlive its child (a dropped schema's tables leave theirs under other
// schemas' parents), so callers check the child's record.
func (c *Catalog) ListFKRefs(r Reader, parentSchemaID uint64, parent string, fn func(childSchema, childTable string) error) error {
	if r == nil {
		r = c.db
	}
	lo, hi := keys.FKRefs(parentSchemaID, parent)
	return scan(r, lo, hi, func(k, _ []byte) error {
		pk, err := keys.Parse(k)
		if err != nil {
			return err
		}
		_, cs, ct, ok := keys.SplitFKRef(pk.Name)
		if !ok {
			return fmt.Errorf("catalog: corrupt foreign key reference %q", k)
		}
		return fn(cs, ct)
	})
}

// CountTables is the number of s's tables, read from their records' keys
// alone (DROP DATABASE's affected-row count).
func (c *Catalog) CountTables(r Reader, s *Schema) (int, error) {
	if r == nil {
		r = c.db
	}
	n := 0
	lo, hi := keys.TableRecords(s.ID)
	err := scan(r, lo, hi, func(_, _ []byte) error {
		n++
		return nil
	})
	return n, err
}
