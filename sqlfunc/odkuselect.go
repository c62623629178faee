package sqlfunc

import (
	"reflect"
	"strconv"
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// insertSelectValues makes VALUES(col) in the ON DUPLICATE KEY UPDATE of
// an INSERT ... SELECT with a column list read the row the SELECT gave
// for col, as MySQL does: GMS's planner resolves VALUES(col) only for a
// VALUES list and refused every INSERT ... SELECT ... VALUES(col) with
// 1105 ("expected ON DUPLICATE KEY ... VALUES() to reference a column"),
// the usual bulk upsert from a staging table. The SELECT becomes a derived
// table with one column per inserted column (odkuSourceAlias, named
// odkuSourceColumn(i)), which GMS's planner puts in the scope of the
// assignments, and VALUES(col) a reference to col's column of it.
//
// It leaves the statement alone when the assignments name a table other
// than the target (the SELECT's own tables stop being in scope once it is
// derived), when there is no column list (the positions need the table's
// schema, which the parser does not have), or when VALUES names a column
// not in the list.
func insertSelectValues(stmt ast.Statement) {
	ins, ok := stmt.(*ast.Insert)
	if !ok || len(ins.OnDup) == 0 || len(ins.Columns) == 0 {
		return
	}
	sel, ok := ins.Rows.(ast.SelectStatement)
	if !ok {
		return
	}
	pos := make(map[string]int, len(ins.Columns))
	for i, c := range ins.Columns {
		pos[c.Lowered()] = i
	}
	target := strings.ToLower(ins.Table.Name.String())
	usesValues, safe := false, true
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *ast.ValuesFuncExpr:
			usesValues = true
			if _, ok := pos[n.Name.Name.Lowered()]; !ok {
				safe = false
			}
			return false, nil
		case *ast.ColName:
			if q := strings.ToLower(n.Qualifier.Name.String()); q != "" && q != target {
				safe = false
			}
		case *ast.Subquery:
			// A subquery may name the SELECT's tables.
			safe = false
		}
		return true, nil
	}, ins.OnDup)
	if !usesValues || !safe {
		return
	}
	cols := make(ast.Columns, len(ins.Columns))
	for i := range cols {
		cols[i] = ast.NewColIdent(odkuSourceColumn(i))
	}
	ins.Rows = &ast.Select{
		SelectExprs: ast.SelectExprs{&ast.StarExpr{}},
		From: ast.TableExprs{&ast.AliasedTableExpr{
			Expr: &ast.Subquery{Select: sel, Columns: cols},
			As:   ast.NewTableIdent(odkuSourceAlias),
			Auth: ast.AuthInformation{AuthType: ast.AuthType_IGNORE},
		}},
	}
	replaceExprs(reflect.ValueOf(ins.OnDup), func(x ast.Expr) (ast.Expr, bool) { // operators.go
		v, ok := x.(*ast.ValuesFuncExpr)
		if !ok {
			return x, false
		}
		return &ast.ColName{
			Name:      ast.NewColIdent(odkuSourceColumn(pos[strings.ToLower(v.Name.Name.String())])),
			Qualifier: ast.TableName{Name: ast.NewTableIdent(odkuSourceAlias)},
		}, true
	})
}

// odkuSourceAlias names the derived table insertSelectValues makes.
const odkuSourceAlias = "__myriad_ins_src"

func odkuSourceColumn(i int) string { return "__c" + strconv.Itoa(i) }
