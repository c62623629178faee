package infoschema

import (
	"context"

	"errors"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/catalog"
)

// GMS builds information_schema.TABLES by materializing a row per table,
// loading every definition, in memory, before the first row is returned: ~50 s
// and gigabytes at a million tables, even for a COUNT(*) over one tenant.
// Myriad's TABLES streams instead, computes only the columns the query reads
// (a count of names decodes no definition), and evaluates predicates on
// TABLE_SCHEMA once per schema (pushed down by PushFilters), so a
// tenant's query reads only that tenant's catalog span.

// Wrap returns GMS's information_schema database with TABLES replaced by
// the streaming implementation; every other table is GMS's.
// The lock views (INNODB_TRX, INNODB_LOCK_WAITS, INNODB_LOCKS) read locks.
func Wrap(base sql.Database, locks LockSource) sql.Database {
	return &infoSchemaDB{Database: base, locks: locks}
}

type infoSchemaDB struct {
	sql.Database
	locks LockSource
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }

func (d *infoSchemaDB) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	if t, ok := lockViewFor(name, d.locks); ok {
		return t, true, nil
	}
	if strings.EqualFold(name, information_schema.TablesTableName) {
		return &infoTables{}, true, nil
	}
	if strings.EqualFold(name, UsageTableName) {
		return &usageTable{}, true, nil
	}
	if strings.EqualFold(name, JobsTableName) {
		return &jobsTable{}, true, nil
	}
	t, ok, err := d.Database.GetTableInsensitive(ctx, name)
	if ok && err == nil {
		if ct, isCols := t.(*information_schema.ColumnsTable); isCols {
			return withTimePrecision(ct), true, nil
		}
		if _, isRoutines := routineTables[strings.ToLower(name)]; isRoutines {
			return newRoutinesTable(strings.ToLower(name), t), true, nil
		}
		if cols, scoped := scopedTables[strings.ToLower(name)]; scoped {
			if ct, isCat := t.(sql.CatalogTable); isCat {
				return newScopedTable(ct, cols), true, nil
			}
		}
	}
	return t, ok, err
}

func (d *infoSchemaDB) GetTableNames(ctx *sql.Context) ([]string, error) {
	names, err := d.Database.GetTableNames(ctx)
	for _, n := range names {
		// GMS's empty INNODB_TRX is replaced, not listed twice.
		if strings.EqualFold(n, TrxTableName) {
			return append(names, UsageTableName, JobsTableName, LockWaitsTableName, LocksTableName), err
		}
	}
	return append(names, UsageTableName, JobsTableName, TrxTableName, LockWaitsTableName, LocksTableName), err
}

var infoTablesSchema = information_schema.NewTablesTable().Schema()

// infoTablesCols indexes infoTablesSchema by lower-case name.
var infoTablesCols = func() map[string]int {
	m := make(map[string]int, len(infoTablesSchema))
	for i, c := range infoTablesSchema {
		m[strings.ToLower(c.Name)] = i
	}
	return m
}()

const (
	colTableSchema = 1
	colTableName   = 2
)

// infoTables is information_schema.TABLES. Values are immutable after
// planning: AssignCatalog, WithProjections and withFilters return copies.
type infoTables struct {
	cat         sql.Catalog
	projected   []int // indexes into infoTablesSchema; nil = all columns
	projections []string
	schemaPreds []sql.Expression // over a one-column row: TABLE_SCHEMA
	namePreds   []sql.Expression // over a one-column row: TABLE_NAME
}

var (
	_ sql.Table           = (*infoTables)(nil)
	_ sql.CatalogTable    = (*infoTables)(nil)
	_ sql.ProjectedTable  = (*infoTables)(nil)
	_ sql.Databaseable    = (*infoTables)(nil)
	_ sql.PrimaryKeyTable = (*infoTables)(nil)
)

