package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/cespare/xxhash/v2"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/keyenc"
	"github.com/myriaddb/myriad/keys"
	"github.com/myriaddb/myriad/rowcodec"
	"github.com/myriaddb/myriad/timetype"
)

// layout is how one table definition maps rows to keys and values. It is
// derived once per cached definition.
//
// Primary index:   keys.Index(1) + key(pk columns...)    -> value
// Hidden-PK table:  keys.OrderedHiddenRow(keys.Index(1), row ID) -> value, and
//
//	keys.RowHashEntry(keys.Index(RowHashIndexID), hash(hashed columns), row ID) -> ""
//
// (before RowIDHashBelow: keys.HiddenRow(keys.HiddenRowPrefix(keys.Index(1), hash(row)), row ID) -> value)
// Secondary index: keys.Index(id) + key(index columns...) + pk suffix -> ""
//
// A value is uvarint(n) + n uvarint column IDs + rowcodec(row): the header
// is the row's version. Column IDs are stable across ALTER TABLE, so a row
// written under an older definition decodes under a newer one (decodeOlder):
// this is what makes ADD/DROP/reordering of columns catalog-only. Rows in
// data directories written before instant ALTER existed all carry their
// definition's header and decode on the fast path.
type layout struct {
	t       *catalog.Table
	sch     sql.Schema
	primary []byte // IndexPrefix(1)
	header  []byte // value header of rows written under this definition
	pkEnc   []keyenc.Encoder
	indexes []indexLayout
	hasFx   bool  // an index has a functional key part (funcindex.go)
	chars   []int // positions of CHAR (not BINARY) columns
	times   []int // positions of TIME(n) columns with n < 6 (timetype.Round)
	stamps  []int // positions of TIMESTAMP columns (timezone.go)
	// zoneVirtual: a VIRTUAL generated column reads a TIMESTAMP column;
	// zoneUniqueFx: a UNIQUE functional key part does (timezone.go).
	zoneVirtual, zoneUniqueFx bool
	// stampDefaults: per entry of stamps, the column's constant DEFAULT
	// (zero Time: none or zero), which GMS hands over as the session's
	// wall time (timezone.go: zoneDefaultRefusal).
	stampDefaults []time.Time
	floats        []floatCol
	decs          []decCol
	fills         sql.Row // per column: its value in rows stored before it was added

	versions    sync.Map // string(older row header) -> *rowVersion
	nversions   atomic.Int32
	lastVersion atomic.Pointer[rowVersion] // the older header decoded last

	// rowCount is keys.RowCount: the table's exact row count (rowcount.go).
	rowCount []byte

	// Ordered hidden row IDs (t.OrderedRowIDs()): the row-ID sequence key,
	// the row hash index's prefix and the positions of the hashed columns
	// in column-ID order.
	ordered   bool
	rowIDKey  []byte
	hashIndex []byte
	hashCols  []int
}

type indexLayout struct {
	id     uint32
	name   string
	unique bool
	cols   []int
	enc    []keyenc.Encoder // per index column
	prefix []uint16
	key    []byte // IndexPrefix(id)
	state  catalog.IndexState
	// fx holds, per key part, its expression if it is functional (nil
	// for a column part; nil slice for an index without any).
	fx      []*funcExpr
	fxStamp bool // a functional key part reads a TIMESTAMP column
	// jsonText is catalog.Index.JSONText (funcindex.go, jsonTextStale).
	jsonText uint8
}

func layoutOf(t *catalog.Table) *layout {
	return t.Derived(func(t *catalog.Table) any { return newLayout(t) }).(*layout)
}

