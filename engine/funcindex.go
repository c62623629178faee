package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine/infoschema"
	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/sqltext"
)

// Functional key parts (MySQL 8.0.13: KEY k ((LOWER(email)), b)). MySQL
// indexes a hidden virtual column per expression; Myriad stores no column:
// the index record keeps each expression's text and type
// (catalog.Index.Exprs), and layout.indexKey evaluates the expression over
// the row wherever an index entry is computed, so every write path (the
// editors, cached DML, online build backfill, table rewrites, the checker)
// maintains the index without knowing about it.
//
// The parser has no syntax for them: sqltext.FunctionalKeyParts turns each
// expression part into a column named sqltext.FuncKeyPartMark+expr, which
// the engine's CreateIndex recognises. GMS's own index validation would
// reject such a column, so the pre-analyzer rule (RuleFuncIndexes) takes
// the functional indexes off a CREATE TABLE before validation and the
// post-analyzer rule puts them back; a CREATE INDEX / ALTER TABLE ... ADD
// INDEX with one becomes a node that calls CreateIndex directly.

// funcCatalog is GMS's catalog (functions), set by Install: resolving a
// stored expression needs the function registry, nothing else of it.
// Without Install (offline verification) it is GMS's built-in registry.
var funcCatalog atomic.Pointer[sql.Catalog]

// funcExpr is a functional key part of one table definition, resolved on
// first use (resolution needs a context).
type funcExpr struct {
	text string
	typ  sql.Type
	once sync.Once
	expr sql.Expression
	err  error
	// replaced: sqlfunc replaced nodes of the expression GMS binds, which
	// computes something else (jsonTextStale).
	replaced bool
}

// value is the key part's value for row, converted to its index type.
func (f *funcExpr) value(ctx *sql.Context, t *catalog.Table, row sql.Row) (any, error) {
	e, err := f.resolve(ctx, t)
	if err != nil {
		return nil, err
	}
	v, err := e.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	// A CAST(... AS CHAR(n)) part truncates, as MySQL's CAST does (other
	// string expressions fit their type).
	if st, ok := f.typ.(sql.StringType); ok && st.Type() != sqltypes.Text && st.Type() != sqltypes.Blob {
		if sv, _, err := types.LongText.Convert(ctx, v); err == nil {
			if s, ok := sv.(string); ok {
				v = truncatePrefix(s, int(st.MaxCharacterLength()))
			}
		}
	}
	v, _, err = f.typ.Convert(ctx, v)
	return v, err
}

func (f *funcExpr) resolve(ctx *sql.Context, t *catalog.Table) (sql.Expression, error) {
	f.once.Do(func() {
		f.expr, f.err = resolveFuncExpr(ctx, t, f.text)
		if f.err == nil {
			// As the same expression in a query computes it (a query's
			// expressions are replaced by sqlfunc's analyzer rules): GMS's
			// ->> printed the DOUBLE 100 in a JSON value as '100', the
			// query '100.0', and the lookup missed the row.
			f.expr, f.replaced, f.err = sqlfunc.ReplaceExpr(ctx, f.expr)
		}
	})
	return f.expr, f.err
}

// oneTableCatalog resolves the one table name of a functional index
// expression to a table with the definition's schema (the definition being
// created is not in the catalog yet); everything else is GMS's.
type oneTableCatalog struct {
	sql.Catalog
	t *schemaTable
}

func (c oneTableCatalog) Table(*sql.Context, string, string) (sql.Table, sql.Database, error) {
	return c.t, c.t, nil
}

func (c oneTableCatalog) Database(*sql.Context, string) (sql.Database, error) { return c.t, nil }

func (c oneTableCatalog) HasDatabase(*sql.Context, string) bool { return true }

// AuthorizationHandler: an expression is resolved for the table's own
// entries, whoever's statement (or no one's: a start-up rebuild, `myriad
// check` in a process that ran a server) computes them. GMS's handler
// refuses a session without an account (1045) even with auth disabled.
func (c oneTableCatalog) AuthorizationHandler() sql.AuthorizationHandler { return noAuth{} }

// noAuth permits everything.
type noAuth struct{}

