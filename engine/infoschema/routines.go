package infoschema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// GMS fills information_schema.ROUTINES and PARAMETERS while analyzing: its
// analyzer sees a "routine table" and loads and parses the stored
// procedures of every schema (AllDatabases, then GetStoredProcedures of
// each) before any WHERE is considered, so `SHOW PROCEDURE STATUS WHERE Db
// = 'tenant'` cost every tenant's procedures. routinesTable hides that
// interface from the analyzer and loads the procedures itself, at
// execution, of the schemas its pushed-down filter on the schema column
// admits; GMS's own table then produces the rows from them.

// routineTables are the wrapped tables and their schema column.
var routineTables = map[string]string{
	information_schema.RoutinesTableName:   "routine_schema",
	information_schema.ParametersTableName: "specific_schema",
}

type routinesTable struct {
	name  string // lower case, GMS's key
	inner sql.Table
	cols  map[string]int
	col   int // the schema column
	cat   sql.Catalog
	preds schemaFilter
}

var (
	_ sql.Table        = (*routinesTable)(nil)
	_ sql.CatalogTable = (*routinesTable)(nil)
	_ sql.Databaseable = (*routinesTable)(nil)
)

func newRoutinesTable(name string, inner sql.Table) *routinesTable {
	t := &routinesTable{name: name, inner: inner, cols: map[string]int{}}
	for i, c := range inner.Schema() {
		t.cols[strings.ToLower(c.Name)] = i
	}
	t.col = t.cols[routineTables[name]]
	return t
}

func (t *routinesTable) Name() string               { return t.inner.Name() }
func (t *routinesTable) String() string             { return t.inner.String() }
func (t *routinesTable) Schema() sql.Schema         { return t.inner.Schema() }
func (t *routinesTable) Collation() sql.CollationID { return t.inner.Collation() }
func (t *routinesTable) Database() string           { return sql.InformationSchemaDatabaseName }
func (t *routinesTable) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	return t.inner.Partitions(ctx)
}

func (t *routinesTable) AssignCatalog(cat sql.Catalog) sql.Table {
	c := *t
	c.cat = cat
	return &c
}

func (t *routinesTable) pushFilters(f *plan.Filter, rt *plan.ResolvedTable, ta *plan.TableAlias) (sql.Node, transform.TreeIdentity, error) {
	name := t.Name()
	if ta != nil {
		name = ta.Name()
	}
	var preds []sql.Expression
	for _, c := range expression.SplitConjunction(f.Expression) {
		if col, e := oneColumn(c, name, t.cols); col == t.col {
			preds = append(preds, e)
		}
	}
	if len(preds) == 0 {
		return f, transform.SameTree, nil
	}
	return replaceTable(f, rt, ta, t.withPreds(preds))
}

func (t *routinesTable) withPreds(preds []sql.Expression) *routinesTable {
	c := *t
	c.preds = append(append(schemaFilter(nil), t.preds...), preds...)
	return &c
}

