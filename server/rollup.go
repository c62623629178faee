package server

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/myriaddb/myriad/sqltext"
)

// GROUP BY ... WITH ROLLUP. The parser has no ROLLUP; sqltext.RollupEdits
// makes the text `GROUP BY a, b, myriad_rollup()` and rollupSelects turns
// such a SELECT into MySQL 8.0's answer: the union of its grouping levels
// (GROUP BY a, b; GROUP BY a; no GROUP BY), each computing its aggregates
// afresh (so DISTINCT aggregates are right), read through a derived table
// whose flag columns say which group columns a row rolled up:
//
//	SELECT <select list, HAVING and ORDER BY over the derived columns>
//	FROM (SELECT a g1, b g2, 0 f1, 0 f2, SUM(x) a1 ... GROUP BY a, b
//	      UNION ALL SELECT a, ANY_VALUE(b), 0, 1, SUM(x) ... GROUP BY a
//	      UNION ALL SELECT ANY_VALUE(a), ANY_VALUE(b), 1, 1, SUM(x) ...
//	      HAVING COUNT(*) > 0) myriad_rollup
//	WHERE <HAVING> ORDER BY <the user's ORDER BY>, f1, g1, f2, g2 LIMIT ...
//
// A group expression reads as NULL in its rolled-up rows (also inside an
// expression of the select list: `a + 1` is NULL there, as in MySQL 8.0),
// through a CASE, which keeps the column's type where a NULL in a UNION
// would not. Without an ORDER BY the rows come in MySQL's order: groups
// ascending, each super-aggregate row after the rows it sums up; an ORDER BY
// (MySQL 8.0.12+) sorts the whole result, LIMIT and HAVING apply after the
// rollup, as in MySQL. GROUPING(a, ...) reads the flags.
//
// What the rewrite cannot answer exactly is refused with 1235: DISTINCT,
// window functions, subqueries in the select list, HAVING or ORDER BY, a
// column outside the GROUP BY and the aggregates, SELECT *, INTO, locking
// reads, a ROLLUP nested in another one's FROM or WHERE.

// rollupAlias names the derived table of the grouping levels.
const rollupAlias = "myriad_rollup"

func errRollup(what string) error {
	return mysql.NewSQLError(mysql.ERNotSupportedYet, mysql.SSClientError,
		"This version of MySQL doesn't yet support 'WITH ROLLUP with %s'", what)
}

// rollupSelects rewrites every SELECT of stmt whose GROUP BY ends with the
// ROLLUP marker. reparse parses the statement's text again: each grouping
// level needs its own copy of the FROM, WHERE and expressions (the planner
// may not share AST nodes between the branches of a UNION). bind, when
// not nil, resolves GROUP BY names against the FROM tables (rollupfrom.go).
func rollupSelects(stmt ast.Statement, reparse func() (ast.Statement, error), bind func(ast.SQLNode) fromColumnFunc) error {
	if stmt == nil {
		return nil
	}
	if d, ok := stmt.(*ast.DDL); ok {
		// Walk does not enter a trigger's, procedure's or event's body. A
		// ROLLUP there is refused when the body is created: it was left
		// with its marker (1305 FUNCTION myriad_rollup does not exist when
		// the body ran), and its rewrite could not resolve a GROUP BY name
		// against the FROM tables as MySQL does (the body runs with
		// another current database, or none).
		for _, b := range []ast.Statement{triggerBody(d), procedureBody(d), eventBody(d)} {
			if b != nil && len(markedRollups(b)) > 0 {
				return errRollup("a trigger, stored procedure or event body")
			}
		}
	}
	marked := markedRollups(stmt)
	var fromCol fromColumnFunc
	if bind != nil && len(marked) > 0 {
		fromCol = bind(stmt)
	}
	for j, sel := range marked {
		for _, other := range markedRollups(sel) {
			if other != sel {
				return errRollup("a ROLLUP inside another one")
			}
		}
		fresh := func() (*ast.Select, error) {
			s, err := reparse()
			if err != nil {
				return nil, err
			}
			m := markedRollups(s)
			if len(m) != len(marked) {
				return nil, errRollup("this statement")
			}
			return m[j], nil
		}
		if err := rollupSelect(sel, fresh, fromCol); err != nil {
			return err
		}
	}
	return nil
}