func (noAuth) NewQueryState(*sql.Context) sql.AuthorizationQueryState { return nil }
func (noAuth) HandleAuth(*sql.Context, sql.AuthorizationQueryState, ast.AuthInformation) error {
	return nil
}
func (noAuth) HandleAuthNode(*sql.Context, sql.AuthorizationQueryState, sql.AuthorizationCheckerNode) error {
	return nil
}
func (noAuth) CheckDatabase(*sql.Context, sql.AuthorizationQueryState, string) error { return nil }
func (noAuth) CheckSchema(*sql.Context, sql.AuthorizationQueryState, string, string) error {
	return nil
}
func (noAuth) CheckTable(*sql.Context, sql.AuthorizationQueryState, string, string, string) error {
	return nil
}

func (c oneTableCatalog) DatabaseTable(*sql.Context, sql.Database, string) (sql.Table, sql.Database, error) {
	return c.t, c.t, nil
}

// schemaTable is a table (and its database) that only has a schema.
type schemaTable struct {
	name string
	sch  sql.Schema
}

func (s *schemaTable) Name() string               { return s.name }
func (s *schemaTable) String() string             { return s.name }
func (s *schemaTable) Schema() sql.Schema         { return s.sch }
func (s *schemaTable) Collation() sql.CollationID { return sql.Collation_Default }
func (s *schemaTable) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return nil, fmt.Errorf("functional index expression table has no rows")
}
func (s *schemaTable) PartitionRows(*sql.Context, sql.Partition) (sql.RowIter, error) {
	return nil, fmt.Errorf("functional index expression table has no rows")
}
func (s *schemaTable) GetTableInsensitive(*sql.Context, string) (sql.Table, bool, error) {
	return s, true, nil
}
func (s *schemaTable) GetTableNames(*sql.Context) ([]string, error) { return []string{s.name}, nil }
func (s *schemaTable) IsReadOnly() bool                             { return true }

// resolveFuncExpr binds a functional key part's text to t's columns: the
// result evaluates over a row of t.
func resolveFuncExpr(ctx *sql.Context, t *catalog.Table, text string) (sql.Expression, error) {
	cat := funcCatalog.Load()
	if cat == nil {
		// Outside a server (myriad check): GMS's built-in functions.
		var c sql.Catalog = analyzer.NewCatalog(sql.NewDatabaseProvider())
		funcCatalog.CompareAndSwap(nil, &c)
		cat = funcCatalog.Load()
	}
	// Qualified: a session without a current database resolves it too.
	stmt, err := ast.Parse("SELECT " + text + " FROM " + fxSchema + ".t")
	if err != nil {
		return nil, err
	}
	sch := t.Schema().Schema
	st := &schemaTable{name: t.Name, sch: make(sql.Schema, len(sch))}
	for i, c := range sch {
		cc := *c
		cc.Source = t.Name
		st.sch[i] = &cc
	}
	b := planbuilder.New(ctx, oneTableCatalog{Catalog: *cat, t: st}, nil, nil)
	b.DisableAuth()
	n, _, err := b.BindOnly(stmt, "", nil)
	if err != nil {
		return nil, err
	}
	var e sql.Expression
	transform.Inspect(n, func(n sql.Node) bool {
		if p, ok := n.(*plan.Project); ok && e == nil && len(p.Projections) == 1 {
			e = p.Projections[0]
		}
		return e == nil
	})
	if e == nil {
		return nil, fmt.Errorf("myriad: functional index expression %q", text)
	}
	if a, ok := e.(*expression.Alias); ok {
		e = a.Child
	}
	// The scan's row is the table's row: column i is at i.
	names := make([]string, len(sch))
	for i := range sch {
		names[i] = sch[i].Name
	}
	return bindByName(e, t.Name, names)
}

// fxSchema is the schema a key part's expression is resolved in: the
// resolved expression belongs to the table's definition, which does not
// know its schema's name (RENAME TABLE may move it), so fxError names the
// schema in a message when one reaches the statement.
const fxSchema = "fx"

// fxError gives an error out of a functional key part of t (1690 "BIGINT
// value is out of range in '(`fx`.`t`.`a` + 1)'") the table's schema, as
// MySQL names the columns of the hidden generated column it computes.
func (t *Table) fxError(err error) error {
	if err == nil || !t.lay.hasFx {
		return err
	}
	return t.fxNamed(err)
}

