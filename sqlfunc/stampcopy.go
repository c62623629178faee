package sqlfunc

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"
)

// StampCopyRuleID is from tz4's range 11_350-11_359.
const StampCopyRuleID analyzer.RuleId = 11_350

// MySQL's INSERT ... SELECT and CREATE TABLE ... SELECT copy a TIMESTAMP
// column's stored value into the new row (field to field): a value read
// in a repeated hour's later instant stays that instant. GMS's insert
// iterator converts each value with the destination column's type first
// (types.ConvertToTime: .UTC(), then a rounding), which drops the mark
// ToSessionStamp put on it, so the editor saw only the wall time and
// stored its earlier instant, an hour off. Nothing in a time.Time survives
// that conversion but the wall time, so the mark travels beside the row:
// stampCarry, the INSERT's source, notes the marked values of each row it
// hands up, and the editor, for the row that comes back converted
// (CarriedStamp), takes the instant of a marked value whose wall time is
// the one it is given. Between the source's Next and the editor's Insert
// GMS's iterator only checks and converts that one row, so the note is
// the row's own. Only under a zone with DST (a plan is cached per
// time_zone): elsewhere no value is ever marked.
var stampCopyRule = analyzer.Rule{Id: StampCopyRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !zoneHasDST(ctx) {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.InsertInto:
			if !carries(x.Source) {
				return n, transform.SameTree, nil
			}
			return x.WithSource(&stampCarry{UnaryNode: plan.UnaryNode{Child: x.Source}, table: nodeTableName(x.Destination), plain: plainColumns(x.Source)}), transform.NewTree, nil
		case *plan.TableCopier:
			if !carries(x.Source) {
				return n, transform.SameTree, nil
			}
			c := *x
			c.Source = &stampCarry{UnaryNode: plan.UnaryNode{Child: x.Source}, table: nodeTableName(x.Destination), plain: plainColumns(x.Source)}
			return &c, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}}

// carries: a source that can hand up a TIMESTAMP read from a table (not
// VALUES, whose values are the writer's wall times).
func carries(src sql.Node) bool {
	switch src.(type) {
	case nil, *plan.Values, *stampCarry:
		return false
	}
	for _, c := range src.Schema() {
		// A column the INSERT does not name is its DEFAULT, which has no
		// type when the column has no default (NULL): no TIMESTAMP.
		if c.Type != nil && c.Type.Type() == sqltypes.Timestamp {
			return true
		}
	}
	return false
}

func nodeTableName(n sql.Node) string {
	if nt, ok := n.(sql.Nameable); ok {
		return nt.Name()
	}
	return ""
}

// carried holds, per session, the marked TIMESTAMP values of the row an
// INSERT's source handed up last.
var carried sync.Map // sql.Session -> *carriedRow

type carriedRow struct {
	table string
	// marks[i] is the marked value at position i of the row counted from
	// its end (GMS prunes an outer scope's values from the row's front);
	// zero where there is none.
	marks []time.Time
}

// CarriedStamp is the stored instant of the value t an INSERT hands the
// editor of table at position i of a row of n values, when the row's
// source read it marked (the later instant of a repeated hour) and t is
// its wall time.
func CarriedStamp(ctx *sql.Context, table string, i, n int, t time.Time, loc *time.Location) (time.Time, bool) {
	if ctx == nil || ctx.Session == nil {
		return time.Time{}, false
	}
	v, ok := carried.Load(ctx.Session)
	if !ok {
		return time.Time{}, false
	}
	cr := v.(*carriedRow)
	k := n - 1 - i
	if k < 0 || k >= len(cr.marks) || cr.marks[k].IsZero() || !strings.EqualFold(cr.table, table) {
		return time.Time{}, false
	}
	m := cr.marks[k]
	if !m.Equal(t) {
		return time.Time{}, false
	}
	return StampInstant(m, loc), true
}

// stampCarry is an INSERT's (or CREATE TABLE ... SELECT's) source that
// notes its rows' marked TIMESTAMP values for CarriedStamp.
type stampCarry struct {
	plan.UnaryNode
	table string
	// plain[i]: the source's column i is a table's column handed up as
	// read (plainColumns); only those copy a marked instant.
	plain []bool
}

var _ sql.ExecSourceRel = (*stampCarry)(nil)

func (s *stampCarry) String() string { return fmt.Sprintf("stamp_carry(%s)", s.Child) }
func (s *stampCarry) IsReadOnly() bool {
	return s.Child.IsReadOnly()
}
func (s *stampCarry) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	c := *s
	c.Child = children[0]
	return &c, nil
}
func (s *stampCarry) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.Child)
}

func (s *stampCarry) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, s.Child, row)
	if err != nil {
		return nil, err
	}
	return &carryIter{child: it, table: s.table, plain: s.plain}, nil
}

type carryIter struct {
	child sql.RowIter
	table string
	plain []bool
	noted bool
}