// markedRollups lists the SELECTs under n whose GROUP BY ends with the
// marker, in the parser's walk order (the same in every parse of a text).
func markedRollups(n ast.SQLNode) []*ast.Select {
	var out []*ast.Select
	var visit func(n ast.SQLNode) (bool, error)
	visit = func(n ast.SQLNode) (bool, error) {
		switch n := n.(type) {
		case *ast.Select:
			if hasRollupMarker(n) {
				out = append(out, n)
			}
		// Walk does not enter CREATE TABLE ... AS SELECT's query nor
		// EXPLAIN's statement.
		case *ast.DDL:
			if n.OptSelect != nil && n.OptSelect.Select != nil {
				_ = ast.Walk(visit, n.OptSelect.Select)
			}

		case *ast.Explain:
			if n.Statement != nil {
				_ = ast.Walk(visit, n.Statement)
			}
		}
		return true, nil
	}
	_ = ast.Walk(visit, n)
	return out
}

func triggerBody(d *ast.DDL) ast.Statement {
	if d.TriggerSpec == nil {
		return nil
	}
	return d.TriggerSpec.Body
}

func procedureBody(d *ast.DDL) ast.Statement {
	if d.ProcedureSpec == nil {
		return nil
	}
	return d.ProcedureSpec.Body
}

func eventBody(d *ast.DDL) ast.Statement {
	if d.EventSpec == nil {
		return nil
	}
	return d.EventSpec.Body
}

func hasRollupMarker(s *ast.Select) bool {
	if len(s.GroupBy) == 0 {
		return false
	}
	f, ok := s.GroupBy[len(s.GroupBy)-1].(*ast.FuncExpr)
	return ok && f.Name.Lowered() == sqltext.RollupMarker && len(f.Exprs) == 0 && f.Qualifier.IsEmpty()
}

// rollupShape is what the rewrite reads of one parse of the SELECT: its
// group expressions (select aliases and positions resolved) and its
// aggregates, distinct by their text, in walk order.
type rollupShape struct {
	groups []ast.Expr
	aggs   []ast.Expr
	aggKey map[string]int
}