// fxNamed is fxError for a key part not in t's layout yet (CREATE INDEX).
func (t *Table) fxNamed(err error) error {
	var se *mysql.SQLError
	if !errors.As(err, &se) || se.Num != sqlfunc.ErDataOutOfRange {
		return err
	}
	from := "`" + fxSchema + "`.`" + t.def.Name + "`."
	if !strings.Contains(se.Message, from) {
		return err
	}
	db := strings.ReplaceAll(t.db.Name(), "`", "``")
	return mysql.NewSQLError(se.Num, se.State, "%s", strings.ReplaceAll(se.Message, from, "`"+db+"`.`"+t.def.Name+"`."))
}

// functionalError is one of MySQL's functional index errors.
func functionalError(code int, format string, args ...any) error {
	return mysql.NewSQLError(code, "HY000", format, args...)
}

// newFuncPart checks a functional key part as MySQL does and returns its
// stored type. name is the index's name (for the messages).
func newFuncPart(ctx *sql.Context, t *catalog.Table, name, text string) (td catalog.TypeDesc, firstColumn int, err error) {
	stmt, perr := ast.Parse("SELECT " + text)
	if err = perr; err != nil {
		return td, 0, err
	}
	var cast *ast.ConvertExpr
	if sel, ok := stmt.(*ast.Select); ok && len(sel.SelectExprs) == 1 {
		if ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr); ok {
			x := ae.Expr
			for {
				p, ok := x.(*ast.ParenExpr)
				if !ok {
					break
				}
				x = p.Expr
			}
			if _, ok := x.(*ast.ColName); ok {
				return td, 0, functionalError(3754, "Functional index on a column is not supported. Consider using a regular index instead.")
			}
			cast, _ = x.(*ast.ConvertExpr)
		}
	}
	e, err := resolveFuncExpr(ctx, t, text)
	if err != nil {
		return td, 0, err
	}
	bad := false
	first := -1
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok && first < 0 {
			first = gf.Index()
		}
		if nd, ok := e.(sql.NonDeterministicExpression); ok && nd.IsNonDeterministic() {
			bad = true
		}
		if gf, ok := e.(*expression.GetField); ok && gf.Index() < len(t.Columns) && t.Columns[gf.Index()].AutoIncrement {
			bad = true
		}
		return bad
	})
	if bad {
		return td, 0, functionalError(3758, "Expression of functional index '%s' contains a disallowed function.", name)
	}
	if first < 0 {
		first = 0 // a constant expression: any column holds the place
	}
	typ := castType(cast, e)
	switch {
	case types.IsJSON(typ) || typ.Type() == sqltypes.Geometry:
		return td, 0, functionalError(3753, "Cannot create a functional index on a function that returns a JSON or GEOMETRY value.")
	case types.IsTextBlob(typ):
		return td, 0, functionalError(3757, "Cannot create a functional index on an expression that returns a BLOB or TEXT. Please consider using CAST.")
	}
	td, err = catalog.DescribeType(typ)
	return td, first, err
}

// funcPartText is the expression of a key part column named by
// sqltext.FunctionalKeyParts, if it is one.
func funcPartText(col string) (string, bool) {
	return strings.CutPrefix(col, sqltext.FuncKeyPartMark)
}

// hasFuncParts reports whether d has a functional key part.
func hasFuncParts(cols []sql.IndexColumn) bool {
	for _, c := range cols {
		if _, ok := funcPartText(c.Name); ok {
			return true
		}
	}
	return false
}

// functionalIndexName is MySQL's name for an unnamed functional index:
// functional_index, then functional_index_2, ...
func functionalIndexName(def *catalog.Table) string {
	name := "functional_index"
	for n := 2; ; n++ {
		if _, ok := def.IndexByName(name); !ok {
			return name
		}
		name = "functional_index_" + strconv.Itoa(n)
	}
}

