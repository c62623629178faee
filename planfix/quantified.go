package planfix

import (
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqlfunc"
)

// quantifiedID is from issue 9's subquery range 10_996-10_999.
const quantifiedID analyzer.RuleId = 10_996

var quantifiedRule = analyzer.Rule{Id: quantifiedID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node,
	_ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return quantifiedComparisons(ctx, n)
}}

// quantifiedComparisons turns each comparison whose right operand is a
// sqlfunc.QuantifiedOperand (`x > ALL (subquery)`, which the parser lacks;
// see sqltext.QuantifiedComparisons) into MySQL's quantified comparison:
//
//   - x = ANY (S) is x IN (S), and x <> ALL (S) is x NOT IN (S), by
//     definition: GMS's IN and this package's NOT IN already answer them;
//   - any other is a quantCmp, which compares x with each row of S.
//
// Being first, it also refuses derived tables with duplicate column names
// (duplicateDerivedColumns) before GMS plans them. It runs first of all
// (before sqlfunc rewrites comparisons, which would hide the operand) and reaches through opaque nodes and into subqueries:
// GMS analyzes a UNION's branches again past this batch.
func quantifiedComparisons(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	if err := duplicateDerivedColumns(n); err != nil {
		return nil, transform.SameTree, err
	}
	if !hasQuantified(n) {
		return n, transform.SameTree, nil
	}
	n, same, err := exprsDeepOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		var left, right sql.Expression
		op := ""
		switch c := e.(type) {
		case *expression.Not:
			eq, ok := c.Child.(*expression.Equals)
			if !ok {
				return e, transform.SameTree, nil
			}
			left, right, op = eq.Left(), eq.Right(), "ne"
		case *expression.Equals:
			left, right, op = c.Left(), c.Right(), "eq"
		case *expression.LessThan:
			left, right, op = c.Left(), c.Right(), "lt"
		case *expression.LessThanOrEqual:
			left, right, op = c.Left(), c.Right(), "le"
		case *expression.GreaterThan:
			left, right, op = c.Left(), c.Right(), "gt"
		case *expression.GreaterThanOrEqual:
			left, right, op = c.Left(), c.Right(), "ge"
		default:
			return e, transform.SameTree, nil
		}
		q, ok := right.(*sqlfunc.QuantifiedOperand)
		if !ok || q.Op != op {
			// `x <> ANY (S)` is read as NOT (x = ...): its '=' is left for the NOT.
			return e, transform.SameTree, nil
		}
		sub, ok := q.Sub.(*plan.Subquery)
		if !ok {
			return nil, transform.SameTree, sqlfunc.ErrQuantifiedOperand()
		}
		ne, err := newQuantified(op, q.All, left, sub)
		if err != nil {
			return nil, transform.SameTree, err
		}
		return ne, transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	if hasQuantified(n) {
		// Not the right operand of a comparison: `x = ANY (S) + 1`.
		return nil, transform.SameTree, sqlfunc.ErrQuantifiedOperand()
	}
	return n, same, nil
}

// hasQuantified: a QuantifiedOperand is anywhere in n.
func hasQuantified(n sql.Node) bool {
	found := false
	_, _, _ = exprsDeepOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if _, ok := e.(*sqlfunc.QuantifiedOperand); ok {
			found = true
		}
		return e, transform.SameTree, nil
	})
	return found
}

func newQuantified(op string, all bool, left sql.Expression, sub *plan.Subquery) (sql.Expression, error) {
	switch {
	case op == "eq" && !all:
		return plan.NewInSubquery(left, sub), nil
	case op == "ne" && all:
		return expression.NewNot(plan.NewInSubquery(left, sub)), nil
	}
	// Only = ANY and <> ALL (IN, NOT IN) compare rows.
	t, tuple := left.(expression.Tuple)
	if len(sub.Query.Schema()) != 1 || tuple && len(t) != 1 {
		return nil, mysql.NewSQLError(mysql.EROperandColumns, "21000", "Operand should contain 1 column(s)")
	}
	var cmp sql.Expression
	switch op {
	case "eq":
		cmp = expression.NewEquals(left, sub)
	case "ne":
		cmp = expression.NewNot(expression.NewEquals(left, sub))
	case "lt":
		cmp = expression.NewLessThan(left, sub)
	case "le":
		cmp = expression.NewLessThanOrEqual(left, sub)
	case "gt":
		cmp = expression.NewGreaterThan(left, sub)
	case "ge":
		cmp = expression.NewGreaterThanOrEqual(left, sub)
	default:
		return nil, fmt.Errorf("planfix: quantified comparison %q", op)
	}
	return &quantCmp{cmp: cmp, all: all}, nil
}

