package engine

import (
	"strconv"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// A value stored into a DECIMAL column with more fractional digits than
// the column's scale is rounded, and MySQL says so with Note 1265 "Data
// truncated for column 'd' at row n" (Field::warn_if_overflow on
// E_DEC_TRUNCATED; a note, so strict mode does not make it an error).
// GMS's DECIMAL conversion rounds without a word: `UPDATE t SET d =
// 12.345` into DECIMAL(10,2) stored 12.35 silently. decimalNotes puts a
// decimalNote over the value of every SET of a DECIMAL column with a
// scale (UPDATE, single- and multi-table) and over every VALUES value of
// an INSERT/REPLACE into one, unless the value is a literal that fits.

// decimalNotesID is from upd9's range 11_340-11_349.
const decimalNotesID analyzer.RuleId = 11_340

func decimalNotes(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.UpdateSource:
			exprs, changed := noteSetFields(ctx, x.UpdateExprs)
			if !changed {
				return n, transform.SameTree, nil
			}
			nx := *x
			nx.UpdateExprs = exprs
			return &nx, transform.NewTree, nil
		case *plan.InsertInto:
			nn, same, err := noteInsertValues(ctx, x)
			if err != nil {
				return nil, transform.SameTree, err
			}
			ins := nn.(*plan.InsertInto)
			// ON DUPLICATE KEY UPDATE's SETs.
			if exprs, changed := noteSetFields(ctx, ins.OnDupExprs); changed {
				ni := *ins
				ni.OnDupExprs = exprs
				return &ni, transform.NewTree, nil
			}
			return nn, same, nil
		}
		return n, transform.SameTree, nil
	})
}

// decimalOf is t as a DECIMAL type (nil: another type). DECIMAL(p, 0)
// rounds a fraction away too.
func decimalOf(t sql.Type) sql.DecimalType {
	d, _ := t.(sql.DecimalType)
	return d
}

func noteSetFields(ctx *sql.Context, exprs []sql.Expression) ([]sql.Expression, bool) {
	var out []sql.Expression
	for i, e := range exprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := sf.LeftChild.(*expression.GetField)
		if !ok {
			continue
		}
		dt := decimalOf(gf.Type())
		if dt == nil {
			continue
		}
		rhs, changed := underWrappers(sf.RightChild, func(e sql.Expression) (sql.Expression, bool) {
			if !needsNote(ctx, e, dt) {
				return e, false
			}
			return &decimalNote{child: e, col: dt, name: gf.Name(), rows: &rowCounter{}}, true
		})
		if !changed {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = expression.NewSetField(gf, rhs)
	}
	return out, out != nil
}

func noteInsertValues(ctx *sql.Context, ins *plan.InsertInto) (sql.Node, transform.TreeIdentity, error) {
	if ins.Destination == nil {
		return ins, transform.SameTree, nil
	}
	var proj *plan.Project
	v, ok := ins.Source.(*plan.Values)
	if !ok {
		if proj, ok = ins.Source.(*plan.Project); ok {
			v, ok = proj.Child.(*plan.Values)
		}
	}
	if !ok {
		return ins, transform.SameTree, nil
	}
	sch := ins.Destination.Schema()
	cols := make([]*sql.Column, 0, len(sch))
	if len(ins.ColumnNames) == 0 {
		cols = append(cols, sch...)
	} else {
		for _, name := range ins.ColumnNames {
			i := sch.IndexOfColName(strings.ToLower(name))
			if i < 0 {
				return ins, transform.SameTree, nil
			}
			cols = append(cols, sch[i])
		}
	}
	var tuples [][]sql.Expression
	for r, tup := range v.ExpressionTuples {
		if len(tup) != len(cols) {
			continue
		}
		var out []sql.Expression
		for i, e := range tup {
			dt := decimalOf(cols[i].Type)
			if dt == nil || cols[i].AutoIncrement {
				continue
			}
			if _, def := e.(*sql.ColumnDefaultValue); def {
				continue
			}
			ne, changed := underWrappers(e, func(e sql.Expression) (sql.Expression, bool) {
				if !needsNote(ctx, e, dt) {
					return e, false
				}
				return &decimalNote{child: e, col: dt, name: cols[i].Name, row: r + 1}, true
			})
			if !changed {
				continue
			}
			if out == nil {
				out = append([]sql.Expression(nil), tup...)
			}
			out[i] = ne
		}
		if out == nil {
			continue
		}
		if tuples == nil {
			tuples = append([][]sql.Expression(nil), v.ExpressionTuples...)
		}
		tuples[r] = out
	}
	if tuples == nil {
		return ins, transform.SameTree, nil
	}
	nv := *v
	nv.ExpressionTuples = tuples
	var src sql.Node = &nv
	if proj != nil {
		np, err := proj.WithChildren(&nv)
		if err != nil {
			return nil, transform.SameTree, err
		}
		src = np
	}
	return ins.WithSource(src), transform.NewTree, nil
}