// hiddenColumnName is MySQL's name of the hidden column of a functional key
// part: what GMS's planner sees as the part's "column" (no filter names
// it, so the planner never picks the index by itself).
func hiddenColumnName(index string, part int) string {
	return "!hidden!" + index + "!" + strconv.Itoa(part) + "!0"
}

// Rule IDs of functional indexes (the 10_840-10_859 range).
const (
	// RuleFuncIndexesBeforeValidation: see funcIndexesBefore.
	RuleFuncIndexesBeforeValidation analyzer.RuleId = 10_840
	// RuleFuncIndexesAfterValidation: see funcIndexesAfter.
	RuleFuncIndexesAfterValidation analyzer.RuleId = 10_841
	// RuleShowFuncIndexes: see showFuncIndexes.
	RuleShowFuncIndexes analyzer.RuleId = 10_842
)

// showFuncIndexes adds a table's functional indexes to SHOW INDEX: a
// functional key part has no Column_name and its expression under
// Expression, as in MySQL. Its SPATIAL indexes too (spatial.go), which GMS
// does not see either.
func showFuncIndexes(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	si, ok := n.(*plan.ShowIndexes)
	if !ok {
		return n, transform.SameTree, nil
	}
	t := tableOfNode(si.Child)
	if t == nil {
		return n, transform.SameTree, nil
	}
	var extra []sql.Index
	for _, il := range t.lay.indexes {
		if il.fx == nil || il.state != catalog.IndexPublic {
			continue
		}
		ix := t.newIndex(il.id, il.name, il.unique, il.cols, il.prefix, "", il.fx...)
		for j, f := range il.fx {
			if f != nil {
				ix.exprs[j] = f.text
			}
		}
		extra = append(extra, ix)
	}
	extra = append(extra, t.spatialShown()...)
	if len(extra) == 0 {
		return n, transform.SameTree, nil
	}
	c := *si
	c.IndexesToShow = append(append([]sql.Index(nil), si.IndexesToShow...), extra...)
	return &c, transform.NewTree, nil
}

