package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// rowRange is a value of an INSERT's VALUES row stored into an integer or
// DECIMAL column under a strict sql_mode: out of the column's range it
// fails with MySQL's 1264 naming the column and the row's number in the
// statement. GMS's insert iterator checks the range itself, but its error
// has the value and the type, not the column or the row, so a multi-row
// INSERT said "Out of range value for column (300 does not fit tinyint) at
// row 1" for its third row (MySQL: "... for column 'a' at row 3").
type rowRange struct {
	unary
	col sql.Type
	// name is the column's; row is 1-based.
	name string
	row  int
}

func (r *rowRange) Type() sql.Type { return r.child.Type() }
func (r *rowRange) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, r.child)
}
func (r *rowRange) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(r, children)
}

func (r *rowRange) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if terr := strictTruncated(r.name, r.col, v, r.row); terr != nil {
		return nil, terr
	}
	_, inRange, cerr := r.col.Convert(ctx, v)
	if cerr != nil && types.IsDecimal(r.col) && isNumeric(v) {
		// GMS reports a number beyond a DECIMAL's precision as an error
		// without a MySQL code (store.go's checkRange does the same).
		cerr, inRange = nil, false
	}
	if cerr == nil && !inRange {
		return nil, mysql.NewSQLError(erWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", r.name, r.row)
	}
	return v, nil // in range, or an error GMS's iterator reports
}

// insertRanges puts rowRange over the VALUES of a strict, non-IGNORE
// INSERT that go into integer and DECIMAL columns. The sql_mode is read
// when the statement is analyzed, as divZeros does (cached plans are keyed
// by it).
func insertRanges(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Ignore || !strictMode(ctx) {
			return n, transform.SameTree, nil
		}
		v, ok := ins.Source.(*plan.Values)
		if !ok || ins.Destination == nil {
			return n, transform.SameTree, nil
		}
		sch := ins.Destination.Schema()
		cols := make([]*sql.Column, 0, len(sch))
		if len(ins.ColumnNames) == 0 {
			cols = append(cols, sch...)
		} else {
			for _, name := range ins.ColumnNames {
				i := sch.IndexOfColName(strings.ToLower(name))
				if i < 0 {
					return n, transform.SameTree, nil
				}
				cols = append(cols, sch[i])
			}
		}
		tuples, changed := eachChanged(v.ExpressionTuples, func(row int, tup []sql.Expression) ([]sql.Expression, bool) {
			if len(tup) != len(cols) {
				return tup, false
			}
			var out []sql.Expression
			for i, e := range tup {
				t := cols[i].Type
				if _, def := e.(*sql.ColumnDefaultValue); def {
					continue
				}
				if _, done := e.(*yearStore); !done && types.IsYear(t) {
					if out == nil {
						out = append([]sql.Expression(nil), tup...)
					}
					out[i] = &yearStore{unary{e}}
					continue
				}
				if _, done := e.(*rowRange); done || !(isInt(t) || types.IsDecimal(t)) {
					continue
				}
				if cols[i].AutoIncrement {
					// GMS's AutoIncrement recognizes a NULL given for the
					// column by its literal (and sets LAST_INSERT_ID); a
					// wrapped NULL was stored as a generated id without
					// it. Its range is checked where the id is made.
					continue
				}
				if out == nil {
					out = append([]sql.Expression(nil), tup...)
				}
				out[i] = &rowRange{unary: unary{e}, col: t, name: cols[i].Name, row: row + 1}
			}
			if out == nil {
				return tup, false
			}
			return out, true
		})
		if !changed {
			return n, transform.SameTree, nil
		}
		nv := *v
		nv.ExpressionTuples = tuples
		return ins.WithSource(&nv), transform.NewTree, nil
	})
}

// strictMode: STRICT_TRANS_TABLES, STRICT_ALL_TABLES or TRADITIONAL.
func strictMode(ctx *sql.Context) bool {
	if ctx == nil || ctx.Session == nil {
		return false
	}
	m := sql.LoadSqlMode(ctx)
	return m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES") || m.ModeEnabled("TRADITIONAL")
}