// underWrappers applies wrap below the wrappers over e: expressions of one
// child that print as it (sqlfunc's checks, such as the range check of a
// SET, which converts the value to the column's type, so the digits a
// note is about are gone above it).
func underWrappers(e sql.Expression, wrap func(sql.Expression) (sql.Expression, bool)) (sql.Expression, bool) {
	switch e.(type) {
	case *decimalNote:
		return e, false
	case *sql.ColumnDefaultValue, *expression.Wrapper:
		// GMS recognizes SET c = DEFAULT by the SET's own expression
		// (a default that is an expression runs in a second pass).
		return e, false
	}
	kids := e.Children()
	if len(kids) != 1 || kids[0].String() != e.String() {
		return wrap(e)
	}
	inner, changed := underWrappers(kids[0], wrap)
	if !changed {
		return e, false
	}
	ne, err := e.WithChildren(inner)
	if err != nil {
		return e, false
	}
	return ne, true
}

// needsNote: e may lose digits in dt. A constant (literals under
// wrappers such as sqlfunc's range check) is checked now, so an INSERT of
// values that fit keeps its plain VALUES; anything else is checked as it
// is stored.
func needsNote(ctx *sql.Context, e sql.Expression, dt sql.DecimalType) bool {
	if _, done := e.(*decimalNote); done || types.IsInteger(e.Type()) {
		return false
	}
	constant := true
	sql.Inspect(e, func(x sql.Expression) bool {
		if len(x.Children()) == 0 {
			if _, lit := x.(*expression.Literal); !lit {
				constant = false
			}
		}
		return constant
	})
	if !constant || ctx == nil {
		return true
	}
	v, err := e.Eval(ctx, nil)
	if err != nil {
		return true // fails when it runs, as before
	}
	return rounds(v, dt)
}

// rounds reports whether storing v in dt drops non-zero fractional digits
// (a value out of dt's range, or no number, is GMS's to refuse or warn).
func rounds(v any, dt sql.DecimalType) bool {
	var d decimal.Decimal
	switch x := v.(type) {
	case decimal.Decimal:
		d = x
	case decimal.NullDecimal:
		if !x.Valid {
			return false
		}
		d = x.Decimal
	case float64:
		d = decimal.NewFromFloat(x)
	case float32:
		d = decimal.NewFromFloat32(x)
	case string:
		p, err := decimal.NewFromString(strings.TrimSpace(x))
		if err != nil {
			return false
		}
		d = p
	case []byte:
		p, err := decimal.NewFromString(strings.TrimSpace(string(x)))
		if err != nil {
			return false
		}
		d = p
	default:
		return false
	}
	scale := int32(dt.Scale())
	return !d.Truncate(scale).Equal(d)
}

// decimalNote evaluates its child and adds Note 1265 when the value will
// be rounded into the column. row is the VALUES row's number; an UPDATE's
// SET counts the rows it was evaluated for in this statement (rows).
type decimalNote struct {
	child sql.Expression
	col   sql.DecimalType
	name  string
	row   int
	rows  *rowCounter
}

var _ sql.Expression = (*decimalNote)(nil)

func (d *decimalNote) Resolved() bool             { return d.child.Resolved() }
func (d *decimalNote) IsNullable() bool           { return d.child.IsNullable() }
func (d *decimalNote) Type() sql.Type             { return d.child.Type() }
func (d *decimalNote) Children() []sql.Expression { return []sql.Expression{d.child} }
func (d *decimalNote) String() string             { return d.child.String() }

func (d *decimalNote) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, d.child)
}

func (d *decimalNote) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	nd := *d
	nd.child = children[0]
	return &nd, nil
}

func (d *decimalNote) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := d.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	n := d.row
	if d.rows != nil {
		n = d.rows.next(ctx)
	}
	if !rounds(v, d.col) {
		return v, nil
	}
	if _, inRange, cerr := d.col.Convert(ctx, v); cerr != nil || !inRange {
		return v, nil // GMS refuses it or warns otherwise
	}
	ctx.Session.Warn(&sql.Warning{Level: "Note", Code: 1265,
		Message: "Data truncated for column '" + d.name + "' at row " + strconv.Itoa(n)})
	return v, nil
}

// rowCounter numbers the rows one SET is evaluated for within a statement
// (a query's process id; a subcontext, such as a trigger's, keeps it). A
// cached plan may run in several sessions at once, so a few statements
// are kept apart; beyond that a row number may be off, never the note.
type rowCounter struct {
	mu    sync.Mutex
	slots [4]struct{ pid, n uint64 }
	slot  int
}

func (c *rowCounter) next(ctx *sql.Context) int {
	pid := ctx.Pid()
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := range c.slots {
		if c.slots[i].pid == pid && c.slots[i].n > 0 {
			c.slots[i].n++
			return int(c.slots[i].n)
		}
	}
	i := c.slot
	c.slot = (c.slot + 1) % len(c.slots)
	c.slots[i].pid, c.slots[i].n = pid, 1
	return 1
}