// funcIndexesBefore takes the functional indexes off a CREATE TABLE (kept on
// the session until funcIndexesAfter puts them back) and turns a CREATE
// INDEX / ADD INDEX with functional key parts into a funcIndexNode: GMS's
// validation requires every key part to be a column of the table.
func funcIndexesBefore(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	switch n.(type) {
	case *plan.CreateTable, *plan.AlterIndex, *plan.Block:
	default:
		return n, transform.SameTree, nil // every other statement, at no cost
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.CreateTable:
			var keep, funcs sql.IndexDefs
			for _, d := range n.Indexes() {
				if hasFuncParts(d.Columns) {
					funcs = append(funcs, d)
				} else {
					keep = append(keep, d)
				}
			}
			s, isSession := ctx.Session.(*Session)
			if isSession {
				// Nothing left over from a CREATE TABLE whose analysis
				// failed after its indexes were taken off.
				s.pendingFuncIndexes, s.pendingFuncTable = nil, ""
			}
			if len(funcs) == 0 {
				return n, transform.SameTree, nil
			}
			for _, d := range funcs {
				if d.IsPrimary() {
					return nil, transform.SameTree, functionalError(3756, "The primary key cannot be a functional index")
				}
			}
			if !isSession {
				return n, transform.SameTree, nil
			}
			s.pendingFuncIndexes, s.pendingFuncTable = funcs, strings.ToLower(n.Name())
			nc, err := n.WithIndexDefs(keep)
			return nc, transform.NewTree, err
		case *plan.AlterIndex:
			switch {
			case n.Action == plan.IndexAction_Create && hasFuncParts(n.Columns):
			case n.Action == plan.IndexAction_Drop && (isFuncIndex(n.Table, n.IndexName) || isSpatialIndex(n.Table, n.IndexName)):
			case n.Action == plan.IndexAction_Rename && isSpatialIndex(n.Table, n.PreviousIndexName):
			default:
				return n, transform.SameTree, nil
			}
			return &funcIndexNode{ai: n}, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// funcIndexesAfter gives a validated CREATE TABLE back the functional
// indexes funcIndexesBefore took off it; the table's CreateIndex builds
// them after the others.
func funcIndexesAfter(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	ct, ok := n.(*plan.CreateTable)
	if !ok {
		return n, transform.SameTree, nil
	}
	s, ok := ctx.Session.(*Session)
	if !ok || len(s.pendingFuncIndexes) == 0 || s.pendingFuncTable != strings.ToLower(ct.Name()) {
		return n, transform.SameTree, nil
	}
	funcs := s.pendingFuncIndexes
	s.pendingFuncIndexes, s.pendingFuncTable = nil, ""
	// MySQL's names for unnamed ones (GMS would name them after their
	// first "column").
	used := map[string]bool{}
	for _, d := range append(append(sql.IndexDefs(nil), ct.Indexes()...), funcs...) {
		used[strings.ToLower(d.Name)] = true
	}
	for _, d := range funcs {
		if d.Name != "" {
			continue
		}
		name := "functional_index"
		for n := 2; used[name]; n++ {
			name = "functional_index_" + strconv.Itoa(n)
		}
		used[name] = true
		d.Name = name
	}
	nc, err := ct.WithIndexDefs(append(append(sql.IndexDefs(nil), ct.Indexes()...), funcs...))
	return nc, transform.NewTree, err
}

// funcIndexNode runs a CREATE INDEX (or ALTER TABLE ... ADD INDEX) with
// functional key parts, and DROP INDEX of a functional or SPATIAL index and
// RENAME INDEX of a SPATIAL one (GMS does not see either kind; spatial.go):
// the engine's CreateIndex checks functional parts itself.
type funcIndexNode struct {
	okResult
	ai *plan.AlterIndex
}

var _ sql.ExecSourceRel = (*funcIndexNode)(nil)

func (n *funcIndexNode) Resolved() bool { return n.ai.Resolved() }
func (n *funcIndexNode) String() string { return n.ai.String() }
func (n *funcIndexNode) WithChildren(ch ...sql.Node) (sql.Node, error) {
	return plan.NillaryWithChildren(n, ch...)
}

func (n *funcIndexNode) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	t := tableOfNode(n.ai.Table)
	if t == nil {
		return nil, plan.ErrNotIndexable.New()
	}
	// The table as the statement's earlier parts left it (ALTER TABLE t
	// ADD COLUMN x ..., ADD INDEX ((x + 1))): the node's was resolved
	// before they ran, and a definition written from it would undo them.
	if db := n.ai.Database(); db != nil {
		if st, ok, err := db.GetTableInsensitive(ctx, t.def.Name); err != nil {
			return nil, err
		} else if ok {
			if fresh := unwrapTable(st); fresh != nil {
				t = fresh
			}
		}
	}
	if n.ai.Action == plan.IndexAction_Rename {
		if err := t.RenameIndex(ctx, n.ai.PreviousIndexName, n.ai.IndexName); err != nil {
			return nil, err
		}
		return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
	}
	if n.ai.Action == plan.IndexAction_Drop {
		if err := t.DropIndex(ctx, n.ai.IndexName); err != nil {
			return nil, err
		}
		return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
	}
	err := t.CreateIndex(ctx, sql.IndexDef{Name: n.ai.IndexName, Columns: n.ai.Columns,
		Constraint: n.ai.Constraint, Storage: n.ai.Using, Comment: n.ai.Comment})
	if err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

// isFuncIndex reports whether the table of n has a functional index named
// name.
func isFuncIndex(n sql.TableNode, name string) bool {
	t := tableOfNode(n)
	if t == nil {
		return false
	}
	i, ok := t.def.IndexByName(name)
	return ok && t.def.Indexes[i].HasExprs()
}

var _ sql.IndexSearchableTable = (*Table)(nil)

// SkipIndexCosting implements sql.IndexSearchable: GMS costs the table's
// other indexes when LookupForExpressions finds no functional one.
func (t *Table) SkipIndexCosting() bool { return false }

// LookupForExpressions implements sql.IndexSearchable: a conjunct comparing
// the expression of a functional index's first key part with a constant
// (=, <, <=, >, >=, IN) is a lookup on that index, as in MySQL, which
// matches a WHERE expression against its hidden column's. GMS keeps the
// whole filter above the lookup (PreciseMatch is false).
func (t *Table) LookupForExpressions(ctx *sql.Context, exprs ...sql.Expression) (sql.IndexLookup, *sql.FuncDepSet, sql.Expression, bool, error) {
	lay := t.lay
	if !lay.hasFx || t.pkPointLookup(ctx, exprs) {
		return sql.IndexLookup{}, nil, nil, false, nil
	}
	var loc *time.Location
	for i := range lay.indexes {
		il := &lay.indexes[i]
		if il.fx == nil || il.fx[0] == nil || il.state != catalog.IndexPublic {
			continue
		}
		if il.fxStamp {
			// The index holds the expression over the stored (UTC)
			// TIMESTAMP; the query means it over the session's wall
			// time, which GMS's filter computes over a scan.
			if loc == nil {
				loc = lay.zoneOf(ctx)
			}
			if loc != nil {
				continue
			}
		}
		fe, err := il.fx[0].resolve(ctx, lay.t)
		if err != nil || jsonTextStale(ctx, il, lay.t) {
			continue
		}
		want := exprKey(fe)
		for _, e := range exprs {
			ranges, ok := funcRanges(ctx, e, want, il.fx[0].typ)
			if !ok {
				continue
			}
			ix := t.newIndex(il.id, il.name, il.unique, il.cols, il.prefix, "", il.fx...)
			return sql.NewIndexLookup(ix, ranges, false, false, false, false), nil, expression.JoinAnd(exprs...), true, nil
		}
	}
	return sql.IndexLookup{}, nil, nil, false, nil
}

// exprKey is an expression's text with column references reduced to their
// lower-case names, so the same expression matches under any alias.
func exprKey(e sql.Expression) string {
	out, _, _ := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := e.(*expression.GetField); ok {
			return expression.NewGetField(0, gf.Type(), strings.ToLower(gf.Name()), gf.IsNullable()), transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	return out.String()
}

// constantValue is the value of e if it reads no column and is
// deterministic.
func constantValue(ctx *sql.Context, e sql.Expression, typ sql.Type) (any, bool) {
	ok := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *expression.GetField, *expression.BindVar, *plan.Subquery:
			ok = false
		case sql.NonDeterministicExpression:
			if x.IsNonDeterministic() {
				ok = false
			}
		}
		return !ok
	})
	if !ok {
		return nil, false
	}
	v, err := e.Eval(ctx, nil)
	if err != nil || v == nil {
		return nil, false
	}
	v, _, err = typ.Convert(ctx, v)
	if err != nil {
		return nil, false
	}
	return v, true
}

