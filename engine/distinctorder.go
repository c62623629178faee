package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// RuleDistinctOrder is from the lead's session-23 range 11_890-11_899.
const RuleDistinctOrder analyzer.RuleId = 11_890

// MySQL's error numbers for an ORDER BY of a SELECT DISTINCT that is not
// in its select list (ER_FIELD_IN_ORDER_NOT_SELECT,
// ER_AGGREGATE_IN_ORDER_NOT_SELECT); the vitess mysql package has no
// names for them.
const (
	erFieldInOrderNotSelect     = 3065
	erAggregateInOrderNotSelect = 3066
)

// distinctOrder refuses, as MySQL does (3065, 3066), a SELECT DISTINCT
// ordered by a column that is not in its select list (`SELECT DISTINCT a
// FROM t ORDER BY b`) or by an aggregate that is not: each distinct a
// stands for rows with several b, so the order is no function of the
// result. GMS sorted by some row's b, an order that changed with the plan.
//
// As in ambiguous.go the names are in the text only, so the statement is
// parsed again, and only when the plan has both a DISTINCT and a sort.
// It refuses only what it can tell for certain: a select list with a *, a
// FROM it cannot map to tables (USING, NATURAL, table functions), and
// columns that none of the SELECT's own tables has (outer references)
// leave the SELECT alone. An ORDER BY item that is a select expression
// (by its text), an alias or a position is in the list; any other item's
// columns must each be a bare column of the list, as in MySQL's check.
func distinctOrder(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if ctx == nil || !distinctSorted(n) {
		return n, transform.SameTree, nil
	}
	return checkSelects(ctx, n, func(sel *ast.Select, cols map[string]map[string]bool) error { // ambiguous.go
		return orderNotSelected(ctx, sel, cols)
	})
}

// distinctSorted: n has a DISTINCT and a sort somewhere (one walk).
func distinctSorted(n sql.Node) bool {
	distinct, sorted := false, false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Distinct, *plan.OrderedDistinct:
			distinct = true
		case *plan.Sort, *plan.TopN:
			sorted = true
		}
		return !(distinct && sorted)
	})
	return distinct && sorted
}

// orderNotSelected is 3065/3066 for sel's first ORDER BY item MySQL
// refuses, or nil.
func orderNotSelected(ctx *sql.Context, sel *ast.Select, cols map[string]map[string]bool) error {
	if !sel.QueryOpts.Distinct || len(sel.OrderBy) == 0 {
		return nil
	}
	aliases := map[string]bool{}
	texts := map[string]bool{}
	type colRef struct{ qual, name string }
	var bare []colRef
	for _, se := range sel.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return nil // a * holds every column of its tables
		}
		if !ae.As.IsEmpty() {
			aliases[ae.As.Lowered()] = true
		}
		texts[strings.ToLower(ast.String(ae.Expr))] = true
		if c, ok := ae.Expr.(*ast.ColName); ok {
			bare = append(bare, colRef{strings.ToLower(c.Qualifier.Name.String()), c.Name.Lowered()})
		}
	}
	var from []map[string]bool
	if !fromTables(sel.From, cols, &from) {
		return nil
	}
	own := func(name string) bool {
		for _, cs := range from {
			if cs[name] {
				return true
			}
		}
		return false
	}
	selected := func(c *ast.ColName) bool {
		q, name := strings.ToLower(c.Qualifier.Name.String()), c.Name.Lowered()
		if q == "" && aliases[name] {
			return true
		}
		for _, b := range bare {
			if b.name == name && (q == "" || b.qual == "" || q == b.qual) {
				return true
			}
		}
		return false
	}
	for i, o := range sel.OrderBy {
		if _, pos := o.Expr.(*ast.SQLVal); pos {
			continue // a position (or a constant)
		}
		if texts[strings.ToLower(ast.String(o.Expr))] {
			continue
		}
		var err error
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			switch x := n.(type) {
			case *ast.Subquery:
				return false, nil
			case *ast.FuncExpr:
				if x.Over == nil && x.IsAggregate() {
					err = mysql.NewSQLError(erAggregateInOrderNotSelect, "HY000",
						"Expression #%d of ORDER BY clause is not in SELECT list, contains aggregate function; this is incompatible with DISTINCT", i+1)
				}
			case *ast.GroupConcatExpr:
				err = mysql.NewSQLError(erAggregateInOrderNotSelect, "HY000",
					"Expression #%d of ORDER BY clause is not in SELECT list, contains aggregate function; this is incompatible with DISTINCT", i+1)
			case *ast.ColName:
				if !selected(x) && own(x.Name.Lowered()) {
					table := x.Qualifier.Name.String()
					if table == "" {
						table = fromTableOf(sel.From, cols, x.Name.Lowered())
					}
					err = mysql.NewSQLError(erFieldInOrderNotSelect, "HY000",
						"Expression #%d of ORDER BY clause is not in SELECT list, references column '%s.%s.%s' which is not in SELECT list; this is incompatible with DISTINCT",
						i+1, ctx.GetCurrentDatabase(), table, x.Name.String())
				}
			}
			return err == nil, nil
		}, o.Expr)
		if err != nil {
			return err
		}
	}
	return nil
}

// fromTableOf is the name (alias or table) of the first table in from
// that has column name, for the message.
func fromTableOf(from ast.TableExprs, cols map[string]map[string]bool, name string) string {
	found := ""
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if x, ok := n.(*ast.AliasedTableExpr); ok && found == "" {
			t := x.As.String()
			if t == "" {
				if tn, ok := x.Expr.(ast.TableName); ok {
					t = tn.Name.String()
				}
			}
			if cols[strings.ToLower(t)][name] {
				found = t
			}
			return false, nil
		}
		return found == "", nil
	}, from)
	return found
}
