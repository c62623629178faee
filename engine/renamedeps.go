package engine

import (
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// checkGeneratedDependency refuses renaming the column at pos while a
// generated column's expression names it, MySQL 8.0's
// ER_DEPENDENT_BY_GENERATED_COLUMN (3108). GMS renames the column and
// leaves the stored expression naming the old one, so every later
// statement on the table failed 1054.
func (t *Table) checkGeneratedDependency(pos int) error {
	name := t.def.Columns[pos].Name
	for i := range t.def.Columns {
		c := &t.def.Columns[i]
		if i != pos && c.Generated != nil && exprNamesColumn(c.Generated.Expr, name) {
			return mysql.NewSQLError(3108, "HY000", "Column '%s' has a generated column dependency.", name)
		}
	}
	return nil
}

// exprNamesColumn: a stored expression's text mentions column name. A text
// that does not parse mentions nothing (it could not be evaluated either).
func exprNamesColumn(expr, name string) bool {
	stmt, err := sqlparser.Parse("SELECT " + expr)
	if err != nil {
		return false
	}
	found := false
	_ = sqlparser.Walk(func(n sqlparser.SQLNode) (bool, error) {
		if c, ok := n.(*sqlparser.ColName); ok && c.Name.EqualString(name) {
			found = true
		}
		return !found, nil
	}, stmt)
	return found
}
