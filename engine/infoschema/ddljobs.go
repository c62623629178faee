package infoschema

import (
	"errors"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// JobsTableName is the view of running DDL jobs (online index builds and
// tenant imports): information_schema.MYRIAD_DDL_JOBS, one row per job
// record.
const JobsTableName = "MYRIAD_DDL_JOBS"

// Job is one row of the view.
type Job struct {
	ID                   uint64
	Schema, Table, Index string
	State                string
	RowsDone, RowsTotal  int64
	Started              time.Time
	Import               bool // a tenant import (State "importing"), not an index build
}

// JobsDatabase is implemented by the engine's databases: every job of the
// server (the view keeps those of schemas the user can see).
type JobsDatabase interface {
	DDLJobs(ctx *sql.Context) ([]Job, error)
}

var jobsSchema = sql.Schema{
	{Name: "JOB_ID", Type: types.Uint64, Source: JobsTableName},
	{Name: "SCHEMA_NAME", Type: types.MustCreateString(sqltypes.VarChar, 64, sql.Collation_Information_Schema_Default), Source: JobsTableName},
	{Name: "TABLE_NAME", Type: types.MustCreateString(sqltypes.VarChar, 64, sql.Collation_Information_Schema_Default), Source: JobsTableName},
	{Name: "INDEX_NAME", Type: types.MustCreateString(sqltypes.VarChar, 64, sql.Collation_Information_Schema_Default), Source: JobsTableName},
	{Name: "STATE", Type: types.MustCreateString(sqltypes.VarChar, 32, sql.Collation_Information_Schema_Default), Source: JobsTableName},
	{Name: "ROWS_DONE", Type: types.Int64, Source: JobsTableName},
	{Name: "ROWS_TOTAL", Type: types.Int64, Source: JobsTableName},
	{Name: "STARTED", Type: types.Datetime, Source: JobsTableName},
}

type jobsTable struct{ cat sql.Catalog }

var (
	_ sql.Table        = (*jobsTable)(nil)
	_ sql.CatalogTable = (*jobsTable)(nil)
)

func (t *jobsTable) Name() string               { return JobsTableName }
func (t *jobsTable) String() string             { return "information_schema." + JobsTableName }
func (t *jobsTable) Schema() sql.Schema         { return jobsSchema }
func (t *jobsTable) Collation() sql.CollationID { return sql.Collation_Information_Schema_Default }
func (t *jobsTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(infoPartition{}), nil
}
func (t *jobsTable) Database() string { return sql.InformationSchemaDatabaseName }

func (t *jobsTable) AssignCatalog(cat sql.Catalog) sql.Table { return &jobsTable{cat: cat} }

func (t *jobsTable) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	if t.cat == nil {
		return nil, errors.New("information_schema." + JobsTableName + ": no catalog assigned")
	}
	visible := map[string]bool{}
	var src JobsDatabase
	for _, db := range t.cat.AllDatabases(ctx) {
		if pdb, ok := db.(mysql_db.PrivilegedDatabase); ok {
			db = pdb.Unwrap()
		}
		if jd, ok := db.(JobsDatabase); ok {
			visible[strings.ToLower(db.Name())] = true
			src = jd
		}
	}
	if src == nil {
		return sql.RowsToRowIter(), nil
	}
	jobs, err := src.DDLJobs(ctx)
	if err != nil {
		return nil, err
	}
	// An import's schema does not exist until it publishes: its row is
	// shown to those who may see other sessions' work (PROCESS).
	process := true
	if ac, ok := t.cat.(*analyzer.Catalog); ok && ac.MySQLDb != nil && ac.MySQLDb.Enabled() {
		process = ac.MySQLDb.UserActivePrivilegeSet(ctx).Has(sql.PrivilegeType_Process)
	}
	var rows []sql.Row
	for _, j := range jobs {
		if !visible[strings.ToLower(j.Schema)] && !(j.Import && process) {
			continue
		}
		rows = append(rows, sql.Row{j.ID, j.Schema, j.Table, j.Index, j.State, j.RowsDone, j.RowsTotal, j.Started})
	}
	return sql.RowsToRowIter(rows...), nil
}
