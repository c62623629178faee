package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// UserVarTyper is the session's side of userVarString (engine.Session):
// GMS stores `SET @v = expr` and `SELECT ... INTO @v` with the type it
// guesses from the Go value (rowexec setUserVar and buildInto:
// types.ApproximateTypeFromValue), so every string variable became
// utf8mb4_0900_bin LONGTEXT whatever it was set from. `SET @s = 'abc';
// SELECT @s = 'ABC'` was then 0 under a case-insensitive connection
// collation (MySQL 1), and a latin1 value's LENGTH counted UTF-8 bytes.
// MySQL's user_var_entry keeps the value's collation (Item_func_set_user_var
// ::update_hash), and a reference to it is of IMPLICIT coercibility.
// NoteUserVarType tells the session the type of the value about to be
// stored in the variable, which it uses when GMS stores exactly that value.
type UserVarTyper interface {
	NoteUserVarType(name string, val any, t sql.Type)
}

// userVarString is the string value assigned to user variable name: it
// notes the value's collation with the session as it is computed.
type userVarString struct {
	transparent
	name string
}

// isTextValue: an expression whose value a variable holds as text in a
// collation (a binary string's []byte GMS already stores as LONGBLOB).
func isTextValue(t sql.Type) bool {
	return types.IsText(t) && !types.IsBinaryType(t)
}

// newUserVarString wraps e, the value of user variable name, unless it is
// not text or already wrapped.
func newUserVarString(name string, e sql.Expression) sql.Expression {
	if _, done := e.(*userVarString); done || !isTextValue(e.Type()) {
		return nil
	}
	return &userVarString{transparent: transparent{unary{e}}, name: name}
}

// userVarStringSet wraps the value of `SET @v = text`; nil otherwise.
func userVarStringSet(e *expression.SetField) sql.Expression {
	uv, ok := e.LeftChild.(*expression.UserVar)
	if !ok {
		return nil
	}
	w := newUserVarString(uv.Name, e.RightChild)
	if w == nil {
		return nil
	}
	ne, err := e.WithChildren(e.LeftChild, w)
	if err != nil {
		return nil
	}
	return ne
}

func (u *userVarString) DebugString() string {
	return fmt.Sprintf("userVarString(@%s, %s)", u.name, sql.DebugString(u.child))
}

func (u *userVarString) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(u, children)
}

func (u *userVarString) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if _, isStr := v.(string); isStr || v == nil {
		if vt, ok := ctx.Session.(UserVarTyper); ok {
			vt.NoteUserVarType(u.name, v, textVarType(ctx, u.child))
		}
	}
	return v, nil
}

// textVarType is the type of a variable holding text expression e's value:
// LONGTEXT in the collation COLLATION(e) reports (collationfn.go), which
// GMS's string functions answer through CollationCoercibility while their
// Type keeps the server default (CONCAT of two literals: utf8mb4_0900_bin).
func textVarType(ctx *sql.Context, e sql.Expression) sql.Type {
	coll, _ := collationOf(ctx, e)
	return types.CreateLongText(coll)
}