func (t *infoTables) Name() string               { return information_schema.TablesTableName }
func (t *infoTables) String() string             { return "information_schema.tables" }
func (t *infoTables) Database() string           { return sql.InformationSchemaDatabaseName }
func (t *infoTables) Collation() sql.CollationID { return sql.Collation_Information_Schema_Default }
func (t *infoTables) Projections() []string      { return t.projections }
func (t *infoTables) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return sql.PartitionsToPartitionIter(infoPartition{}), nil
}

func (t *infoTables) Schema() sql.Schema {
	if t.projected == nil {
		return infoTablesSchema
	}
	s := make(sql.Schema, len(t.projected))
	for i, c := range t.projected {
		s[i] = infoTablesSchema[c]
	}
	return s
}

// PrimaryKeySchema implements sql.PrimaryKeyTable: GMS maps a projected
// table's columns back to their ids through it.
func (t *infoTables) PrimaryKeySchema() sql.PrimaryKeySchema { return infoTablesPKSchema }

var infoTablesPKSchema = sql.NewPrimaryKeySchema(infoTablesSchema)

func (t *infoTables) AssignCatalog(cat sql.Catalog) sql.Table {
	c := *t
	c.cat = cat
	return &c
}

func (t *infoTables) WithProjections(names []string) sql.Table {
	c := *t
	c.projections = names
	c.projected = make([]int, 0, len(names))
	for _, n := range names {
		if i, ok := infoTablesCols[strings.ToLower(n)]; ok {
			c.projected = append(c.projected, i)
		}
	}
	return &c
}

type infoPartition struct{}

func (infoPartition) Key() []byte { return []byte("tables") }

func (t *infoTables) columns() []int {
	if t.projected != nil {
		return t.projected
	}
	all := make([]int, len(infoTablesSchema))
	for i := range all {
		all[i] = i
	}
	return all
}

// needsTable tells whether any read column comes from the definition rather
// than from the catalog's names.
func (t *infoTables) needsTable() bool {
	for _, c := range t.columns() {
		switch infoTablesSchema[c].Name {
		case "TABLE_ROWS", "AVG_ROW_LENGTH", "DATA_LENGTH", "INDEX_LENGTH", "AUTO_INCREMENT", "TABLE_COLLATION", "TABLE_COMMENT":
			return true
		}
	}
	return false
}

func (t *infoTables) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	if t.cat == nil {
		return nil, errors.New("information_schema.tables: no catalog assigned")
	}
	var dbs []sql.Database // privilege-filtered for the session's user
	if len(t.schemaPreds) > 0 {
		dbs = schemaFilter(t.schemaPreds).databases(ctx, t.cat)
	} else {
		dbs = t.cat.AllDatabases(ctx)
	}
	return t.iter(ctx, dbs), nil
}

// iter lists the tables and views of dbs the session's user may see.
func (t *infoTables) iter(ctx *sql.Context, dbs []sql.Database) *infoTablesIter {
	it := &infoTablesIter{t: t, dbs: dbs, cols: t.columns(), full: t.needsTable()}
	if c, ok := t.cat.(*analyzer.Catalog); ok && c.MySQLDb != nil && c.MySQLDb.Enabled() {
		it.privs = c.MySQLDb.UserActivePrivilegeSet(ctx)
		it.checked = true
	}
	return it
}

// tableNames lists a schema's tables the user may see. GMS's privileged
// wrapper checks every table against the grant tables (~1.5 us each, most
// of a million-table listing); a user with privileges on the whole
// schema (or globally, as root) sees every table, so that check is skipped.
func (it *infoTablesIter) tableNames(ctx *sql.Context, db sql.Database) ([]string, error) {
	if pdb, ok := db.(mysql_db.PrivilegedDatabase); ok && it.checked &&
		(it.privs.Count() > 0 || it.privs.Database(db.Name()).Count() > 0) {
		db = pdb.Unwrap()
	}
	if d, ok := db.(CatalogDatabase); ok {
		cat, schema, ok := d.CommittedSchema(ctx)
		if !ok {
			return db.GetTableNames(ctx)
		}
		if it.lister == nil {
			l, err := cat.NewTableNames(nil)
			if err != nil {
				return nil, err
			}
			it.lister = l
		}
		var names []string
		err := it.lister.List(schema, func(n string) error {
			names = append(names, n)
			return nil
		})
		return names, err
	}
	return db.GetTableNames(ctx)
}

