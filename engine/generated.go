package engine

import (
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/sqlfunc"
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
	// Rows are stored with TIMESTAMPs in UTC; the expression means them in
	// the ALTER session's zone, as GMS computes it for an INSERT, and a
	// TIMESTAMP result is that zone's wall time (timezone.go).
	loc := sqlfunc.SessionZone(ctx)
	var stamps []int
	if loc != nil {
		// The table's, moved past the new column (def is not prepared).
		for _, i := range t.lay.stamps {
			if i >= pos {
				i++
			}
			stamps = append(stamps, i)
		}
	}
	return t.rebuild(ctx, def, func(r sql.Row) (sql.Row, error) {
		nr := make(sql.Row, 0, len(r)+1)
		nr = append(nr, r[:pos]...)
		nr = append(nr, nil)
		nr = append(nr, r[pos:]...)
		er := nr
		if len(stamps) > 0 {
			er = nr.Copy()
			for _, i := range stamps {
				if tv, ok := er[i].(time.Time); ok {
					er[i] = sqlfunc.ToZone(tv, loc)
				}
			}
		}
		v, err := gen.Eval(ctx, er)
		if err != nil {
			return nil, err
		}
		if nr[pos], _, err = col.Type.Convert(ctx, v); err != nil {
			return nil, err
		}
		if tv, ok := nr[pos].(time.Time); ok && loc != nil && col.Type.Type() == sqltypes.Timestamp {
			nr[pos] = sqlfunc.FromZone(tv, loc)
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