func newLayout(t *catalog.Table) *layout {
	sch := t.Schema().Schema
	l := &layout{t: t, sch: sch, primary: keys.Index(t.DataSchemaID, t.ID, keys.PrimaryIndexID)}
	l.rowCount = keys.RowCount(t.DataSchemaID, t.ID)
	l.header = binary.AppendUvarint(nil, uint64(len(t.Columns)))
	l.stamps = stampsOf(sch)
	l.stampDefaults = stampDefaultsOf(sch, l.stamps)
	for i := range t.Columns {
		if c := &t.Columns[i]; c.Virtual && c.Generated != nil && mentionsStamp(c.Generated.Expr, sch, l.stamps) {
			l.zoneVirtual = true
		}
	}
	for i, c := range sch {
		if c.Type.Type() == sqltypes.Char {
			l.chars = append(l.chars, i)
		}
		if fsp, ok := timetype.PrecisionOf(c.Type); ok && fsp < timetype.MaxPrecision {
			l.times = append(l.times, i)
		}
		if _, d, ok := t.Columns[i].Type.FloatScale(); ok {
			l.floats = append(l.floats, floatCol{pos: i, scale: math.Pow10(int(d))})
		}
		if dt, ok := c.Type.(sql.DecimalType); ok {
			l.decs = append(l.decs, decCol{pos: i, exp: -int32(dt.Scale())})
		}
	}
	l.fills = make(sql.Row, len(t.Columns))
	for i := range t.Columns {
		c := &t.Columns[i]
		l.header = binary.AppendUvarint(l.header, uint64(c.ID))
		// A corrupt fill is caught when the record is prepared
		// (catalog.Table.Prepare decodes every fill).
		l.fills[i], _ = c.FillValue()
	}
	for _, p := range t.PK {
		l.pkEnc = append(l.pkEnc, keyenc.EncoderFor(sch[p].Type))
	}
	if t.OrderedRowIDs() {
		l.ordered = true
		l.rowIDKey = keys.RowIDCounter(t.DataSchemaID, t.ID)
		l.hashIndex = keys.Index(t.DataSchemaID, t.ID, keys.RowHashIndexID)
		for i := range t.Columns {
			if t.Columns[i].ID < t.RowIDHashBelow {
				l.hashCols = append(l.hashCols, i)
			}
		}
		sort.Slice(l.hashCols, func(a, b int) bool {
			return t.Columns[l.hashCols[a]].ID < t.Columns[l.hashCols[b]].ID
		})
	}
	for _, ix := range t.Indexes {
		il := indexLayout{id: ix.ID, name: ix.Name, unique: ix.Unique, cols: ix.Columns, prefix: ix.Prefix, key: keys.Index(t.DataSchemaID, t.ID, ix.ID), state: ix.State, jsonText: ix.JSONText}
		for j, c := range ix.Columns {
			if ix.IsExpr(j) {
				if il.fx == nil {
					il.fx = make([]*funcExpr, len(ix.Columns))
				}
				// A corrupt type is caught when the index is created;
				// LongText keeps a damaged record readable.
				typ, err := ix.ExprTypes[j].Build()
				if err != nil {
					typ = types.LongText
				}
				il.fx[j] = &funcExpr{text: ix.Exprs[j], typ: typ}
				if mentionsStamp(ix.Exprs[j], sch, l.stamps) {
					il.fxStamp = true
					l.zoneUniqueFx = l.zoneUniqueFx || ix.Unique
				}
				l.hasFx = true
				il.enc = append(il.enc, keyenc.EncoderFor(typ))
				continue
			}
			il.enc = append(il.enc, keyenc.EncoderFor(sch[c].Type))
		}
		l.indexes = append(l.indexes, il)
	}
	return l
}

// rowSpan holds every row of the table.
func (l *layout) rowSpan() span {
	lo, hi := keys.PrefixSpan(l.primary)
	return span{lo: lo, hi: hi}
}

// trimChars drops the trailing spaces of CHAR values, as MySQL does (it
// pads CHAR to its length when storing and strips the spaces when reading;
// PAD_CHAR_TO_FULL_LENGTH, deprecated, is not supported). Stripping before
// storing gives the same values to every reader and the same keys under NO
// PAD collations. BINARY(n) keeps its bytes. It also rounds the values of
// TIME(n) columns to n fractional digits, as MySQL stores them (GMS's TIME
// keeps microseconds, and its Convert must keep them: comparisons and index
// ranges read constants at full precision), so every writer stores, keys
// and checks uniqueness on the rounded value; FLOAT(M,D) and DOUBLE(M,D)
// values are rounded to D decimals (roundFloats), DECIMAL values get the
// column's scale (scaleDecimals). The row is copied if
// changed.
func (l *layout) trimChars(row sql.Row) sql.Row {
	out, copied := row, false
	for _, i := range l.chars {
		s, ok := row[i].(string)
		if !ok || len(s) == 0 || s[len(s)-1] != ' ' {
			continue
		}
		if !copied {
			out, copied = row.Copy(), true
		}
		out[i] = strings.TrimRight(s, " ")
	}
	for _, i := range l.times {
		v, ok := row[i].(types.Timespan)
		if !ok {
			continue
		}
		fsp, _ := timetype.PrecisionOf(l.sch[i].Type)
		if r := timetype.Round(v, fsp); r != v {
			if !copied {
				out, copied = row.Copy(), true
			}
			out[i] = r
		}
	}
	if len(l.decs) > 0 {
		out, copied = l.scaleDecimals(out, copied)
	}
	if len(l.floats) > 0 {
		return l.roundFloats(out, copied)
	}
	return out
}

