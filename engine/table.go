package engine

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/kv"
	"github.com/myriaddb/myriad/locks"
)

// Table is a statement's handle on one table definition. GMS's ALTER
// machinery changes a table through the handle it resolved and then reads
// through the same handle, so schema changes swap def in place.
type Table struct {
	db  *Database
	def *catalog.Table
	lay *layout
}

var (
	_ sql.Table                 = (*Table)(nil)
	_ sql.IndexAddressableTable = (*Table)(nil)
	_ sql.InsertableTable       = (*Table)(nil)
	_ sql.UpdatableTable        = (*Table)(nil)
	_ sql.DeletableTable        = (*Table)(nil)
	_ sql.ReplaceableTable      = (*Table)(nil)
	_ sql.AutoIncrementTable    = (*Table)(nil)
	_ sql.TruncateableTable     = (*Table)(nil)
	_ sql.AlterableTable        = (*Table)(nil)
	_ sql.IndexAlterableTable   = (*Table)(nil)
	_ sql.CommentedTable        = (*Table)(nil)
	_ sql.PrimaryKeyTable       = (*Table)(nil)
)

func (d *Database) newTable(def *catalog.Table) *Table {
	return &Table{db: d, def: def, lay: layoutOf(def)}
}

func (t *Table) setDef(def *catalog.Table) {
	t.def, t.lay = def, layoutOf(def)
}

// Name implements sql.Nameable.
func (t *Table) Name() string { return t.def.Name }

// String implements fmt.Stringer.
func (t *Table) String() string { return t.def.Name }

// Schema implements sql.Table.
func (t *Table) Schema() sql.Schema { return t.def.Schema().Schema }

// PrimaryKeySchema implements sql.PrimaryKeyTable.
func (t *Table) PrimaryKeySchema() sql.PrimaryKeySchema { return t.def.Schema() }

// Collation implements sql.Table.
func (t *Table) Collation() sql.CollationID { return t.def.Collation }

// Comment implements sql.CommentedTable.
func (t *Table) Comment() string { return t.def.Comment }

// IsTemporary implements sql.TemporaryTable (GMS checks it on writes in
// read-only transactions).
func (t *Table) IsTemporary() bool { return false }

// Def returns the catalog record behind the handle.
func (t *Table) Def() *catalog.Table { return t.def }

// partition is the single partition of a table, or of an index lookup.
type partition struct {
	lookup *sql.IndexLookup
}

func (p *partition) Key() []byte { return []byte("p") }

type partitionIter struct {
	p    *partition
	done bool
}

func (i *partitionIter) Next(*sql.Context) (sql.Partition, error) {
	if i.done {
		return nil, io.EOF
	}
	i.done = true
	return i.p, nil
}

func (i *partitionIter) Close(*sql.Context) error { return nil }

// Partitions implements sql.Table. A table is one partition: its rows are
// one key span, already ordered.
func (t *Table) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return &partitionIter{p: &partition{}}, nil
}

// PartitionRows implements sql.Table.
func (t *Table) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	return t.partitionRows(ctx, p, 0)
}

// partitionRows reads a partition; lock, when set, makes it a current read
// that locks each row at least in that mode (foreign key lookups).
func (t *Table) partitionRows(ctx *sql.Context, p sql.Partition, lock locks.Mode) (sql.RowIter, error) {
	if t.lay.zoneVirtual {
		if err := t.lay.zoneRefusal(t.lay.zoneOf(ctx), false); err != nil {
			return nil, err
		}
	}
	tx, err := txnOf(ctx)
	if err != nil {
		return nil, err
	}
	part, _ := p.(*partition)
	var it *rowIter
	if part == nil || part.lookup == nil {
		it = t.newRowIter(ctx, tx.kv, []span{t.lay.rowSpan()}, nil, false)
	} else {
		ri, err := t.lookupRows(ctx, tx.kv, *part.lookup)
		if err != nil {
			return nil, err
		}
		if it, _ = ri.(*rowIter); it == nil {
			return ri, nil
		}
	}
	it.zone = t.lay.zoneOf(ctx)
	c := t.readLock(ctx, tx)
	if lock > c.Mode && tx.kv.Pessimistic() {
		c.Mode = lock
	}
	if c.Mode == 0 && it.secondary != nil {
		// A snapshot read only: a current read sees the newest entries.
		if err := t.db.eng.staleIndex(tx.kv, t.def.ID, it.secondary.id); err != nil {
			return nil, err
		}
	}
	if c.Mode != 0 {
		if err := t.staleRewrite(); err != nil {
			return nil, err
		}
		// A current read: the newest committed rows, each locked before
		// it is read again and returned (locking.go).
		it.r, it.lock, it.tx = tx.kv.CurrentView(), c, tx.kv
	}
	return it, nil
}

