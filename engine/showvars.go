package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// RuleShowVariablesOnOff: see ShowVariablesOnOff. From the lead's range 11_305-11_309.
const RuleShowVariablesOnOff analyzer.RuleId = 11_305

// ShowVariablesOnOff makes SHOW [GLOBAL|SESSION] VARIABLES print boolean
// system variables as MySQL does, ON or OFF (`autocommit ON`); GMS printed
// the stored 1 or 0. Tools parse that column (MySQL Workbench, monitoring
// scripts comparing against "ON"); `SELECT @@autocommit` stays 1 as in MySQL.
func ShowVariablesOnOff(_ *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sv, ok := n.(*plan.ShowVariables)
		if !ok {
			return n, transform.SameTree, nil
		}
		// GMS evaluates the WHERE on the name alone (WHERE Value = 'ON'
		// failed with 1105): the filter moves above the printed rows.
		filter := sv.Filter
		bare := *sv
		bare.Filter = expression.NewLiteral(true, types.Boolean) // GMS's own "no filter"
		var out sql.Node = &mapRows{child: &bare, name: "showVariablesOnOff", fn: onOffRow}
		if filter != nil && !isTrueLiteral(filter) {
			out = plan.NewFilter(filter, out)
		}
		return out, transform.NewTree, nil
	})
}

func onOffRow(r sql.Row) sql.Row {
	if len(r) < 2 {
		return r
	}
	name, ok := r[0].(string)
	if !ok {
		return r
	}
	v, _, ok := sql.SystemVariables.GetGlobal(name)
	if !ok {
		return r
	}
	if _, isBool := v.GetType().(types.SystemBoolType); !isBool {
		return r
	}
	switch x := r[1].(type) {
	case int8:
		r[1] = onOff(x != 0)
	case int64:
		r[1] = onOff(x != 0)
	case bool:
		r[1] = onOff(x)
	}
	return r
}

func onOff(b bool) string {
	if b {
		return "ON"
	}
	return "OFF"
}

func isTrueLiteral(e sql.Expression) bool {
	l, ok := e.(*expression.Literal)
	return ok && l.Value() == true
}