// floatCol is a FLOAT(M,D)/DOUBLE(M,D) column: its position and 10^D.
type floatCol struct {
	pos   int
	scale float64
}

// roundFloats rounds the values of FLOAT(M,D)/DOUBLE(M,D) columns to D
// decimals as MySQL stores them (rint(v * 10^D) / 10^D: half to even on the
// binary value). A value that rounds to zero is +0: MySQL's
// Field_real::truncate adds the rounded fraction to floor(v), so -0.00004
// in a DOUBLE(10,4) is 0.0000, not -0.0000 (rint alone keeps the sign).
// The range M allows is checked before, where the statement's sql_mode is
// known (unsignedCheck, engine/unsignedcol.go).
func (l *layout) roundFloats(out sql.Row, copied bool) sql.Row {
	for _, f := range l.floats {
		var r any
		switch v := out[f.pos].(type) {
		case float32:
			x := float32(math.RoundToEven(float64(v)*f.scale) / f.scale)
			if x == 0 {
				x = 0
			}
			if math.Float32bits(x) != math.Float32bits(v) && !math.IsInf(float64(x), 0) && !math.IsNaN(float64(x)) {
				r = x
			}
		case float64:
			x := math.RoundToEven(v*f.scale) / f.scale
			if x == 0 {
				x = 0
			}
			if math.Float64bits(x) != math.Float64bits(v) && !math.IsInf(x, 0) && !math.IsNaN(x) {
				r = x
			}
		}
		if r == nil {
			continue
		}
		if !copied {
			out, copied = out.Copy(), true
		}
		out[f.pos] = r
	}
	return out
}

// decCol is a DECIMAL(M,D) column: its position and -D.
type decCol struct {
	pos int
	exp int32
}

// scaleDecimals gives the values of DECIMAL(M,D) columns D fractional
// digits. GMS's conversion keeps the exponent of what it was given, so
// '1e2' or 1e2 stored into a DECIMAL(5,2) was read back as 100 (and d*1
// too): its output prints a column's value with D digits only when the
// exponent differs, but an expression over it with the value's own
// exponent. MySQL stores the fixed-point value, 100.00. Values with more
// digits than D were already rounded by the conversion.
func (l *layout) scaleDecimals(out sql.Row, copied bool) (sql.Row, bool) {
	for _, c := range l.decs {
		v, ok := out[c.pos].(decimal.Decimal)
		if !ok || v.Exponent() <= c.exp {
			continue
		}
		if !copied {
			out, copied = out.Copy(), true
		}
		out[c.pos] = v.Round(-c.exp)
	}
	return out, copied
}

func (l *layout) encodeRow(row sql.Row) ([]byte, error) {
	b := make([]byte, 0, len(l.header)+64)
	b = append(b, l.header...)
	return rowcodec.Encode(b, row)
}

func (l *layout) decodeRow(v []byte) (sql.Row, error) {
	if len(v) >= len(l.header) && string(v[:len(l.header)]) == string(l.header) {
		return rowcodec.Decode(v[len(l.header):])
	}
	return l.decodeOlder(v)
}

// decodeSome decodes only the columns whose need is true (the others are
// nil; see rowcodec.DecodeSome), also for a row written under an older
// definition: after an instant ADD or DROP COLUMN every row is such a row
// until rewritten, and decoding them whole (sysbench's 120- and
// 60-character strings copied out for a SELECT c) was 6% of sysbench's CPU
// while ALTERs ran (docs/BENCHMARKS.md, session 10).
func (l *layout) decodeSome(v []byte, need []bool) (sql.Row, error) {
	if len(v) >= len(l.header) && string(v[:len(l.header)]) == string(l.header) {
		return rowcodec.DecodeSome(v[len(l.header):], need)
	}
	return l.decodeOlderSome(v, need)
}

