package regexpfn

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// RuleID is the analyzer rule that swaps GMS's RegexpLike, RegexpReplace,
// RegexpInstr and RegexpSubstr for Like, Replace, Instr and Substr.
const RuleID analyzer.RuleId = 10_995

// Rule replaces every REGEXP_LIKE, REGEXP_REPLACE, REGEXP_INSTR and
// REGEXP_SUBSTR of n (subqueries included) with this package's node.
func Rule(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return replaceNode(n)
}

func replaceNode(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprs(n, replaceExpr)
}

func replaceExpr(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch x := e.(type) {
	case *plan.Subquery:
		q, same, err := replaceNode(x.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return x.WithQuery(q), transform.NewTree, nil
	case *function.RegexpLike:
		return &Like{RegexpLike: x}, transform.NewTree, nil
	case *function.RegexpReplace:
		return &Replace{RegexpReplace: x}, transform.NewTree, nil
	case *function.RegexpInstr:
		return &Instr{RegexpInstr: x}, transform.NewTree, nil
	case *function.RegexpSubstr:
		return &Substr{RegexpSubstr: x}, transform.NewTree, nil
	}
	return e, transform.SameTree, nil
}

// Like is REGEXP_LIKE(text, pattern[, flags]) keeping what it compiled. The
// embedded GMS node gives the name, type, children and collation; its own
// Eval is never called.
type Like struct {
	*function.RegexpLike
	patterns
}

var _ sql.FunctionExpression = (*Like)(nil)
var _ sql.Disposable = (*Like)(nil)

// WithChildren keeps the replacement: the plan cache binds parameters into
// a cached plan, and GMS's transforms rebuild nodes, through it.
func (l *Like) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := l.RegexpLike.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &Like{RegexpLike: n.(*function.RegexpLike)}, nil
}

// Dispose releases the compiled patterns.
func (l *Like) Dispose() { l.patterns.Dispose() }

// Eval matches the row's text against its pattern, compiled once per
// distinct pattern and match type.
func (l *Like) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	re, err := l.lookup(ctx, row, l.Text, l.Pattern, l.Flags, l.FunctionName())
	if err != nil || re == nil {
		return nil, err
	}
	text, err := l.Text.Eval(ctx, row)
	if err != nil || text == nil {
		return nil, err
	}
	s, err := toText(ctx, text)
	if err != nil {
		return nil, err
	}
	if err := re.SetMatchString(ctx, s); err != nil {
		return nil, err
	}
	matched, err := re.Matches(ctx, 0, 0)
	if err != nil {
		return nil, err
	}
	if matched {
		return int8(1), nil
	}
	return int8(0), nil
}