// infoTablesIter produces rows one schema at a time: memory is bounded by the
// largest schema, not by the catalog.
type infoTablesIter struct {
	t    *infoTables
	dbs  []sql.Database
	cols []int
	full bool

	privs   mysql_db.PrivilegeSet
	checked bool
	lister  *catalog.TableNames // one iterator for every schema's names

	db      sql.Database
	names   []string
	views   []sql.ViewDefinition
	pending int // next index into names, then views
}

func (it *infoTablesIter) Close(*sql.Context) error {
	if it.lister != nil {
		err := it.lister.Close()
		it.lister = nil
		return err
	}
	return nil
}

func (it *infoTablesIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		if it.db != nil {
			if it.pending < len(it.names) {
				name := it.names[it.pending]
				it.pending++
				if !it.t.match(ctx, it.t.namePreds, name) {
					continue
				}
				row, ok, err := it.tableRow(ctx, name)
				if err != nil {
					return nil, err
				}
				if ok {
					return row, nil
				}
				continue
			}
			if i := it.pending - len(it.names); i < len(it.views) {
				it.pending++
				v := it.views[i]
				if !it.t.match(ctx, it.t.namePreds, v.Name) {
					continue
				}
				return it.viewRow(v.Name), nil
			}
			it.db = nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(it.dbs) == 0 {
			return nil, io.EOF
		}
		db := it.dbs[0]
		it.dbs = it.dbs[1:]
		if !it.t.match(ctx, it.t.schemaPreds, db.Name()) {
			continue
		}
		names, err := it.tableNames(ctx, db)
		if err != nil {
			return nil, err
		}
		views, err := information_schema.ViewsInDatabase(ctx, db)
		if err != nil {
			return nil, err
		}
		it.db, it.names, it.views, it.pending = db, names, views, 0
	}
}

// match evaluates pushed-down predicates over the one value they read.
func (t *infoTables) match(ctx *sql.Context, preds []sql.Expression, v string) bool {
	if len(preds) == 0 {
		return true
	}
	row := sql.Row{v}
	for _, p := range preds {
		ok, err := sql.EvaluateCondition(ctx, p, row)
		if err != nil || !sql.IsTrue(ok) {
			return false
		}
	}
	return true
}

// exactStats is implemented by the engine's tables: the exact row count
// (maintained per commit) and the LSM's estimate of their bytes. GMS's
// sql.StatisticsTable is not used, because its planner would call it.
type exactStats interface {
	ExactRowCount(*sql.Context) (uint64, error)
	DiskLengths(*sql.Context) (data, index uint64, err error)
}

var y2k, _, _ = types.Timestamp.Convert(context.Background(), "2000-01-01 00:00:00")

