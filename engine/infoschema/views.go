package infoschema

import (
	"strings"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// GMS's information_schema.VIEWS answers CHECK_OPTION NONE for every view
// (its planner drops the clause) and judges IS_UPDATABLE by its own rules
// (a view with LIMIT or of literals only was YES, one with a subquery in
// its WHERE was NO). viewsIter answers both from the stored CREATE VIEW
// text by MySQL's rules (manual, "Updatable and Insertable Views").

// ViewCheckOption reads a CREATE VIEW statement's check option off its end:
// "NONE", "LOCAL" or "CASCADED" (WITH CHECK OPTION is CASCADED). The clause
// can only end the statement, so no parse is needed.
func ViewCheckOption(create string) string {
	words := strings.FieldsFunc(strings.TrimRight(create, "; \t\r\n"), unicode.IsSpace)
	n := len(words)
	if n < 3 || !strings.EqualFold(words[n-1], "option") || !strings.EqualFold(words[n-2], "check") {
		return "NONE"
	}
	switch {
	case strings.EqualFold(words[n-3], "with"):
		return "CASCADED"
	case n >= 4 && strings.EqualFold(words[n-4], "with") && strings.EqualFold(words[n-3], "local"):
		return "LOCAL"
	case n >= 4 && strings.EqualFold(words[n-4], "with") && strings.EqualFold(words[n-3], "cascaded"):
		return "CASCADED"
	}
	return "NONE"
}

// ParseView parses a stored CREATE VIEW statement into its spec: with the
// bare parser first (it reads every check option, which the engine's
// parser drops), then with the engine's.
func ParseView(create string) (*ast.ViewSpec, bool) {
	stmt, err := ast.Parse(create)
	if err != nil {
		if stmt, err = sql.GlobalParser.ParseSimple(create); err != nil {
			return nil, false
		}
	}
	d, ok := stmt.(*ast.DDL)
	if !ok || d.ViewSpec == nil || d.ViewSpec.ViewExpr == nil {
		return nil, false
	}
	return d.ViewSpec, true
}

// ViewLookup answers the stored CREATE VIEW of schema.name, if it is a view.
type ViewLookup func(schema, name string) (create string, ok bool)

// maxViewDepth bounds the views followed through FROM clauses.
const maxViewDepth = 32

// ViewUpdatable reports whether a view is updatable by MySQL's rules
// (IS_UPDATABLE): no aggregate or window function in its select list,
// no DISTINCT, GROUP BY, HAVING, LIMIT or set operation, not ALGORITHM =
// TEMPTABLE, some column of a table in its select list, and every view
// or derived table of its FROM updatable itself. A join is updatable (one
// table at a time). schema is the view's own schema, for unqualified names.
func ViewUpdatable(spec *ast.ViewSpec, schema string, look ViewLookup) bool {
	if strings.EqualFold(spec.Algorithm, "temptable") {
		return false
	}
	return selectUpdatable(spec.ViewExpr, schema, look, 0)
}

func selectUpdatable(stmt ast.SelectStatement, schema string, look ViewLookup, depth int) bool {
	if depth > maxViewDepth {
		return false
	}
	if p, ok := stmt.(*ast.ParenSelect); ok {
		return selectUpdatable(p.Select, schema, look, depth)
	}
	sel, ok := stmt.(*ast.Select)
	if !ok || sel.With != nil {
		return false
	}
	if sel.QueryOpts.Distinct || len(sel.GroupBy) > 0 || sel.Having != nil || sel.Limit != nil || len(sel.From) == 0 {
		return false
	}
	columns := false
	for _, se := range sel.SelectExprs {
		switch se := se.(type) {
		case *ast.StarExpr:
			columns = true
		case *ast.AliasedExpr:
			if aggregateOrWindow(se.Expr) {
				return false
			}
			if hasColumn(se.Expr) {
				columns = true
			}
		default:
			return false
		}
	}
	if !columns {
		return false
	}
	for _, te := range sel.From {
		if !tableExprUpdatable(te, schema, look, depth) {
			return false
		}
	}
	return true
}

func tableExprUpdatable(te ast.TableExpr, schema string, look ViewLookup, depth int) bool {
	switch te := te.(type) {
	case *ast.ParenTableExpr:
		for _, e := range te.Exprs {
			if !tableExprUpdatable(e, schema, look, depth) {
				return false
			}
		}
		return true
	case *ast.JoinTableExpr:
		return tableExprUpdatable(te.LeftExpr, schema, look, depth) && tableExprUpdatable(te.RightExpr, schema, look, depth)
	case *ast.AliasedTableExpr:
		switch e := te.Expr.(type) {
		case ast.TableName:
			s := schema
			if !e.DbQualifier.IsEmpty() {
				s = e.DbQualifier.String()
			}
			create, isView := look(s, e.Name.String())
			if !isView {
				return true
			}
			spec, ok := ParseView(create)
			if !ok || strings.EqualFold(spec.Algorithm, "temptable") {
				return false
			}
			return selectUpdatable(spec.ViewExpr, s, look, depth+1)
		case *ast.Subquery:
			return selectUpdatable(e.Select, schema, look, depth+1)
		}
	}
	return false
}

// aggregateOrWindow reports an aggregate or window function of e outside
// its subqueries.
func aggregateOrWindow(e ast.Expr) bool {
	found := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *ast.Subquery:
			return false, nil
		case *ast.FuncExpr:
			if n.IsAggregate() || n.Over != nil {
				found = true
			}
		case *ast.GroupConcatExpr:
			found = true
		}
		return !found, nil
	}, e)
	return found
}

// hasColumn reports a column reference of e outside its subqueries.
func hasColumn(e ast.Expr) bool {
	found := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch n.(type) {
		case *ast.Subquery:
			return false, nil
		case *ast.ColName:
			found = true
		}
		return !found, nil
	}, e)
	return found
}

// catalogViews looks views up in cat.
func catalogViews(ctx *sql.Context, cat sql.Catalog) ViewLookup {
	return func(schema, name string) (string, bool) {
		db, err := cat.Database(ctx, schema)
		if err != nil {
			return "", false
		}
		vd, ok := db.(sql.ViewDatabase)
		if !ok {
			return "", false
		}
		def, ok, err := vd.GetViewDefinition(ctx, name)
		if err != nil || !ok {
			return "", false
		}
		return def.CreateViewStatement, true
	}
}

// Columns of information_schema.VIEWS.
const (
	viewsSchemaCol    = 1
	viewsNameCol      = 2
	viewsCheckCol     = 4
	viewsUpdatableCol = 5
)

// viewsIter answers CHECK_OPTION and IS_UPDATABLE of GMS's VIEWS rows.
type viewsIter struct {
	sql.RowIter
	look ViewLookup
}

func (it *viewsIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := it.RowIter.Next(ctx)
	if err != nil || len(r) <= viewsUpdatableCol {
		return r, err
	}
	schema, _ := r[viewsSchemaCol].(string)
	name, _ := r[viewsNameCol].(string)
	create, ok := it.look(schema, name)
	if !ok {
		return r, nil
	}
	r[viewsCheckCol] = ViewCheckOption(create)
	r[viewsUpdatableCol] = "NO"
	if spec, ok := ParseView(create); ok && ViewUpdatable(spec, schema, it.look) {
		r[viewsUpdatableCol] = "YES"
	}
	return r, nil
}