// decodeSomeInto is decodeSome into dst (len(l.sch) values) for a row
// stored under this definition; an older row is decoded into a new row,
// which it returns instead of dst.
func (l *layout) decodeSomeInto(v []byte, dst sql.Row, need []bool) (sql.Row, error) {
	if len(v) >= len(l.header) && string(v[:len(l.header)]) == string(l.header) {
		return dst, rowcodec.DecodeSomeInto(v[len(l.header):], dst, need)
	}
	return l.decodeOlderSome(v, need)
}

// rowVersion maps a row written under an older definition (its header: the
// column IDs it stored, in order) to this definition.
type rowVersion struct {
	header    string // the stored header (column count and IDs)
	headerLen int
	pos       []int // stored value i goes to row position pos[i]; -1: dropped column
	missing   []int // positions of columns the row predates: they read their fill
}

// maxVersions bounds the per-definition cache of older row headers; a table
// has one per ALTER since its rows were last rewritten, so this is rarely hit
// (beyond it, headers are parsed per row).
const maxVersions = 64

// decodeOlder decodes a row whose header differs from this definition's:
// written before an instant ALTER (ADD/DROP/reorder of columns), which
// rewrites no row. Stored columns are placed by ID, dropped ones are skipped
// and columns added since read their fill value.
func (l *layout) decodeOlder(v []byte) (sql.Row, error) { return l.decodeOlderSome(v, nil) }

// decodeOlderSome is decodeOlder leaving the columns need does not name nil
// (need nil: all of them).
func (l *layout) decodeOlderSome(v []byte, need []bool) (sql.Row, error) {
	if ver := l.lastVersion.Load(); ver != nil && len(v) >= ver.headerLen && string(v[:ver.headerLen]) == ver.header {
		// The header of the older rows read last: one comparison instead
		// of parsing the header and a map lookup whose string key was an
		// allocation per row.
		return l.placeOlder(v[ver.headerLen:], ver, need)
	}
	n, k := binary.Uvarint(v)
	if k <= 0 || n > 1<<16 {
		return nil, fmt.Errorf("myriad: corrupt row header in table %s", l.t.Name)
	}
	p := k
	for i := uint64(0); i < n; i++ {
		_, k := binary.Uvarint(v[p:])
		if k <= 0 {
			return nil, fmt.Errorf("myriad: corrupt row header in table %s", l.t.Name)
		}
		p += k
	}
	var ver *rowVersion
	var err error
	if c, ok := l.versions.Load(string(v[:p])); ok {
		ver = c.(*rowVersion)
	} else {
		if ver, err = l.newVersion(v[:p], int(n)); err != nil {
			return nil, err
		}
		if l.nversions.Load() < maxVersions {
			l.nversions.Add(1)
			l.versions.Store(string(v[:p]), ver)
		}
	}
	l.lastVersion.Store(ver)
	return l.placeOlder(v[p:], ver, need)
}

// placeOlder decodes the values b of a row stored under ver and places them
// in this definition's order.
func (l *layout) placeOlder(b []byte, ver *rowVersion, need []bool) (sql.Row, error) {
	var stored sql.Row
	var err error
	if need == nil {
		stored, err = rowcodec.Decode(b)
	} else {
		sn := make([]bool, len(ver.pos))
		for i, p := range ver.pos {
			sn[i] = p >= 0 && p < len(need) && need[p]
		}
		stored, err = rowcodec.DecodeSome(b, sn)
	}
	if err != nil {
		return nil, err
	}
	if len(stored) != len(ver.pos) {
		return nil, fmt.Errorf("myriad: row of table %s has %d values for %d columns", l.t.Name, len(stored), len(ver.pos))
	}
	row := make(sql.Row, len(l.sch))
	for i, p := range ver.pos {
		if p >= 0 {
			row[p] = stored[i]
		}
	}
	for _, p := range ver.missing {
		if need != nil && (p >= len(need) || !need[p]) {
			continue
		}
		f := l.fills[p]
		if b, ok := f.([]byte); ok {
			f = append([]byte{}, b...) // callers may keep or change a row's bytes
		}
		row[p] = f
	}
	return row, nil
}

