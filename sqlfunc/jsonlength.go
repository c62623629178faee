package sqlfunc

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// jsonLength is JSON_LENGTH(doc[, path]): GMS answers NULL for an empty
// array (`JSON_LENGTH('[]')`, an empty `tags` list), where MySQL counts 0.
// As in MySQL, a path that can match several values is error 3149, one that
// matches nothing NULL.
type jsonLength struct {
	doc, path sql.Expression
}

var _ sql.FunctionExpression = (*jsonLength)(nil)

func newJSONLength(args ...sql.Expression) (sql.Expression, error) {
	switch len(args) {
	case 1:
		return &jsonLength{doc: args[0], path: expression.NewLiteral("$", types.LongText)}, nil
	case 2:
		return &jsonLength{doc: args[0], path: args[1]}, nil
	}
	return nil, sql.ErrInvalidArgumentNumber.New("JSON_LENGTH", "1 or 2", len(args))
}

func (j *jsonLength) FunctionName() string { return "json_length" }
func (j *jsonLength) Description() string {
	return "returns the number of elements of a JSON document or of the value at a path"
}
func (j *jsonLength) Resolved() bool   { return j.doc.Resolved() && j.path.Resolved() }
func (j *jsonLength) String() string   { return fmt.Sprintf("json_length(%s, %s)", j.doc, j.path) }
func (j *jsonLength) Type() sql.Type   { return types.Int64 }
func (j *jsonLength) IsNullable() bool { return true }
func (j *jsonLength) Children() []sql.Expression {
	return []sql.Expression{j.doc, j.path}
}
func (j *jsonLength) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(c), 2)
	}
	return &jsonLength{doc: c[0], path: c[1]}, nil
}
func (j *jsonLength) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// erInvalidJSONPathWildcard is MySQL's ER_INVALID_JSON_PATH_WILDCARD.
const erInvalidJSONPathWildcard = 3149

func (j *jsonLength) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, ok, err := jsonDoc(ctx, j.doc, row)
	if err != nil || !ok {
		return nil, err
	}
	p, ok, err := pathArg(ctx, j.path, row)
	if err != nil || !ok {
		return nil, err
	}
	if p.wild {
		return nil, mysql.NewSQLError(erInvalidJSONPathWildcard, "42000",
			"In this situation, path expressions may not contain the * and ** tokens or an array range.")
	}
	found := p.find(doc)
	if len(found) == 0 {
		return nil, nil
	}
	switch v := found[0].(type) {
	case []any:
		return int64(len(v)), nil
	case map[string]any:
		return int64(len(v)), nil
	}
	return int64(1), nil
}

func init() {
	functions["json_length"] = sql.FunctionN{Name: "json_length", Fn: newJSONLength}
}
