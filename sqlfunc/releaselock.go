package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// releaseLock is RELEASE_LOCK(name) answering NULL for a lock nobody
// holds, as MySQL does ("NULL if the named lock did not exist", MySQL 8.0
// manual, Locking Functions): GMS keeps a released lock's entry, free,
// and answered 0 (not owned) for it from the second RELEASE_LOCK on. A
// lock another session holds still answers 0. The name is evaluated once
// and handed to GMS's function as a literal.
type releaseLock struct {
	expression.UnaryExpression
}

var _ sql.FunctionExpression = (*releaseLock)(nil)

// namedLocker is the session of an engine that knows GET_LOCK's lock
// table (engine.Session).
type namedLocker interface {
	NamedLocks() *sql.LockSubsystem
}

func newReleaseLock(e sql.Expression) sql.Expression {
	return &releaseLock{expression.UnaryExpression{Child: e}}
}

func (r *releaseLock) FunctionName() string { return "release_lock" }
func (r *releaseLock) Description() string  { return "release the named lock." }
func (r *releaseLock) Type() sql.Type       { return types.Int8 }
func (r *releaseLock) IsNullable() bool     { return true }
func (r *releaseLock) String() string       { return fmt.Sprintf("release_lock(%s)", r.Child) }
func (r *releaseLock) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (r *releaseLock) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	return newReleaseLock(children[0]), nil
}

func (r *releaseLock) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	nl, _ := ctx.Session.(namedLocker)
	var ls *sql.LockSubsystem
	if nl != nil {
		ls = nl.NamedLocks()
	}
	if ls == nil {
		return nil, fmt.Errorf("RELEASE_LOCK: no lock table in this session")
	}
	v, err := r.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	res, err := function.NewReleaseLock(ls)(expression.NewLiteral(v, r.Child.Type())).Eval(ctx, nil)
	if err != nil || res != int8(0) {
		return res, err
	}
	name, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return res, nil
	}
	s, _ := name.(string)
	if state, _ := ls.GetLockState(s); state != sql.LockInUse {
		return nil, nil
	}
	return res, nil
}

func init() {
	functions["release_lock"] = sql.Function1{Name: "release_lock", Fn: newReleaseLock}
}