func (it *infoTablesIter) tableRow(ctx *sql.Context, name string) (sql.Row, bool, error) {
	dbName := it.db.Name()
	system := strings.EqualFold(dbName, sql.InformationSchemaDatabaseName)
	var tbl sql.Table
	if it.full {
		var ok bool
		var err error
		tbl, ok, err = it.db.GetTableInsensitive(ctx, name)
		if err != nil {
			return nil, false, err
		}
		if !ok { // dropped since the names were read
			return nil, false, nil
		}
	}
	row := make(sql.Row, len(it.cols))
	for i, c := range it.cols {
		var v any
		switch infoTablesSchema[c].Name {
		case "TABLE_CATALOG":
			v = "def"
		case "TABLE_SCHEMA":
			v = dbName
		case "TABLE_NAME":
			v = name
		case "TABLE_TYPE":
			if system {
				v = "SYSTEM VIEW"
			} else {
				v = "BASE TABLE"
			}
		case "ENGINE":
			if !system {
				v = "InnoDB"
			}
		case "VERSION":
			v = int32(10)
		case "ROW_FORMAT":
			if !system {
				v = "Dynamic"
			}
		case "TABLE_ROWS", "AVG_ROW_LENGTH", "DATA_LENGTH", "INDEX_LENGTH":
			v = uint64(0)
			if st, ok := tbl.(exactStats); ok && !system {
				var rows, dl, il uint64
				var err error
				if infoTablesSchema[c].Name != "DATA_LENGTH" && infoTablesSchema[c].Name != "INDEX_LENGTH" {
					if rows, err = st.ExactRowCount(ctx); err != nil {
						return nil, false, err
					}
				}
				if infoTablesSchema[c].Name != "TABLE_ROWS" {
					if dl, il, err = st.DiskLengths(ctx); err != nil {
						return nil, false, err
					}
				}
				switch infoTablesSchema[c].Name {
				case "TABLE_ROWS":
					v = rows
				case "DATA_LENGTH":
					v = dl
				case "INDEX_LENGTH":
					v = il
				default:
					if rows > 0 {
						v = dl / rows
					}
				}
			}
		case "MAX_DATA_LENGTH", "DATA_FREE":
			v = uint64(0)
		case "AUTO_INCREMENT":
			if ai, ok := tbl.(sql.AutoIncrementTable); ok && !system {
				next, err := ai.PeekNextAutoIncrementValue(ctx)
				if err != nil && !errors.Is(err, sql.ErrNoAutoIncrementCol) {
					return nil, false, err
				}
				// As GMS and MySQL: NULL without an AUTO_INCREMENT column,
				// and before the first value is taken.
				if err == nil && next > 1 {
					v = next
				}
			}
		case "CREATE_TIME", "UPDATE_TIME":
			v = y2k
		case "TABLE_COLLATION":
			v = tbl.Collation().String()
		case "CREATE_OPTIONS":
			v = ""
		case "TABLE_COMMENT":
			v = ""
			if ct, ok := tbl.(sql.CommentedTable); ok && !system {
				v = ct.Comment()
			}
		}
		row[i] = v
	}
	return row, true, nil
}

func (it *infoTablesIter) viewRow(name string) sql.Row {
	row := make(sql.Row, len(it.cols))
	for i, c := range it.cols {
		switch infoTablesSchema[c].Name {
		case "TABLE_CATALOG":
			row[i] = "def"
		case "TABLE_SCHEMA":
			row[i] = it.db.Name()
		case "TABLE_NAME":
			row[i] = name
		case "TABLE_TYPE", "TABLE_COMMENT":
			row[i] = "VIEW"
		case "CREATE_TIME":
			row[i] = y2k
		}
	}
	return row
}

// withPreds returns a copy that also applies the given predicates.
func (t *infoTables) withPreds(schema, name []sql.Expression) *infoTables {
	c := *t
	c.schemaPreds = append(append([]sql.Expression(nil), t.schemaPreds...), schema...)
	c.namePreds = append(append([]sql.Expression(nil), t.namePreds...), name...)
	return &c
}

