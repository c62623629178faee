package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// searchedCase is CASE x WHEN w1 THEN r1 ... END as CASE WHEN x = w1 THEN
// r1 ... END, for an x or a w that is a string. GMS's simple CASE builds its
// '=' while it evaluates each row, where none of the corrections of '='
// reach it (MySQL compares each pair as '=' does): CASE c WHEN 'a ' THEN 1
// END was 0 for c = 'a' under utf8mb4_general_ci (no padding), CASE c WHEN 2
// compared '2.0' as a string, and a CONCAT of a column compared in binary.
// x is evaluated once per WHEN, so an x that is not repeatable is
// evaluated once per row by operandOnce instead (onceoperand.go). The '=' get this package's corrections here (this runs bottom-up, past
// them) and their collation in engine/padspace.go.
func searchedCase(ctx *sql.Context, c *expression.Case, ignore bool) (sql.Expression, error) {
	if c.Expr == nil {
		return nil, nil
	}
	str := types.IsText(c.Expr.Type())
	for _, b := range c.Branches {
		str = str || types.IsText(b.Cond.Type())
	}
	if !str {
		return nil, nil
	}
	if !repeatable(c.Expr) {
		return caseOperandOnce(ctx, c, ignore)
	}
	branches := make([]expression.CaseBranch, len(c.Branches))
	for i, b := range c.Branches {
		eq, _, err := replaceExpr(ctx, expression.NewEquals(c.Expr, b.Cond), ignore)
		if err != nil {
			return nil, err
		}
		branches[i] = expression.CaseBranch{Cond: eq, Value: b.Value}
	}
	return expression.NewCase(nil, branches, c.Else), nil
}

// caseOperandOnce is searchedCase for an x that is not repeatable: the
// searched CASE compares x's slot, and operandOnce evaluates x once per row.
func caseOperandOnce(ctx *sql.Context, c *expression.Case, ignore bool) (sql.Expression, error) {
	slot := &operandSlot{like: c.Expr}
	branches := make([]expression.CaseBranch, len(c.Branches))
	for i, b := range c.Branches {
		eq, _, err := replaceExpr(ctx, expression.NewEquals(slot, b.Cond), ignore)
		if err != nil {
			return nil, err
		}
		if eq, err = beforeSlot(eq); err != nil {
			return nil, err
		}
		v, err := beforeSlot(b.Value)
		if err != nil {
			return nil, err
		}
		branches[i] = expression.CaseBranch{Cond: eq, Value: v}
	}
	var els sql.Expression
	if c.Else != nil {
		var err error
		if els, err = beforeSlot(c.Else); err != nil {
			return nil, err
		}
	}
	inner, _, err := replaceExprOnce(ctx, expression.NewCase(nil, branches, els), ignore)
	if err != nil {
		return nil, err
	}
	return &operandOnce{operand: c.Expr, inner: inner, text: c.String()}, nil
}
