package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// jsonType is JSON_TYPE, NULL for an SQL NULL argument as in MySQL; GMS
// answered the string 'NULL', the type of a JSON null, so a row whose JSON
// column is NULL read as holding a JSON null.
type jsonType struct {
	fixedFn
}

func newJSONType(as ...sql.Expression) (sql.Expression, error) {
	e, err := fixed("json_type", textAsDoc, func(in sql.Expression) sql.Type { return in.Type() }, nil).Fn(as...)
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

// textAsDoc: JSON text is parsed by jsondoc, so JSON_TYPE('1.0') is DOUBLE
// (GMS's float64 made it INTEGER); a JSON value, a cast among them, stays
// as it is.
func textAsDoc(_ int, a sql.Expression) sql.Expression {
	if types.IsText(a.Type()) {
		return wrapJSONArg(a, argDoc)
	}
	return a
}

func init() {
	functions["json_type"] = sql.FunctionN{Name: "json_type", Fn: newJSONType}
}
