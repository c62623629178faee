package engine

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Generated columns (GENERATED ALWAYS AS (expr) STORED | VIRTUAL). GMS
// computes every generated column on INSERT and UPDATE and hands the engine
// whole rows, so the engine stores a VIRTUAL column's value like a STORED
// one (the catalog remembers which it was declared) and reads need no
// recomputation. What GMS misses is ALTER TABLE ADD COLUMN of a generated
// column on a table it cannot rewrite itself: it fills existing rows from
// the column's DEFAULT, which a generated column has none of, so they would
// read NULL. addGeneratedColumn computes them instead.

// addGeneratedColumn adds col (col.Generated set) by copying every row with
// the expression evaluated over the row as it is with the new column.
func (t *Table) addGeneratedColumn(ctx *sql.Context, col *sql.Column, order *sql.ColumnOrder) (err error) {
	defer ddlStep(ctx)(&err)
	def, pos, err := t.withColumn(ctx, col, order)
	if err != nil {
		return err
	}
	names := make([]string, len(def.Columns))
	for i := range def.Columns {
		names[i] = def.Columns[i].Name
	}
	gen, err := bindByName(col.Generated.Expr, def.Name, names)
	if err != nil {
		return err
	}
	return t.rebuild(ctx, def, func(r sql.Row) (sql.Row, error) {
		nr := make(sql.Row, 0, len(r)+1)
		nr = append(nr, r[:pos]...)
		nr = append(nr, nil)
		nr = append(nr, r[pos:]...)
		v, err := gen.Eval(ctx, nr)
		if err != nil {
			return nil, err
		}
		if nr[pos], _, err = col.Type.Convert(ctx, v); err != nil {
			return nil, err
		}
		return nr, nil
	})
}

// bindByName points every column reference of e at the column of the same
// name among the table's columns: the analyzer's indexes for an ALTER's new
// column refer to a schema the engine does not see.
func bindByName(e sql.Expression, table string, names []string) (sql.Expression, error) {
	out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		for i, n := range names {
			if strings.EqualFold(n, gf.Name()) {
				return gf.WithIndex(i), transform.NewTree, nil
			}
		}
		return nil, transform.SameTree, sql.ErrTableColumnNotFound.New(table, gf.Name())
	})
	return out, err
}
