package keys

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/myriaddb/myriad/keyenc"
)

// The first byte separates the catalog from row data so a catalog scan never
// walks data and a data range tombstone never touches the catalog.
//
// AUTO_INCREMENT counters (AutoInc) have a prefix of their own after the
// data: inserts write counters and rows together, so flushed files span
// both, and a compaction of the counters then rewrites only files of rows
// (which such inserts rewrite anyway), never the catalog's, whose blocks the
// warm-up keeps cached. Inside the catalog span the small counter span
// shared an sstable with the last table records, and every compaction of
// the counters rewrote that file.
const (
	prefixCatalog byte = 0x01
	prefixData    byte = 0x02
	prefixAutoInc byte = 0x03
)

// Catalog record kinds: the byte after prefixCatalog.
const (
	tagSchema   byte = 's'
	tagTable    byte = 't'
	tagView     byte = 'v'
	tagTrigger  byte = 'g'
	tagAccounts byte = 'u'
	tagIDs      byte = 'n'
	tagLock     byte = 'l' // reserved
	tagJob      byte = 'j' // DDL job records
	tagFKRef    byte = 'r'
	tagRoutine  byte = 'p' // stored procedures
	tagFormat   byte = 'f' // store format markers (Format)
)

// Index IDs with a fixed meaning inside a table's data span.
const (
	// CounterIndexID holds the AUTO_INCREMENT high-water mark. It sits
	// inside the table's data span, so DROP, TRUNCATE and DROP DATABASE
	// remove it with the rows and an export of the span carries it.
	CounterIndexID = 0
	// PrimaryIndexID is the index ID of every table's clustered (row) index.
	PrimaryIndexID = 1
	// RowHashIndexID holds, for a table without a primary key whose rows
	// are keyed by ordered row IDs (OrderedHiddenRow), one entry per row:
	// RowHashEntry(hash of the row's hashed columns, row ID). It finds the
	// stored copy of a row handed over by value (UPDATE, DELETE). The
	// highest index ID: no secondary index is ever allocated it.
	RowHashIndexID = 1<<32 - 1
)

// Kind is what a key is.
type Kind uint8

const (
	KindInvalid Kind = iota
	KindSchema
	KindTable
	KindView
	KindTrigger
	KindAccounts
	KindIDs
	// KindLock is reserved for lock records; nothing writes it yet.
	KindLock
	// KindJob is a DDL job record (catalog.Job).
	KindJob
	KindCounter
	KindRow
	KindIndexEntry
	// KindRowCount is a table's exact row count: the counter index's key
	// followed by rowCountTag.
	KindRowCount
	// KindFKRef is a reverse-index entry of foreign keys: a table (child)
	// declares a foreign key referencing a table (parent) of the schema in
	// SchemaID. Name is lower(parent) 0 lower(child schema) 0 lower(child).
	KindFKRef
	// KindRoutine is a stored procedure record of the schema in SchemaID.
	KindRoutine
	// KindAutoInc is a table's AUTO_INCREMENT high-water mark in the
	// counter span (AutoInc): SchemaID (the data schema), TableID.
	KindAutoInc
	// KindFormat is a store format marker: Name.
	KindFormat
)