// funcRanges is the range collection of a comparison between the
// expression keyed want and a constant.
func funcRanges(ctx *sql.Context, e sql.Expression, want string, typ sql.Type) (sql.MySQLRangeCollection, bool) {
	switch c := e.(type) {
	case *expression.InTuple:
		if exprKey(c.Left()) != want {
			return nil, false
		}
		tup, ok := c.Right().(expression.Tuple)
		if !ok {
			return nil, false
		}
		var out sql.MySQLRangeCollection
		for _, el := range tup {
			v, ok := constantValue(ctx, el, typ)
			if !ok {
				return nil, false
			}
			out = append(out, sql.MySQLRange{sql.ClosedRangeColumnExpr(v, v, typ)})
		}
		return out, len(out) > 0
	case expression.Comparer:
		l, r := c.Left(), c.Right()
		flip := false
		if exprKey(l) != want {
			if exprKey(r) != want {
				return nil, false
			}
			l, r, flip = r, l, true
		}
		_ = l
		v, ok := constantValue(ctx, r, typ)
		if !ok {
			return nil, false
		}
		var ce sql.MySQLRangeColumnExpr
		switch e.(type) {
		case *expression.Equals:
			ce = sql.ClosedRangeColumnExpr(v, v, typ)
		case *expression.LessThan:
			ce = pick(flip, sql.GreaterThanRangeColumnExpr(v, typ), sql.LessThanRangeColumnExpr(v, typ))
		case *expression.LessThanOrEqual:
			ce = pick(flip, sql.GreaterOrEqualRangeColumnExpr(v, typ), sql.LessOrEqualRangeColumnExpr(v, typ))
		case *expression.GreaterThan:
			ce = pick(flip, sql.LessThanRangeColumnExpr(v, typ), sql.GreaterThanRangeColumnExpr(v, typ))
		case *expression.GreaterThanOrEqual:
			ce = pick(flip, sql.LessOrEqualRangeColumnExpr(v, typ), sql.GreaterOrEqualRangeColumnExpr(v, typ))
		default:
			return nil, false
		}
		return sql.MySQLRangeCollection{{ce}}, true
	}
	return nil, false
}

