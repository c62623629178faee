package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// DefaultOfFunc is the call DEFAULT(col) becomes in an INSERT's VALUES and
// an UPDATE's SET when the column it names may not be the one assigned.
// GMS's planner reads DEFAULT(col) there as DEFAULT, the default of the
// assigned column, whatever col is: `INSERT INTO t (x) VALUES (DEFAULT(y))`
// stored x's default and `UPDATE t SET y = DEFAULT(x)` changed nothing,
// both without a word. planfix puts col's own default in its place once the
// table is known; a call left over (a place planfix does not look at) is
// refused when evaluated rather than answered with the wrong default.
const DefaultOfFunc = "myriad_default_of"

// DefaultOf is a DEFAULT(Column) whose table is not known yet.
type DefaultOf struct{ Column string }

var _ sql.Expression = (*DefaultOf)(nil)

func (d *DefaultOf) Resolved() bool             { return true }
func (d *DefaultOf) IsNullable() bool           { return true }
func (d *DefaultOf) Children() []sql.Expression { return nil }
func (d *DefaultOf) Type() sql.Type             { return types.LongText }
func (d *DefaultOf) String() string             { return fmt.Sprintf("DEFAULT(%s)", d.Column) }
func (d *DefaultOf) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, ErrDefaultOf()
}
func (d *DefaultOf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 0)
	}
	return d, nil
}

// ErrDefaultOf refuses a DEFAULT(col) whose default is not served.
func ErrDefaultOf() error {
	return mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
		"This version of MySQL doesn't yet support 'DEFAULT(col) here (of a column whose default names other columns, or outside the VALUES and SET of INSERT and UPDATE)'")
}

func newDefaultOf(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 1 {
		return nil, sql.ErrInvalidArgumentNumber.New(DefaultOfFunc, 1, len(args))
	}
	v, err := args[0].Eval(nil, nil)
	s, isStr := v.(string)
	if err != nil || !isStr {
		return nil, ErrDefaultOf()
	}
	return &DefaultOf{Column: s}, nil
}

func init() {
	functions[DefaultOfFunc] = sql.FunctionN{Name: DefaultOfFunc, Fn: newDefaultOf}
}

// DefaultOfCalls makes each DEFAULT(col) of stmt's VALUES rows and SET
// lists a DefaultOfFunc call, except where the assigned column is col
// itself, which GMS's DEFAULT serves (the column list names it, or the SET
// assigns it): `INSERT INTO t VALUES (1, DEFAULT(b))` keeps the call, as
// which column the value goes to is known only with the table. changed:
// some call was made (the plan cache leaves such statements to the
// general path, where planfix replaces them).
func DefaultOfCalls(stmt ast.Statement) (changed bool) {
	call := func(d *ast.Default) ast.Expr {
		return &ast.FuncExpr{Name: ast.NewColIdent(DefaultOfFunc),
			Exprs: ast.SelectExprs{&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(d.ColName))}}}
	}
	sets := func(exprs ast.AssignmentExprs) {
		for _, ue := range exprs {
			d, ok := ue.Expr.(*ast.Default)
			if !ok || d.ColName == "" {
				continue
			}
			if ue.Name != nil && strings.EqualFold(ue.Name.Name.String(), d.ColName) {
				d.ColName = ""
				continue
			}
			ue.Expr, changed = call(d), true
		}
	}
	switch s := stmt.(type) {
	case *ast.Insert:
		var vals ast.Values
		switch r := s.Rows.(type) {
		case ast.Values:
			vals = r
		case *ast.AliasedValues:
			vals = r.Values
		}
		{
			for _, row := range vals {
				for j, e := range row {
					d, ok := e.(*ast.Default)
					if !ok || d.ColName == "" {
						continue
					}
					if j < len(s.Columns) && strings.EqualFold(s.Columns[j].String(), d.ColName) {
						d.ColName = ""
						continue
					}
					row[j], changed = call(d), true
				}
			}
		}
		sets(ast.AssignmentExprs(s.OnDup))
	case *ast.Update:
		sets(s.Exprs)
	}
	return changed
}