// GetIndexes implements sql.IndexAddressable.
func (t *Table) GetIndexes(ctx *sql.Context) ([]sql.Index, error) {
	out := make([]sql.Index, 0, len(t.def.Indexes)+1)
	keep := hintedIndexes(ctx, t.db.schema.Name, t.def.Name) // indexhintapply.go
	if !t.def.HiddenPK() && (keep == nil || keep("PRIMARY")) {
		out = append(out, t.newIndex(catalog.PrimaryIndexID, "PRIMARY", true, t.def.PK, nil, ""))
	}
	// MySQL lists PRIMARY, then UNIQUE keys, then the others, each in
	// creation order (SHOW CREATE TABLE, SHOW INDEX).
	for _, unique := range []bool{true, false} {
		for _, ix := range t.def.Indexes {
			// An index being built is invisible to queries (and to SHOW).
			// A functional index is invisible to GMS (its planner fails on
			// key parts that are no column): funcindex.go plans, shows and
			// drops it.
			if ix.Unique == unique && ix.State == catalog.IndexPublic && !ix.HasExprs() && (keep == nil || keep(ix.Name)) {
				out = append(out, t.newIndex(ix.ID, ix.Name, ix.Unique, ix.Columns, ix.Prefix, ix.Comment))
			}
		}
	}
	return out, nil
}

// IndexedAccess implements sql.IndexAddressable.
func (t *Table) IndexedAccess(ctx *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	return &indexedTable{Table: t, lookup: lookup}
}

// PreciseMatch implements sql.IndexAddressable. Spans are computed from the
// leading columns only, so GMS keeps its filter on top.
func (t *Table) PreciseMatch() bool { return false }

type indexedTable struct {
	*Table
	lookup sql.IndexLookup
}

// LookupPartitions implements sql.IndexedTable.
func (t *indexedTable) LookupPartitions(ctx *sql.Context, l sql.IndexLookup) (sql.PartitionIter, error) {
	return &partitionIter{p: &partition{lookup: &l}}, nil
}

// span is a key range [lo, hi); hi nil means unbounded.
// span is a key range [lo, hi). point: it holds at most one key, since it
// fixes every column of the primary key. The iterator then stops after that
// key instead of stepping past it: a Next from a key rewritten thousands of
// times since the last memtable flush (a hot row) walks every older version
// of it, and did so on each UPDATE/DELETE by primary key (sysbench's hot
// rows: oltp_update_non_index fell from 6,500 to 1,200 tps within a minute).
type span struct {
	lo, hi []byte
	point  bool
}

