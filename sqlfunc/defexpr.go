package sqlfunc

import (
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Expressions stored in the schema (generated columns, DEFAULTs, CHECK
// constraints) reach a statement's plan through GMS's builder and its
// resolveInsertRows, which copy them in; the replacement rules then give
// them MySQL's arithmetic like any other expression of the plan. What GMS
// leaves out, the definitions rule (defExprRule, in "after-all" after GMS's
// applyTriggers and before lateRule's replacements) puts in:
//
//   - INSERT ... ON DUPLICATE KEY UPDATE recomputes the generated columns of
//     the row it changes (GMS kept the old values: `a = 7` left `b AS (a +
//     1)` at its old value, silently);
//   - a BEFORE INSERT or BEFORE UPDATE trigger that sets NEW.a is followed
//     by the generated columns computed again from the row the trigger
//     made, as MySQL's fill_record_n_invoke_before_triggers does (GMS
//     computed them before the trigger ran);
//   - under a strict sql_mode with ERROR_FOR_DIVISION_BY_ZERO, a division
//     by zero in a DEFAULT, a generated column or a CHECK fails the
//     statement with 1365, as one in the statement's own values does
//     (divzero.go), where GMS stored NULL with a warning.

// DefExprRuleID names the definitions rule (defexpr's range 11_360-11_369).
const DefExprRuleID analyzer.RuleId = 11_360

var defExprRule = analyzer.Rule{Id: DefExprRuleID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
	_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return definitions(ctx, n)
}}

func definitions(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch nn := n.(type) {
		case *plan.InsertInto:
			return insertDefinitions(ctx, nn)
		case *plan.Update:
			return updateDefinitions(ctx, nn)
		case *plan.CreateCheck:
			if nn.Check == nil || nn.Check.Expr == nil || nn.Table == nil {
				return n, transform.SameTree, nil
			}
			e, err := DefinitionExpr(ctx, nn.Check.Expr)
			if err != nil {
				return nil, transform.SameTree, err
			}
			return &addCheck{CreateCheck: nn, expr: e}, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// DefinitionExpr is e, an expression stored in the schema and bound to a
// table's row, as a statement computes it: with this package's
// replacements, and under a strict sql_mode with ERROR_FOR_DIVISION_BY_ZERO
// failing with 1365 on a division by zero. For the engine's own
// evaluations (ALTER TABLE ADD COLUMN's backfill, a copying ALTER's
// recomputed columns); what it returns is evaluated, never stored: the
// catalog keeps the text GMS prints for the original.
func DefinitionExpr(ctx *sql.Context, e sql.Expression) (sql.Expression, error) {
	out, _, err := ReplaceExpr(ctx, e)
	if err != nil {
		return nil, err
	}
	if !divZeroStrict(ctx, false) || !mayDivide(out) {
		return out, nil
	}
	if d, ok := out.(*sql.ColumnDefaultValue); ok && d != nil {
		return d.WithChildren(&checkDivZero{transparent{unary{d.Expr}}})
	}
	return &checkDivZero{transparent{unary{out}}}, nil
}

// addCheck is ALTER TABLE ... ADD CHECK: GMS's CreateCheck checks the
// existing rows with GMS's arithmetic (a * 2 over the largest BIGINT
// passed, where MySQL fails with 1690); addCheck checks them with expr,
// the check as a statement computes it, and then has the table store the
// check as GMS would.
type addCheck struct {
	*plan.CreateCheck
	expr sql.Expression
}

var _ sql.ExecSourceRel = (*addCheck)(nil)

func (a *addCheck) WithChildren(children ...sql.Node) (sql.Node, error) {
	n, err := a.CreateCheck.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &addCheck{CreateCheck: n.(*plan.CreateCheck), expr: a.expr}, nil
}

// Expressions hides the check from the replacement rules, which would
// rewrite the constraint GMS stores as its text (CreateCheck's
// WithExpressions changes the shared constraint).
func (a *addCheck) Expressions() []sql.Expression { return nil }

func (a *addCheck) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	if len(exprs) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(exprs), 0)
	}
	return a, nil
}

