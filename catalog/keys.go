package catalog

import (
	"strings"

	"github.com/myriaddb/myriad/keyenc"
)

// Keyspace layout. The first byte separates the catalog from row data so a
// catalog scan never walks data and a data range tombstone never touches the
// catalog.
//
//	0x01 's' <lower(schema name)>                     -> schema record
//	0x01 't' <uvarint schema id> <lower(table name)>  -> table record
//	0x01 'v' <uvarint schema id> <lower(view name)>   -> view record
//	0x01 'g' <uvarint schema id> <lower(trigger name)> -> trigger record
//	0x01 'n'                                          -> ID high-water mark
//	0x02 <uvarint data schema id> <uvarint table id> <uvarint index id> <key columns>
//
// Data is grouped by schema so DROP DATABASE is one range tombstone and a
// tenant's rows are one contiguous span (export, clone, backup by tenant).
const (
	prefixCatalog byte = 0x01
	prefixData    byte = 0x02

	kindSchema byte = 's'
	kindTable  byte = 't'
	kindIDs    byte = 'n'
	kindUser   byte = 'u'
	kindView   byte = 'v'
	kindTrig   byte = 'g'
)

// PrimaryIndexID is the index ID of every table's clustered (row) index.
const PrimaryIndexID = 1

func schemaKey(name string) []byte {
	return append([]byte{prefixCatalog, kindSchema}, strings.ToLower(name)...)
}

func schemaSpan() (lo, hi []byte) {
	lo = []byte{prefixCatalog, kindSchema}
	return lo, keyenc.PrefixEnd(lo)
}

func tablePrefix(schemaID uint64) []byte {
	return keyenc.AppendUvarint([]byte{prefixCatalog, kindTable}, schemaID)
}

func tableKey(schemaID uint64, name string) []byte {
	return append(tablePrefix(schemaID), strings.ToLower(name)...)
}

var idsKey = []byte{prefixCatalog, kindIDs}

// UserKey is where the server keeps its user and grant records.
func UserKey(name string) []byte {
	return append([]byte{prefixCatalog, kindUser}, name...)
}

// SchemaDataPrefix is the prefix of every row and index key stored under a schema.
func SchemaDataPrefix(schemaID uint64) []byte {
	return keyenc.AppendUvarint([]byte{prefixData}, schemaID)
}

// DataPrefix is the prefix of every key of the table (all its indexes).
func (t *Table) DataPrefix() []byte {
	return keyenc.AppendUvarint(SchemaDataPrefix(t.DataSchemaID), t.ID)
}

// CounterKey holds the table's AUTO_INCREMENT high-water mark. It sits at
// index ID 0, inside the table's data span, so DROP, TRUNCATE and DROP
// DATABASE remove it with the rows and an export of the span carries it.
func (t *Table) CounterKey() []byte { return t.IndexPrefix(0) }

// IndexPrefix is the prefix of every key of one index of the table.
func (t *Table) IndexPrefix(indexID uint32) []byte {
	return keyenc.AppendUvarint(t.DataPrefix(), uint64(indexID))
}

func objectPrefix(kind byte, schemaID uint64) []byte {
	return keyenc.AppendUvarint([]byte{prefixCatalog, kind}, schemaID)
}

func objectKey(kind byte, schemaID uint64, name string) []byte {
	return append(objectPrefix(kind, schemaID), strings.ToLower(name)...)
}
