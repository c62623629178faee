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

// RuleProcSetVariables: see refuseProcSetVariables. From upd9's range
// 11_340-11_349.
const RuleProcSetVariables analyzer.RuleId = 11_342

// refuseProcSetVariables refuses a CALL of a procedure whose UPDATE SET
// value, or INSERT ... ON DUPLICATE KEY UPDATE value, names one of the
// procedure's parameters or DECLAREd variables. GMS v0.20's interpreter
// puts the variables' values into an UPDATE's WHERE and an INSERT's rows
// only (go-mysql-server sql/procedures/interpreter_logic.go:303, :283), so
// the SET value is planned without them: `SET m = x` failed 1054 "Unknown
// column 'x'", and `SET m = m` with a parameter m read the column m and
// silently left the row as it was, where MySQL and MariaDB take the
// parameter (a routine's variables shadow columns). Refused (1235) until
// GMS substitutes them there too; a SET value naming only columns, and a
// qualified column (t.m), run as before.
func refuseProcSetVariables(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var err error
	transform.Inspect(n, func(c sql.Node) bool {
		if err != nil {
			return false
		}
		call, ok := c.(*plan.Call)
		if !ok || call.Procedure == nil {
			return true
		}
		err = procSetVariables(call.Procedure)
		return err == nil
	})
	return n, transform.SameTree, err
}

func procSetVariables(p *plan.Procedure) error {
	names := map[string]struct{}{}
	for _, pp := range p.Params {
		names[strings.ToLower(pp.Name)] = struct{}{}
	}
	for _, op := range p.Ops {
		if d, ok := op.PrimaryData.(*ast.Declare); ok && d.Variables != nil {
			for _, v := range d.Variables.Names {
				names[v.Lowered()] = struct{}{}
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	for _, op := range p.Ops {
		var sets []*ast.AssignmentExpr
		switch s := op.PrimaryData.(type) {
		case *ast.Update:
			sets = s.Exprs
		case *ast.Insert:
			sets = s.OnDup
		}
		for _, set := range sets {
			if name := variableIn(set.Expr, names); name != "" {
				return mysql.NewSQLError(1235, "42000",
					"This version of MySQL doesn't yet support 'a stored procedure variable (%s) in an UPDATE SET value'", name)
			}
		}
	}
	return nil
}

// variableIn is the first unqualified name in e that is one of names, or "".
func variableIn(e ast.Expr, names map[string]struct{}) string {
	found := ""
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if found != "" {
			return false, nil
		}
		if c, ok := node.(*ast.ColName); ok && c.Qualifier.IsEmpty() {
			if _, v := names[c.Name.Lowered()]; v {
				found = c.Name.String()
			}
		}
		return found == "", nil
	}, e)
	return found
}
