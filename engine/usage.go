package engine

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine/infoschema"
)

// Per-schema usage (information_schema.MYRIAD_SCHEMA_USAGE): rows read and
// written since the server started are atomic counters in a map keyed by
// schema ID, found once per table handle (a statement), so a row costs one
// atomic add and nothing depends on the number of schemas. Sizes and row
// counts are read when the view is queried: the schema's exact row counts
// (rowcount.go) and Pebble's estimate of its data span.

type schemaUsage struct {
	read, written atomic.Int64
}

func (e *Engine) usageOf(schemaID uint64) *schemaUsage {
	if v, ok := e.usage.Load(schemaID); ok {
		return v.(*schemaUsage)
	}
	v, _ := e.usage.LoadOrStore(schemaID, &schemaUsage{})
	return v.(*schemaUsage)
}

func (d *Database) use() *schemaUsage {
	if d.usage == nil {
		d.usage = d.eng.usageOf(d.schema.ID)
	}
	return d.usage
}

// ScanCounts count the catalog work of the statements that enumerate
// schemas (information_schema, SHOW DATABASES, SHOW PROCEDURE STATUS), so
// tests can prove a one-schema query does not grow with the number of
// schemas: SchemasListed are schema records enumerated by
// Provider.AllDatabases, UsageSchemas and UsageTables the schemas and
// tables whose usage was computed, RoutineSchemas the schemas whose stored
// procedures were read.
type ScanCounts struct {
	SchemasListed, UsageSchemas, UsageTables, RoutineSchemas atomic.Int64
}

// Scans returns the engine's scan counters.
func (e *Engine) Scans() *ScanCounts { return &e.scans }

// SchemaUsage implements infoschema.UsageDatabase. DataBytes is
// the estimate for its rows, IndexBytes for its secondary indexes, both from
// the LSM's files (approximate; data only in the memtable counts nothing).
func (d *Database) SchemaUsage(ctx *sql.Context) (infoschema.Usage, error) {
	var u infoschema.Usage
	d.eng.scans.UsageSchemas.Add(1)
	u.RowsRead = uint64(d.use().read.Load())
	u.RowsWritten = uint64(d.use().written.Load())
	err := d.eng.cat.ListTables(catalogReader(ctx), d.schema, func(t *catalog.Table) error {
		u.Tables++
		d.eng.scans.UsageTables.Add(1)
		n, err := d.eng.RowCount(t)
		if err != nil {
			return err
		}
		if n > 0 {
			u.TableRows += uint64(n)
		}
		tbl := d.newTable(t)
		data, index, err := tbl.DiskLengths(ctx)
		u.DataBytes += data
		u.IndexBytes += index
		return err
	})
	return u, err
}

// forgetUsage drops a dropped schema's counters.
func (e *Engine) forgetUsage(schemaID uint64) { e.usage.Delete(schemaID) }
