package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// jsonType is JSON_TYPE, NULL for an SQL NULL argument as in MySQL; GMS
// answered the string 'NULL', the type of a JSON null, so a row whose JSON
// column is NULL read as holding a JSON null.
type jsonType struct {
	fixedFn
}

func newJSONType(as ...sql.Expression) (sql.Expression, error) {
	e, err := fixed("json_type", nil, func(in sql.Expression) sql.Type { return in.Type() }, nil).Fn(as...)
	if err != nil {
		return nil, err
	}
	return &jsonType{*e.(*fixedFn)}, nil
}

func (j *jsonType) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := j.fixedFn.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &jsonType{*e.(*fixedFn)}, nil
}

func (j *jsonType) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if args := j.Children(); len(args) == 1 {
		v, err := args[0].Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
	}
	return j.fixedFn.Eval(ctx, row)
}

func init() {
	functions["json_type"] = sql.FunctionN{Name: "json_type", Fn: newJSONType}
}