func (t *routinesTable) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	if t.cat == nil {
		return nil, fmt.Errorf("information_schema.%s: no catalog assigned", t.Name())
	}
	var dbs []sql.Database
	if len(t.preds) > 0 {
		dbs = t.preds.databases(ctx, t.cat)
	} else {
		dbs = t.cat.AllDatabases(ctx)
	}
	procs := map[string][]*plan.Procedure{}
	modes := map[[2]string]string{} // schema, routine -> sql_mode at CREATE
	for _, db := range dbs {
		pdb, ok := db.(sql.StoredProcedureDatabase)
		if !ok {
			continue
		}
		details, err := pdb.GetStoredProcedures(ctx)
		if err != nil {
			return nil, err
		}
		for _, d := range details {
			modes[[2]string{db.Name(), d.Name}] = d.SqlMode
			// As GMS's analyzer does: a body that no longer builds is
			// listed with its error.
			proc, _, err := planbuilder.BuildProcedureHelper(ctx, t.cat, false, nil, db, nil, d)
			if err != nil {
				proc = &plan.Procedure{Name: d.Name, CreateProcedureString: d.CreateStatement,
					CreatedAt: d.CreatedAt, ModifiedAt: d.ModifiedAt, ValidationError: err}
			}
			procs[db.Name()] = append(procs[db.Name()], proc)
		}
	}
	// A table of its own: GMS's instance is shared by every session and
	// AssignProcedures writes into it.
	// GMS's rows check the session's cached privilege set, which nothing
	// has filled on a connection without a current database: every
	// procedure was hidden from it.
	if c, ok := t.cat.(*analyzer.Catalog); ok && c.MySQLDb != nil && c.MySQLDb.Enabled() {
		c.MySQLDb.UserActivePrivilegeSet(ctx)
	}
	inner := information_schema.GetInformationSchemaTables()[t.name]
	inner = inner.(sql.CatalogTable).AssignCatalog(t.cat)
	inner = inner.(analyzer.RoutineTable).AssignProcedures(procs)
	// GMS parses each CREATE PROCEDURE again for its rows and silently
	// drops those that do not parse, as all of them do without a current
	// database: the rows are made (eagerly) with one of theirs current.
	if ctx.GetCurrentDatabase() == "" {
		for name := range procs {
			ctx.SetCurrentDatabase(name)
			defer ctx.SetCurrentDatabase("")
			break
		}
	}
	it, err := inner.PartitionRows(ctx, p)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, it)
	if err != nil {
		return nil, err
	}
	// ROUTINES.SQL_MODE is the mode the routine was created under, which
	// it runs under (MySQL's sp_head); GMS wrote the session's.
	if mc, ok := t.cols["sql_mode"]; ok && t.name == information_schema.RoutinesTableName {
		for _, r := range rows {
			sc, _ := r[t.col].(string)
			name, _ := r[t.col+1].(string)
			if m, ok := modes[[2]string{sc, name}]; ok && m != "" {
				r[mc] = m
			}
		}
	}
	// In schema and routine order (GMS's follow a map's), stable for the
	// parameters of one routine.
	sort.SliceStable(rows, func(i, j int) bool {
		for _, c := range []int{t.col, t.col + 1} {
			a, _ := rows[i][c].(string)
			b, _ := rows[j][c].(string)
			if a != b {
				return a < b
			}
		}
		return false
	})
	return sql.RowsToRowIter(rows...), nil
}

// pushHaving pushes the schema conjuncts of SHOW PROCEDURE STATUS / SHOW
// FUNCTION STATUS WHERE Db = ... into ROUTINES: GMS builds the statement as
// a HAVING over the Db alias of ROUTINE_SCHEMA, above a projection and its
// ROUTINE_TYPE filter.
func pushHaving(h *plan.Having) (sql.Node, transform.TreeIdentity, error) {
	p, ok := h.Child.(*plan.Project)
	if !ok {
		return h, transform.SameTree, nil
	}
	below := p.Child
	f, _ := below.(*plan.Filter)
	if f != nil {
		below = f.Child
	}
	rt, ok := below.(*plan.ResolvedTable)
	if !ok {
		return h, transform.SameTree, nil
	}
	t, ok := rt.Table.(*routinesTable)
	if !ok {
		return h, transform.SameTree, nil
	}
	// The aliases of the schema column.
	aliases := map[string]int{}
	for _, e := range p.Projections {
		a, ok := e.(*expression.Alias)
		if !ok {
			continue
		}
		if gf, ok := a.Child.(*expression.GetField); ok && strings.EqualFold(gf.Name(), t.inner.Schema()[t.col].Name) {
			aliases[strings.ToLower(a.Name())] = t.col
		}
	}
	var preds []sql.Expression
	for _, c := range expression.SplitConjunction(h.Cond) {
		table := ""
		transform.InspectExpr(c, func(x sql.Expression) bool {
			if gf, ok := x.(*expression.GetField); ok {
				table = gf.Table()
			}
			return false
		})
		if col, e := oneColumn(c, table, aliases); col == t.col {
			preds = append(preds, e)
		}
	}
	if len(preds) == 0 {
		return h, transform.SameTree, nil
	}
	nrt, err := rt.WithTable(t.withPreds(preds))
	if err != nil {
		return nil, transform.SameTree, err
	}
	var child sql.Node = nrt
	if f != nil {
		if child, err = f.WithChildren(nrt); err != nil {
			return nil, transform.SameTree, err
		}
	}
	np, err := p.WithChildren(child)
	if err != nil {
		return nil, transform.SameTree, err
	}
	nh, err := h.WithChildren(np)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return nh, transform.NewTree, nil
}
