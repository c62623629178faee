package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// benchmark is MySQL's BENCHMARK(count, expr), which GMS lacks: expr is
// evaluated count times and the answer is 0; a NULL or negative count
// answers NULL (a negative one with warning 1411), as in MySQL's
// Item_func_benchmark::val_int. The loop stops when the statement is
// killed, and at expr's first error. Its type is MySQL's BIGINT.
type benchmark struct {
	expression.BinaryExpressionStub
}

var _ sql.FunctionExpression = (*benchmark)(nil)

func newBenchmark(count, expr sql.Expression) sql.Expression {
	return &benchmark{expression.BinaryExpressionStub{LeftChild: count, RightChild: expr}}
}

func (b *benchmark) FunctionName() string { return "benchmark" }
func (b *benchmark) Description() string {
	return "evaluates an expression a number of times and returns 0"
}
func (b *benchmark) Type() sql.Type   { return types.Int64 }
func (b *benchmark) IsNullable() bool { return true }
func (b *benchmark) String() string {
	return fmt.Sprintf("benchmark(%s, %s)", b.LeftChild, b.RightChild)
}
func (b *benchmark) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (b *benchmark) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(b, len(children), 2)
	}
	return newBenchmark(children[0], children[1]), nil
}

func (b *benchmark) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if t, ok := b.RightChild.(*expression.Tuple); ok {
		return nil, sql.ErrInvalidOperandColumns.New(1, len(t.Children()))
	}
	v, err := b.LeftChild.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	n := intArg(ctx, v)
	if n < 0 {
		ctx.Warn(1411, "Incorrect count value: '%d' for function benchmark", n)
		return nil, nil
	}
	for i := int64(0); i < n; i++ {
		if i&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if _, err := b.RightChild.Eval(ctx, row); err != nil {
			return nil, err
		}
	}
	return int64(0), nil
}

func init() {
	functions["benchmark"] = sql.Function2{Name: "benchmark", Fn: newBenchmark}
}