func (c *carryIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := c.child.Next(ctx)
	if err != nil || ctx.Session == nil {
		return row, err
	}
	var marks []time.Time
	for i := len(row) - 1; i >= 0; i-- {
		// plain is indexed by the source's schema, the row's last
		// len(plain) values (an outer scope's values come first).
		j := len(c.plain) - (len(row) - i)
		if j < 0 || !c.plain[j] {
			continue
		}
		t, ok := row[i].(time.Time)
		if !ok || t.Location() == time.UTC {
			continue
		}
		if _, marked := foldOffs.Load(t.Location()); !marked {
			continue
		}
		if marks == nil {
			marks = make([]time.Time, len(row))
		}
		marks[len(row)-1-i] = t
	}
	switch {
	case marks != nil:
		carried.Store(ctx.Session, &carriedRow{table: c.table, marks: marks})
		c.noted = true
	case c.noted:
		carried.Delete(ctx.Session)
		c.noted = false
	}
	return row, nil
}

func (c *carryIter) Close(ctx *sql.Context) error {
	if c.noted && ctx.Session != nil {
		carried.Delete(ctx.Session)
		c.noted = false
	}
	return c.child.Close(ctx)
}

// plainColumns reports, per column of n's schema, whether it is a table's
// column handed up as read: MySQL copies only such a column field to field
// (Field::store of a Field_timestamp keeps the stored instant); any
// expression of it (IFNULL, a scalar subquery, MAX, LAG, a GROUP BY key)
// is evaluated to a wall time in the session zone and stored as that wall
// time's earlier instant. The value of such an expression is still the
// marked time.Time the engine read (GMS passes it through), so the mark
// alone cannot tell them apart. Anything not recognised here is not
// plain, which stores the earlier instant, as before 11_350.
func plainColumns(n sql.Node) []bool { return plainCols(n, true) }

// plainCols: top is whether n is the INSERT's source itself.
func plainCols(n sql.Node, top bool) []bool {
	out := make([]bool, len(n.Schema()))
	switch x := n.(type) {
	case *plan.ResolvedTable, *plan.IndexedTableAccess:
		for i := range out {
			out[i] = true
		}
	case *plan.TableAlias, *plan.Filter, *plan.Sort, *plan.TopN, *plan.Limit, *plan.Offset,
		*plan.Distinct, *plan.OrderedDistinct, *plan.SubqueryAlias, *plan.Having, *plan.StripRowNode:
		child := n.Children()[0]
		if len(child.Schema()) == len(out) {
			copy(out, plainCols(child, false))
		}
	case *plan.GroupBy:
		// A column selected as is (a grouping key, or a value of the
		// group's row) is the temporary table's copy of the field in
		// MySQL: still the stored value. An aggregate is an expression.
		sub := plainCols(x.Child, false)
		for i, e := range x.SelectedExprs {
			if a, ok := e.(*expression.Alias); ok {
				e = a.Child
			}
			if i < len(out) && plainStampField(e, x.Child, sub) {
				out[i] = true
			}
		}
	case *stampDistinct:
		if len(x.Child.Schema()) == len(out) {
			copy(out, plainCols(x.Child, false))
		}
	case *plan.SetOp:
		// A UNION's column is as read only where every side's is.
		l, r := plainCols(x.Left(), false), plainCols(x.Right(), false)
		if len(l) == len(out) && len(r) == len(out) {
			for i := range out {
				out[i] = l[i] && r[i]
			}
		}
	case *plan.JoinNode:
		l, r := plainCols(x.Left(), false), plainCols(x.Right(), false)
		if len(l)+len(r) == len(out) {
			copy(out, append(l, r...))
		}
	case *plan.Project, *plan.Window:
		// A Window's schema is its select list, as a Project's.
		var child sql.Node
		var exprs []sql.Expression
		if p, ok := x.(*plan.Project); ok {
			child, exprs = p.Child, p.Projections
		} else {
			w := x.(*plan.Window)
			child, exprs = w.Child, w.SelectExprs
		}
		sub := plainCols(child, false)
		csch := child.Schema()
		for i, e := range exprs {
			// checkZeroDate (zerodate.go) and checkDivZero (divzero.go)
			// wrap an INSERT's source columns to check them; they hand the
			// value through unchanged. (Those wrappers are why 11_350's
			// first attempt at this check, on bare GetFields alone, failed
			// INSERT INTO t4 SELECT ts, id: a date column first in the
			// select list is wrapped.)
			for unwrapped := false; !unwrapped; {
				switch w := e.(type) {
				case *expression.Alias:
					e = w.Child
				case *checkDivZero:
					e = w.child
				case *checkZeroDate:
					e = w.child
				default:
					unwrapped = true
				}
			}
			gf, ok := e.(*expression.GetField)
			if !ok {
				continue
			}
			// A column of the projection GMS puts over an INSERT's source
			// to order it as the destination's columns has no table and the
			// destination's name: it is its child's column at its index.
			k := -1
			switch j := gf.Index(); {
			case gf.Table() == "" && top && j >= 0 && j < len(csch):
				k = j
			case j >= 0 && j < len(csch) && strings.EqualFold(csch[j].Name, gf.Name()) && strings.EqualFold(csch[j].Source, gf.Table()):
				k = j
			default:
				// In a subquery the index counts the outer scope's values
				// first: find the column by its name and table.
				for c := range csch {
					if strings.EqualFold(csch[c].Name, gf.Name()) && strings.EqualFold(csch[c].Source, gf.Table()) {
						if k >= 0 {
							k = -1
							break
						}
						k = c
					}
				}
			}
			if k >= 0 && i < len(out) {
				out[i] = sub[k]
			}
		}
	}
	return out
}
