package sqlfunc

import (
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// The session variables last_insert_id and identity are, in MySQL, the value
// LAST_INSERT_ID() returns: `INSERT ...; SELECT @@last_insert_id` is the id
// just generated, and `SET last_insert_id = 5` makes LAST_INSERT_ID() 5
// (sql/sys_vars.cc, Sys_last_insert_id and its synonym Sys_identity). GMS
// declares last_insert_id as an ordinary session variable that nothing
// updates, so it read 0 after every insert (a silent wrong answer for
// applications that read @@identity), and did not know identity at all.

// lastInsertVars are the names that read and set the session's last
// insert id.
func isLastInsertVar(name string) bool {
	return strings.EqualFold(name, "last_insert_id") || strings.EqualFold(name, "identity")
}

var identityOnce sync.Once

// declareIdentity adds MySQL's `identity` session variable, a synonym of
// last_insert_id, so the planner accepts @@identity and SET identity.
func declareIdentity() {
	identityOnce.Do(func() {
		if _, _, ok := sql.SystemVariables.GetGlobal("identity"); ok {
			return
		}
		sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&sql.MysqlSystemVariable{
			Name:    "identity",
			Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Session),
			Dynamic: true,
			Type:    types.NewSystemIntType("identity", -9223372036854775808, 9223372036854775807, false),
			Default: int64(0),
		}})
	})
}

// lastInsertVar reads @@last_insert_id / @@identity from the session's
// last insert id; it prints as the variable so the column keeps its name.
type lastInsertVar struct{ v *expression.SystemVar }

var _ sql.Expression = (*lastInsertVar)(nil)
var _ sql.CollationCoercible = (*lastInsertVar)(nil)

func (l *lastInsertVar) Resolved() bool             { return true }
func (l *lastInsertVar) IsNullable() bool           { return false }
func (l *lastInsertVar) Children() []sql.Expression { return nil }
func (l *lastInsertVar) String() string             { return l.v.String() }
func (l *lastInsertVar) Type() sql.Type             { return types.Uint64 }

func (l *lastInsertVar) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// IsNonDeterministic keeps the value out of constant folding: it changes
// with every insert.
func (l *lastInsertVar) IsNonDeterministic() bool { return true }

func (l *lastInsertVar) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	return uint64(ctx.GetLastQueryInfoInt(sql.LastInsertId)), nil
}

func (l *lastInsertVar) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(l, len(children), 0)
	}
	return l, nil
}

// lastInsertRead replaces a session read of the two variables.
func lastInsertRead(e *expression.SystemVar) sql.Expression {
	if !isLastInsertVar(e.Name) || strings.EqualFold(e.SpecifiedScope, "global") {
		return nil
	}
	return &lastInsertVar{v: e}
}

// lastInsertSet is the value of `SET last_insert_id = x`: it also becomes
// the session's last insert id, as in MySQL.
type lastInsertSet struct{ unary }

func (s *lastInsertSet) Type() sql.Type { return s.child.Type() }

func (s *lastInsertSet) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, s.child)
}

func (s *lastInsertSet) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(s, children)
}

func (s *lastInsertSet) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	n, _, err := types.Int64.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	ctx.SetLastQueryInfoInt(sql.LastInsertId, n.(int64))
	return v, nil
}

// lastInsertSetField wraps the value of SET last_insert_id / identity.
func lastInsertSetField(e *expression.SetField) sql.Expression {
	var v *expression.SystemVar
	switch l := e.LeftChild.(type) {
	case *expression.SystemVar:
		v = l
	case *lastInsertVar:
		// The bottom-up walk replaced the assigned variable as if read.
		v = l.v
	default:
		return nil
	}
	if !isLastInsertVar(v.Name) {
		return nil
	}
	if _, done := e.RightChild.(*lastInsertSet); done && e.LeftChild == sql.Expression(v) {
		return nil
	}
	right := e.RightChild
	if _, done := right.(*lastInsertSet); !done {
		right = &lastInsertSet{unary{right}}
	}
	ne, err := e.WithChildren(v, right)
	if err != nil {
		return nil
	}
	return ne
}

// sysVarScopeErr is MySQL's ER_INCORRECT_GLOBAL_LOCAL_VAR (1238) for
// @@global.x of a session-only variable and @@session.x of a global-only
// one; GMS answered the session's or the default value instead (a global
// read of last_insert_id was 0, of timestamp 1000).
func sysVarScopeErr(e *expression.SystemVar) error {
	spec := strings.ToLower(e.SpecifiedScope)
	if spec != "global" && spec != "session" && spec != "local" {
		return nil
	}
	v, _, ok := sql.SystemVariables.GetGlobal(e.Name)
	if !ok {
		return nil
	}
	m, ok := v.(*sql.MysqlSystemVariable)
	if !ok || m.Scope == nil {
		return nil
	}
	switch {
	case spec == "global" && m.Scope.Type == sql.SystemVariableScope_Session:
		return mysql.NewSQLError(1238, "HY000", "Variable '%s' is a SESSION variable", m.Name)
	case spec != "global" && m.Scope.Type == sql.SystemVariableScope_Global:
		return mysql.NewSQLError(1238, "HY000", "Variable '%s' is a GLOBAL variable", m.Name)
	}
	return nil
}