func (a *addCheck) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, a.Table, nil)
	if err != nil {
		return nil, err
	}
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err == nil {
			var res any
			if res, err = sql.EvaluateCondition(ctx, a.expr, r); err == nil && sql.IsFalse(res) {
				err = sql.ErrCheckConstraintViolated.New(a.Check.Name)
			}
		}
		if err != nil {
			_ = it.Close(ctx)
			return nil, err
		}
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	// The rest is GMS's executeCreateCheck, without its second scan: the
	// table fresh from the database (an earlier part of the same ALTER may
	// have changed it).
	t, ok, err := a.Database().GetTableInsensitive(ctx, a.Table.Name())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, sql.ErrTableNotFound.New(a.Table.Name())
	}
	for {
		w, ok := t.(sql.TableWrapper)
		if !ok {
			break
		}
		t = w.Underlying()
	}
	ct, ok := t.(sql.CheckAlterableTable)
	if !ok {
		return nil, plan.ErrNoCheckConstraintSupport.New(a.Table.Name())
	}
	def, err := plan.NewCheckDefinition(ctx, a.Check)
	if err != nil {
		return nil, err
	}
	if err := ct.CreateCheck(ctx, def); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.NewOkResult(0))), nil
}

func insertDefinitions(ctx *sql.Context, ins *plan.InsertInto) (sql.Node, transform.TreeIdentity, error) {
	if ins.Destination == nil || ins.Source == nil {
		return ins, transform.SameTree, nil
	}
	strict := divZeroStrict(ctx, ins.Ignore)
	sch := ins.Destination.Schema()
	gens, err := generatedSets(sch, strict)
	if err != nil {
		return nil, transform.SameTree, err
	}
	out := *ins
	same := transform.SameTree
	if len(gens) > 0 && len(ins.OnDupExprs) > 0 && !ins.IsReplace {
		// After the statement's own assignments, which GMS applies in
		// order to the old row: the generated columns see their result.
		out.OnDupExprs = append(append([]sql.Expression(nil), ins.OnDupExprs...), gens...)
		same = transform.NewTree
	}
	src := ins.Source
	if te, ok := src.(*plan.TriggerExecutor); ok && len(gens) > 0 {
		src = &regenerate{child: te, sets: gens, width: len(sch)}
		same = transform.NewTree
	}
	if strict {
		// The row source's projection resolveInsertRows made: DEFAULTs
		// and generated columns among the statement's values.
		if s, changed := divZeroDefaults(src); changed {
			src, same = s, transform.NewTree
		}
	}
	out.Source = src
	var node sql.Node = &out
	if strict {
		if nn, changed, err := divZeroChecks(node); err != nil {
			return nil, transform.SameTree, err
		} else if changed {
			node, same = nn, transform.NewTree
		}
	}
	if same == transform.SameTree {
		return ins, same, nil
	}
	return node, same, nil
}

func updateDefinitions(ctx *sql.Context, upd *plan.Update) (sql.Node, transform.TreeIdentity, error) {
	strict := divZeroStrict(ctx, upd.Ignore)
	var node sql.Node = upd
	same := transform.SameTree
	child := upd.Child
	src := updateSourceOf(child)
	if src == nil {
		return upd, transform.SameTree, nil
	}
	if strict {
		if exprs, changed := eachChanged(src.UpdateExprs, func(_ int, e sql.Expression) (sql.Expression, bool) {
			s, ok := e.(*expression.SetField)
			if !ok {
				return e, false
			}
			r, ok := divZeroDefault(s.RightChild)
			if !ok {
				return e, false
			}
			return expression.NewSetField(s.LeftChild, r), true
		}); changed {
			ns, err := src.WithExpressions(exprs...)
			if err != nil {
				return nil, transform.SameTree, err
			}
			child, err = replaceUpdateSource(child, ns.(*plan.UpdateSource))
			if err != nil {
				return nil, transform.SameTree, err
			}
			src, same = ns.(*plan.UpdateSource), transform.NewTree
		}
	}
	if te, ok := child.(*plan.TriggerExecutor); ok {
		// GMS's SET list ends with the generated columns' assignments
		// (buildUpdateExprs), over the table's row.
		var gens []sql.Expression
		for _, e := range src.UpdateExprs {
			if s, ok := e.(*expression.SetField); ok && isDefault(s.RightChild) && generatedTarget(s, src.Child.Schema()) {
				gens = append(gens, e)
			}
		}
		if len(gens) > 0 {
			// UpdateSource's rows are the old row and then the new one.
			child = &regenerate{child: te, sets: gens, width: len(src.Child.Schema()), offset: len(src.Child.Schema())}
			same = transform.NewTree
		}
	}
	if same == transform.NewTree {
		nn, err := upd.WithChildren(child)
		if err != nil {
			return nil, transform.SameTree, err
		}
		node = nn
	}
	if strict {
		if nn, changed, err := divZeroChecks(node); err != nil {
			return nil, transform.SameTree, err
		} else if changed {
			node, same = nn, transform.NewTree
		}
	}
	return node, same, nil
}

