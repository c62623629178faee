package sqlfunc

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/jsondoc"
)

// jsonMergePatch is JSON_MERGE_PATCH (RFC 7396, as MySQL applies it left
// to right). GMS's deep-copied its first document with a copier that
// knows only GMS's value kinds: a DECIMAL (JSON_OBJECT('n', 1.50)) or a
// date (JSON_OBJECT('t', CURDATE())) of the first document became null.
type jsonMergePatch struct {
	args []sql.Expression
}

var _ sql.FunctionExpression = (*jsonMergePatch)(nil)

func newJSONMergePatch(as ...sql.Expression) (sql.Expression, error) {
	if len(as) < 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("JSON_MERGE_PATCH", "2 or more", len(as))
	}
	args := make([]sql.Expression, len(as))
	for i, a := range as {
		args[i] = allDocs(i, a)
	}
	return &jsonMergePatch{args: args}, nil
}

func (j *jsonMergePatch) FunctionName() string { return "json_merge_patch" }
func (j *jsonMergePatch) Description() string {
	return "merges JSON documents, replacing values of duplicate keys"
}
func (j *jsonMergePatch) Type() sql.Type             { return types.JSON }
func (j *jsonMergePatch) IsNullable() bool           { return true }
func (j *jsonMergePatch) Children() []sql.Expression { return j.args }
func (j *jsonMergePatch) Resolved() bool             { return expression.ExpressionsResolved(j.args...) }
func (j *jsonMergePatch) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (j *jsonMergePatch) String() string {
	parts := make([]string, len(j.args))
	for i, a := range j.args {
		parts[i] = a.String()
	}
	return fmt.Sprintf("json_merge_patch(%s)", strings.Join(parts, ", "))
}
func (j *jsonMergePatch) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newJSONMergePatch(children...)
}

func (j *jsonMergePatch) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var result any
	for i, a := range j.args {
		v, err := a.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if v == nil {
			return nil, nil
		}
		d, err := mergeArg(v, i)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			result = d.Clone(ctx).(jsondoc.Doc).Val
			continue
		}
		result = mergePatch(result, d.Val)
	}
	return jsondoc.Doc{Val: result}, nil
}

// mergeArg is argument i as a Doc: JSON as it is, text parsed (as GMS's
// getJSONDocumentFromRow; its jsonArg parsed valid text already), any
// other value refused (3146).
func mergeArg(v any, i int) (jsondoc.Doc, error) {
	switch x := v.(type) {
	case sql.JSONWrapper:
		return fromGMS(x)
	case string:
		d, err := jsondoc.Parse([]byte(x))
		if err != nil {
			return jsondoc.Doc{}, sql.ErrInvalidJSONText.New(i+1, "json_merge_patch", x)
		}
		return jsondoc.Doc{Val: d}, nil
	}
	return jsondoc.Doc{}, sql.ErrInvalidJSONArgument.New(i+1, "json_merge_patch")
}

// mergePatch is RFC 7396's MergePatch(target, patch); target may be
// changed in place (it is the function's own copy).
func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergePatch(t[k], v)
	}
	return t
}

func init() {
	functions["json_merge_patch"] = sql.FunctionN{Name: "json_merge_patch", Fn: newJSONMergePatch}
}
