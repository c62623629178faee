package planfix

import (
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// cteWidthID is from round 15's range 11_060-11_079.
const cteWidthID analyzer.RuleId = 11_064

// recursiveCteWidths gives a recursive CTE's string columns the width of
// their anchor, as MySQL types a CTE's columns from its non-recursive part:
// a recursive row with a longer string is 1406 ("Data too long for column
// 'x'") in strict mode and cut to the width (with warning 1265) outside it.
// GMS typed `'a'` as LONGTEXT and let `CONCAT(x, 'a')` grow without
// bound, returning rows MySQL refuses. The width is known for an anchor
// column that is a string literal or an expression typed with a width (a
// string column, CAST to CHAR(n), CONCAT of them); an anchor expression
// typed LONGTEXT is left unchecked.
func recursiveCteWidths(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		r, ok := n.(*plan.RecursiveCte)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, done := r.Left().(*cteDepthReset); done {
			return n, transform.SameTree, nil
		}
		if err := unknownAnchorWidths(r); err != nil {
			return nil, transform.SameTree, err
		}
		widths := anchorWidths(r.Left())
		if widths == nil {
			nr, err := guardDepth(r, r.Right())
			return nr, transform.NewTree, err
		}
		names := make([]string, len(widths))
		for i := range names {
			if i < len(r.ColumnNames) {
				names[i] = r.ColumnNames[i]
			} else if s := r.Left().Schema(); i < len(s) {
				names[i] = s[i].Name
			}
		}
		nr, err := guardDepth(r, &cteWidthCheck{child: r.Right(), widths: widths, names: names})
		return nr, transform.NewTree, err
	})
}

// unknownAnchorWidths refuses (1235) a recursive CTE whose anchor column
// is a string function GMS types TEXT or LONGTEXT (UPPER, LPAD, REPEAT,
// REPLACE, DATE_FORMAT, IF ...) while its recursive part computes that column (rather
// than passing it on): MySQL gives the column the function's width and
// refuses (1406) or cuts (1265) a longer recursive value, a width Myriad
// does not know, so `SELECT UPPER('ab') AS s ... UNION ALL SELECT
// CONCAT(s, 'b')` returned rows MySQL refuses. CAST(... AS CHAR(n)), the
// usual way to size such a column, has its width.
func unknownAnchorWidths(r *plan.RecursiveCte) error {
	anchor, rec := projections(r.Left()), projections(r.Right())
	if anchor == nil {
		return nil
	}
	for i, e := range anchor {
		if al, ok := e.(*expression.Alias); ok {
			e = al.Child
		}
		switch e.(type) {
		case *expression.Literal, *expression.GetField:
			continue
		}
		st, ok := e.Type().(sql.StringType)
		// A function typed TEXT or LONGTEXT: GMS's default, not MySQL's
		// width (DATE_FORMAT, IF of strings are TEXT there).
		if !ok || !types.IsTextBlob(st) || types.IsBinaryType(st) {
			continue
		}
		if rec != nil && i < len(rec) {
			re := rec[i]
			if al, ok := re.(*expression.Alias); ok {
				re = al.Child
			}
			if _, ok := re.(*expression.GetField); ok {
				continue
			}
			if _, ok := re.(*expression.Literal); ok {
				continue
			}
		}
		name := ""
		if i < len(r.ColumnNames) {
			name = r.ColumnNames[i]
		} else if sch := r.Left().Schema(); i < len(sch) {
			name = sch[i].Name
		}
		return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
			"This version of MySQL doesn't yet support 'the width of recursive CTE column %s, whose anchor is %s; give the anchor a width with CAST(... AS CHAR(n))'", name, e.String())
	}
	return nil
}

// projections are the select expressions under n's filters, sorts and
// limits, or nil.
func projections(n sql.Node) []sql.Expression {
	for {
		switch a := n.(type) {
		case *plan.Project:
			return a.Projections
		case *plan.Filter, *plan.Limit, *plan.Sort, *plan.Distinct, *plan.OrderedDistinct, *plan.Having:
			n = a.Children()[0]
		default:
			return nil
		}
	}
}

