package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/procedures"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqlfunc"
)

// procVarSets puts sqlfunc.ProcVarFunc around the value of each `SET v =
// expr` of p whose v is a DECLAREd variable of a JSON, DECIMAL or temporal
// type, so the interpreter keeps MySQL's value and text for it (see
// sqlfunc/procvar.go). A name declared twice with different types (nested
// blocks) is left alone: which declaration a SET reaches is the
// interpreter's scope to know.
func procVarSets(p *plan.Procedure) {
	declared := map[string]string{}
	for _, op := range p.Ops {
		d, ok := op.PrimaryData.(*ast.Declare)
		if !ok || d.Variables == nil {
			continue
		}
		text := ast.String(d.Variables.VarType)
		for _, v := range d.Variables.Names {
			if old, seen := declared[v.Lowered()]; seen && old != text {
				text = ""
			}
			declared[v.Lowered()] = text
		}
	}
	for _, op := range p.Ops {
		if op.OpCode != procedures.OpCode_Set {
			continue
		}
		text := declared[strings.ToLower(op.Target)]
		sel, ok := op.PrimaryData.(*ast.Select)
		if text == "" || !ok || len(sel.SelectExprs) != 1 {
			continue
		}
		ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr)
		if !ok {
			continue
		}
		if f, ok := ae.Expr.(*ast.FuncExpr); ok && f.Name.Lowered() == sqlfunc.ProcVarFunc {
			continue // a procedure the interpreter ran before
		}
		t, err := sqlfunc.ProcVarType(text)
		if err != nil || !sqlfunc.ProcVarNeedsValue(t) {
			continue
		}
		ae.Expr = &ast.FuncExpr{Name: ast.NewColIdent(sqlfunc.ProcVarFunc), Exprs: ast.SelectExprs{
			&ast.AliasedExpr{Expr: ae.Expr},
			&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(text))},
			&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(op.Target))},
		}}
	}
}
