package sqlfunc

import (
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
)

// A connection without a current database that reads a view as s.v is
// lent s as its current database for the statement (server: GMS binds a
// view's definition in the current database), but DATABASE() must still
// answer NULL there, as MySQL does: `SELECT DATABASE() FROM s.v` is NULL
// per row (it failed with 1046, the schema not being lent to a statement
// asking for the current database).

// lent holds the IDs of sessions whose current database is lent.
var lent sync.Map

// LendDatabase marks the session id's current database as lent until the
// returned function runs.
func LendDatabase(id uint32) (release func()) {
	lent.Store(id, true)
	return func() { lent.Delete(id) }
}

// lentDatabase is DATABASE() / SCHEMA(): NULL while the session's current
// database is lent.
type lentDatabase struct {
	*function.Database
}

func newDatabase() sql.Expression {
	return lentDatabase{function.NewDatabase().(*function.Database)}
}

func (d lentDatabase) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if _, ok := lent.Load(ctx.Session.ID()); ok {
		return nil, nil
	}
	return d.Database.Eval(ctx, row)
}

func (d lentDatabase) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 0)
	}
	return d, nil
}