func (t *Table) lookupRows(ctx *sql.Context, r *kv.Txn, l sql.IndexLookup) (sql.RowIter, error) {
	idx, ok := l.Index.(*index)
	if !ok {
		return nil, fmt.Errorf("myriad: lookup on foreign index %T", l.Index)
	}
	ranges, ok := l.Ranges.(sql.MySQLRangeCollection)
	if !ok {
		return nil, fmt.Errorf("myriad: unsupported range collection %T", l.Ranges)
	}
	// A lookup join's LookupBuilder marks the lookup empty whenever a key is
	// NULL, also for a null-safe (<=>) key, whose column range it sets to
	// "IS NULL": honouring the flag there loses NULL <=> NULL matches. The
	// ranges themselves say which keys were NULL under `=`: a point bound
	// holding no key, which matches nothing.
	if l.IsEmptyRange {
		var kept sql.MySQLRangeCollection
		for _, rng := range ranges {
			if !hasNilPoint(rng) {
				kept = append(kept, rng)
			}
		}
		if len(kept) == 0 {
			return sql.RowsToRowIter(), nil
		}
		ranges = kept
	}
	prefix := t.def.IndexPrefix(idx.id)
	var secondary *indexLayout
	if idx.id != catalog.PrimaryIndexID {
		secondary = t.lay.indexByID(idx.id)
		if secondary == nil {
			return nil, fmt.Errorf("myriad: index %s no longer exists", idx.name)
		}
	}
	if loc := t.lay.zoneOf(ctx); loc != nil {
		ranges = zoneRanges(ctx, ranges, loc)
	}
	spans := make([]span, 0, len(ranges))
	for _, rng := range ranges {
		s, empty, err := rangeSpan(ctx, prefix, rng, idx.prefix)
		if err != nil {
			return nil, err
		}
		// Key encodings are prefix-free, so a span fixing all of a real
		// primary key's columns holds that one row key or nothing.
		s.point = s.point && secondary == nil && len(t.def.PK) > 0 && len(rng) == len(t.def.PK)
		if !empty {
			spans = append(spans, s)
		}
	}
	return t.newRowIter(ctx, r, mergeSpans(spans, l.IsReverse), secondary, l.IsReverse), nil
}

