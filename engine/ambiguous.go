package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// RuleAmbiguousColumns is from the lead's session-22 range 11_880-11_889.
const RuleAmbiguousColumns analyzer.RuleId = 11_881

// ambiguousColumns refuses, with MySQL's 1052, an unqualified column that
// two tables of a grouped SELECT's FROM both have: `SELECT SUM(a) FROM t
// JOIN u ON ...` where t and u have a column a. GMS's planner resolves
// such a name to the first table once a GROUP BY scope exists
// (scope.resolveColumn), a silent wrong answer where MySQL refuses; it
// refuses them itself outside grouped queries.
//
// The names are in the statement's text only (the plan holds resolved
// references), so the statement is parsed again, which is why the plan is
// first checked to be grouped and to read two tables. It refuses only what
// it can tell for certain: a FROM with USING or NATURAL joins, a table
// function, or two tables of one name with different columns leave the
// SELECT alone; a name that a select expression has (an alias, or a
// column's own name) is no ambiguity in GROUP BY, HAVING and ORDER BY, as
// MySQL resolves those against the select list first; a subquery's names
// are its own SELECT's.
func ambiguousColumns(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if ctx == nil || !groupedJoin(n) {
		return n, transform.SameTree, nil
	}
	return checkSelects(ctx, n, func(sel *ast.Select, cols map[string]map[string]bool) error {
		return ambiguousIn(sel, cols)
	})
}

// checkSelects parses the statement of ctx again and runs check on each
// of its SELECTs (subqueries' too) with n's tables' columns (planColumns):
// the rules that need the names a statement spells, which the plan has
// resolved away. n itself is returned, or check's first error. A
// statement that does not parse, or is no query or INSERT, is left alone.
func checkSelects(ctx *sql.Context, n sql.Node, check func(*ast.Select, map[string]map[string]bool) error) (sql.Node, transform.TreeIdentity, error) {
	stmt, err := ast.Parse(sqltext.ParserText(ctx.Query()))
	if err != nil {
		return n, transform.SameTree, nil
	}
	switch stmt.(type) {
	case *ast.Select, *ast.SetOp, *ast.Insert:
	default:
		return n, transform.SameTree, nil
	}
	cols := planColumns(n)
	var found error
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if sel, ok := node.(*ast.Select); ok && found == nil {
			found = check(sel, cols)
		}
		return found == nil, nil
	}, stmt)
	if found != nil {
		return nil, transform.SameTree, found
	}
	return n, transform.SameTree, nil
}

// groupedJoin: n groups (GROUP BY, aggregates, HAVING) and two of the
// tables it reads somewhere have a column name in common: only then can
// an unqualified name be ambiguous, and only then is the text parsed
// again. The walk is over this plan's nodes, nothing else.
func groupedJoin(n sql.Node) bool {
	grouped := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.GroupBy, *plan.Having:
			grouped = true
		}
		return !grouped
	})
	if !grouped {
		return false // most statements: no map, no second walk
	}
	seen := map[string]int{} // lower-case column name -> tables having it
	shared := false
	transform.Inspect(n, func(n sql.Node) bool {
		var sch sql.Schema
		switch x := n.(type) {
		case *plan.ResolvedTable:
			sch = x.Schema()
		case *plan.SubqueryAlias:
			sch = x.Schema()
		}
		for _, c := range sch {
			k := strings.ToLower(c.Name)
			seen[k]++
			shared = shared || seen[k] > 1
		}
		return !shared
	})
	return shared
}

