package infoschema

import (
	"errors"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// UsageTableName is Myriad's per-schema usage view, for operators who bill
// and rebalance tenants: information_schema.MYRIAD_SCHEMA_USAGE.
const UsageTableName = "MYRIAD_SCHEMA_USAGE"

// Usage is one schema's row of the view.
type Usage struct {
	Tables, TableRows, DataBytes, IndexBytes uint64
	RowsRead, RowsWritten                    uint64
}

// UsageDatabase is implemented by the engine's databases.
type UsageDatabase interface {
	SchemaUsage(ctx *sql.Context) (Usage, error)
}

var usageSchema = sql.Schema{
	{Name: "SCHEMA_NAME", Type: types.MustCreateString(sqltypes.VarChar, 64, sql.Collation_Information_Schema_Default), Source: UsageTableName},
	{Name: "TABLES", Type: types.Uint64, Source: UsageTableName},
	{Name: "TABLE_ROWS", Type: types.Uint64, Source: UsageTableName},
	{Name: "DATA_BYTES", Type: types.Uint64, Source: UsageTableName},
	{Name: "INDEX_BYTES", Type: types.Uint64, Source: UsageTableName},
	{Name: "ROWS_READ", Type: types.Uint64, Source: UsageTableName},
	{Name: "ROWS_WRITTEN", Type: types.Uint64, Source: UsageTableName},
}

// usageTable lists the schemas the user can see (the privilege-filtered
// AllDatabases), one row each: work per row is the schema's own tables.
type usageTable struct{ cat sql.Catalog }

var (
	_ sql.Table        = (*usageTable)(nil)
	_ sql.CatalogTable = (*usageTable)(nil)
)

func (t *usageTable) Name() string               { return UsageTableName }
func (t *usageTable) String() string             { return "information_schema." + UsageTableName }
func (t *usageTable) Schema() sql.Schema         { return usageSchema }
func (t *usageTable) Collation() sql.CollationID { return sql.Collation_Information_Schema_Default }
func (t *usageTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(infoPartition{}), nil
}
func (t *usageTable) Database() string { return sql.InformationSchemaDatabaseName }

func (t *usageTable) AssignCatalog(cat sql.Catalog) sql.Table { return &usageTable{cat: cat} }

func (t *usageTable) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	if t.cat == nil {
		return nil, errors.New("information_schema." + UsageTableName + ": no catalog assigned")
	}
	var rows []sql.Row
	for _, db := range t.cat.AllDatabases(ctx) {
		if pdb, ok := db.(mysql_db.PrivilegedDatabase); ok {
			db = pdb.Unwrap()
		}
		ud, ok := db.(UsageDatabase)
		if !ok {
			continue // information_schema, mysql
		}
		u, err := ud.SchemaUsage(ctx)
		if err != nil {
			return nil, err
		}
		rows = append(rows, sql.Row{db.Name(), u.Tables, u.TableRows, u.DataBytes, u.IndexBytes, u.RowsRead, u.RowsWritten})
	}
	return sql.RowsToRowIter(rows...), nil
}
