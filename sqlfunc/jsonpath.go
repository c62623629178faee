package sqlfunc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/jsondoc"
)

// JSON path expressions as MySQL reads them, for JSON_EXTRACT (and its
// operators -> and ->>) and JSON_CONTAINS_PATH. GMS evaluates paths with a
// generic JSONPath library: an array leg on an object ('$[0]' on {"a": 1})
// fails with "object is not Slice" where MySQL treats a non-array as an
// array of one, and a member leg on an array ('$.a' on [1]) answers [] and
// "found" where MySQL finds nothing. Django's JSONField lookups hit both
// (has_key, __in, isnull, deep key transforms over mixed documents).

// pathLeg is one step of a path: a member (key, or every member when
// wildcard), an array cell or range, or ** (every descendant).
type pathLeg struct {
	kind     legKind
	key      string
	wildcard bool
	from, to arrayIndex // cells from..to; to == from for one cell
}

type legKind uint8

const (
	legMember legKind = iota
	legArray
	legDescend
)

// arrayIndex is N, or last-N when fromLast.
type arrayIndex struct {
	n        int
	fromLast bool
}

func (a arrayIndex) resolve(length int) int {
	if a.fromLast {
		return length - 1 - a.n
	}
	return a.n
}

type jsonPath struct {
	legs []pathLeg
	// wild: the path can match more than one value (wildcards, ranges,
	// **), so its matches are returned wrapped in an array.
	wild bool
}

func errBadPath(pos int) error {
	return mysql.NewSQLError(3143, "42000", "Invalid JSON path expression. The error is around character position %d.", pos)
}

// parseJSONPath parses MySQL's path syntax: $ then .key, ."quoted key",
// .*, [N], [last], [last-N], [M to N], [*], **.
func parseJSONPath(s string) (*jsonPath, error) {
	p := &jsonPath{}
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '$' {
		return nil, errBadPath(i + 1)
	}
	i++
	for {
		i = skipSpace(s, i)
		if i >= len(s) {
			break
		}
		switch {
		case s[i] == '.':
			i = skipSpace(s, i+1)
			if i >= len(s) {
				return nil, errBadPath(i)
			}
			switch {
			case s[i] == '*':
				p.legs = append(p.legs, pathLeg{kind: legMember, wildcard: true})
				p.wild = true
				i++
			case s[i] == '"':
				key, n, ok := quotedKey(s[i:])
				if !ok {
					return nil, errBadPath(i + 1)
				}
				p.legs = append(p.legs, pathLeg{kind: legMember, key: key})
				i += n
			default:
				j := i
				for j < len(s) {
					r := rune(s[j])
					if r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r) && j > i || r >= 0x80 {
						j++
						continue
					}
					break
				}
				if j == i {
					return nil, errBadPath(i + 1)
				}
				p.legs = append(p.legs, pathLeg{kind: legMember, key: s[i:j]})
				i = j
			}
		case s[i] == '[':
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				return nil, errBadPath(len(s))
			}
			leg, ok := arrayLeg(s[i+1 : i+end])
			if !ok {
				return nil, errBadPath(i + 1)
			}
			if leg.wildcard || leg.from != leg.to {
				p.wild = true
			}
			p.legs = append(p.legs, leg)
			i += end + 1
		case strings.HasPrefix(s[i:], "**"):
			p.legs = append(p.legs, pathLeg{kind: legDescend})
			p.wild = true
			i += 2
		default:
			return nil, errBadPath(i + 1)
		}
	}
	if n := len(p.legs); n > 0 && p.legs[n-1].kind == legDescend {
		return nil, errBadPath(len(s))
	}
	return p, nil
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// quotedKey reads a double-quoted key with JSON escapes; n is the bytes read.
func quotedKey(s string) (key string, n int, ok bool) {
	for j := 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			k, err := strconv.Unquote(s[:j+1])
			if err != nil {
				// JSON escapes Go does not know (\/): take the text as written.
				k = strings.ReplaceAll(s[1:j], `\/`, "/")
			}
			return k, j + 1, true
		}
	}
	return "", 0, false
}