// mergeSpans sorts spans and merges overlapping ones. Spans bound only the
// leading index columns, so disjoint GMS ranges can give overlapping spans,
// which would return a row once per span.
func mergeSpans(spans []span, reverse bool) []span {
	if len(spans) < 2 {
		return spans
	}
	sort.Slice(spans, func(i, j int) bool { return bytes.Compare(spans[i].lo, spans[j].lo) < 0 })
	out := spans[:1]
	for _, s := range spans[1:] {
		last := &out[len(out)-1]
		if last.hi == nil || bytes.Compare(s.lo, last.hi) <= 0 {
			if !bytes.Equal(s.lo, last.lo) || !bytes.Equal(s.hi, last.hi) {
				last.point = false
			}
			if last.hi != nil && (s.hi == nil || bytes.Compare(s.hi, last.hi) > 0) {
				last.hi = s.hi
			}
			continue
		}
		out = append(out, s)
	}
	if reverse {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// rangeSpan turns one GMS range over index columns into a key span. Leading
// columns fixed to one value extend the prefix; the first column with a
// proper interval bounds the span and the columns after it are left to the
// filter GMS keeps (PreciseMatch is false). A bound that cannot be encoded
// exactly (a value out of the column's range) is widened, never narrowed.
func rangeSpan(ctx *sql.Context, prefix []byte, rng sql.MySQLRange, prefixLens []uint16) (span, bool, error) {
	lo := append([]byte(nil), prefix...)
	hi := append([]byte(nil), prefix...)
	pointed := 0
	for i, ce := range rng {
		if len(prefixLens) > i && prefixLens[i] > 0 {
			// A prefix index stores truncated values: bound by the columns before it.
			break
		}
		if v, ok := pointValue(ctx, ce); ok {
			var err error
			enc, err := keyenc.AppendValue(ctx, nil, ce.Typ, v)
			if err != nil {
				break
			}
			lo = append(lo, enc...)
			hi = append(hi, enc...)
			pointed++
			continue
		}
		nlo, nhi, empty := intervalBounds(ctx, ce, lo, hi)
		if empty {
			return span{}, true, nil
		}
		return span{lo: nlo, hi: nhi}, false, nil
	}
	return span{lo: lo, hi: keys.PrefixEnd(hi), point: pointed == len(rng)}, false, nil
}

// hasNilPoint reports whether a column of rng is bounded by a missing key:
// the range GMS builds for a NULL lookup key under `=`, which matches no row.
func hasNilPoint(rng sql.MySQLRange) bool {
	for _, ce := range rng {
		switch b := ce.LowerBound.(type) {
		case sql.Below:
			if b.Key == nil {
				return true
			}
		case sql.Above:
			if b.Key == nil {
				return true
			}
		}
		switch b := ce.UpperBound.(type) {
		case sql.Below:
			if b.Key == nil {
				return true
			}
		case sql.Above:
			if b.Key == nil {
				return true
			}
		}
	}
	return false
}

// pointValue reports whether the column range is exactly one value (or NULL).
func pointValue(ctx *sql.Context, ce sql.MySQLRangeColumnExpr) (any, bool) {
	switch lb := ce.LowerBound.(type) {
	case sql.BelowNull:
		if _, ok := ce.UpperBound.(sql.AboveNull); ok {
			return nil, true
		}
	case sql.Below:
		ub, ok := ce.UpperBound.(sql.Above)
		if !ok {
			return nil, false
		}
		if c, err := ce.Typ.Compare(ctx, lb.Key, ub.Key); err != nil || c != 0 {
			return nil, false
		}
		return exactBound(ctx, ce.Typ, lb.Key)
	}
	return nil, false
}

func intervalBounds(ctx *sql.Context, ce sql.MySQLRangeColumnExpr, base, _ []byte) (lo, hi []byte, empty bool) {
	enc := func(k any) ([]byte, bool) {
		v, ok := exactBound(ctx, ce.Typ, k)
		if !ok {
			return nil, false
		}
		b, err := keyenc.AppendValue(ctx, append([]byte(nil), base...), ce.Typ, v)
		return b, err == nil
	}
	nullKey, _ := keyenc.AppendValue(ctx, append([]byte(nil), base...), ce.Typ, nil)
	lo = base
	switch b := ce.LowerBound.(type) {
	case sql.BelowNull:
	case sql.AboveNull:
		lo = keys.PrefixEnd(nullKey)
	case sql.Below:
		if k, ok := enc(b.Key); ok {
			lo = k
			if pt, pad := ce.Typ.(padIndexType); pad {
				lo = keyenc.PadLowerBound(pt.Collation(), k)
			}
		} else {
			lo = keys.PrefixEnd(nullKey)
		}
	case sql.Above:
		if k, ok := enc(b.Key); ok && !atTypeLimit(ce.Typ, b.Key) {
			lo = keys.PrefixEnd(k)
		} else {
			lo = keys.PrefixEnd(nullKey)
		}
	case sql.AboveAll:
		return nil, nil, true
	}
	hi = keys.PrefixEnd(base)
	switch b := ce.UpperBound.(type) {
	case sql.AboveAll:
	case sql.AboveNull:
		hi = keys.PrefixEnd(nullKey)
	case sql.Above:
		if k, ok := enc(b.Key); ok {
			hi = keys.PrefixEnd(k)
		}
	case sql.Below:
		if k, ok := enc(b.Key); ok && !atTypeLimit(ce.Typ, b.Key) {
			hi = k
		}
	case sql.BelowNull:
		return nil, nil, true
	}
	return lo, hi, false
}

// rowIter walks spans of the primary index, or of a secondary index whose
// entries it resolves to rows by primary key. It reads through a view of the
// transaction frozen when the scan starts, so a statement that writes the
// table while scanning it (UPDATE ... WHERE x <> 2 over two key ranges) does
// not meet the rows it has just written in a later range.
type rowIter struct {
	t         *Table
	r         *kv.View
	spans     []span
	secondary *indexLayout
	reverse   bool
	it        *kv.Iter
	started   bool
	point     bool  // the current span holds at most one key
	read      int64 // rows returned, added to the schema's usage at Close
	// lock, when set, makes this a locking current read over tx.
	lock LockingClause
	tx   *kv.Txn
	// cur is the span being read. A locking read of a range that waited
	// for a row lock reads the span again (rescan) from the data as
	// committed after the wait, skipping the rows it already returned
	// (seen): the transaction it waited for may have moved a row within
	// the range (UPDATE of a key column, DELETE and INSERT of one id),
	// and InnoDB's locking read, which follows its next-key locks, finds
	// the moved row too. Without this, sysbench's DELETE .. WHERE id = ?
	// on a key (id, k) missed a row another writer had just moved, and
	// its INSERT then made a second row with that id. seen holds at most
	// maxRescanSeen keys; past that a wait rescans nothing. (No gap locks
	// still: a row inserted into the range by a transaction this read
	// never waited for is not seen.)
	cur    span
	rescan bool
	seen   map[string]struct{}
	// ver is the store's commit version when the iterator over cur was
	// made. A row locked without a wait can still have changed since then
	// (its writer committed between the iterator's creation and the lock):
	// that too rescans, for the same reason as a wait does.
	ver uint64
	// need, when set, names the columns the reader uses: the others of a
	// row read from the primary index stay nil (layout.decodeSome). Only a
	// node that reads nothing else sets it (rangeScan).
	need []bool
	// zone, when set, is the session's time zone its TIMESTAMP values
	// are read in (partitionRows: the rows GMS reads).
	zone *time.Location
}

// maxRescanSeen bounds rowIter.seen.
const maxRescanSeen = 4096

func (t *Table) newRowIter(ctx *sql.Context, r *kv.Txn, spans []span, secondary *indexLayout, reverse bool) *rowIter {
	return &rowIter{t: t, r: r.View(), spans: spans, secondary: secondary, reverse: reverse}
}

func (i *rowIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := i.next(ctx)
	if i.zone != nil && row != nil && err == nil {
		return i.t.lay.toSession(row, i.zone), nil
	}
	return row, err
}

func (i *rowIter) next(ctx *sql.Context) (sql.Row, error) {
	for {
		if i.it == nil {
			if len(i.spans) == 0 {
				return nil, io.EOF
			}
			s := i.spans[0]
			i.spans = i.spans[1:]
			if s.point && i.lock.Mode == 0 && i.secondary == nil {
				// The span holds its lower bound or nothing (prefix-free
				// keys): one Get costs a third of an iterator's creation,
				// seek and close, which the point selects paid per row.
				v, ok, err := i.r.Get(s.lo)
				if err != nil {
					return nil, err
				}
				if !ok {
					continue
				}
				i.read++
				if i.need != nil {
					return i.t.lay.decodeSome(v, i.need)
				}
				return i.t.lay.decodeRow(v)
			}
			i.ver = i.t.db.eng.db.Version()
			it, err := i.r.NewIter(s.lo, s.hi)
			if err != nil {
				return nil, err
			}
			i.it, i.started, i.point = it, false, s.point
			i.cur, i.rescan = s, false
			if i.lock.Mode != 0 && !s.point {
				clear(i.seen)
			}
		} else if i.rescan {
			// A latest-view iterator reads the committed data as of its
			// creation; the view's own layers stay the statement's.
			i.rescan = false
			if err := i.it.Close(); err != nil {
				return nil, err
			}
			i.ver = i.t.db.eng.db.Version()
			it, err := i.r.NewIter(i.cur.lo, i.cur.hi)
			if err != nil {
				i.it = nil
				return nil, err
			}
			i.it, i.started = it, false
		}
		var ok bool
		switch {
		case i.started && i.point && !i.reverse:
		case !i.started && i.reverse:
			ok = i.it.Last()
		case !i.started:
			ok = i.it.First()
		case i.reverse:
			ok = i.it.Prev()
		default:
			ok = i.it.Next()
		}
		i.started = true
		if !ok {
			err := i.it.Error()
			i.it.Close()
			i.it = nil
			if err != nil {
				return nil, err
			}
			continue
		}
		if i.lock.Mode != 0 {
			row, err := i.lockedRow(ctx)
			if row != nil {
				i.read++
			}
			if err != nil || row != nil {
				return row, err
			}
			continue
		}
		if i.secondary == nil {
			i.read++
			if i.need != nil {
				return i.t.lay.decodeSome(i.it.Value(), i.need)
			}
			return i.t.lay.decodeRow(i.it.Value())
		}
		row, err := i.t.db.eng.rowForIndexKey(ctx, i.t.def, i.t.lay, i.secondary.id, i.it.Key(), i.r)
		if err != nil {
			return nil, err
		}
		if row != nil {
			i.read++
			return row, nil
		}
	}
}

// lockedRow locks the row the iterator is on and returns its newest
// version; nil if the row is gone (deleted, or the lock was SKIP LOCKED).
func (i *rowIter) lockedRow(ctx *sql.Context) (sql.Row, error) {
	pk := i.it.Key()
	if i.secondary != nil {
		var err error
		if pk, err = i.t.lay.pkOfIndexKey(i.secondary, pk); err != nil {
			return nil, err
		}
	} else {
		pk = append([]byte(nil), pk...)
	}
	// Once full, seen is still consulted (a rescan under way meets the
	// rows it holds) but grows no more and no wait rescans.
	if _, done := i.seen[string(pk)]; done {
		return nil, nil
	}
	track := !i.point && len(i.seen) < maxRescanSeen
	noWait := i.lock.NoWait || i.lock.SkipLocked
	_, err := i.t.lockRow(ctx, i.tx, pk, i.lock.Mode, noWait || track)
	if err == errLockNoWait && !noWait {
		// Held by another transaction: wait for it, then read the span
		// again (rowIter.cur).
		i.rescan = true
		_, err = i.t.lockRow(ctx, i.tx, pk, i.lock.Mode, false)
	}
	if err != nil {
		if i.lock.SkipLocked && err == errLockNoWait {
			return nil, nil
		}
		return nil, err
	}
	if track {
		if i.seen == nil {
			i.seen = map[string]struct{}{}
		}
		i.seen[string(pk)] = struct{}{}
	}
	v, ok, err := i.r.Get(pk)
	if err != nil {
		return nil, err
	}
	if track && !i.rescan && i.t.db.eng.db.Version() != i.ver {
		// Something committed since the iterator was made. If it was this
		// row (gone, changed, or moved off this index entry), its writer
		// may have put a row elsewhere in the range (sysbench's DELETE and
		// INSERT of one id): read the span again.
		if i.secondary == nil {
			i.rescan = !ok || !bytes.Equal(v, i.it.Value())
		} else if _, still, err := i.r.Get(i.it.Key()); err != nil {
			return nil, err
		} else {
			i.rescan = !still
		}
	}
	if !ok {
		return nil, nil
	}
	return i.t.lay.decodeRow(v)
}

func (i *rowIter) Close(*sql.Context) error {
	if i.read > 0 {
		i.t.db.use().read.Add(i.read)
		i.read = 0
	}
	if i.it != nil {
		err := i.it.Close()
		i.it = nil
		return err
	}
	return nil
}

// rowForIndexKey fetches the row a secondary index entry points at.
func (e *Engine) rowForIndexKey(ctx *sql.Context, t *catalog.Table, lay *layout, indexID uint32, key []byte, r catalog.Reader) (sql.Row, error) {
	ix := lay.indexByID(indexID)
	if ix == nil {
		return nil, fmt.Errorf("myriad: index %d of %s not found", indexID, t.Name)
	}
	pk, err := lay.pkOfIndexKey(ix, key)
	if err != nil {
		return nil, err
	}
	v, ok, err := r.Get(pk)
	if err != nil || !ok {
		return nil, err
	}
	return lay.decodeRow(v)
}

// pkOfIndexKey is the primary key a secondary index entry points at.
func (l *layout) pkOfIndexKey(ix *indexLayout, key []byte) ([]byte, error) {
	rest := key[len(ix.key):]
	for range ix.cols {
		var err error
		if rest, err = keyenc.SkipValue(rest); err != nil {
			return nil, err
		}
	}
	pk := make([]byte, 0, len(l.primary)+len(rest))
	return append(append(pk, l.primary...), rest...), nil
}

// exactBound converts a range bound to the column type, reporting false when
// the conversion changed the value (1e19 clamped into a BIGINT, 2.5 rounded
// into an INT): such a bound must widen the span, not shift it.
func exactBound(ctx *sql.Context, typ sql.Type, k any) (any, bool) {
	v, inRange, err := typ.Convert(ctx, k)
	if err != nil || inRange != sql.InRange || v == nil {
		return nil, false
	}
	if kn, km, ok := goInt(k); ok {
		// The common case, without decimals: an integer bound.
		if vn, vm, ok := goInt(v); ok {
			if kn != vn || km != vm {
				return nil, false
			}
			return v, true
		}
	}
	if types.IsNumber(typ) && types.IsNumber(typeOfValue(k)) {
		c, err := types.InternalDecimalType.Compare(ctx, k, v)
		if err != nil || c != 0 {
			return nil, false
		}
	}
	return v, true
}

// typeOfValue is the GMS type a literal Go value has, for exactness checks.
func typeOfValue(v any) sql.Type {
	switch v.(type) {
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64, uint:
		return types.Int64
	case float32, float64, decimal.Decimal:
		return types.Float64
	}
	return types.LongText
}

// atTypeLimit reports whether k is the smallest or largest value of an
// integer column type. GMS clamps out-of-range literals to these limits and
// then emits open bounds (bi < 1e19 becomes bi < MaxInt64), which would
// lose the row holding the limit; treating such a bound as unbounded is
// exact because GMS keeps its filter above the lookup.
func atTypeLimit(typ sql.Type, k any) bool {
	if neg, mag, ok := goInt(k); ok {
		var lo, hi uint64 // lo: the magnitude of the negative limit (0: none)
		switch typ.Type() {
		case sqltypes.Int8:
			lo, hi = 1<<7, 1<<7-1
		case sqltypes.Int16:
			lo, hi = 1<<15, 1<<15-1
		case sqltypes.Int24:
			lo, hi = 1<<23, 1<<23-1
		case sqltypes.Int32:
			lo, hi = 1<<31, 1<<31-1
		case sqltypes.Int64:
			lo, hi = 1<<63, 1<<63-1
		case sqltypes.Uint8:
			hi = math.MaxUint8
		case sqltypes.Uint16:
			hi = math.MaxUint16
		case sqltypes.Uint24:
			hi = 1<<24 - 1
		case sqltypes.Uint32:
			hi = math.MaxUint32
		case sqltypes.Uint64:
			hi = math.MaxUint64
		default:
			return false
		}
		if neg {
			return mag == lo
		}
		// An unsigned type's lower limit is 0.
		return mag == hi || lo == 0 && mag == 0
	}
	var lo, hi decimal.Decimal
	switch typ.Type() {
	case sqltypes.Int8:
		lo, hi = decimal.NewFromInt(math.MinInt8), decimal.NewFromInt(math.MaxInt8)
	case sqltypes.Int16:
		lo, hi = decimal.NewFromInt(math.MinInt16), decimal.NewFromInt(math.MaxInt16)
	case sqltypes.Int24:
		lo, hi = decimal.NewFromInt(-1<<23), decimal.NewFromInt(1<<23-1)
	case sqltypes.Int32:
		lo, hi = decimal.NewFromInt(math.MinInt32), decimal.NewFromInt(math.MaxInt32)
	case sqltypes.Int64:
		lo, hi = decimal.NewFromInt(math.MinInt64), decimal.NewFromInt(math.MaxInt64)
	case sqltypes.Uint8:
		hi = decimal.NewFromInt(math.MaxUint8)
	case sqltypes.Uint16:
		hi = decimal.NewFromInt(math.MaxUint16)
	case sqltypes.Uint24:
		hi = decimal.NewFromInt(1<<24 - 1)
	case sqltypes.Uint32:
		hi = decimal.NewFromInt(math.MaxUint32)
	case sqltypes.Uint64:
		hi = decimal.RequireFromString("18446744073709551615")
	default:
		return false
	}
	v, _, err := types.InternalDecimalType.Convert(context.Background(), k)
	if err != nil {
		return false
	}
	d := v.(decimal.Decimal)
	return d.Equal(lo) || d.Equal(hi)
}

// goInt returns a Go integer's sign and magnitude; ok is false for any
// other value.
func goInt(v any) (neg bool, mag uint64, ok bool) {
	var i int64
	switch x := v.(type) {
	case int8:
		i = int64(x)
	case int16:
		i = int64(x)
	case int32:
		i = int64(x)
	case int64:
		i = x
	case int:
		i = int64(x)
	case uint8:
		return false, uint64(x), true
	case uint16:
		return false, uint64(x), true
	case uint32:
		return false, uint64(x), true
	case uint64:
		return false, x, true
	case uint:
		return false, uint64(x), true
	default:
		return false, 0, false
	}
	if i < 0 {
		return true, uint64(-(i + 1)) + 1, true
	}
	return false, uint64(i), true
}