// updateSourceOf is the UpdateSource below a single-table UPDATE's BEFORE
// triggers; nil for anything else (a multi-table UPDATE's join).
func updateSourceOf(n sql.Node) *plan.UpdateSource {
	for {
		switch nn := n.(type) {
		case *plan.UpdateSource:
			return nn
		case *plan.TriggerExecutor:
			n = nn.Left()
		default:
			return nil
		}
	}
}

// replaceUpdateSource is n with the UpdateSource of updateSourceOf(n) src.
func replaceUpdateSource(n sql.Node, src *plan.UpdateSource) (sql.Node, error) {
	switch nn := n.(type) {
	case *plan.UpdateSource:
		return src, nil
	case *plan.TriggerExecutor:
		l, err := replaceUpdateSource(nn.Left(), src)
		if err != nil {
			return nil, err
		}
		return nn.WithChildren(l, nn.Right())
	}
	return nil, fmt.Errorf("no UPDATE source in %T", n)
}

func isDefault(e sql.Expression) bool {
	_, ok := e.(*sql.ColumnDefaultValue)
	return ok
}

func generatedTarget(s *expression.SetField, sch sql.Schema) bool {
	gf, ok := s.LeftChild.(*expression.GetField)
	if !ok {
		return false
	}
	i := sch.IndexOfColName(gf.Name())
	return i >= 0 && sch[i].Generated != nil
}

// generatedSets assigns every generated column of sch its expression, over
// a row of sch, in the schema's order (a generated column may only read
// those before it).
func generatedSets(sch sql.Schema, strict bool) ([]sql.Expression, error) {
	var out []sql.Expression
	for i, c := range sch {
		if c.Generated == nil {
			continue
		}
		e, err := bindToSchema(c.Generated, sch)
		if err != nil {
			return nil, err
		}
		if strict {
			e, _ = divZeroDefault(e)
		}
		gf := expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
		out = append(out, expression.NewSetField(gf, e))
	}
	return out, nil
}

// bindToSchema points e's column references at the columns of sch with
// their names: the builder's indexes are its scope's, not the row's.
func bindToSchema(e sql.Expression, sch sql.Schema) (sql.Expression, error) {
	out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		for i, c := range sch {
			if strings.EqualFold(c.Name, gf.Name()) {
				return gf.WithIndex(i), transform.NewTree, nil
			}
		}
		return nil, transform.SameTree, sql.ErrTableColumnNotFound.New(gf.Table(), gf.Name())
	})
	return out, err
}

// divZeroDefault is e (a DEFAULT or generated column's expression) with
// its expression under checkDivZero when it may divide. The
// ColumnDefaultValue stays outermost: GMS's projection evaluates those
// last, over the row the others made (rowexec.ProjectRow).
func divZeroDefault(e sql.Expression) (sql.Expression, bool) {
	d, ok := e.(*sql.ColumnDefaultValue)
	if !ok || d == nil || d.Expr == nil || !mayDivide(d.Expr) {
		return e, false
	}
	if _, done := d.Expr.(*checkDivZero); done {
		return e, false
	}
	nd, err := d.WithChildren(&checkDivZero{transparent{unary{d.Expr}}})
	if err != nil {
		return e, false
	}
	return nd, true
}