// quantCmp is `x op ALL (S)` (all) or `x op ANY (S)` as MySQL defines them:
// x op v is evaluated for each value v of S. ALL: TRUE when S is empty or
// every comparison is TRUE; FALSE when one is FALSE; else NULL. ANY: FALSE
// when S is empty or every comparison is FALSE; TRUE when one is TRUE;
// else NULL.
//
// Through analysis its child is the comparison x op (S), written as a scalar
// subquery's: every rule treats it as it treats any comparison with a
// subquery (collations, PadSpace, sqlfunc's conversions, subquery
// resolution; none folds it, it reads a subquery). At its first evaluation
// the subquery is taken out of the analyzed comparison (the operand on its
// right) and a quantSlot put in its place, which reads each value of S in
// turn.
type quantCmp struct {
	cmp sql.Expression
	all bool

	once sync.Once
	tmpl sql.Expression // cmp with the subquery replaced by the slot
	sub  *plan.Subquery
	err  error
}

var _ sql.Expression = (*quantCmp)(nil)

func (q *quantCmp) Resolved() bool             { return q.cmp.Resolved() }
func (q *quantCmp) IsNullable() bool           { return true }
func (q *quantCmp) Type() sql.Type             { return types.Boolean }
func (q *quantCmp) Children() []sql.Expression { return []sql.Expression{q.cmp} }
func (q *quantCmp) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

func (q *quantCmp) String() string {
	if q.all {
		return fmt.Sprintf("ALL%s", q.cmp)
	}
	return fmt.Sprintf("ANY%s", q.cmp)
}

func (q *quantCmp) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(q, len(children), 1)
	}
	return &quantCmp{cmp: children[0], all: q.all}, nil
}

// prepare finds the subquery: down the last operand from the comparison,
// through whatever the analyzer wrapped around it.
func (q *quantCmp) prepare() {
	var sub *plan.Subquery
	for e := q.cmp; e != nil && sub == nil; {
		if s, ok := e.(*plan.Subquery); ok {
			sub = s
			break
		}
		ch := e.Children()
		if len(ch) == 0 {
			break
		}
		e = ch[len(ch)-1]
	}
	if sub == nil {
		q.err = fmt.Errorf("planfix: quantified comparison lost its subquery: %s", q.cmp)
		return
	}
	slot := &quantSlot{typ: sub.Type()}
	q.tmpl, _, q.err = transform.Expr(q.cmp, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if e == sql.Expression(sub) {
			return slot, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
	q.sub = sub
}

func (q *quantCmp) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	q.once.Do(q.prepare)
	if q.err != nil {
		return nil, q.err
	}
	vals, err := q.sub.EvalMultiple(ctx, row)
	if err != nil {
		return nil, err
	}
	if len(vals) == 0 {
		return q.all, nil
	}
	// The slot reads the value appended to a copy of the row: the row's own
	// columns keep their indexes.
	ext := make(sql.Row, len(row)+1)
	copy(ext, row)
	null := false
	for _, v := range vals {
		ext[len(row)] = v
		r, err := q.tmpl.Eval(ctx, ext)
		if err != nil {
			return nil, err
		}
		if r == nil {
			null = true
			continue
		}
		t, err := sql.ConvertToBool(ctx, r)
		if err != nil {
			return nil, err
		}
		if t != q.all {
			return t, nil // ALL: one FALSE; ANY: one TRUE
		}
	}
	if null {
		return nil, nil
	}
	return q.all, nil
}

// quantSlot is the value of the subquery a quantCmp compares with: the last
// element of the row quantCmp.Eval passes, typed as the subquery.
type quantSlot struct {
	typ sql.Type
}

var _ sql.Expression = (*quantSlot)(nil)

func (s *quantSlot) Resolved() bool             { return true }
func (s *quantSlot) IsNullable() bool           { return true }
func (s *quantSlot) Type() sql.Type             { return s.typ }
func (s *quantSlot) Children() []sql.Expression { return nil }
func (s *quantSlot) String() string             { return "subquery_value" }

func (s *quantSlot) Eval(_ *sql.Context, row sql.Row) (any, error) {
	if len(row) == 0 {
		return nil, fmt.Errorf("planfix: subquery value read outside its comparison")
	}
	return row[len(row)-1], nil
}

func (s *quantSlot) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 0)
	}
	return s, nil
}

// duplicateDerivedColumns: a derived table, CTE or view whose columns (as
// named by its column list, else by its select list) repeat a name is
// MySQL's 1060; GMS ran it and the outer query read one of the two.
func duplicateDerivedColumns(n sql.Node) error {
	var err error
	_, _, _ = transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		sa, ok := n.(*plan.SubqueryAlias)
		if !ok || err != nil {
			return n, transform.SameTree, nil
		}
		names := sa.ColumnNames
		if len(names) == 0 {
			for _, c := range sa.Child.Schema() {
				names = append(names, c.Name)
			}
		}
		seen := make(map[string]bool, len(names))
		for _, name := range names {
			k := strings.ToLower(name)
			if seen[k] {
				err = mysql.NewSQLError(mysql.ERDupFieldName, "42S21", "Duplicate column name '%s'", name)
				break
			}
			seen[k] = true
		}
		return n, transform.SameTree, nil
	})
	return err
}