// anchorWidths are the character widths of the anchor's string columns
// (-1: not checked), or nil when none is known.
func anchorWidths(anchor sql.Node) []int64 {
	for {
		switch a := anchor.(type) {
		case *plan.Project:
			widths := make([]int64, len(a.Projections))
			known := false
			for i, e := range a.Projections {
				widths[i] = -1
				if al, ok := e.(*expression.Alias); ok {
					e = al.Child
				}
				if w := exprWidth(e); w >= 0 {
					widths[i], known = w, true
				}
			}
			if !known {
				return nil
			}
			return widths
		case *plan.SubqueryAlias:
			return nil
		default:
			ch := anchor.Children()
			if len(ch) != 1 {
				return nil
			}
			switch anchor.(type) {
			case *plan.Filter, *plan.Limit, *plan.Sort, *plan.Distinct, *plan.OrderedDistinct:
				anchor = ch[0]
			default:
				return nil
			}
		}
	}
}

func exprWidth(e sql.Expression) int64 {
	switch e := e.(type) {
	case *expression.Literal:
		if s, ok := e.Value().(string); ok && types.IsText(e.Type()) {
			return int64(utf8.RuneCountInString(s))
		}
	}
	// Any other expression by its type: a column, a CAST to CHAR(n) and
	// functions whose width Myriad types as MySQL does (CONCAT, sqlfunc's
	// concattype.go). GMS's LONGTEXT answers are no width.
	if st, ok := e.Type().(sql.StringType); ok && types.IsText(st) {
		if n := st.MaxCharacterLength(); n > 0 && n < types.LongText.MaxCharacterLength() {
			return n
		}
	}
	return -1
}

// cteWidthCheck passes the recursive part's rows on, refusing (or, outside
// strict mode, cutting) strings wider than their column.
type cteWidthCheck struct {
	child  sql.Node
	widths []int64
	names  []string
}

var _ sql.ExecSourceRel = (*cteWidthCheck)(nil)

func (c *cteWidthCheck) Resolved() bool       { return c.child.Resolved() }
func (c *cteWidthCheck) IsReadOnly() bool     { return c.child.IsReadOnly() }
func (c *cteWidthCheck) String() string       { return c.child.String() }
func (c *cteWidthCheck) Schema() sql.Schema   { return c.child.Schema() }
func (c *cteWidthCheck) Children() []sql.Node { return []sql.Node{c.child} }
func (c *cteWidthCheck) WithChildren(ch ...sql.Node) (sql.Node, error) {
	if len(ch) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 1)
	}
	nc := *c
	nc.child = ch[0]
	return &nc, nil
}

func (c *cteWidthCheck) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, c.child, row)
	if err != nil {
		return nil, err
	}
	return &cteWidthIter{it: it, c: c, strict: strictMode(ctx)}, nil
}

type cteWidthIter struct {
	it     sql.RowIter
	c      *cteWidthCheck
	strict bool
}

func (w *cteWidthIter) Next(ctx *sql.Context) (sql.Row, error) {
	r, err := w.it.Next(ctx)
	if err != nil {
		return nil, err
	}
	for i, max := range w.c.widths {
		if max < 0 || i >= len(r) {
			continue
		}
		s, ok := r[i].(string)
		if !ok || int64(utf8.RuneCountInString(s)) <= max {
			continue
		}
		if w.strict {
			return nil, types.ErrLengthBeyondLimit.New(s, w.c.names[i])
		}
		cut := 0
		for k := int64(0); k < max; k++ {
			_, size := utf8.DecodeRuneInString(s[cut:])
			cut += size
		}
		r = r.Copy()
		r[i] = s[:cut]
		ctx.Session.Warn(&sql.Warning{Level: "Warning", Code: 1265,
			Message: "Data truncated for column '" + w.c.names[i] + "' at row 1"})
	}
	return r, nil
}

func (w *cteWidthIter) Close(ctx *sql.Context) error { return w.it.Close(ctx) }