// planColumns maps each lower-case table name or alias of n to its
// lower-case column names; nil for a name two differing tables share.
func planColumns(n sql.Node) map[string]map[string]bool {
	m := map[string]map[string]bool{}
	add := func(name string, sch sql.Schema) {
		name = strings.ToLower(name)
		cs := make(map[string]bool, len(sch))
		for _, c := range sch {
			cs[strings.ToLower(c.Name)] = true
		}
		if old, dup := m[name]; dup {
			if old == nil || len(old) != len(cs) {
				m[name] = nil
				return
			}
			for c := range cs {
				if !old[c] {
					m[name] = nil
					return
				}
			}
			return
		}
		m[name] = cs
	}
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.TableAlias:
			add(x.Name(), x.Schema())
		case *plan.ResolvedTable:
			add(x.Name(), x.Schema())
		case *plan.SubqueryAlias:
			add(x.Name(), x.Schema())
		}
		return true
	})
	return m
}

// ambiguousIn is 1052 for sel's first ambiguous unqualified column, or nil.
func ambiguousIn(sel *ast.Select, cols map[string]map[string]bool) error {
	if sel.GroupBy == nil && sel.Having == nil && !hasAggregate(sel.SelectExprs) {
		return nil
	}
	var from []map[string]bool
	if !fromTables(sel.From, cols, &from) || len(from) < 2 {
		return nil
	}
	owners := func(name string) int {
		k := 0
		for _, cs := range from {
			if cs[name] {
				k++
			}
		}
		return k
	}
	selectNames := map[string]bool{}
	for _, se := range sel.SelectExprs {
		if ae, ok := se.(*ast.AliasedExpr); ok {
			if !ae.As.IsEmpty() {
				selectNames[ae.As.Lowered()] = true
			}
			if c, ok := ae.Expr.(*ast.ColName); ok {
				selectNames[c.Name.Lowered()] = true
			}
		}
	}
	check := func(node ast.SQLNode, where string, names map[string]bool) error {
		var err error
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			switch x := n.(type) {
			case *ast.Subquery:
				return false, nil
			case *ast.ColName:
				name := x.Name.Lowered()
				if x.Qualifier.Name.IsEmpty() && !names[name] && owners(name) > 1 && err == nil {
					err = mysql.NewSQLError(mysql.ERNonUniq, "23000", "Column '%s' in %s is ambiguous", x.Name.String(), where)
				}
			}
			return err == nil, nil
		}, node)
		return err
	}
	if err := check(sel.SelectExprs, "field list", nil); err != nil {
		return err
	}
	if sel.GroupBy != nil {
		if err := check(sel.GroupBy, "group statement", selectNames); err != nil {
			return err
		}
	}
	if sel.Having != nil {
		if err := check(sel.Having, "having clause", selectNames); err != nil {
			return err
		}
	}
	if sel.OrderBy != nil {
		return check(sel.OrderBy, "order clause", selectNames)
	}
	return nil
}

// fromTables appends the column sets of the FROM's tables; false when one
// is not known for certain or a join merges columns (USING, NATURAL).
func fromTables(exprs ast.TableExprs, cols map[string]map[string]bool, out *[]map[string]bool) bool {
	for _, te := range exprs {
		switch x := te.(type) {
		case *ast.AliasedTableExpr:
			name := x.As.String()
			if name == "" {
				tn, ok := x.Expr.(ast.TableName)
				if !ok {
					return false
				}
				name = tn.Name.String()
			}
			cs := cols[strings.ToLower(name)]
			if cs == nil {
				return false
			}
			*out = append(*out, cs)
		case *ast.JoinTableExpr:
			if len(x.Condition.Using) > 0 || strings.Contains(strings.ToLower(x.Join), "natural") {
				return false
			}
			if !fromTables(ast.TableExprs{x.LeftExpr, x.RightExpr}, cols, out) {
				return false
			}
		case *ast.ParenTableExpr:
			if !fromTables(x.Exprs, cols, out) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// hasAggregate: a select expression calls an aggregate function outside a
// subquery and outside a window.
func hasAggregate(exprs ast.SelectExprs) bool {
	found := false
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch x := n.(type) {
		case *ast.Subquery:
			return false, nil
		case *ast.FuncExpr:
			if x.Over == nil && x.IsAggregate() {
				found = true
			}
		case *ast.GroupConcatExpr:
			found = true
		}
		return !found, nil
	}, exprs)
	return found
}
