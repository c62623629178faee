package engine

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/procedures"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// RuleProcSetVariables: see refuseProcSetVariables. From upd9's range
// 11_340-11_349.
const RuleProcSetVariables analyzer.RuleId = 11_342

// refuseProcSetVariables refuses (1235) a CALL of a procedure that names
// one of its parameters or DECLAREd variables where GMS v0.20's interpreter
// does not put the variable's value (see gmsSubstitutes): an UPDATE's SET,
// ORDER BY and LIMIT, a DELETE's ORDER BY and LIMIT, ON DUPLICATE KEY
// UPDATE, GROUP BY, HAVING, ORDER BY, a join's ON, and any name under CASE,
// IS [NOT] NULL, BETWEEN or unary minus. There the bare
// name is planned as a column: it failed 1054 "Unknown column", or read a
// same-named column and answered silently wrong (`ORDER BY p` with a
// parameter p sorted by the column p; `UPDATE b SET m = m` left the rows
// as they were), where MySQL and MariaDB take the variable (a routine's
// variables shadow columns). It refuses too a qualified column (t.p) that
// GMS does reach, as GMS looks the name up without its qualifier and reads
// the variable. Refused until GMS substitutes everywhere; anything else
// runs as before.
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
		if err == nil {
			err = procVarSets(call.Procedure) // procvar.go
		}
		if err == nil {
			err = procHandlers(call.Procedure) // prochandler.go
		}
		return err == nil
	})
	return n, transform.SameTree, err
}

func procSetVariables(p *plan.Procedure) error {
	names := procVariableNames(p) // prochandler.go
	if len(names) == 0 {
		return nil
	}
	for _, op := range p.Ops {
		// What GMS substitutes differs by opcode: SET v = e and IF/WHILE
		// conditions become a SELECT whose select list alone is
		// substituted (interpreter_logic.go:712, :786); a cursor's SELECT
		// is substituted at OPEN (:651); every other statement through
		// replaceVariablesInExpr (:749, :850).
		var stmt ast.SQLNode
		reached := map[*ast.ColName]bool{}
		switch op.OpCode {
		case procedures.OpCode_Set, procedures.OpCode_If:
			sel, ok := op.PrimaryData.(*ast.Select)
			if !ok {
				continue
			}
			stmt = sel.SelectExprs
			for _, e := range sel.SelectExprs {
				gmsSubstitutes(e, reached)
			}
		case procedures.OpCode_Declare:
			d, ok := op.PrimaryData.(*ast.Declare)
			if !ok || d.Cursor == nil || d.Cursor.SelectStmt == nil {
				continue
			}
			stmt = d.Cursor.SelectStmt
			gmsSubstitutes(stmt, reached)
		case procedures.OpCode_Select, procedures.OpCode_Execute, procedures.OpCode_Call:
			n, ok := op.PrimaryData.(ast.SQLNode)
			if !ok || n == nil {
				continue
			}
			stmt = n
			gmsSubstitutes(stmt, reached)
		default:
			continue
		}
		if name := variableLeftOut(stmt, names, reached); name != "" {
			return mysql.NewSQLError(1235, "42000",
				"This version of MySQL doesn't yet support 'a stored procedure variable (%s) in this position of a statement'", name)
		}
	}
	return nil
}

// variableLeftOut is the first name in stmt that is one of names and that
// GMS's interpreter gets wrong, or "": an unqualified one it does not
// substitute (not in reached), or a qualified one (a column) it does. The target of an assignment (UPDATE SET c =, ON DUPLICATE KEY UPDATE
// c =, SET @u =) and VALUES(c) name columns or user variables, never a
// routine's variable, and are not counted.
func variableLeftOut(stmt ast.SQLNode, names map[string]struct{}, reached map[*ast.ColName]bool) string {
	targets := map[*ast.ColName]bool{}
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		switch n := node.(type) {
		case *ast.AssignmentExpr:
			targets[n.Name] = true
		case *ast.SetVarExpr:
			targets[n.Name] = true
		case *ast.ValuesFuncExpr:
			targets[n.Name] = true
		}
		return true, nil
	}, stmt)
	found := ""
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if found != "" {
			return false, nil
		}
		c, ok := node.(*ast.ColName)
		if !ok || targets[c] {
			return true, nil
		}
		if _, v := names[c.Name.Lowered()]; !v {
			return true, nil
		}
		// GMS looks the name up without its qualifier, so a reached t.c
		// turns into variable c where MySQL reads the column.
		if c.Qualifier.IsEmpty() != reached[c] {
			found = c.Name.String()
		}
		return found == "", nil
	}, stmt)
	return found
}