var kindNames = [...]string{"invalid", "schema", "table", "view", "trigger", "accounts", "ids", "lock", "job",
	"counter", "row", "index entry", "row count", "foreign key reference", "routine", "AUTO_INCREMENT counter", "format"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Catalog reports whether keys of this kind live in the catalog span.
func (k Kind) Catalog() bool {
	return k >= KindSchema && k <= KindJob || k == KindFKRef || k == KindRoutine || k == KindFormat
}

// Data reports whether keys of this kind live in the data span.
func (k Kind) Data() bool { return k >= KindCounter && k <= KindRowCount }

var catalogTags = map[Kind]byte{
	KindSchema: tagSchema, KindTable: tagTable, KindView: tagView, KindTrigger: tagTrigger,
	KindAccounts: tagAccounts, KindIDs: tagIDs, KindLock: tagLock, KindJob: tagJob, KindFKRef: tagFKRef, KindRoutine: tagRoutine,
	KindFormat: tagFormat,
}

var tagKinds = func() map[byte]Kind {
	m := map[byte]Kind{}
	for k, t := range catalogTags {
		m[t] = k
	}
	return m
}()

// Key is a parsed key. Which fields mean something depends on Kind:
//
//	KindSchema, KindAccounts, KindFormat: Name
//	KindTable, KindView, KindTrigger,
//	KindLock, KindFKRef, KindRoutine:     SchemaID, Name
//	KindJob:                              JobID
//	KindIDs:                              -
//	KindCounter, KindRow, KindIndexEntry: SchemaID (the data schema),
//	                                      TableID, IndexID, Rest (column bytes)
//	KindAutoInc:                          SchemaID (the data schema), TableID
//
// Name is as stored (builders lower-case object names; accounts keep theirs).
type Key struct {
	Kind     Kind
	SchemaID uint64
	TableID  uint64
	IndexID  uint32
	JobID    uint64
	Name     string
	Rest     []byte
}

// Field names the part of a key that did not parse.
type Field uint8

const (
	FieldPrefix Field = iota + 1 // the keyspace byte or catalog record kind
	FieldSchemaID
	FieldTableID
	FieldIndexID
	FieldJobID
	FieldTrailing // bytes after a key that has none
)

var fieldNames = [...]string{"", "prefix", "schema ID", "table ID", "index ID", "job ID", "trailing bytes"}

// Error is why Parse refused a key. The Key Parse returns with it holds the
// fields read before Field (a data key with a bad index ID still names its
// schema and table).
type Error struct {
	Field Field
	Err   error
}

func (e *Error) Error() string {
	return "keys: malformed " + fieldNames[e.Field] + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

func malformed(f Field, err error) *Error { return &Error{Field: f, Err: err} }

var (
	errEmpty     = errors.New("empty key")
	errPrefix    = errors.New("unknown keyspace prefix")
	errCatalog   = errors.New("unknown catalog record kind")
	errTrailing  = errors.New("bytes after a key that has none")
	errIndexID   = errors.New("index ID out of range")
	errNotHidden = errors.New("keys: not a hidden row key")
)

// Parse reads any key Myriad writes. It fails (with an *Error) on bytes
// that no builder produces in the part it can check (IDs and kinds); the
// column bytes of a data key are returned unchecked in Rest.
// Parse(k).Append(nil) == k for every k it accepts.
func Parse(b []byte) (Key, error) {
	if len(b) == 0 {
		return Key{}, malformed(FieldPrefix, errEmpty)
	}
	switch b[0] {
	case prefixCatalog:
		return parseCatalog(b[1:])
	case prefixData:
		return parseData(b[1:])
	case prefixAutoInc:
		return parseAutoInc(b[1:])
	}
	return Key{}, malformed(FieldPrefix, errPrefix)
}

func parseCatalog(b []byte) (Key, error) {
	if len(b) == 0 {
		return Key{}, malformed(FieldPrefix, errCatalog)
	}
	k := Key{Kind: tagKinds[b[0]]}
	rest := b[1:]
	var err error
	switch k.Kind {
	case KindSchema, KindAccounts, KindFormat:
		k.Name = string(rest)
	case KindTable, KindView, KindTrigger, KindLock, KindFKRef, KindRoutine:
		if k.SchemaID, rest, err = keyenc.DecodeUvarint(rest); err != nil {
			return Key{}, malformed(FieldSchemaID, err)
		}
		k.Name = string(rest)
	case KindJob:
		if k.JobID, rest, err = keyenc.DecodeUvarint(rest); err != nil {
			return Key{}, malformed(FieldJobID, err)
		}
		if len(rest) != 0 {
			return Key{}, malformed(FieldTrailing, errTrailing)
		}
	case KindIDs:
		if len(rest) != 0 {
			return Key{}, malformed(FieldTrailing, errTrailing)
		}
	default:
		return Key{}, malformed(FieldPrefix, errCatalog)
	}
	return k, nil
}

func parseAutoInc(b []byte) (Key, error) {
	k := Key{Kind: KindAutoInc}
	var err error
	if k.SchemaID, b, err = keyenc.DecodeUvarint(b); err != nil {
		return Key{}, malformed(FieldSchemaID, err)
	}
	if k.TableID, b, err = keyenc.DecodeUvarint(b); err != nil {
		return Key{SchemaID: k.SchemaID}, malformed(FieldTableID, err)
	}
	if len(b) != 0 {
		return Key{}, malformed(FieldTrailing, errTrailing)
	}
	return k, nil
}

func parseData(b []byte) (Key, error) {
	var k, partial Key
	var err error
	var iid uint64
	if k.SchemaID, b, err = keyenc.DecodeUvarint(b); err != nil {
		return partial, malformed(FieldSchemaID, err)
	}
	partial.SchemaID = k.SchemaID
	if k.TableID, b, err = keyenc.DecodeUvarint(b); err != nil {
		return partial, malformed(FieldTableID, err)
	}
	partial.TableID = k.TableID
	if iid, b, err = keyenc.DecodeUvarint(b); err != nil {
		return partial, malformed(FieldIndexID, err)
	}
	if iid > 1<<32-1 {
		return partial, malformed(FieldIndexID, errIndexID)
	}
	k.IndexID = uint32(iid)
	switch k.IndexID {
	case CounterIndexID:
		k.Kind = KindCounter
		if len(b) == 1 && b[0] == rowCountTag {
			k.Kind = KindRowCount
		}
	case PrimaryIndexID:
		k.Kind = KindRow
	default:
		k.Kind = KindIndexEntry
	}
	if len(b) > 0 {
		k.Rest = b
	}
	return k, nil
}

// Append appends the key's bytes to b: the inverse of Parse. Data keys take
// their index ID from IndexID (Kind only says which of them it is).
// It panics on KindInvalid: no key has that kind.
func (k Key) Append(b []byte) []byte {
	if k.Kind.Data() {
		b = appendIndexPrefix(b, k.SchemaID, k.TableID, k.IndexID)
		return append(b, k.Rest...)
	}
	if k.Kind == KindAutoInc {
		b = keyenc.AppendUvarint(append(b, prefixAutoInc), k.SchemaID)
		return keyenc.AppendUvarint(b, k.TableID)
	}
	tag, ok := catalogTags[k.Kind]
	if !ok {
		panic(fmt.Sprintf("keys: Append of a %s key", k.Kind))
	}
	b = append(b, prefixCatalog, tag)
	switch k.Kind {
	case KindSchema, KindAccounts, KindFormat:
		b = append(b, k.Name...)
	case KindTable, KindView, KindTrigger, KindLock, KindFKRef, KindRoutine:
		b = keyenc.AppendUvarint(b, k.SchemaID)
		b = append(b, k.Name...)
	case KindJob:
		b = keyenc.AppendUvarint(b, k.JobID)
	}
	return b
}

// Catalog records.

// Schema is the key of a schema record.
func Schema(name string) []byte {
	return Key{Kind: KindSchema, Name: strings.ToLower(name)}.Append(nil)
}

// Table is the key of a table record.
func Table(schemaID uint64, name string) []byte { return object(KindTable, schemaID, name) }

// View is the key of a view record.
func View(schemaID uint64, name string) []byte { return object(KindView, schemaID, name) }

// Trigger is the key of a trigger record.
func Trigger(schemaID uint64, name string) []byte { return object(KindTrigger, schemaID, name) }

// Routine is the key of a stored procedure record.
func Routine(schemaID uint64, name string) []byte { return object(KindRoutine, schemaID, name) }

// Lock is reserved for the record of a lock on one object of a schema (the
// schema itself when name is empty). Nothing writes it yet.
func Lock(schemaID uint64, name string) []byte { return object(KindLock, schemaID, name) }

// Job is the record of one DDL job (catalog.Job).
func Job(id uint64) []byte { return Key{Kind: KindJob, JobID: id}.Append(nil) }

// Accounts is where the server keeps its user and grant records. The name
// is kept as given.
func Accounts(name string) []byte { return Key{Kind: KindAccounts, Name: name}.Append(nil) }

// IDs is the key of the ID high-water mark.
func IDs() []byte { return Key{Kind: KindIDs}.Append(nil) }

// Names are keyed lower-case and stored case-preserved in the record, so
// lookups behave like lower_case_table_names=2.
func object(kind Kind, schemaID uint64, name string) []byte {
	return Key{Kind: kind, SchemaID: schemaID, Name: strings.ToLower(name)}.Append(nil)
}

// FKRef is the reverse-index entry saying that table childTable of schema
// childSchema declares a foreign key referencing table parent of schema
// parentSchemaID, so a parent finds the tables referencing it with one seek
// instead of reading other tables. The parent is named, not numbered: a
// foreign key may be declared before its parent exists
// (foreign_key_checks=0), and a re-created parent is referenced again.
func FKRef(parentSchemaID uint64, parent, childSchema, childTable string) []byte {
	name := strings.ToLower(parent) + "\x00" + strings.ToLower(childSchema) + "\x00" + strings.ToLower(childTable)
	return Key{Kind: KindFKRef, SchemaID: parentSchemaID, Name: name}.Append(nil)
}

// FKRefs holds the reverse-index entries of one parent table.
func FKRefs(parentSchemaID uint64, parent string) (lo, hi []byte) {
	return PrefixSpan(Key{Kind: KindFKRef, SchemaID: parentSchemaID, Name: strings.ToLower(parent) + "\x00"}.Append(nil))
}

// SchemaFKRefs holds the reverse-index entries of every parent table of a schema.
func SchemaFKRefs(schemaID uint64) (lo, hi []byte) { return objectSpan(KindFKRef, schemaID) }

// SplitFKRef reads the names of a KindFKRef key's Name.
func SplitFKRef(name string) (parent, childSchema, childTable string, ok bool) {
	p := strings.Split(name, "\x00")
	if len(p) != 3 {
		return "", "", "", false
	}
	return p[0], p[1], p[2], true
}

// Data keys.

func appendIndexPrefix(b []byte, schemaID, tableID uint64, indexID uint32) []byte {
	b = keyenc.AppendUvarint(append(b, prefixData), schemaID)
	b = keyenc.AppendUvarint(b, tableID)
	return keyenc.AppendUvarint(b, uint64(indexID))
}

// SchemaData is the prefix of every row and index key stored under a data
// schema ID.
func SchemaData(schemaID uint64) []byte {
	return keyenc.AppendUvarint([]byte{prefixData}, schemaID)
}

// TableData is the prefix of every key of a table (all its indexes and its
// counter).
func TableData(schemaID, tableID uint64) []byte {
	return keyenc.AppendUvarint(SchemaData(schemaID), tableID)
}

// Index is the prefix of every key of one index of a table. Row keys are
// Index(.., PrimaryIndexID) followed by the primary key's column encodings;
// secondary entries are Index(.., id) followed by the index columns'
// encodings and then the row key's part after its own index prefix.
func Index(schemaID, tableID uint64, indexID uint32) []byte {
	return appendIndexPrefix(make([]byte, 0, 12), schemaID, tableID, indexID)
}

// Counter is where a table's AUTO_INCREMENT high-water mark was kept until
// AutoInc: inside its data span, among its rows, where the first read of a
// table nobody read since the start needed its blocks from files (stores
// written before AutoInc still hold these until the engine moves them).
func Counter(schemaID, tableID uint64) []byte { return Index(schemaID, tableID, CounterIndexID) }

// AutoInc is the key of a table's AUTO_INCREMENT high-water mark (max-merged
// operands, as Counter's were). Every table's sits in one span of its own
// (AllAutoIncs, after the data), ~20 bytes each, so the catalog warm-up
// loads them all and a table's first insert after a restart reads
// it from the block cache. DROP removes it by its own delete (the data
// span's range tombstone does not cover it).
func AutoInc(dataSchemaID, tableID uint64) []byte {
	return Key{Kind: KindAutoInc, SchemaID: dataSchemaID, TableID: tableID}.Append(make([]byte, 0, 20))
}

// AllAutoIncs holds the AUTO_INCREMENT counter of every table, by data
// schema ID, then table ID.
func AllAutoIncs() (lo, hi []byte) { return PrefixSpan([]byte{prefixAutoInc}) }

// SchemaAutoIncs holds the AUTO_INCREMENT counters of every table whose rows
// are in data schema schemaID (the span SchemaDataSpan drops).
func SchemaAutoIncs(schemaID uint64) (lo, hi []byte) {
	return PrefixSpan(keyenc.AppendUvarint([]byte{prefixAutoInc}, schemaID))
}

// Format is the key of a store format marker: a fact about how older
// builds wrote the store, kept until a conversion is done.
func Format(name string) []byte { return Key{Kind: KindFormat, Name: name}.Append(nil) }

// rowCountTag follows the counter index prefix in a row count key.
const rowCountTag = 'r'

// RowCount is the key of a table's exact row count (kv count operands). It
// sits in the table's span next to the AUTO_INCREMENT counter, so DROP and
// TRUNCATE (a new span) reset it and a copy of the span carries it.
func RowCount(schemaID, tableID uint64) []byte {
	return append(Index(schemaID, tableID, CounterIndexID), rowCountTag)
}

// Hidden row IDs: a table without a primary key keys a row by an 8-byte hash
// of its encoded value after the primary index prefix, then a row ID, so
// identical rows sit together and each copy has its own key. The row ID is
// a Go varint (not order-preserving: copies of one row need no order).

// HiddenRowPrefix is where every stored copy of a row with value hash h sits.
func HiddenRowPrefix(primary []byte, h uint64) []byte {
	k := make([]byte, 0, len(primary)+18)
	k = append(k, primary...)
	return binary.BigEndian.AppendUint64(k, h)
}

// HiddenRow is the key of one copy of a row: its HiddenRowPrefix and row ID.
func HiddenRow(prefix []byte, rowID uint64) []byte {
	return binary.AppendUvarint(prefix, rowID)
}

// HiddenRowID returns the row ID of key, which must start with prefix (a
// HiddenRowPrefix) and hold exactly one row ID after it.
func HiddenRowID(key, prefix []byte) (uint64, error) {
	if len(key) < len(prefix) || string(key[:len(prefix)]) != string(prefix) {
		return 0, errNotHidden
	}
	id, n := binary.Uvarint(key[len(prefix):])
	if n <= 0 || n != len(key)-len(prefix) {
		return 0, errors.New("keys: malformed row ID after the row hash")
	}
	return id, nil
}

// Ordered hidden row IDs (tables created since insertion order was kept): a
// table without a primary key keys a row by an 8-byte big-endian row ID
// after the primary index prefix, taken from a per-table sequence that only
// grows, so a scan returns rows in insertion order (InnoDB's DB_ROW_ID).
// RowHashEntry finds a row's ID from its values.

// rowIDTag follows the counter index prefix in the row-ID sequence key.
const rowIDTag = 'h'

// RowIDCounter is the key of a table's row-ID high-water mark (a max-merged
// counter, like Counter), in the table's span beside it.
func RowIDCounter(schemaID, tableID uint64) []byte {
	return append(Index(schemaID, tableID, CounterIndexID), rowIDTag)
}

// IsRowIDCounter reports whether rest, the part of a KindCounter key after
// the counter index prefix, is the row-ID sequence's.
func IsRowIDCounter(rest []byte) bool { return len(rest) == 1 && rest[0] == rowIDTag }

// OrderedHiddenRow is the key of the row with rowID under primary.
func OrderedHiddenRow(primary []byte, rowID uint64) []byte {
	k := make([]byte, 0, len(primary)+8)
	k = append(k, primary...)
	return binary.BigEndian.AppendUint64(k, rowID)
}

// OrderedHiddenRowID returns the row ID of an OrderedHiddenRow key.
func OrderedHiddenRowID(key, primary []byte) (uint64, error) {
	if len(key) != len(primary)+8 || string(key[:len(primary)]) != string(primary) {
		return 0, errors.New("keys: not an ordered hidden row key")
	}
	return binary.BigEndian.Uint64(key[len(primary):]), nil
}

// RowHashPrefix is where the entries of every row whose hashed columns hash
// to h sit; hashIndex is Index(schema, table, RowHashIndexID).
func RowHashPrefix(hashIndex []byte, h uint64) []byte {
	k := make([]byte, 0, len(hashIndex)+16)
	k = append(k, hashIndex...)
	return binary.BigEndian.AppendUint64(k, h)
}

// RowHashEntry is the entry of row rowID whose hashed columns hash to h.
func RowHashEntry(hashIndex []byte, h, rowID uint64) []byte {
	return binary.BigEndian.AppendUint64(RowHashPrefix(hashIndex, h), rowID)
}

// RowHashEntryID returns the row ID of a RowHashEntry key.
func RowHashEntryID(entry, hashIndex []byte) (uint64, error) {
	if len(entry) != len(hashIndex)+16 || string(entry[:len(hashIndex)]) != string(hashIndex) {
		return 0, errors.New("keys: not a row hash entry")
	}
	return binary.BigEndian.Uint64(entry[len(hashIndex)+8:]), nil
}

// Spans. A span is [lo, hi); hi nil means unbounded.

// PrefixEnd is the smallest key after every key that starts with p (nil: no
// bound).
func PrefixEnd(p []byte) []byte { return keyenc.PrefixEnd(p) }

// PrefixSpan is the span of every key that starts with p.
func PrefixSpan(p []byte) (lo, hi []byte) { return p, keyenc.PrefixEnd(p) }

// CatalogSpan holds every catalog record.
func CatalogSpan() (lo, hi []byte) { return PrefixSpan([]byte{prefixCatalog}) }

// DataSpan holds every row, index entry and counter.
func DataSpan() (lo, hi []byte) { return PrefixSpan([]byte{prefixData}) }

// JobRecords holds every DDL job record.
func JobRecords() (lo, hi []byte) { return PrefixSpan([]byte{prefixCatalog, tagJob}) }

// SchemaRecords holds every schema record.
func SchemaRecords() (lo, hi []byte) { return PrefixSpan([]byte{prefixCatalog, tagSchema}) }

// AllTableRecords holds the table records of every schema, schema by schema.
func AllTableRecords() (lo, hi []byte) { return PrefixSpan([]byte{prefixCatalog, tagTable}) }

// TableRecords holds the table records of one schema.
func TableRecords(schemaID uint64) (lo, hi []byte) { return objectSpan(KindTable, schemaID) }

// ViewRecords holds the view records of one schema.
func ViewRecords(schemaID uint64) (lo, hi []byte) { return objectSpan(KindView, schemaID) }

// TriggerRecords holds the trigger records of one schema.
func TriggerRecords(schemaID uint64) (lo, hi []byte) { return objectSpan(KindTrigger, schemaID) }

// RoutineRecords holds the stored procedure records of one schema.
func RoutineRecords(schemaID uint64) (lo, hi []byte) { return objectSpan(KindRoutine, schemaID) }

func objectSpan(kind Kind, schemaID uint64) (lo, hi []byte) {
	return PrefixSpan(Key{Kind: kind, SchemaID: schemaID}.Append(nil))
}

// SchemaDataSpan holds the keys of every table whose rows are in data
// schema schemaID: one range tombstone drops them all.
func SchemaDataSpan(schemaID uint64) (lo, hi []byte) { return PrefixSpan(SchemaData(schemaID)) }

// TableSpan holds every key of one table, its counter included.
func TableSpan(schemaID, tableID uint64) (lo, hi []byte) {
	return PrefixSpan(TableData(schemaID, tableID))
}

// IndexSpan holds every key of one index of a table.
func IndexSpan(schemaID, tableID uint64, indexID uint32) (lo, hi []byte) {
	return PrefixSpan(Index(schemaID, tableID, indexID))
}