// divZeroDefaults checks the DEFAULT and generated values of the
// projection resolveInsertRows put over an INSERT's rows (below its BEFORE
// triggers and the regeneration after them).
func divZeroDefaults(n sql.Node) (sql.Node, bool) {
	switch nn := n.(type) {
	case *plan.Project:
		projs, changed := eachChanged(nn.Projections, func(_ int, e sql.Expression) (sql.Expression, bool) {
			return divZeroDefault(e)
		})
		if !changed {
			return n, false
		}
		return plan.NewProject(projs, nn.Child), true
	case *plan.TriggerExecutor:
		l, changed := divZeroDefaults(nn.Left())
		if !changed {
			return n, false
		}
		nt, err := nn.WithChildren(l, nn.Right())
		if err != nil {
			return n, false
		}
		return nt, true
	case *regenerate:
		c, changed := divZeroDefaults(nn.child)
		if !changed {
			return n, false
		}
		r := *nn
		r.child = c
		return &r, true
	}
	return n, false
}

// divZeroChecks puts checkDivZero over the CHECK constraints of n (an
// INSERT or UPDATE) that may divide.
func divZeroChecks(n sql.Node) (sql.Node, bool, error) {
	cn, ok := n.(sql.CheckConstraintNode)
	if !ok {
		return n, false, nil
	}
	checks := cn.Checks()
	var out sql.CheckConstraints
	for i, c := range checks {
		if c == nil || c.Expr == nil || !mayDivide(c.Expr) {
			continue
		}
		if _, done := c.Expr.(*checkDivZero); done {
			continue
		}
		if out == nil {
			out = append(sql.CheckConstraints(nil), checks...)
		}
		nc := *c
		nc.Expr = &checkDivZero{transparent{unary{c.Expr}}}
		out[i] = &nc
	}
	if out == nil {
		return n, false, nil
	}
	return cn.WithChecks(out), true, nil
}

// regenerate computes the generated columns again over the rows its child
// (a BEFORE trigger) returns: the table's row at offset, width columns
// wide, gets sets applied in order (UPDATE's rows are the old row and the
// new one, INSERT's the new one).
type regenerate struct {
	child         sql.Node
	sets          []sql.Expression
	width, offset int
}

var _ sql.ExecSourceRel = (*regenerate)(nil)
var _ sql.Expressioner = (*regenerate)(nil)

func (r *regenerate) Resolved() bool       { return r.child.Resolved() }
func (r *regenerate) IsReadOnly() bool     { return r.child.IsReadOnly() }
func (r *regenerate) Schema() sql.Schema   { return r.child.Schema() }
func (r *regenerate) Children() []sql.Node { return []sql.Node{r.child} }
func (r *regenerate) String() string {
	return fmt.Sprintf("GeneratedColumns(%d)\n └─ %s", len(r.sets), strings.ReplaceAll(r.child.String(), "\n", "\n    "))
}

func (r *regenerate) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	nr := *r
	nr.child = children[0]
	return &nr, nil
}

func (r *regenerate) Expressions() []sql.Expression { return r.sets }

func (r *regenerate) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	if len(exprs) != len(r.sets) {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(exprs), len(r.sets))
	}
	nr := *r
	nr.sets = exprs
	return &nr, nil
}

func (r *regenerate) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	it, err := rowexec.DefaultBuilder.Build(ctx, r.child, row)
	if err != nil {
		return nil, err
	}
	return &regenerateIter{r: r, child: it}, nil
}

type regenerateIter struct {
	r     *regenerate
	child sql.RowIter
}

func (it *regenerateIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.child.Next(ctx)
	if err != nil {
		return nil, err
	}
	end := it.r.offset + it.r.width
	if len(row) < end {
		return row, nil
	}
	tab := row[it.r.offset:end]
	for _, s := range it.r.sets {
		v, err := s.Eval(ctx, tab)
		if err != nil {
			return nil, err
		}
		tab = v.(sql.Row)
	}
	out := make(sql.Row, 0, len(row))
	out = append(append(append(out, row[:it.r.offset]...), tab...), row[end:]...)
	return out, nil
}

func (it *regenerateIter) Close(ctx *sql.Context) error { return it.child.Close(ctx) }