// gmsSubstitutes marks in reached every column name that GMS v0.20's
// replaceVariablesInExpr (sql/procedures/interpreter_logic.go:49-319)
// visits, and so replaces with a variable's value when it names one. It
// follows the same node kinds: anything else — CASE, IS NULL, BETWEEN,
// unary minus, GROUP BY, HAVING, ORDER BY, a join's ON, an UPDATE's SET
// and ORDER BY/LIMIT, a DELETE's ORDER BY/LIMIT, ON DUPLICATE KEY UPDATE
// — is planned with the bare name, which resolves to a same-named column
// or fails 1054.
func gmsSubstitutes(n ast.SQLNode, reached map[*ast.ColName]bool) {
	switch e := n.(type) {
	case *ast.ColName:
		reached[e] = true
	case *ast.ParenExpr:
		gmsSubstitutes(e.Expr, reached)
	case *ast.AliasedTableExpr:
		gmsSubstitutes(e.Expr, reached)
	case *ast.AliasedExpr:
		gmsSubstitutes(e.Expr, reached)
	case *ast.BinaryExpr:
		gmsSubstitutes(e.Left, reached)
		gmsSubstitutes(e.Right, reached)
	case *ast.ComparisonExpr:
		gmsSubstitutes(e.Left, reached)
		gmsSubstitutes(e.Right, reached)
	case *ast.AndExpr:
		gmsSubstitutes(e.Left, reached)
		gmsSubstitutes(e.Right, reached)
	case *ast.OrExpr:
		gmsSubstitutes(e.Left, reached)
		gmsSubstitutes(e.Right, reached)
	case *ast.NotExpr:
		gmsSubstitutes(e.Expr, reached)
	case *ast.FuncExpr:
		for _, x := range e.Exprs {
			gmsSubstitutes(x, reached)
		}
	case *ast.Set:
		for _, x := range e.Exprs {
			gmsSubstitutes(x.Expr, reached)
		}
	case *ast.Call:
		for _, x := range e.Params {
			gmsSubstitutes(x, reached)
		}
	case *ast.Limit:
		if e.Offset != nil {
			gmsSubstitutes(e.Offset, reached)
		}
		if e.Rowcount != nil {
			gmsSubstitutes(e.Rowcount, reached)
		}
	case *ast.Select:
		for _, x := range e.SelectExprs {
			gmsSubstitutes(x, reached)
		}
		if e.With != nil {
			for _, c := range e.With.Ctes {
				gmsSubstitutes(c.AliasedTableExpr, reached)
			}
		}
		if e.Where != nil {
			gmsSubstitutes(e.Where.Expr, reached)
		}
		if e.Limit != nil {
			gmsSubstitutes(e.Limit, reached)
		}
		for _, f := range e.From {
			gmsSubstitutes(f, reached)
		}
	case *ast.Subquery:
		gmsSubstitutes(e.Select, reached)
	case *ast.SetOp:
		gmsSubstitutes(e.Left, reached)
		gmsSubstitutes(e.Right, reached)
	case ast.ValTuple:
		for _, x := range e {
			gmsSubstitutes(x, reached)
		}
	case *ast.AliasedValues:
		for _, x := range e.Values {
			gmsSubstitutes(x, reached)
		}
	case *ast.Insert:
		gmsSubstitutes(e.Rows, reached)
	case *ast.Delete:
		if e.Where != nil {
			gmsSubstitutes(e.Where.Expr, reached)
		}
	case *ast.Update:
		if e.Where != nil {
			gmsSubstitutes(e.Where.Expr, reached)
		}
	case *ast.ConvertExpr:
		gmsSubstitutes(e.Expr, reached)
	}
}
