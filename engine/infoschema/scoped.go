package infoschema

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// GMS builds the constraint tables of information_schema (the ones ORMs
// read per table while introspecting foreign keys) by loading every table
// of every schema the catalog lists. scopedTable keeps GMS's rows but hands
// its reader a catalog that lists only the schemas the query's WHERE on the
// schema column admits: `WHERE TABLE_SCHEMA = 'tenant'` reads one tenant's
// tables, named schemas are looked up by name, and other predicates are
// evaluated on schema names before any table is read.

// scopedTables are GMS's tables scoped by schema, with the columns that hold
// the schema of each row (all equal in every row).
var scopedTables = map[string][]string{
	"referential_constraints": {"constraint_schema"},
	"key_column_usage":        {"constraint_schema", "table_schema"},
	"table_constraints":       {"constraint_schema", "table_schema"},
	"check_constraints":       {"constraint_schema"},
	"statistics":              {"table_schema", "index_schema"},
	"triggers":                {"trigger_schema", "event_object_schema"},
	"views":                   {"table_schema"},
}

// FunctionalIndexer is a table with functional indexes, which GMS's
// information_schema.STATISTICS does not list (their key parts are no
// columns): it gives their rows itself, in that table's column order.
type FunctionalIndexer interface {
	FunctionalIndexStatistics(ctx *sql.Context, schema string) []sql.Row
}

// withFunctionalIndexes appends to STATISTICS's rows those of the
// functional indexes of the schemas cat lists.
func withFunctionalIndexes(ctx *sql.Context, cat sql.Catalog, it sql.RowIter) (sql.RowIter, error) {
	var extra []sql.Row
	for _, db := range cat.AllDatabases(ctx) {
		names, err := db.GetTableNames(ctx)
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			tbl, ok, err := db.GetTableInsensitive(ctx, n)
			if err != nil {
				return nil, err
			}
			if fi, isFI := tbl.(FunctionalIndexer); ok && isFI {
				extra = append(extra, fi.FunctionalIndexStatistics(ctx, db.Name())...)
			}
		}
	}
	if len(extra) == 0 {
		return it, nil
	}
	rows, err := sql.RowIterToRows(ctx, it)
	if err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(append(rows, extra...)...), nil
}

type scopedTable struct {
	inner sql.CatalogTable
	cols  map[string]int // lower-case column name -> position
	// schemaCols are the positions of the schema columns.
	schemaCols map[int]bool
	cat        sql.Catalog
	preds      schemaFilter
}

var (
	_ sql.Table        = (*scopedTable)(nil)
	_ sql.CatalogTable = (*scopedTable)(nil)
)

func newScopedTable(inner sql.CatalogTable, schemaCols []string) *scopedTable {
	t := &scopedTable{inner: inner, cols: map[string]int{}, schemaCols: map[int]bool{}}
	for i, c := range inner.Schema() {
		t.cols[strings.ToLower(c.Name)] = i
	}
	for _, c := range schemaCols {
		t.schemaCols[t.cols[c]] = true
	}
	return t
}

func (t *scopedTable) Name() string               { return t.inner.Name() }
func (t *scopedTable) String() string             { return t.inner.String() }
func (t *scopedTable) Schema() sql.Schema         { return t.inner.Schema() }
func (t *scopedTable) Collation() sql.CollationID { return t.inner.Collation() }
func (t *scopedTable) Database() string           { return sql.InformationSchemaDatabaseName }

func (t *scopedTable) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	return t.inner.Partitions(ctx)
}

// AssignCatalog implements sql.CatalogTable.
func (t *scopedTable) AssignCatalog(cat sql.Catalog) sql.Table {
	c := *t
	c.cat = cat
	return &c
}

func (t *scopedTable) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	if t.cat == nil {
		return nil, fmt.Errorf("information_schema.%s: no catalog assigned", t.Name())
	}
	var cat sql.Catalog = t.cat
	if len(t.preds) > 0 {
		cat = &scopedCatalog{Catalog: t.cat, t: t}
	}
	if strings.EqualFold(t.Name(), "triggers") {
		return triggersBySchema(ctx, cat, t.inner, p)
	}
	it, err := t.inner.AssignCatalog(cat).PartitionRows(ctx, p)
	if err == nil && strings.EqualFold(t.Name(), "views") {
		return &viewsIter{RowIter: it, look: catalogViews(ctx, cat)}, nil
	}
	if err != nil || !strings.EqualFold(t.Name(), "statistics") {
		return it, err
	}
	if sp, ok := t.cols["sub_part"]; ok {
		it = &wholePartIter{RowIter: it, col: sp}
	}
	return withFunctionalIndexes(ctx, cat, it)
}

