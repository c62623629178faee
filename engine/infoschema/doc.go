// Package infoschema is Myriad's information_schema.TABLES: a streaming
// replacement for GMS's, which materializes a row per table (loading every
// definition) before returning the first one.
//
// It owns the TABLES table, the analyzer rule that pushes TABLE_SCHEMA and
// TABLE_NAME predicates into it, MYRIAD_SCHEMA_USAGE, the lock views
// (INNODB_TRX, INNODB_LOCK_WAITS, INNODB_LOCKS: locks.go) and the wrapper
// that installs them in GMS's information_schema database; every other
// information_schema table stays GMS's. It knows the engine only through
// CatalogDatabase, UsageDatabase and LockSource.
//
// It must never decode a table definition for a column the query does not
// read, nor hold more than one schema's names in memory at a time.
package infoschema

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/myriaddb/myriad/catalog"
)

// CatalogDatabase is implemented by the engine's databases. CommittedSchema
// returns the catalog and schema whose committed table names the session
// sees, so TABLES lists every schema through one shared catalog iterator;
// ok is false when the session's transaction has changed the catalog, and
// TABLES then asks the database (GetTableNames).
type CatalogDatabase interface {
	sql.Database
	CommittedSchema(ctx *sql.Context) (cat *catalog.Catalog, schema *catalog.Schema, ok bool)
}