func (l *layout) newVersion(h []byte, n int) (*rowVersion, error) {
	ver := &rowVersion{header: string(h), headerLen: len(h), pos: make([]int, n)}
	seen := make([]bool, len(l.sch))
	_, p := binary.Uvarint(h)
	for i := range ver.pos {
		id, k := binary.Uvarint(h[p:])
		p += k
		if id == 0 || id > uint64(l.t.NextColumnID) {
			// IDs are never reused, so a dropped column's ID is below the
			// next one: anything else is not a header this table wrote.
			return nil, fmt.Errorf("myriad: row of table %s stores column ID %d, never allocated", l.t.Name, id)
		}
		ver.pos[i] = l.t.ColumnPos(uint32(id))
		if ver.pos[i] >= 0 {
			seen[ver.pos[i]] = true
		}
	}
	for i, ok := range seen {
		if !ok {
			ver.missing = append(ver.missing, i)
		}
	}
	return ver, nil
}

// pkKey is the primary index key of a row (tables with a declared key).
func (l *layout) pkKey(ctx *sql.Context, row sql.Row) ([]byte, error) {
	k := make([]byte, 0, len(l.primary)+16)
	k = append(k, l.primary...)
	for i, p := range l.t.PK {
		var err error
		if k, err = l.pkEnc[i].Append(ctx, k, row[p]); err != nil {
			return nil, err
		}
	}
	return k, nil
}

// hiddenPrefix is where all stored copies of an identical row sit in a table
// without a primary key; each copy adds its own row ID.
func (l *layout) hiddenPrefix(enc []byte) []byte {
	// The hash is part of stored keys: it must be the same in every process.
	return keys.HiddenRowPrefix(l.primary, xxhash.Sum64(enc[len(l.header):]))
}

// rowHash is the hash of a row's hashed columns (ordered row IDs). Columns
// added instantly are not hashed, so rows stored before the ALTER keep
// their entries.
func (l *layout) rowHash(row sql.Row) (uint64, error) {
	vals := make(sql.Row, len(l.hashCols))
	for i, p := range l.hashCols {
		vals[i] = row[p]
	}
	b, err := rowcodec.Encode(make([]byte, 0, 64), vals)
	if err != nil {
		return 0, err
	}
	// Part of stored keys: the same in every process.
	return xxhash.Sum64(b), nil
}

// sameRow reports whether a stored value holds row (encoded as val under
// this definition); a value written under an older definition is compared
// as this definition reads it.
func (l *layout) sameRow(stored, val []byte) (bool, error) {
	if len(stored) >= len(l.header) && string(stored[:len(l.header)]) == string(l.header) {
		return bytes.Equal(stored, val), nil
	}
	row, err := l.decodeOlder(stored)
	if err != nil {
		return false, err
	}
	enc, err := l.encodeRow(row)
	if err != nil {
		return false, err
	}
	return bytes.Equal(enc, val), nil
}

// indexKey is the secondary index key of a row given its primary key.
func (l *layout) indexKey(ctx *sql.Context, ix *indexLayout, row sql.Row, pk []byte) ([]byte, bool, error) {
	return l.appendIndexKey(ctx, make([]byte, 0, len(ix.key)+len(pk)+16), ix, row, pk)
}

// appendIndexKey is indexKey appended to k.
func (l *layout) appendIndexKey(ctx *sql.Context, k []byte, ix *indexLayout, row sql.Row, pk []byte) ([]byte, bool, error) {
	k = append(k, ix.key...)
	hasNull := false
	for i, c := range ix.cols {
		v := row[c]
		if ix.fx != nil && ix.fx[i] != nil {
			var err error
			if v, err = ix.fx[i].value(ctx, l.t, row); err != nil {
				return nil, false, err
			}
		}
		if v == nil {
			hasNull = true
		} else if len(ix.prefix) > i && ix.prefix[i] > 0 {
			v = truncatePrefix(v, int(ix.prefix[i]))
		}
		var err error
		if k, err = ix.enc[i].Append(ctx, k, v); err != nil {
			return nil, false, err
		}
	}
	return append(k, pk[len(l.primary):]...), hasNull, nil
}

// uniquePrefix is the part of an index key that must be unique (no NULLs).
func (l *layout) uniquePrefix(key []byte, ix *indexLayout) ([]byte, error) {
	rest := key[len(ix.key):]
	for range ix.cols {
		var err error
		if rest, err = keyenc.SkipValue(rest); err != nil {
			return nil, err
		}
	}
	return key[:len(key)-len(rest)], nil
}

