package planfix

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
)

// targetReadsID is from refuse21's range 11_780-11_789.
const targetReadsID analyzer.RuleId = 11_781

var targetReadsRule = analyzer.Rule{Id: targetReadsID, Apply: refuseTargetReads}

// refuseTargetReads refuses an UPDATE or DELETE whose subquery (in WHERE,
// SET or ON) reads a table the statement changes, with MySQL 8.0's error
// 1093 (ER_UPDATE_TABLE_USED; sql_update.cc and sql_delete.cc call
// unique_table and update_non_unique_table_error). GMS answered, reading
// the table as it was before the statement. A table read inside a derived
// table of the subquery is allowed: MySQL materializes a derived table that
// would otherwise make the statement fail (MariaDB too), and so does GMS.
// INSERT ... SELECT from its own table stays allowed, as in MySQL.
func refuseTargetReads(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var err error
	transform.Inspect(n, func(n sql.Node) bool {
		if err != nil {
			return false
		}
		var targets map[string]string
		switch n := n.(type) {
		case *plan.Update:
			targets = updateTargets(n)
		case *plan.DeleteFrom:
			targets = deleteTargets(n)
		default:
			return true
		}
		if name := subqueryReadsOf(n, targets); name != "" {
			err = mysql.NewSQLError(mysql.ERUpdateTableUsed, "HY000",
				"You can't specify target table '%s' for update in FROM clause", name)
		}
		return false
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return n, transform.SameTree, nil
}

// tableKey is a base table by database and name.
func tableKey(t *plan.ResolvedTable) string {
	db := ""
	if t.SqlDatabase != nil {
		db = t.SqlDatabase.Name()
	}
	return strings.ToLower(db) + "." + strings.ToLower(t.Name())
}

// mainTables maps the names (alias or table name, lower case) the
// statement's own FROM gives its base tables, outside subqueries and
// derived tables.
func mainTables(n sql.Node) map[string]*plan.ResolvedTable {
	m := map[string]*plan.ResolvedTable{}
	transform.Inspect(n, func(n sql.Node) bool {
		switch n := n.(type) {
		case *plan.SubqueryAlias:
			return false
		case *plan.TableAlias:
			if rt, ok := n.Child.(*plan.ResolvedTable); ok {
				m[strings.ToLower(n.Name())] = rt
			}
			return false
		case *plan.ResolvedTable:
			m[strings.ToLower(n.Name())] = n
		}
		return true
	})
	return m
}

// updateTargets: the tables an UPDATE changes, by tableKey, with the name
// for the message.
func updateTargets(u *plan.Update) map[string]string {
	tables := mainTables(u.Child)
	out := map[string]string{}
	if !u.IsJoin {
		for _, rt := range tables {
			out[tableKey(rt)] = rt.Name()
		}
		return out
	}
	transform.InspectExpressions(u.Child, func(e sql.Expression) bool {
		if sf, ok := e.(*expression.SetField); ok {
			if gf, ok := sf.LeftChild.(*expression.GetField); ok {
				if rt, ok := tables[strings.ToLower(gf.Table())]; ok {
					out[tableKey(rt)] = gf.Table()
				}
			}
		}
		return true
	})
	return out
}

func deleteTargets(d *plan.DeleteFrom) map[string]string {
	out := map[string]string{}
	if len(d.GetDeleteTargets()) == 1 && d.GetDeleteTargets()[0] == d.Child {
		for _, rt := range mainTables(d.Child) {
			out[tableKey(rt)] = rt.Name()
		}
		return out
	}
	for _, t := range d.GetDeleteTargets() {
		for name, rt := range mainTables(t) {
			out[tableKey(rt)] = name
		}
	}
	return out
}

// subqueryReadsOf returns the name of a target that a subquery expression
// of n reads outside a derived table, or "".
func subqueryReadsOf(n sql.Node, targets map[string]string) string {
	if len(targets) == 0 {
		return ""
	}
	found := ""
	var inNode func(n sql.Node, inSubquery bool)
	inNode = func(n sql.Node, inSubquery bool) {
		transform.Inspect(n, func(n sql.Node) bool {
			if found != "" {
				return false
			}
			switch n := n.(type) {
			case *plan.SubqueryAlias:
				if inSubquery {
					return false
				}
			case *plan.ResolvedTable:
				if name, ok := targets[tableKey(n)]; ok && inSubquery {
					found = name
					return false
				}
			}
			if ex, ok := n.(sql.Expressioner); ok {
				for _, e := range ex.Expressions() {
					sql.Inspect(e, func(e sql.Expression) bool {
						if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil && found == "" {
							inNode(sq.Query, true)
							return false
						}
						return found == ""
					})
				}
			}
			return found == ""
		})
	}
	inNode(n, false)
	return found
}
