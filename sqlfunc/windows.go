package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// InlineNamedWindows replaces `OVER w` and `OVER (w ORDER BY ...)` in each
// SELECT with the definition of w from its WINDOW clause. GMS's planner
// gives a window with neither ORDER BY nor frame the whole partition as its
// frame before it merges in the named window, so `SUM(v) OVER w` with
// `WINDOW w AS (PARTITION BY g ORDER BY id)` summed the whole partition
// instead of MySQL's default frame (RANGE UNBOUNDED PRECEDING to CURRENT
// ROW); the inline definition gets the defaults right. An unknown name is
// MySQL's 3579 (GMS used the whole result as the window); another reference
// MySQL refuses (two ORDER BYs, a frame in the referenced window) is left for
// GMS to refuse.
func InlineNamedWindows(stmt ast.Statement) {
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if s, ok := n.(*ast.Select); ok {
			inlineWindows(s)
		}
		return true, nil
	}, stmt)
}

// erWindowNoSuchWindow is MySQL's ER_WINDOW_NO_SUCH_WINDOW.
const erWindowNoSuchWindow = 3579

func inlineWindows(s *ast.Select) {
	named := map[string]*ast.WindowDef{}
	for _, w := range s.Window {
		named[w.Name.Lowered()] = w
	}
	// resolve follows w's chain of references; ok is false where MySQL
	// refuses the chain (a cycle, a missing name, a clause given twice).
	var resolve func(w *ast.WindowDef, depth int) (ast.WindowDef, bool)
	resolve = func(w *ast.WindowDef, depth int) (ast.WindowDef, bool) {
		out := ast.WindowDef{PartitionBy: w.PartitionBy, OrderBy: w.OrderBy, Frame: w.Frame}
		if w.NameRef.IsEmpty() {
			return out, true
		}
		ref, found := named[w.NameRef.Lowered()]
		if !found || depth > len(named) {
			return out, false
		}
		base, ok := resolve(ref, depth+1)
		if !ok || base.Frame != nil || (len(out.PartitionBy) > 0) ||
			(len(out.OrderBy) > 0 && len(base.OrderBy) > 0) {
			return out, false
		}
		out.PartitionBy = base.PartitionBy
		if len(out.OrderBy) == 0 {
			out.OrderBy = base.OrderBy
		}
		return out, true
	}
	visit := func(n ast.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *ast.Subquery:
			return false, nil
		case *ast.FuncExpr:
			if o := n.Over; o != nil && !o.NameRef.IsEmpty() {
				if _, found := named[o.NameRef.Lowered()]; !found {
					// Planned as a call whose construction fails with 3579:
					// the parser's errors all reach the client as 1064.
					*n = ast.FuncExpr{Name: ast.NewColIdent(noSuchWindowFunc),
						Exprs: ast.SelectExprs{&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(o.NameRef.String()))}}}
					return false, nil
				}
				if def, ok := resolve((*ast.WindowDef)(o), 0); ok {
					n.Over = &ast.Over{PartitionBy: def.PartitionBy, OrderBy: def.OrderBy, Frame: def.Frame}
				}
			}
		}
		return true, nil
	}
	_ = ast.Walk(visit, s.SelectExprs)
	_ = ast.Walk(visit, s.OrderBy)
	if s.Having != nil {
		_ = ast.Walk(visit, s.Having)
	}
}

// noSuchWindowFunc stands for a window function over an undefined window
// name (see inlineWindows).
const noSuchWindowFunc = "myriad_no_such_window"

func newNoSuchWindow(args ...sql.Expression) (sql.Expression, error) {
	name := ""
	if len(args) == 1 {
		if l, ok := args[0].(*expression.Literal); ok {
			name = fmt.Sprint(l.Value())
		}
	}
	return nil, mysql.NewSQLError(erWindowNoSuchWindow, "HY000", "Window name '%s' is not defined.", name)
}

func init() {
	functions[noSuchWindowFunc] = sql.FunctionN{Name: noSuchWindowFunc, Fn: newNoSuchWindow}
}

// FixWindows applies the window rewrites of Parser (missingWindowFuncs,
// InlineNamedWindows) to stmt, parsed from query by another parser (the
// server's plan cache parses text itself): without them BIT_OR(x) OVER ()
// was planned as a plain aggregate (1105) and OVER w took GMS's frame. A
// query whose text has no OVER is left alone without a walk.
func FixWindows(query string, stmt ast.Statement) {
	if !hasOver(query) {
		return
	}
	missingWindowFuncs(stmt)
	InlineNamedWindows(stmt)
}

// hasOver reports whether s contains "over" in any letter case.
func hasOver(s string) bool {
	for i := 0; i+4 <= len(s); i++ {
		if s[i]|0x20 == 'o' && s[i+1]|0x20 == 'v' && s[i+2]|0x20 == 'e' && s[i+3]|0x20 == 'r' {
			return true
		}
	}
	return false
}
