package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
)

// RuleRefuseTriggerInsertSelect: see RefuseTriggerInsertSelect. From the
// 11_275-11_279 range.
const RuleRefuseTriggerInsertSelect analyzer.RuleId = 11_275

// RefuseTriggerInsertSelect refuses a trigger body's INSERT ... SELECT
// whose SELECT has a LIMIT, a UNION (or other set operation) or a
// subquery. GMS runs such a SELECT with the trigger's row prepended to
// its rows in some shapes and not in others, then keeps the last N
// columns of whatever came out (go-mysql-server sql/rowexec/insert.go:79):
// with LIMIT the stored row was (1, doc, 101) for SELECT NEW.id + 100,
// NEW.doc, NULL, with a UNION or a scalar subquery the statement failed
// 1366. A plain SELECT, WHERE, JOIN and ORDER BY without LIMIT store the
// right row (server/trigsel_test.go). Refused at CREATE TRIGGER and again
// when the trigger runs, for triggers created before this rule.
func RefuseTriggerInsertSelect(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var err error
	transform.Inspect(n, func(c sql.Node) bool {
		if err != nil {
			return false
		}
		switch c := c.(type) {
		case *plan.CreateTrigger:
			err = triggerInsertSelect(c.Body)
		case *plan.TriggerExecutor:
			err = triggerInsertSelect(c.Right())
		}
		return err == nil
	})
	return n, transform.SameTree, err
}

// triggerInsertSelect is the 1235 for a trigger body holding an INSERT
// whose source GMS cannot run with the trigger's row in scope.
func triggerInsertSelect(body sql.Node) error {
	if body == nil {
		return nil
	}
	var err error
	transform.Inspect(body, func(c sql.Node) bool {
		if err != nil {
			return false
		}
		if ins, ok := c.(*plan.InsertInto); ok && ins.Source != nil {
			if what := unsafeInTrigger(ins.Source); what != "" {
				err = mysql.NewSQLError(1235, "42000",
					"This version of MySQL doesn't yet support 'INSERT ... SELECT with %s inside a trigger'", what)
			}
		}
		return err == nil
	})
	return err
}

// unsafeInTrigger names the first part of src that GMS runs wrongly in a
// trigger's scope, or "".
func unsafeInTrigger(src sql.Node) string {
	what := ""
	transform.Inspect(src, func(c sql.Node) bool {
		if what != "" {
			return false
		}
		switch c.(type) {
		case *plan.Limit, *plan.TopN:
			what = "LIMIT"
		case *plan.SetOp:
			what = "UNION"
		case *plan.SubqueryAlias:
			what = "a derived table"
		}
		if what == "" {
			if ex, ok := c.(sql.Expressioner); ok {
				for _, e := range ex.Expressions() {
					sql.Inspect(e, func(e sql.Expression) bool {
						if _, ok := e.(*plan.Subquery); ok {
							what = "a subquery"
						}
						return what == ""
					})
				}
			}
		}
		return what == ""
	})
	return what
}
