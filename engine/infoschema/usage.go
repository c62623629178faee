package infoschema

import (
	"errors"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
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
// A WHERE on SCHEMA_NAME is pushed into it (PushFilters), so one tenant's
// row reads that tenant's tables only.
type usageTable struct {
	cat   sql.Catalog
	preds schemaFilter
}

var (
	_ sql.Table        = (*usageTable)(nil)
	_ sql.CatalogTable = (*usageTable)(nil)
)

var usageCols = map[string]int{"schema_name": 0}

func (t *usageTable) Name() string               { return UsageTableName }
func (t *usageTable) String() string             { return "information_schema." + UsageTableName }
func (t *usageTable) Schema() sql.Schema         { return usageSchema }
func (t *usageTable) Collation() sql.CollationID { return sql.Collation_Information_Schema_Default }
func (t *usageTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(infoPartition{}), nil
}
func (t *usageTable) Database() string { return sql.InformationSchemaDatabaseName }

func (t *usageTable) AssignCatalog(cat sql.Catalog) sql.Table {
	c := *t
	c.cat = cat
	return &c
}

// pushFilters moves the conjuncts of f that read only SCHEMA_NAME into the
// table (see PushFilters); they also stay in the filter, as in scopedTable.
func (t *usageTable) pushFilters(f *plan.Filter, rt *plan.ResolvedTable, ta *plan.TableAlias) (sql.Node, transform.TreeIdentity, error) {
	name := t.Name()
	if ta != nil {
		name = ta.Name()
	}
	var preds []sql.Expression
	for _, c := range expression.SplitConjunction(f.Expression) {
		if col, e := oneColumn(c, name, usageCols); col == 0 {
			preds = append(preds, e)
		}
	}
	if len(preds) == 0 {
		return f, transform.SameTree, nil
	}
	c := *t
	c.preds = append(append(schemaFilter(nil), t.preds...), preds...)
	return replaceTable(f, rt, ta, &c)
}

// replaceTable returns f reading nt in place of rt's table (under ta, if
// not nil).
func replaceTable(f *plan.Filter, rt *plan.ResolvedTable, ta *plan.TableAlias, nt sql.Table) (sql.Node, transform.TreeIdentity, error) {
	n, err := rt.WithTable(nt)
	if err != nil {
		return nil, transform.SameTree, err
	}
	var child sql.Node = n
	if ta != nil {
		if child, err = ta.WithChildren(n); err != nil {
			return nil, transform.SameTree, err
		}
	}
	nf, err := f.WithChildren(child)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return nf, transform.NewTree, nil
}

func (t *usageTable) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	if t.cat == nil {
		return nil, errors.New("information_schema." + UsageTableName + ": no catalog assigned")
	}
	var dbs []sql.Database
	if len(t.preds) > 0 {
		dbs = t.preds.databases(ctx, t.cat)
	} else {
		dbs = t.cat.AllDatabases(ctx)
	}
	var rows []sql.Row
	for _, db := range dbs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
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
