package catalog

import "github.com/myriaddb/myriad/keys"

// The key layout is package keys'; these are the table-scoped forms the
// engine and tools use.

// PrimaryIndexID is the index ID of every table's clustered (row) index.
const PrimaryIndexID = keys.PrimaryIndexID

// SchemaDataPrefix is the prefix of every row and index key stored under a schema.
func SchemaDataPrefix(schemaID uint64) []byte { return keys.SchemaData(schemaID) }

// DataPrefix is the prefix of every key of the table (all its indexes).
func (t *Table) DataPrefix() []byte { return keys.TableData(t.DataSchemaID, t.ID) }

// CounterKey holds the table's AUTO_INCREMENT high-water mark.
func (t *Table) CounterKey() []byte { return keys.AutoInc(t.DataSchemaID, t.ID) }

// LegacyCounterKey is where stores written before keys.AutoInc kept the
// table's AUTO_INCREMENT high-water mark (inside its data span).
func (t *Table) LegacyCounterKey() []byte { return keys.Counter(t.DataSchemaID, t.ID) }

// IndexPrefix is the prefix of every key of one index of the table.
func (t *Table) IndexPrefix(indexID uint32) []byte { return keys.Index(t.DataSchemaID, t.ID, indexID) }