func truncatePrefix(v any, n int) any {
	switch s := v.(type) {
	case string:
		if utf8.RuneCountInString(s) <= n {
			return s
		}
		i, c := 0, 0
		for i = range s {
			if c == n {
				break
			}
			c++
		}
		return s[:i]
	case []byte:
		if len(s) > n {
			return s[:n]
		}
	}
	return v
}

// indexByID returns a secondary index layout.
func (l *layout) indexByID(id uint32) *indexLayout {
	for i := range l.indexes {
		if l.indexes[i].id == id {
			return &l.indexes[i]
		}
	}
	return nil
}

// KeyLayout is a table's row and index-entry layout for offline
// verification (myriad check): it recomputes keys exactly as the engine
// writes them, so the checker never re-implements the layout.
type KeyLayout struct{ l *layout }

// KeyLayoutOf returns the layout of t.
func KeyLayoutOf(t *catalog.Table) KeyLayout { return KeyLayout{layoutOf(t)} }

// DecodeRow decodes a primary-index value.
func (k KeyLayout) DecodeRow(v []byte) (sql.Row, error) { return k.l.decodeRow(v) }

// RowKey is the primary-index key the engine writes for row. For a table
// without a primary key it is the row's hash prefix: every stored copy of
// the row appends its own uvarint row ID to it.
func (k KeyLayout) RowKey(ctx *sql.Context, row sql.Row) ([]byte, error) {
	if !k.l.t.HiddenPK() {
		return k.l.pkKey(ctx, row)
	}
	if k.l.ordered {
		// The key is the row's ID, not derived from its values.
		return k.l.primary, nil
	}
	val, err := k.l.encodeRow(row)
	if err != nil {
		return nil, err
	}
	return k.l.hiddenPrefix(val), nil
}

// RowHashEntry is the keys.RowHashIndexID entry of row stored under rowKey
// (tables with ordered row IDs).
func (k KeyLayout) RowHashEntry(row sql.Row, rowKey []byte) ([]byte, error) {
	id, err := keys.OrderedHiddenRowID(rowKey, k.l.primary)
	if err != nil {
		return nil, err
	}
	h, err := k.l.rowHash(row)
	if err != nil {
		return nil, err
	}
	return keys.RowHashEntry(k.l.hashIndex, h, id), nil
}

// RowHashEntryRowKey is the row key a keys.RowHashIndexID entry points at.
func (k KeyLayout) RowHashEntryRowKey(entry []byte) ([]byte, error) {
	id, err := keys.RowHashEntryID(entry, k.l.hashIndex)
	if err != nil {
		return nil, err
	}
	return keys.OrderedHiddenRow(k.l.primary, id), nil
}

// IndexKey is the entry that secondary index i (position in Table.Indexes)
// holds for row stored under rowKey; null reports a NULL among the index
// columns (such an entry never conflicts in a UNIQUE index).
func (k KeyLayout) IndexKey(ctx *sql.Context, i int, row sql.Row, rowKey []byte) (key []byte, null bool, err error) {
	return k.l.indexKey(ctx, &k.l.indexes[i], row, rowKey)
}

// IndexRowKey is the primary-index key an entry of secondary index i points
// at: the entry's primary key suffix under the primary index prefix.
func (k KeyLayout) IndexRowKey(i int, entry []byte) ([]byte, error) {
	ix := &k.l.indexes[i]
	if len(entry) < len(ix.key) || string(entry[:len(ix.key)]) != string(ix.key) {
		return nil, fmt.Errorf("myriad: key is not an entry of index %s", ix.name)
	}
	rest := entry[len(ix.key):]
	for range ix.cols {
		var err error
		if rest, err = keyenc.SkipValue(rest); err != nil {
			return nil, err
		}
	}
	return append(append(make([]byte, 0, len(k.l.primary)+len(rest)), k.l.primary...), rest...), nil
}

// formatKey renders key values as MySQL does in a duplicate-key error.
func formatKey(ctx *sql.Context, sch sql.Schema, row sql.Row, cols []int) string {
	b := make([]byte, 0, 32)
	for i, c := range cols {
		if i > 0 {
			b = append(b, '-')
		}
		v := row[c]
		if v == nil {
			b = append(b, "NULL"...)
			continue
		}
		if s, _, err := types.LongText.Convert(ctx, v); err == nil {
			b = append(b, fmt.Sprint(s)...)
		} else {
			b = append(b, fmt.Sprint(v)...)
		}
	}
	return string(b)
}