func arrayLeg(body string) (pathLeg, bool) {
	body = strings.TrimSpace(body)
	if body == "*" {
		return pathLeg{kind: legArray, wildcard: true}, true
	}
	lo, hi, isRange := body, "", false
	if k := strings.Index(body, " to "); k >= 0 {
		lo, hi, isRange = strings.TrimSpace(body[:k]), strings.TrimSpace(body[k+4:]), true
	}
	from, ok := parseArrayIndex(lo)
	if !ok {
		return pathLeg{}, false
	}
	to := from
	if isRange {
		if to, ok = parseArrayIndex(hi); !ok {
			return pathLeg{}, false
		}
	}
	return pathLeg{kind: legArray, from: from, to: to}, true
}

func parseArrayIndex(s string) (arrayIndex, bool) {
	if rest, ok := strings.CutPrefix(s, "last"); ok {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return arrayIndex{fromLast: true}, true
		}
		rest, ok = strings.CutPrefix(rest, "-")
		if !ok {
			return arrayIndex{}, false
		}
		n, err := strconv.Atoi(strings.TrimSpace(rest))
		if err != nil || n < 0 {
			return arrayIndex{}, false
		}
		return arrayIndex{n: n, fromLast: true}, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return arrayIndex{}, false
	}
	return arrayIndex{n: n}, true
}

// find returns the values p matches in v, in document order.
func (p *jsonPath) find(v any) []any {
	cur := []any{v}
	for _, leg := range p.legs {
		var next []any
		for _, c := range cur {
			next = leg.apply(c, next)
		}
		cur = next
		if len(cur) == 0 {
			return nil
		}
	}
	return cur
}

func (l pathLeg) apply(v any, out []any) []any {
	switch l.kind {
	case legMember:
		obj, ok := v.(map[string]any)
		if !ok {
			return out
		}
		if !l.wildcard {
			if m, ok := obj[l.key]; ok {
				out = append(out, m)
			}
			return out
		}
		// MySQL orders an object's members by key length, then bytes.
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sortJSONKeys(keys)
		for _, k := range keys {
			out = append(out, obj[k])
		}
		return out
	case legArray:
		arr, ok := v.([]any)
		if !ok {
			if l.wildcard {
				return out
			}
			// A value that is not an array reads as an array of one.
			arr = []any{v}
		}
		if l.wildcard {
			return append(out, arr...)
		}
		from, to := l.from.resolve(len(arr)), l.to.resolve(len(arr))
		if from < 0 {
			from = 0
		}
		if to >= len(arr) {
			to = len(arr) - 1
		}
		for i := from; i <= to; i++ {
			out = append(out, arr[i])
		}
		return out
	default: // **: the value and every value below it
		out = append(out, v)
		switch c := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(c))
			for k := range c {
				keys = append(keys, k)
			}
			sortJSONKeys(keys)
			for _, k := range keys {
				out = l.apply(c[k], out)
			}
		case []any:
			for _, e := range c {
				out = l.apply(e, out)
			}
		}
		return out
	}
}

func sortJSONKeys(keys []string) {
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keyLess(keys[j], keys[j-1]); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
}

func keyLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// jsonDoc evaluates e as a JSON document, as Go values with kinded numbers
// (jsondoc): text is parsed by jsondoc, and anything else read the way GMS's
// JSON functions read their first argument (with GMS's errors for invalid
// JSON); ok is false for SQL NULL.
func jsonDoc(ctx *sql.Context, e sql.Expression, row sql.Row) (any, bool, error) {
	v, err := e.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, false, err
	}
	switch x := v.(type) {
	case string:
		if d, err := jsondoc.Parse([]byte(x)); err == nil {
			return d, true, nil
		}
	case []byte:
		if d, err := jsondoc.Parse(x); err == nil {
			return d, true, nil
		}
	case sql.JSONWrapper:
		d, err := fromGMS(x)
		return d.Val, err == nil, err
	}
	// GMS's reading (and its errors), from the value already read.
	whole, err := gmsjson.NewJSONExtract(expression.NewLiteral(v, e.Type()), expression.NewLiteral("$", types.LongText))
	if err != nil {
		return nil, false, err
	}
	gv, err := whole.Eval(ctx, nil)
	if err != nil || gv == nil {
		return nil, false, err
	}
	if e, ok := gv.(error); ok { // GMS returns some errors as values
		return nil, false, e
	}
	w, ok := gv.(sql.JSONWrapper)
	if !ok {
		return nil, false, fmt.Errorf("json: unexpected document %T", gv)
	}
	d, err := fromGMS(w)
	return d.Val, err == nil, err
}

