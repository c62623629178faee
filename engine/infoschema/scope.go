package infoschema

import (
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// schemaFilter is the conjuncts of a query's WHERE that read only a schema
// name column of an information_schema view, each rewritten to read the
// name at index 0 (oneColumn). A view that holds one applies it before it
// reads anything of a schema: `= 'tenant'` and `IN (...)` of constants look
// the schemas up by name, so a tenant's query costs that tenant's objects
// and nothing that grows with the number of schemas; other predicates are
// evaluated on the names the catalog lists.
type schemaFilter []sql.Expression

// names returns the schema names the filter admits when one of its
// conjuncts is an equality or an IN list between the column and constants
// (DATABASE() included); ok is false otherwise. The names are candidates:
// admits still decides (collations, NULLs, the other conjuncts).
func (f schemaFilter) names(ctx *sql.Context) (names []string, ok bool) {
	for _, p := range f {
		var l, r sql.Expression
		switch e := p.(type) {
		case *expression.Equals:
			l, r = e.Left(), e.Right()
			if _, isField := l.(*expression.GetField); !isField {
				l, r = r, l
			}
		case *expression.InTuple:
			l, r = e.Left(), e.Right()
		case *expression.HashInTuple:
			l, r = e.Left(), e.Right()
		default:
			continue
		}
		if _, isField := l.(*expression.GetField); !isField || readsColumn(r) {
			continue
		}
		vals := []sql.Expression{r}
		if tup, isTuple := r.(expression.Tuple); isTuple {
			vals = tup
		}
		var out []string
		usable := true
		for _, v := range vals {
			x, err := v.Eval(ctx, nil)
			if err != nil {
				usable = false
				break
			}
			switch x := x.(type) {
			case string:
				out = append(out, x)
			case nil: // matches nothing
			default:
				usable = false
			}
		}
		if usable {
			return out, true
		}
	}
	return nil, false
}

func readsColumn(e sql.Expression) bool {
	found := false
	transform.InspectExpr(e, func(x sql.Expression) bool {
		if _, ok := x.(*expression.GetField); ok {
			found = true
		}
		return found
	})
	return found
}

// admits evaluates every conjunct on one schema name.
func (f schemaFilter) admits(ctx *sql.Context, name string) bool {
	row := sql.Row{name}
	for _, p := range f {
		v, err := sql.EvaluateCondition(ctx, p, row)
		if err != nil || !sql.IsTrue(v) {
			return false
		}
	}
	return true
}

// databases returns the databases of cat (privilege-checked for the
// session's user) that the filter admits, in name order when they are
// listed: named ones are looked up, one catalog read each; otherwise
// every schema's name is listed and filtered before anything else of it is
// read.
func (f schemaFilter) databases(ctx *sql.Context, cat sql.Catalog) []sql.Database {
	if names, ok := f.names(ctx); ok {
		var out []sql.Database
		seen := make(map[string]bool, len(names))
		for _, n := range names {
			// The privileged catalog refuses schemas the user may not see.
			db, err := cat.Database(ctx, n)
			if err != nil || db == nil || seen[db.Name()] || !f.admits(ctx, db.Name()) {
				continue
			}
			seen[db.Name()] = true
			out = append(out, db)
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
		return out
	}
	var out []sql.Database
	for _, db := range cat.AllDatabases(ctx) {
		if f.admits(ctx, db.Name()) {
			out = append(out, db)
		}
	}
	return out
}
