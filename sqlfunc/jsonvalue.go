package sqlfunc

import (
	"github.com/myriaddb/myriad/jsondoc"

	"github.com/dolthub/go-mysql-server/sql"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// jsonValue is JSON_VALUE(doc, path) without RETURNING as MySQL's: the
// scalar at path as text, a JSON string unquoted, an object or array NULL
// (NULL ON ERROR, the default). GMS converted the JSON value to its
// VARCHAR(512) as JSON text: JSON_VALUE('{"a":"x"}', '$.a') was "x" with its
// quotes, and an array or object came back as its JSON text. The RETURNING
// form stays GMS's.
type jsonValue struct {
	*gmsjson.JsonValue
	typ sql.Type
}

func newJSONValue(args ...sql.Expression) (sql.Expression, error) {
	if len(args) > 0 {
		if _, ok := args[0].(*temporalsAsText); !ok {
			args = append([]sql.Expression{&temporalsAsText{unary{args[0]}}}, args[1:]...)
		}
	}
	e, err := gmsjson.NewJsonValue(args...)
	if err != nil || len(args) > 2 {
		return e, err
	}
	jv := e.(*gmsjson.JsonValue)
	typ := jv.Typ
	jv.Typ = nil // the looked-up JSON value itself
	return &jsonValue{JsonValue: jv, typ: typ}, nil
}

func (j *jsonValue) Type() sql.Type { return j.typ }

func (j *jsonValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newJSONValue(children...)
}

func (j *jsonValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.JsonValue.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	w, ok := v.(sql.JSONWrapper)
	if !ok {
		r, _, err := j.typ.Convert(ctx, v)
		return r, err
	}
	x, err := w.ToInterface()
	if err != nil {
		return nil, err
	}
	switch s := x.(type) {
	case nil, map[string]any, []any:
		return nil, nil
	case string:
		return s, nil
	case jsondoc.Temporal:
		return s.Text, nil
	}
	return types.JsonToMySqlString(w)
}

func init() {
	functions["json_value"] = sql.FunctionN{Name: "json_value", Fn: newJSONValue}
}

// temporalsAsText hands GMS's JSON_VALUE a document whose dates and times
// are their text: GMS's path lookup knows no jsondoc.Temporal (1105
// "invalid type"), and JSON_VALUE answers a scalar's text anyway.
type temporalsAsText struct{ unary }

func (t *temporalsAsText) Type() sql.Type { return t.child.Type() }
func (t *temporalsAsText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(t, children)
}
func (t *temporalsAsText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := t.child.Eval(ctx, row)
	if d, ok := v.(jsondoc.Doc); ok && err == nil && jsondoc.HasTemporal(d.Val) {
		return jsondoc.Doc{Val: jsondoc.TemporalsAsText(d.Val)}, nil
	}
	return v, err
}