func readRollupShape(sel *ast.Select, fromCol fromColumnFunc) (*rollupShape, error) {
	if sel.Into != nil || sel.Lock != "" {
		return nil, errRollup("INTO or a locking read")
	}
	if sel.QueryOpts.Distinct || sel.QueryOpts.SQLCalcFoundRows {
		return nil, errRollup("DISTINCT or SQL_CALC_FOUND_ROWS")
	}
	if len(sel.Window) > 0 {
		return nil, errRollup("window functions")
	}
	groups := sel.GroupBy[:len(sel.GroupBy)-1]
	if len(groups) == 0 {
		return nil, mysql.NewSQLError(mysql.ERParseError, mysql.SSClientError,
			"You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'WITH ROLLUP'")
	}
	sh := &rollupShape{aggKey: map[string]int{}}
	selectExpr := func(i int) (ast.Expr, error) {
		ae, ok := sel.SelectExprs[i].(*ast.AliasedExpr)
		if !ok {
			return nil, errRollup("SELECT *")
		}
		return ae.Expr, nil
	}
	for _, g := range groups {
		switch v := g.(type) {
		case *ast.SQLVal:
			if v.Type == ast.IntVal {
				n, err := strconv.Atoi(string(v.Val))
				if err != nil || n < 1 || n > len(sel.SelectExprs) {
					return nil, mysql.NewSQLError(mysql.ERBadFieldError, "42S22", "Unknown column '%s' in 'group statement'", string(v.Val))
				}
				e, err := selectExpr(n - 1)
				if err != nil {
					return nil, err
				}
				g = e
			}
		case *ast.ColName:
			// MySQL resolves a GROUP BY name against the FROM tables first
			// (rollupfrom.go); a select alias that is not also a column of
			// the same name is taken as the alias when the FROM has no
			// such column, or when its tables cannot be seen.
			found, unknown := false, false
			if fromCol != nil && v.Qualifier.IsEmpty() {
				found, unknown = fromCol(sel, v.Name.Lowered())
			}
			if v.Qualifier.IsEmpty() && !found {
				for i, se := range sel.SelectExprs {
					if ae, ok := se.(*ast.AliasedExpr); ok && ae.As.Lowered() == v.Name.Lowered() {
						if c, ok := ae.Expr.(*ast.ColName); !ok || c.Name.Lowered() != v.Name.Lowered() {
							if unknown {
								// A view's or derived table's column of
								// that name would win in MySQL.
								return nil, errRollup("GROUP BY a select alias over a view or a derived table whose columns Myriad cannot see")
							}
							e, err := selectExpr(i)
							if err != nil {
								return nil, err
							}
							g = e
						}
						break
					}
				}
			}
		}
		if isAggregate(g) {
			return nil, mysql.NewSQLError(mysql.ERWrongGroupField, mysql.SSClientError, "Can't group on '%s'", ast.String(g))
		}
		sh.groups = append(sh.groups, g)
	}
	for _, r := range rollupRoots(sel) {
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			if e, ok := n.(ast.Expr); ok && isAggregate(e) {
				k := ast.String(e)
				if _, ok := sh.aggKey[k]; !ok {
					sh.aggKey[k] = len(sh.aggs)
					sh.aggs = append(sh.aggs, e)
				}
				return false, nil
			}
			return true, nil
		}, *r)
	}
	return sh, nil
}

// rollupRoots are the expressions evaluated over the rolled-up rows: the
// select list, HAVING and ORDER BY.
func rollupRoots(sel *ast.Select) []*ast.Expr {
	var roots []*ast.Expr
	for _, se := range sel.SelectExprs {
		if ae, ok := se.(*ast.AliasedExpr); ok {
			roots = append(roots, &ae.Expr)
		}
	}
	if sel.Having != nil {
		roots = append(roots, &sel.Having.Expr)
	}
	for _, o := range sel.OrderBy {
		roots = append(roots, &o.Expr)
	}
	return roots
}

// groupIndex is the position of e among the group expressions, or -1. A
// column matches a group column of its name when either is unqualified.
func (sh *rollupShape) groupIndex(e ast.Expr) int {
	c, isCol := e.(*ast.ColName)
	s := ""
	for i, g := range sh.groups {
		if gc, ok := g.(*ast.ColName); ok && isCol {
			if gc.Name.Lowered() == c.Name.Lowered() &&
				(gc.Qualifier.IsEmpty() || c.Qualifier.IsEmpty() || strings.EqualFold(ast.String(gc.Qualifier), ast.String(c.Qualifier))) {
				return i
			}
			continue
		}
		if isCol {
			continue
		}
		if s == "" {
			s = ast.String(e)
		}
		if s == ast.String(g) {
			return i
		}
	}
	return -1
}

func rollupRef(name string) *ast.ColName {
	return &ast.ColName{Name: ast.NewColIdent(name), Qualifier: ast.TableName{Name: ast.NewTableIdent(rollupAlias)}}
}

func intLit(n int) *ast.SQLVal { return ast.NewIntVal([]byte(strconv.Itoa(n))) }

// rolledUp is group expression i as the outer query reads it: NULL in the
// rows that rolled it up.
func rolledUp(i int) ast.Expr {
	return &ast.CaseExpr{
		Whens: []*ast.When{{Cond: &ast.ComparisonExpr{Operator: ast.EqualStr, Left: rollupRef(fmt.Sprintf("f%d", i+1)), Right: intLit(1)}, Val: &ast.NullVal{}}},
		Else:  rollupRef(fmt.Sprintf("g%d", i+1)),
	}
}

