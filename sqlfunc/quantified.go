package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/sqltext"
)

// QuantifiedOperand is `ALL (subquery)` or `ANY (subquery)` as the parser
// reads it after sqltext.QuantifiedComparisons: the right operand of a
// comparison. It is never evaluated: package planfix's first rule replaces
// the comparison holding it with MySQL's quantified comparison. One left
// anywhere else (`x = ANY (SELECT ...) + 1`) is MySQL's syntax error.
type QuantifiedOperand struct {
	All bool
	Op  string         // the comparison's operator, by its name in sqltext.QuantifiedOps
	Sub sql.Expression // the subquery
}

var _ sql.Expression = (*QuantifiedOperand)(nil)

// ErrQuantifiedOperand is the error of a quantified operand that is not the
// right operand of a comparison.
func ErrQuantifiedOperand() error {
	return mysql.NewSQLError(mysql.ERParseError, "42000",
		"You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'ALL/ANY'")
}

func (q *QuantifiedOperand) Resolved() bool             { return q.Sub.Resolved() }
func (q *QuantifiedOperand) IsNullable() bool           { return true }
func (q *QuantifiedOperand) Type() sql.Type             { return q.Sub.Type() }
func (q *QuantifiedOperand) Children() []sql.Expression { return []sql.Expression{q.Sub} }

func (q *QuantifiedOperand) String() string {
	if q.All {
		return "ALL " + q.Sub.String()
	}
	return "ANY " + q.Sub.String()
}

func (q *QuantifiedOperand) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, ErrQuantifiedOperand()
}

func (q *QuantifiedOperand) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(q, len(children), 1)
	}
	return &QuantifiedOperand{All: q.All, Op: q.Op, Sub: children[0]}, nil
}

func (q *QuantifiedOperand) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return sql.GetCoercibility(ctx, q.Sub)
}

func init() {
	for _, op := range sqltext.QuantifiedOps {
		for _, all := range []bool{true, false} {
			name := sqltext.QuantifiedFunc(all, op)
			functions[name] = sql.Function1{Name: name,
				Fn: func(e sql.Expression) sql.Expression { return &QuantifiedOperand{All: all, Op: op, Sub: e} }}
		}
	}
}