func pick(flip bool, flipped, straight sql.MySQLRangeColumnExpr) sql.MySQLRangeColumnExpr {
	if flip {
		return flipped
	}
	return straight
}

// checkFuncIndexDependency refuses to drop or rename column pos while a
// functional key part refers to it, as MySQL does (3837): the stored
// expression names it.
func (t *Table) checkFuncIndexDependency(ctx *sql.Context, pos int) error {
	for i := range t.lay.indexes {
		il := &t.lay.indexes[i]
		for _, f := range il.fx {
			if f == nil {
				continue
			}
			e, err := f.resolve(ctx, t.def)
			if err != nil {
				return err
			}
			uses := false
			transform.InspectExpr(e, func(e sql.Expression) bool {
				if gf, ok := e.(*expression.GetField); ok && gf.Index() == pos {
					uses = true
				}
				return uses
			})
			if uses {
				return functionalError(3837, "Column '%s' has a functional index dependency and cannot be dropped or renamed.", t.def.Columns[pos].Name)
			}
		}
	}
	return nil
}

// funcIndexLines are the SHOW CREATE TABLE lines of def's functional
// indexes: a functional key part prints as (expr), its expression as
// written.
func funcIndexLines(def *catalog.Table) []string {
	var out []string
	for _, unique := range []bool{true, false} {
		for i := range def.Indexes {
			ix := &def.Indexes[i]
			if !ix.HasExprs() || ix.Unique != unique || ix.State != catalog.IndexPublic {
				continue
			}
			var b strings.Builder
			b.WriteString("  ")
			if ix.Unique {
				b.WriteString("UNIQUE ")
			}
			b.WriteString("KEY ")
			b.WriteString(quoteIdent(ix.Name))
			b.WriteString(" (")
			for j, c := range ix.Columns {
				if j > 0 {
					b.WriteByte(',')
				}
				if ix.IsExpr(j) {
					b.WriteString("(" + ix.Exprs[j] + ")")
					continue
				}
				b.WriteString(quoteIdent(def.Columns[c].Name))
				if len(ix.Prefix) > j && ix.Prefix[j] > 0 {
					b.WriteString("(" + strconv.Itoa(int(ix.Prefix[j])) + ")")
				}
			}
			b.WriteByte(')')
			if ix.Comment != "" {
				b.WriteString(" COMMENT '" + quoteString(ix.Comment) + "'")
			}
			out = append(out, b.String())
		}
	}
	return out
}

// insertKeyLines puts key lines after the last key line of a CREATE TABLE
// text split in lines (before its constraints and closing line).
func insertKeyLines(ls, keys []string) []string {
	at := len(ls) - 1 // the ") ENGINE=..." line
	for i, l := range ls {
		if strings.HasPrefix(l, "  CONSTRAINT ") || strings.HasPrefix(l, ")") {
			at = i
			break
		}
	}
	if at <= 0 {
		return ls
	}
	out := make([]string, 0, len(ls)+len(keys))
	out = append(out, ls[:at]...)
	if !strings.HasSuffix(out[at-1], ",") {
		out[at-1] += ","
	}
	for i, k := range keys {
		if i < len(keys)-1 || !strings.HasPrefix(ls[at], ")") {
			k += ","
		}
		out = append(out, k)
	}
	return append(out, ls[at:]...)
}

var _ infoschema.FunctionalIndexer = (*Table)(nil)

