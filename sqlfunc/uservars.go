package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/sqltext"
)

// assignVar is `@v := expr` in an expression (sqltext.Operators writes it
// as sqltext.AssignFunc('v', expr)): it stores the value of expr in @v and
// returns it, once per evaluation (per row), as MySQL does.
type assignVar struct {
	unary // the value assigned
	name  string
}

func newAssignVar(args ...sql.Expression) (sql.Expression, error) {
	if len(args) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New(sqltext.AssignFunc, 2, len(args))
	}
	l, ok := args[0].(*expression.Literal)
	name, isStr := "", false
	if ok {
		name, isStr = l.Value().(string)
	}
	if !isStr {
		return nil, fmt.Errorf("%s: the variable name must be a string literal", sqltext.AssignFunc)
	}
	return &assignVar{unary: unary{args[1]}, name: name}, nil
}

func (a *assignVar) Type() sql.Type           { return userVarType(a.child.Type()) }
func (a *assignVar) IsNonDeterministic() bool { return true }
func (a *assignVar) String() string           { return fmt.Sprintf("@%s := %s", a.name, a.child) }
func (a *assignVar) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, a.child)
}
func (a *assignVar) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(a, children)
}

func (a *assignVar) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	t := a.child.Type()
	if isTextValue(t) {
		t = textVarType(ctx, a.child) // uservarcoll.go
	}
	if err := ctx.SetUserVariable(ctx, a.name, v, t); err != nil {
		return nil, err
	}
	return v, nil
}

// userVarType is the type MySQL gives a user variable holding a value of
// type t, which is what a reference to it reports: every integer is
// BIGINT (UNSIGNED if it was), every DECIMAL DECIMAL(65,30), every string
// LONGTEXT in its collation, and a variable never set (NULL) LONGBLOB. GMS kept the assigned
// expression's own type (SET @v = 10 made @v a TINYINT) and typed an
// unset variable NULL.
func userVarType(t sql.Type) sql.Type {
	switch {
	case t == nil || t == types.Null:
		return types.LongBlob
	case isInt(t) && types.IsUnsigned(t):
		return types.Uint64
	case isInt(t):
		return types.Int64
	case types.IsFloat(t):
		return types.Float64
	case types.IsDecimal(t):
		// DECIMAL_MAX_SCALE decimals, as MySQL's Item_func_get_user_var
		// declares (SET @d = 1.5: @d * 2 is 3.000000000000000000000000000000).
		return types.MustCreateDecimalType(types.DecimalTypeMaxPrecision, 30)
	case types.IsText(t):
		if st, ok := t.(sql.StringType); ok {
			return types.CreateLongText(st.Collation())
		}
	}
	return t
}

// retypeUserVar gives a reference to a user variable the type userVarType
// makes of the one it was planned with.
func retypeUserVar(v *expression.UserVar) sql.Expression {
	t := v.Type()
	nt := userVarType(t)
	if nt == t {
		return v
	}
	return expression.NewUserVarWithType(v.Name, nt)
}

func init() {
	functions[sqltext.AssignFunc] = sql.FunctionN{Name: sqltext.AssignFunc, Fn: newAssignVar}
}
