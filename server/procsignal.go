package server

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// SIGNAL inside a procedure body. GMS's interpreter raises it itself and
// takes only literals for its items: `SIGNAL SQLSTATE '45000' SET
// MESSAGE_TEXT = msg` with msg a routine variable failed the CALL with 1105
// "unsupported signal message text type". And its error never passes the
// CALL's runner, so the handler it reaches could not be chosen as MySQL
// chooses (prochandlers.go). sysSetBodies makes a SIGNAL of an SQLSTATE
// (not a warning, class 01) a marked statement (signalMarker) like a system
// variable's SET: a SELECT of the items' values, which the interpreter
// substitutes the routine's variables in and the runner turns into the
// error MySQL raises (runSignal). A SIGNAL of a declared condition's name
// stays GMS's.

// signalMarker starts the comment of a SELECT standing for a SIGNAL; the
// SQLSTATE follows.
const signalMarker = "/*myriad SIGNAL "

// signalStatement is the marked statement standing for s, or nil when GMS
// keeps s.
func signalStatement(s *ast.Signal) ast.Statement {
	st := s.SqlStateValue
	if s.ConditionName != "" || len(st) != 5 || st[:2] == "00" || st[:2] == "01" {
		return nil
	}
	sel := &ast.Select{Comments: ast.Comments{[]byte(signalMarker + st + "*/")}}
	for _, it := range s.Info {
		if it.Value == nil {
			return nil
		}
		sel.SelectExprs = append(sel.SelectExprs, &ast.AliasedExpr{Expr: it.Value, As: ast.NewColIdent(string(it.ConditionItemName))})
	}
	if len(sel.SelectExprs) == 0 {
		sel.SelectExprs = ast.SelectExprs{&ast.AliasedExpr{Expr: ast.NewIntVal([]byte("1")), As: ast.NewColIdent("myriad_signal")}}
	}
	return &ast.SetOp{Type: ast.UnionStr, Left: sel, Right: sel}
}

// signalOf is the SQLSTATE and the item SELECT of a marked SIGNAL.
func signalOf(parsed ast.Statement) (string, *ast.Select, bool) {
	u, ok := parsed.(*ast.SetOp)
	if !ok {
		return "", nil, false
	}
	sel, ok := u.Left.(*ast.Select)
	if !ok || len(sel.Comments) != 1 {
		return "", nil, false
	}
	c := string(sel.Comments[0])
	if !strings.HasPrefix(c, signalMarker) || !strings.HasSuffix(c, "*/") {
		return "", nil, false
	}
	return strings.TrimSuffix(c[len(signalMarker):], "*/"), sel, true
}

// runSignal evaluates a SIGNAL's items and answers its error
// (sql_signal.cc: MYSQL_ERRNO 1644, or 1643 for class 02, by default; the
// default texts; a MESSAGE_TEXT past 128 characters is an error, 1648, in
// strict mode and cut otherwise).
func (r *captureRunner) runSignal(ctx *sql.Context, state string, sel *ast.Select) error {
	items := &ast.Select{SelectExprs: sel.SelectExprs}
	sch, iter, _, err := r.inner.QueryWithBindings(ctx, "", items, nil, nil)
	if err != nil {
		return err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return err
	}
	if len(rows) != 1 {
		return fmt.Errorf("SIGNAL items answered %d rows", len(rows))
	}
	num, msg := 1644, "Unhandled user-defined exception condition"
	if state[:2] == "02" {
		num, msg = 1643, "Unhandled user-defined not found condition"
	}
	for i, c := range sch {
		v := rows[0][i]
		switch c.Name {
		case string(ast.SignalConditionItemName_MysqlErrno):
			n, _, cerr := types.Int64.Convert(ctx, v)
			if v == nil || cerr != nil || n.(int64) <= 0 || n.(int64) > 65535 {
				return mysql.NewSQLError(mysql.ERWrongValueForVar, "42000", "Variable 'MYSQL_ERRNO' can't be set to the value of '%v'", printable(v))
			}
			num = int(n.(int64))
		case string(ast.SignalConditionItemName_MessageText):
			if v == nil {
				return mysql.NewSQLError(mysql.ERWrongValueForVar, "42000", "Variable 'MESSAGE_TEXT' can't be set to the value of 'NULL'")
			}
			s, _, cerr := types.LongText.Convert(ctx, v)
			if cerr != nil {
				return cerr
			}
			msg = s.(string)
			if utf8.RuneCountInString(msg) > 128 {
				if m := sql.LoadSqlMode(ctx); m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES") {
					return mysql.NewSQLError(1648, "HY000", "Data too long for condition item 'MESSAGE_TEXT'")
				}
				msg = string([]rune(msg)[:128])
			}
		}
	}
	return mysql.NewSQLError(num, state, "%s", msg)
}

func printable(v any) any {
	if v == nil {
		return "NULL"
	}
	return v
}