// triggersBySchema reads GMS's TRIGGERS one schema at a time with that
// schema as the current database: GMS parses each trigger's CREATE TRIGGER
// in the session's current database, so the table failed with 1046 when
// none was selected and 1146 (Table 'other.t' doesn't exist) from any
// other schema, where MySQL lists every trigger.
func triggersBySchema(ctx *sql.Context, cat sql.Catalog, inner sql.CatalogTable, p sql.Partition) (sql.RowIter, error) {
	cur := ctx.GetCurrentDatabase()
	defer ctx.SetCurrentDatabase(cur)
	var rows []sql.Row
	for _, db := range cat.AllDatabases(ctx) {
		ctx.SetCurrentDatabase(db.Name())
		it, err := inner.AssignCatalog(&oneSchemaCatalog{Catalog: cat, db: db}).PartitionRows(ctx, p)
		if err != nil {
			return nil, err
		}
		r, err := sql.RowIterToRows(ctx, it)
		if err != nil {
			return nil, err
		}
		rows = append(rows, actionOrderPerTable(inner.Schema(), r)...)
	}
	return sql.RowsToRowIter(rows...), nil
}

// actionOrderPerTable numbers ACTION_ORDER within each table's triggers of
// one event and timing, as MySQL does (the order in which they fire); GMS
// numbers all of a schema's triggers of that event and timing together,
// so the only BEFORE DELETE trigger of a table was 2 when another table
// had one. GMS lists each group in firing order, which is kept.
func actionOrderPerTable(sch sql.Schema, rows []sql.Row) []sql.Row {
	tbl, ev, tm, ord := sch.IndexOfColName("EVENT_OBJECT_TABLE"), sch.IndexOfColName("EVENT_MANIPULATION"),
		sch.IndexOfColName("ACTION_TIMING"), sch.IndexOfColName("ACTION_ORDER")
	if tbl < 0 || ev < 0 || tm < 0 || ord < 0 {
		return rows
	}
	next := map[[3]string]int64{}
	for _, r := range rows {
		if len(r) <= ord {
			continue
		}
		k := [3]string{fmt.Sprint(r[tbl]), fmt.Sprint(r[ev]), fmt.Sprint(r[tm])}
		next[k]++
		if _, ok := r[ord].(int64); ok {
			r[ord] = next[k]
		}
	}
	return rows
}

// oneSchemaCatalog lists one schema to GMS's TRIGGERS reader.
type oneSchemaCatalog struct {
	sql.Catalog
	db sql.Database
}

func (c *oneSchemaCatalog) AllDatabases(*sql.Context) []sql.Database { return []sql.Database{c.db} }

// wholePartIter gives STATISTICS.SUB_PART NULL for a key part over a whole
// column, as MySQL does: GMS gives 0 to the other key parts of an index
// that has a prefix part (UNIQUE (b, h(5)) listed b with SUB_PART 0).
type wholePartIter struct {
	sql.RowIter
	col int
}

func (it *wholePartIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := it.RowIter.Next(ctx)
	if err == nil && it.col < len(r) {
		if n, ok := r[it.col].(int64); ok && n == 0 {
			r[it.col] = nil
		}
	}
	return r, err
}

// pushFilters moves the conjuncts of f that read only a schema column into
// the table (see PushFilters); ta is the alias the table is read under, if
// any. The conjuncts also stay in the filter: on the rows that remain they
// cost little, and NULLs and collations are decided there as before.
func (t *scopedTable) pushFilters(f *plan.Filter, rt *plan.ResolvedTable, ta *plan.TableAlias) (sql.Node, transform.TreeIdentity, error) {
	name := t.Name()
	if ta != nil {
		name = ta.Name()
	}
	var preds []sql.Expression
	for _, c := range expression.SplitConjunction(f.Expression) {
		if col, e := oneColumn(c, name, t.cols); t.schemaCols[col] {
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

// scopedCatalog is the catalog GMS's reader sees: AllDatabases lists only
// the schemas the predicates admit.
type scopedCatalog struct {
	sql.Catalog
	t *scopedTable
}

func (c *scopedCatalog) AllDatabases(ctx *sql.Context) []sql.Database {
	return c.t.preds.databases(ctx, c.Catalog)
}
