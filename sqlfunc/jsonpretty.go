package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"

	"github.com/myriaddb/myriad/jsondoc"
)

// jsonPretty is JSON_PRETTY over a kinded document (jsondoc.AppendPretty):
// GMS's printed the DOUBLE 100 as 100, a DECIMAL without its scale, keys
// in alphabetical order (MySQL: by length, then bytes) and <, >, & as
// \u003c escapes. GMS's function stays for its errors (invalid JSON).
type jsonPretty struct{ *gmsjson.JSONPretty }

var _ sql.FunctionExpression = (*jsonPretty)(nil)

func newJSONPretty(e sql.Expression) sql.Expression {
	return &jsonPretty{gmsjson.NewJSONPretty(e).(*gmsjson.JSONPretty)}
}

func (j *jsonPretty) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return newJSONPretty(children[0]), nil
}

func (j *jsonPretty) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, ok, err := jsonDoc(ctx, j.Child, row)
	if err != nil {
		return j.JSONPretty.Eval(ctx, row)
	}
	if !ok {
		return nil, nil
	}
	b, err := jsondoc.AppendPretty(nil, doc)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

func init() {
	functions["json_pretty"] = sql.Function1{Name: "json_pretty", Fn: newJSONPretty}
}