// FunctionalIndexStatistics implements infoschema.FunctionalIndexer: the
// information_schema.STATISTICS rows of the table's functional indexes, a
// functional key part with COLUMN_NAME NULL and its EXPRESSION, as MySQL;
// then those of its SPATIAL indexes (spatial.go).
func (t *Table) FunctionalIndexStatistics(ctx *sql.Context, schema string) []sql.Row {
	var rows []sql.Row
	sch := t.Schema()
	for _, ix := range t.def.Indexes {
		if !ix.HasExprs() || ix.State != catalog.IndexPublic {
			continue
		}
		nonUnique := 1
		if ix.Unique {
			nonUnique = 0
		}
		for j, c := range ix.Columns {
			var col, expr, subPart any
			nullable := "YES"
			if ix.IsExpr(j) {
				expr = ix.Exprs[j]
			} else {
				col = sch[c].Name
				if !sch[c].Nullable {
					nullable = ""
				}
				if len(ix.Prefix) > j && ix.Prefix[j] > 0 {
					subPart = int64(ix.Prefix[j])
				}
			}
			rows = append(rows, sql.Row{"def", schema, t.def.Name, nonUnique, schema, ix.Name, j + 1,
				col, "A", int64(0), subPart, nil, nullable, "BTREE", "", ix.Comment, "YES", expr})
		}
	}
	return append(rows, t.spatialStatistics(schema)...)
}

// castType is e's type, except that CAST(x AS CHAR(n)) is VARCHAR(n) and
// CAST(x AS BINARY(n)) VARBINARY(n), as MySQL types the hidden column
// (MySQL's own hint for 3757 is "consider using CAST"): GMS types the
// cast LONGTEXT / LONGBLOB whatever n is, or drops it when x is a string
// already, so cast is the expression as parsed.
func castType(cast *ast.ConvertExpr, e sql.Expression) sql.Type {
	if cast == nil || cast.Type == nil || cast.Type.Length == nil {
		return e.Type()
	}
	n, err := strconv.ParseInt(string(cast.Type.Length.Val), 10, 64)
	if err != nil || n <= 0 {
		return e.Type()
	}
	switch strings.ToLower(cast.Type.Type) {
	case "binary":
		if t, err := types.CreateString(sqltypes.VarBinary, n, sql.Collation_binary); err == nil {
			return t
		}
	case "char", "nchar":
		coll := sql.Collation_Default
		if st, ok := e.Type().(sql.StringType); ok && st.Collation() != sql.Collation_binary {
			coll = st.Collation()
		}
		if t, err := types.CreateString(sqltypes.VarChar, n, coll); err == nil {
			return t
		}
	}
	return e.Type()
}

// pkPointLookup reports whether exprs fix a one-column primary key to a
// constant: GMS's own plan (a point read) beats any functional index.
func (t *Table) pkPointLookup(ctx *sql.Context, exprs []sql.Expression) bool {
	if len(t.def.PK) != 1 {
		return false
	}
	col := t.Schema()[t.def.PK[0]]
	want := exprKey(expression.NewGetField(0, col.Type, col.Name, col.Nullable))
	for _, e := range exprs {
		if eq, ok := e.(*expression.Equals); ok {
			if _, ok := funcRanges(ctx, eq, want, col.Type); ok {
				return true
			}
		}
	}
	return false
}

// jsonTextStale reports whether il may hold entries computed otherwise than
// a query computes its expression now: an index from before
// catalog.JSONTextVersion 1 was computed by GMS's expression (where sqlfunc
// replaces nodes, the value can differ) and with GMS's text of JSON values
// (a DOUBLE 100 in a JSON document was indexed as '100' by ->>, which now
// gives '100.0', as MySQL). A lookup through it would miss rows a scan
// finds, so it is not used until it is rebuilt (DROP and CREATE INDEX,
// ALTER TABLE ... FORCE, TRUNCATE). Writes still maintain it.
func jsonTextStale(ctx *sql.Context, il *indexLayout, t *catalog.Table) bool {
	if il.jsonText >= catalog.JSONTextVersion {
		return false
	}
	for _, f := range il.fx {
		if f == nil {
			continue
		}
		e, err := f.resolve(ctx, t)
		if err != nil || f.replaced {
			return true
		}
		reads := false
		transform.InspectExpr(e, func(e sql.Expression) bool {
			if types.IsJSON(e.Type()) {
				reads = true
			}
			return reads
		})
		if reads {
			return true
		}
	}
	return false
}
