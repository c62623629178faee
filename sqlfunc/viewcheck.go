package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// ViewCheckFunc is the call a write through a view WITH CHECK OPTION gets
// (the server's rewrite of such a statement onto the view's base table):
// myriad_view_check(cond, 'db', 'view', value) is value when cond is true
// and error 1369 (CHECK OPTION failed 'db.view') otherwise, NULL included,
// as MySQL refuses a row the view would not show.
const ViewCheckFunc = "myriad_view_check"

type viewCheck struct {
	cond, db, view, value sql.Expression
}

var _ sql.Expression = (*viewCheck)(nil)

func (v *viewCheck) Resolved() bool {
	return v.cond.Resolved() && v.db.Resolved() && v.view.Resolved() && v.value.Resolved()
}
func (v *viewCheck) IsNullable() bool { return v.value.IsNullable() }
func (v *viewCheck) Children() []sql.Expression {
	return []sql.Expression{v.cond, v.db, v.view, v.value}
}
func (v *viewCheck) Type() sql.Type { return v.value.Type() }
func (v *viewCheck) String() string {
	return fmt.Sprintf("%s(%s, %s, %s, %s)", ViewCheckFunc, v.cond, v.db, v.view, v.value)
}

func (v *viewCheck) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	ok, err := sql.EvaluateCondition(ctx, v.cond, row)
	if err != nil {
		return nil, err
	}
	if !sql.IsTrue(ok) {
		db, _ := v.db.Eval(ctx, row)
		view, _ := v.view.Eval(ctx, row)
		return nil, mysql.NewSQLError(1369, "HY000", "CHECK OPTION failed '%v.%v'", db, view)
	}
	return v.value.Eval(ctx, row)
}

func (v *viewCheck) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 4 {
		return nil, sql.ErrInvalidChildrenNumber.New(v, len(children), 4)
	}
	return &viewCheck{cond: children[0], db: children[1], view: children[2], value: children[3]}, nil
}

func newViewCheck(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 4 {
		return nil, sql.ErrInvalidArgumentNumber.New(ViewCheckFunc, 4, len(args))
	}
	return &viewCheck{cond: args[0], db: args[1], view: args[2], value: args[3]}, nil
}

func init() {
	functions[ViewCheckFunc] = sql.FunctionN{Name: ViewCheckFunc, Fn: newViewCheck}
}