func rollupSelect(sel *ast.Select, fresh func() (*ast.Select, error), fromCol fromColumnFunc) error {
	sh, err := readRollupShape(sel, fromCol)
	if err != nil {
		return err
	}
	aliases := map[string]*ast.AliasedExpr{}
	for _, se := range sel.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			return errRollup("SELECT *")
		}
		if !ae.As.IsEmpty() {
			if _, dup := aliases[ae.As.Lowered()]; !dup {
				aliases[ae.As.Lowered()] = ae
			}
		}
	}
	// HAVING becomes the outer query's WHERE (GMS does not resolve a
	// derived table's columns in a HAVING without GROUP BY); the select
	// aliases it names become their expressions.
	var havingAliases []*ast.ColName
	// The outer query's expressions, rewritten over the derived columns.
	roots := rollupRoots(sel)
	nSelect := len(sel.SelectExprs)
	type swap struct{ from, to ast.Expr }
	var swaps []swap
	for ri, r := range roots {
		var werr error
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			if werr != nil {
				return false, nil
			}
			switch n := n.(type) {
			case *ast.Subquery:
				werr = errRollup("a subquery in the select list, HAVING or ORDER BY")
				return false, nil
			case *ast.FuncExpr:
				if n.Over != nil {
					werr = errRollup("window functions")
					return false, nil
				}
				if n.Name.Lowered() == "grouping" && n.Qualifier.IsEmpty() {
					var sum ast.Expr
					for k, a := range n.Exprs {
						ae, ok := a.(*ast.AliasedExpr)
						gi := -1
						if ok {
							gi = sh.groupIndex(ae.Expr)
						}
						if gi < 0 {
							werr = mysql.NewSQLError(3602, "HY000", "Argument #%d of GROUPING function is not in GROUP BY", k+1)
							return false, nil
						}
						var bit ast.Expr = rollupRef(fmt.Sprintf("f%d", gi+1))
						if sum == nil {
							sum = bit
						} else {
							sum = &ast.BinaryExpr{Operator: ast.PlusStr, Left: &ast.BinaryExpr{Operator: ast.MultStr, Left: sum, Right: intLit(2)}, Right: bit}
						}
					}
					if sum == nil {
						werr = errRollup("GROUPING()")
						return false, nil
					}
					swaps = append(swaps, swap{n, sum})
					return false, nil
				}
			}
			e, ok := n.(ast.Expr)
			if !ok {
				return true, nil
			}
			if isAggregate(e) {
				swaps = append(swaps, swap{e, rollupRef(fmt.Sprintf("a%d", sh.aggKey[ast.String(e)]+1))})
				return false, nil
			}
			if gi := sh.groupIndex(e); gi >= 0 {
				swaps = append(swaps, swap{e, rolledUp(gi)})
				return false, nil
			}
			if c, ok := e.(*ast.ColName); ok {
				if ri >= nSelect && c.Qualifier.IsEmpty() && aliases[c.Name.Lowered()] != nil {
					if sel.Having != nil && r == &sel.Having.Expr {
						havingAliases = append(havingAliases, c)
					}
					return false, nil // a select alias, read in the outer query
				}
				werr = errRollup("a column outside GROUP BY and the aggregates")
				return false, nil
			}
			return true, nil
		}, *r)
		if werr != nil {
			return werr
		}
	}
	// A bare column keeps its name (GMS names a column reference by the
	// column, not by the text).
	for _, se := range sel.SelectExprs {
		if ae := se.(*ast.AliasedExpr); ae.As.IsEmpty() {
			if c, ok := ae.Expr.(*ast.ColName); ok {
				ae.As = ast.NewColIdent(c.Name.String())
			}
		}
	}
	for _, s := range swaps {
		for _, r := range roots {
			*r = ast.ReplaceExpr(*r, s.from, s.to)
		}
	}
	if sel.Having != nil {
		for _, c := range havingAliases {
			if ae := aliases[c.Name.Lowered()]; ae.Expr != ast.Expr(c) {
				sel.Having.Expr = ast.ReplaceExpr(sel.Having.Expr, c, ae.Expr)
			}
		}
	}
	for _, r := range roots {
		left := false
		_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
			for _, s := range swaps {
				if e, ok := n.(ast.Expr); ok && e == s.from {
					left = true
				}
			}
			return !left, nil
		}, *r)
		if left {
			return errRollup("this expression")
		}
	}

	// The grouping levels, each from its own parse.
	n := len(sh.groups)
	var union ast.SelectStatement
	for level := n; level >= 0; level-- {
		fs, err := fresh()
		if err != nil {
			return err
		}
		fsh, err := readRollupShape(fs, fromCol)
		if err != nil {
			return err
		}
		if len(fsh.groups) != n || len(fsh.aggs) != len(sh.aggs) {
			return errRollup("this statement")
		}
		lv := &ast.Select{From: fs.From, Where: fs.Where, QueryOpts: ast.QueryOpts{StraightJoinHint: fs.QueryOpts.StraightJoinHint}}
		for i, g := range fsh.groups {
			e := g
			if i >= level {
				// Any value of the column's type: the outer CASE reads NULL
				// (a NULL here would change the UNION's column type).
				e = &ast.FuncExpr{Name: ast.NewColIdent("any_value"), Exprs: ast.SelectExprs{&ast.AliasedExpr{Expr: g}}}
			}
			lv.SelectExprs = append(lv.SelectExprs, &ast.AliasedExpr{Expr: e, As: ast.NewColIdent(fmt.Sprintf("g%d", i+1))})
		}
		for i := range fsh.groups {
			f := 0
			if i >= level {
				f = 1
			}
			lv.SelectExprs = append(lv.SelectExprs, &ast.AliasedExpr{Expr: intLit(f), As: ast.NewColIdent(fmt.Sprintf("f%d", i+1))})
		}
		for k, a := range fsh.aggs {
			lv.SelectExprs = append(lv.SelectExprs, &ast.AliasedExpr{Expr: a, As: ast.NewColIdent(fmt.Sprintf("a%d", k+1))})
		}
		if level > 0 {
			lv.GroupBy = ast.GroupBy(fsh.groups[:level])
		} else {
			// No groups, no grand total (an aggregate without GROUP BY
			// would give one row over no rows).
			count := &ast.FuncExpr{Name: ast.NewColIdent("count"), Exprs: ast.SelectExprs{&ast.StarExpr{}}}
			lv.Having = &ast.Where{Type: ast.HavingStr, Expr: &ast.ComparisonExpr{Operator: ast.GreaterThanStr, Left: count, Right: intLit(0)}}
		}
		if union == nil {
			union = lv
		} else {
			union = &ast.SetOp{Type: ast.UnionAllStr, Left: union, Right: lv}
		}
	}

	// Rows in MySQL's order after the user's ORDER BY: by each group
	// column, a rolled-up value after the values it sums up.
	for i := 0; i < n; i++ {
		sel.OrderBy = append(sel.OrderBy,
			&ast.Order{Expr: rollupRef(fmt.Sprintf("f%d", i+1)), Direction: ast.AscScr},
			&ast.Order{Expr: rollupRef(fmt.Sprintf("g%d", i+1)), Direction: ast.AscScr})
	}
	sel.From = ast.TableExprs{&ast.AliasedTableExpr{Expr: &ast.Subquery{Select: union}, As: ast.NewTableIdent(rollupAlias),
		Auth: ast.AuthInformation{AuthType: ast.AuthType_IGNORE}}}
	sel.Where, sel.GroupBy = nil, nil
	if sel.Having != nil {
		sel.Where = &ast.Where{Type: ast.WhereStr, Expr: sel.Having.Expr}
		sel.Having = nil
	}
	return nil
}
