package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/catalog"
)

// keepStoredType gives a column GMS passes back from the table's own
// schema its stored type descriptor. RENAME COLUMN (and GMS's rewrite of
// other columns' defaults after one) calls ModifyColumn with a copy of the
// schema column, whose type is GMS's plain type: the attributes only the
// catalog record keeps (FLOAT(M,D)'s M and D, DECIMAL/FLOAT UNSIGNED, the
// ZEROFILL width, see package floattype) were dropped, so a renamed
// FLOAT(7,4) stored 1.23457 and information_schema said float. MySQL keeps
// the column's definition whole on a rename (RENAME COLUMN changes only
// the name). GMS's call does not say which clause made it, so the
// statement text tells: a column that no MODIFY or CHANGE clause of the
// ALTER TABLE defines keeps its stored type. A statement whose text is not
// an ALTER TABLE (one inside a stored procedure) keeps GMS's behaviour.
func keepStoredType(ctx *sql.Context, old *catalog.Column, oldType sql.Type, name string, column *sql.Column, col *catalog.Column) {
	if oldType == nil || !column.Type.Equals(oldType) {
		return
	}
	q := ctx.Query()
	if !strings.Contains(strings.ToUpper(q), "RENAME") {
		return
	}
	stmt, err := ast.Parse(q)
	if err != nil {
		return
	}
	at, ok := stmt.(*ast.AlterTable)
	if !ok {
		return
	}
	renames := false
	for _, d := range at.Statements {
		switch d.ColumnAction {
		case ast.ModifyStr, ast.ChangeStr:
			if strings.EqualFold(d.Column.String(), name) {
				return
			}
		case ast.RenameStr:
			renames = true
		}
	}
	if renames {
		col.Type = old.Type
	}
}
