package engine

import (
	"slices"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/myriaddb/myriad/catalog"
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
	// As an INSERT computes it (MySQL's arithmetic: 1690 on overflow, not
	// a wrapped value; 1365 for a division by zero in strict mode).
	if gen, err = sqlfunc.DefinitionExpr(ctx, gen); err != nil {
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
	conv := func(r sql.Row) (sql.Row, error) {
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
	}
	if col.Virtual {
		return t.rebuild(ctx, def, conv)
	}
	// Adding a STORED column is a copying ALTER in MySQL: the other STORED
	// columns over TIMESTAMPs are computed again too (copyingConv).
	return t.rebuild(ctx, def, copyingConv(ctx, t.def, def, conv))
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

// MySQL's copying ALTER (ALGORITHM=COPY: a column's type or character set
// changing, an added STORED generated column, an explicit
// ALGORITHM=COPY) recomputes every STORED generated column over each row it
// copies (copy_data_between_tables), in the ALTER session's time_zone; its
// in-place rebuilds and instant changes keep the stored values. Over a
// TIMESTAMP the value depends on the zone it is computed in: kept, a value
// one session computed under '+05:00' would stay where MySQL's ALTER under
// UTC computes another. stampGens recomputes those columns in Myriad's
// copying ALTERs; the others are the same computed again.
type stampGens struct {
	pos    []int            // the columns, in the new definition
	exprs  []sql.Expression // bound to the new definition's row
	typs   []sql.Type       // their types
	stamps []int            // the new definition's TIMESTAMP columns
}

// newStampGens finds nw's generated columns (but those old lacks) that a
// copy must compute again: a STORED one whose expression reads a column
// that is a TIMESTAMP in nw or was one in old, and any one (VIRTUAL too:
// the engine stores those values) that reads a column whose type the
// ALTER changes, or a column recomputed before it. `MODIFY a INT` over a
// DECIMAL 1.5 stores 2, and `b AS (a * 2)` must be 4, not the 3.00 copied
// (MySQL's copy computes every STORED column again, and a VIRTUAL one is
// computed when read). A generated column whose expression the ALTER
// changes (or a plain column made one) is computed again too, and so the
// generated columns reading it. nil when there is none. nw must be
// prepared.
func newStampGens(ctx *sql.Context, old, nw *catalog.Table) (*stampGens, error) {
	sch := nw.Schema().Schema
	oldSch := old.Schema().Schema
	g := &stampGens{stamps: stampsOf(sch)}
	reads := append([]int(nil), g.stamps...)
	var retyped, newExpr []int
	for i := range nw.Columns {
		j := columnByID(old, nw.Columns[i].ID)
		if j < 0 {
			continue
		}
		if sch[i].Type.Type() != sqltypes.Timestamp && oldSch[j].Type.Type() == sqltypes.Timestamp {
			reads = append(reads, i)
		}
		if !sch[i].Type.Equals(oldSch[j].Type) {
			retyped = append(retyped, i)
		}
		if genExprChanged(&old.Columns[j], &nw.Columns[i]) {
			newExpr = append(newExpr, i)
		}
	}
	if len(reads) == 0 && len(retyped) == 0 && len(newExpr) == 0 {
		return nil, nil
	}
	for i := range nw.Columns {
		c := &nw.Columns[i]
		// A column the ALTER adds has its value from the ALTER already.
		if c.Generated == nil || columnByID(old, c.ID) < 0 {
			continue
		}
		if !slices.Contains(newExpr, i) && !mentionsStamp(c.Generated.Expr, sch, retyped) && (c.Virtual || !mentionsStamp(c.Generated.Expr, sch, reads)) {
			continue
		}
		retyped = append(retyped, i)
		e, err := resolveFuncExpr(ctx, nw, c.Generated.Expr)
		if err == nil {
			e, err = sqlfunc.DefinitionExpr(ctx, e)
		}
		if err != nil {
			// Refused rather than copied with a value MySQL would not
			// have.
			return nil, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000", "This version of MySQL doesn't yet support 'a copying ALTER recomputing STORED generated column %s (%v)'", c.Name, err)
		}
		g.pos, g.exprs, g.typs = append(g.pos, i), append(g.exprs, e), append(g.typs, sch[i].Type)
	}
	if len(g.pos) == 0 {
		return nil, nil
	}
	return g, nil
}

// apply recomputes the columns in nr, a row of the new definition as
// stored (TIMESTAMPs in UTC), in the session's zone, as GMS computes them
// for an INSERT.
func (g *stampGens) apply(ctx *sql.Context, nr sql.Row) error {
	if g == nil {
		return nil
	}
	loc := sqlfunc.SessionZone(ctx)
	er := nr
	if loc != nil {
		er = nr.Copy()
		for _, i := range g.stamps {
			if tv, ok := er[i].(time.Time); ok {
				er[i] = sqlfunc.ToZone(tv, loc)
			}
		}
	}
	for k, pos := range g.pos {
		v, err := g.exprs[k].Eval(ctx, er)
		if err != nil {
			return err
		}
		if v, _, err = g.typs[k].Convert(ctx, v); err != nil {
			return err
		}
		if tv, ok := v.(time.Time); ok && loc != nil && g.typs[k].Type() == sqltypes.Timestamp {
			v = sqlfunc.FromZone(tv, loc)
		}
		nr[pos] = v
	}
	return nil
}

// copyingConv is conv with the STORED generated columns over TIMESTAMPs
// recomputed (stampGens), found at the first row: nw is prepared by then.
func copyingConv(ctx *sql.Context, old, nw *catalog.Table, conv func(sql.Row) (sql.Row, error)) func(sql.Row) (sql.Row, error) {
	var g *stampGens
	var gerr error
	found := false
	return func(r sql.Row) (sql.Row, error) {
		nr, err := conv(r)
		if err != nil {
			return nil, err
		}
		if !found {
			g, gerr = newStampGens(ctx, old, nw)
			found = true
		}
		if gerr != nil {
			return nil, gerr
		}
		return nr, g.apply(ctx, nr)
	}
}

// genExprChanged reports whether nc, the new definition of column oc, is
// generated by another expression than oc (or oc was no generated column):
// its stored values must be computed again.
func genExprChanged(oc, nc *catalog.Column) bool {
	return nc.Generated != nil && (oc.Generated == nil || genExprKey(oc.Generated.Expr) != genExprKey(nc.Generated.Expr))
}