// PushFilters is an analyzer rule (run after GMS's own) that moves
// the conjuncts of a WHERE over information_schema.TABLES that read only
// TABLE_SCHEMA, or only TABLE_NAME, into the table, which evaluates them once
// per schema or name before producing rows. GMS v0.20 no longer pushes
// filters into tables itself.
func PushFilters(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if h, ok := n.(*plan.Having); ok {
			return pushHaving(h)
		}
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		if ta, ok := f.Child.(*plan.TableAlias); ok {
			if rt, ok := ta.Child.(*plan.ResolvedTable); ok {
				if st, ok := rt.Table.(*scopedTable); ok {
					return st.pushFilters(f, rt, ta)
				}
				if ut, ok := rt.Table.(*usageTable); ok {
					return ut.pushFilters(f, rt, ta)
				}
				if rt2, ok := rt.Table.(*routinesTable); ok {
					return rt2.pushFilters(f, rt, ta)
				}
			}
		}
		rt, ok := f.Child.(*plan.ResolvedTable)
		if !ok {
			return n, transform.SameTree, nil
		}
		if st, ok := rt.Table.(*scopedTable); ok {
			return st.pushFilters(f, rt, nil)
		}
		if ut, ok := rt.Table.(*usageTable); ok {
			return ut.pushFilters(f, rt, nil)
		}
		if rt2, ok := rt.Table.(*routinesTable); ok {
			return rt2.pushFilters(f, rt, nil)
		}
		it, ok := rt.Table.(*infoTables)
		if !ok {
			return n, transform.SameTree, nil
		}
		var keep, schemaPreds, namePreds []sql.Expression
		for _, c := range expression.SplitConjunction(f.Expression) {
			switch col, e := singleColumn(c); col {
			case colTableSchema:
				schemaPreds = append(schemaPreds, e)
			case colTableName:
				namePreds = append(namePreds, e)
			default:
				keep = append(keep, c)
			}
		}
		if len(schemaPreds)+len(namePreds) == 0 {
			return n, transform.SameTree, nil
		}
		nt, err := rt.WithTable(it.withPreds(schemaPreds, namePreds))
		if err != nil {
			return nil, transform.SameTree, err
		}
		if len(keep) == 0 {
			return nt, transform.NewTree, nil
		}
		nf, err := f.WithChildren(nt)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return plan.NewFilter(expression.JoinAnd(keep...), nf.(*plan.Filter).Child), transform.NewTree, nil
	})
}

// singleColumn tells whether e reads exactly one column of
// information_schema.TABLES (TABLE_SCHEMA or TABLE_NAME) and otherwise only
// constants, and returns it rewritten to read that column at index 0.
func singleColumn(e sql.Expression) (int, sql.Expression) {
	col, out := oneColumn(e, information_schema.TablesTableName, infoTablesCols)
	if col != colTableSchema && col != colTableName {
		return -1, nil
	}
	return col, out
}

// oneColumn tells whether e reads exactly one column of table (cols maps
// its lower-case column names to positions) and otherwise only constants,
// and returns that column and e rewritten to read it at index 0 (-1: no).
func oneColumn(e sql.Expression, table string, cols map[string]int) (int, sql.Expression) {
	col := -1
	pure := true
	transform.InspectExpr(e, func(x sql.Expression) bool {
		switch x := x.(type) {
		case *expression.GetField:
			if !strings.EqualFold(x.Table(), table) {
				pure = false
				return true
			}
			i, ok := cols[strings.ToLower(x.Name())]
			if !ok || (col >= 0 && col != i) {
				pure = false
				return true
			}
			col = i
		// HashInTuple: GMS turns an IN list of constants into one before
		// this rule runs; rewriting its left side keeps its hashed constants.
		// Tuple is a value type (its right side).
		case *expression.Literal, *expression.Like, *expression.Equals, *expression.InTuple, *expression.HashInTuple,
			expression.Tuple, *expression.Not, *expression.And, *expression.Or,
			*expression.NullSafeEquals, *expression.LessThan, *expression.GreaterThan,
			*expression.LessThanOrEqual, *expression.GreaterThanOrEqual, *expression.IsNull,
			*expression.CollatedExpression, *function.Database:
		default:
			pure = false
			return true
		}
		return false
	})
	if !pure || col < 0 {
		return -1, nil
	}
	out, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := x.(*expression.GetField); ok {
			return gf.WithIndex(0), transform.NewTree, nil
		}
		return x, transform.SameTree, nil
	})
	if err != nil {
		return -1, nil
	}
	return col, out
}