// pathArg evaluates a path argument; ok is false for SQL NULL.
func pathArg(ctx *sql.Context, e sql.Expression, row sql.Row) (*jsonPath, bool, error) {
	s, ok, err := jsonTextArg(ctx, e, row) // jsonsearch.go
	if err != nil || !ok {
		return nil, false, err
	}
	p, err := parseJSONPath(s)
	return p, err == nil, err
}

// jsonExtract is GMS's JSON_EXTRACT (and -> / ->>, which GMS builds from it)
// with MySQL's path semantics.
type jsonExtract struct{ *gmsjson.JSONExtract }

var _ sql.FunctionExpression = (*jsonExtract)(nil)

func newJSONExtract(args ...sql.Expression) (sql.Expression, error) {
	e, err := gmsjson.NewJSONExtract(args...)
	if err != nil {
		return nil, err
	}
	return &jsonExtract{e.(*gmsjson.JSONExtract)}, nil
}

func (j *jsonExtract) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newJSONExtract(children...)
}

func (j *jsonExtract) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, ok, err := jsonDoc(ctx, j.JSON, row)
	if err != nil || !ok {
		return nil, err
	}
	var all []any
	wild := len(j.Paths) > 1
	for _, pe := range j.Paths {
		p, ok, err := pathArg(ctx, pe, row)
		if err != nil || !ok {
			return nil, err
		}
		wild = wild || p.wild
		all = append(all, p.find(doc)...)
	}
	switch {
	case len(all) == 0:
		return nil, nil
	case !wild:
		return jsondoc.Doc{Val: all[0]}, nil
	}
	return jsondoc.Doc{Val: all}, nil
}

// jsonContainsPath is JSON_CONTAINS_PATH(doc, 'one'|'all', path, ...).
type jsonContainsPath struct{ args []sql.Expression }

var _ sql.FunctionExpression = (*jsonContainsPath)(nil)

func newJSONContainsPath(args ...sql.Expression) (sql.Expression, error) {
	if len(args) < 3 {
		return nil, sql.ErrInvalidArgumentNumber.New("JSON_CONTAINS_PATH", 3, len(args))
	}
	return &jsonContainsPath{args: args}, nil
}

func (j *jsonContainsPath) FunctionName() string { return "json_contains_path" }
func (j *jsonContainsPath) Description() string {
	return "returns whether JSON document contains any data at path"
}
func (j *jsonContainsPath) Resolved() bool {
	for _, a := range j.args {
		if !a.Resolved() {
			return false
		}
	}
	return true
}
func (j *jsonContainsPath) String() string {
	parts := make([]string, len(j.args))
	for i, a := range j.args {
		parts[i] = a.String()
	}
	return "json_contains_path(" + strings.Join(parts, ", ") + ")"
}
func (j *jsonContainsPath) Type() sql.Type             { return types.Boolean }
func (j *jsonContainsPath) IsNullable() bool           { return true }
func (j *jsonContainsPath) Children() []sql.Expression { return j.args }
func (j *jsonContainsPath) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return newJSONContainsPath(c...)
}

func (j *jsonContainsPath) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, ok, err := jsonDoc(ctx, j.args[0], row)
	if err != nil || !ok {
		return nil, err
	}
	mv, err := j.args[1].Eval(ctx, row)
	if err != nil || mv == nil {
		return nil, err
	}
	ms, _, err := types.LongText.Convert(ctx, mv)
	if err != nil {
		return nil, err
	}
	all := false
	switch strings.ToLower(ms.(string)) {
	case "one":
	case "all":
		all = true
	default:
		return nil, mysql.NewSQLError(3154, "42000", "The oneOrAll argument to json_contains_path may take these values: 'one' or 'all'.")
	}
	found := all
	for _, pe := range j.args[2:] {
		p, ok, err := pathArg(ctx, pe, row)
		if err != nil || !ok {
			return nil, err
		}
		hit := len(p.find(doc)) > 0
		if all && !hit {
			found = false
		}
		if !all && hit {
			found = true
		}
	}
	if found {
		return int8(1), nil
	}
	return int8(0), nil
}
