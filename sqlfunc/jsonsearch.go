package sqlfunc

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/myriaddb/myriad/jsondoc"
)

// jsonSearch is JSON_SEARCH walking the document in MySQL's order: an
// object's members by key length then bytes (how MySQL stores them), an
// array's cells in order, so 'one' is the first match in that order and
// 'all' lists them so. GMS walked objects in Go's random map order: the
// path 'one' answered and the order of 'all' changed from call to call.
// Paths name keys as MySQL prints them ($."a b" for a key that is no
// identifier). GMS's function stays for its errors (a bad one/all, escape
// or path, invalid JSON), which it raises when evaluated again.
type jsonSearch struct{ *gmsjson.JSONSearch }

func newJSONSearch(args ...sql.Expression) (sql.Expression, error) {
	e, err := gmsjson.NewJSONSearch(args...)
	if err != nil {
		return nil, err
	}
	return &jsonSearch{e.(*gmsjson.JSONSearch)}, nil
}

func (j *jsonSearch) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := j.JSONSearch.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &jsonSearch{n.(*gmsjson.JSONSearch)}, nil
}

func (j *jsonSearch) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, ok, err := jsonDoc(ctx, j.JSON, row)
	if err != nil {
		return j.JSONSearch.Eval(ctx, row)
	}
	if !ok {
		return nil, nil
	}
	mode, ok, err := jsonTextArg(ctx, j.OneOrAll, row)
	if err != nil || !ok {
		return nil, err
	}
	one := strings.EqualFold(mode, "one")
	if !one && !strings.EqualFold(mode, "all") {
		return j.JSONSearch.Eval(ctx, row)
	}
	search, ok, err := jsonTextArg(ctx, j.Search, row)
	if err != nil || !ok {
		return nil, err
	}
	escape := '\\'
	if j.Escape != nil {
		s, ok, err := jsonTextArg(ctx, j.Escape, row)
		if err != nil {
			return nil, err
		}
		switch {
		case ok && len(s) > 1:
			return j.JSONSearch.Eval(ctx, row)
		case ok && len(s) == 1:
			escape = rune(s[0])
		}
	}
	coll, _ := j.JSONSearch.CollationCoercibility(ctx)
	lm, err := expression.ConstructLikeMatcher(coll, search, escape)
	if err != nil {
		return nil, err
	}
	starts := []located{{path: "$", val: doc}}
	if len(j.Paths) > 0 {
		starts = starts[:0]
		for _, pe := range j.Paths {
			p, ok, err := pathArg(ctx, pe, row)
			if err != nil {
				return j.JSONSearch.Eval(ctx, row)
			}
			if !ok {
				return nil, nil
			}
			starts = p.locate(doc, starts)
		}
	}
	var found []string
	seen := map[string]bool{}
	for _, s := range starts {
		found = searchStrings(s.val, s.path, &lm, one, seen, found)
		if one && len(found) > 0 {
			break
		}
	}
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return jsondoc.Doc{Val: found[0]}, nil
	}
	arr := make([]any, len(found))
	for i, f := range found {
		arr[i] = f
	}
	return jsondoc.Doc{Val: arr}, nil
}

// jsonTextArg evaluates e as text; ok is false for SQL NULL.
func jsonTextArg(ctx *sql.Context, e sql.Expression, row sql.Row) (string, bool, error) {
	v, err := e.Eval(ctx, row)
	if err != nil || v == nil {
		return "", false, err
	}
	s, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return "", false, err
	}
	return s.(string), true, nil
}

// located is a value found in a document with its path from the root.
type located struct {
	path string
	val  any
}

// searchStrings appends the paths of the strings under v (at path) that
// lm matches, in document order, each once; with one, only the first.
func searchStrings(v any, path string, lm *expression.LikeMatcher, one bool, seen map[string]bool, out []string) []string {
	switch x := v.(type) {
	case string:
		if lm.Match(x) && !seen[path] {
			seen[path] = true
			out = append(out, path)
		}
	case []any:
		for i, c := range x {
			out = searchStrings(c, path+"["+strconv.Itoa(i)+"]", lm, one, seen, out)
			if one && len(out) > 0 {
				return out
			}
		}
	case map[string]any:
		for _, k := range sortedKeys(x) {
			out = searchStrings(x[k], path+"."+pathKey(k), lm, one, seen, out)
			if one && len(out) > 0 {
				return out
			}
		}
	}
	return out
}

// locate appends the values p matches in v with their paths, in document
// order (find's walk, with the paths).
func (p *jsonPath) locate(v any, out []located) []located {
	cur := []located{{path: "$", val: v}}
	for _, leg := range p.legs {
		var next []located
		for _, c := range cur {
			next = leg.locate(c, next)
		}
		cur = next
	}
	return append(out, cur...)
}

func (l pathLeg) locate(at located, out []located) []located {
	switch l.kind {
	case legMember:
		obj, ok := at.val.(map[string]any)
		if !ok {
			return out
		}
		if !l.wildcard {
			if m, ok := obj[l.key]; ok {
				out = append(out, located{at.path + "." + pathKey(l.key), m})
			}
			return out
		}
		for _, k := range sortedKeys(obj) {
			out = append(out, located{at.path + "." + pathKey(k), obj[k]})
		}
		return out
	case legArray:
		arr, ok := at.val.([]any)
		if !ok {
			if l.wildcard {
				return out
			}
			// A value that is not an array reads as an array of one,
			// at its own path.
			if l.from.resolve(1) == 0 {
				out = append(out, at)
			}
			return out
		}
		from, to := 0, len(arr)-1
		if !l.wildcard {
			from, to = max(l.from.resolve(len(arr)), 0), min(l.to.resolve(len(arr)), len(arr)-1)
		}
		for i := from; i <= to; i++ {
			out = append(out, located{at.path + "[" + strconv.Itoa(i) + "]", arr[i]})
		}
		return out
	default: // **
		out = append(out, at)
		switch c := at.val.(type) {
		case map[string]any:
			for _, k := range sortedKeys(c) {
				out = l.locate(located{at.path + "." + pathKey(k), c[k]}, out)
			}
		case []any:
			for i, e := range c {
				out = l.locate(located{at.path + "[" + strconv.Itoa(i) + "]", e}, out)
			}
		}
		return out
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sortJSONKeys(keys)
	return keys
}

// pathKey is a member name as MySQL prints it in a path: bare when it is
// an identifier, else quoted.
func pathKey(k string) string {
	ident := k != ""
	for i, r := range k {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			ident = false
			break
		}
	}
	if ident {
		return k
	}
	return strconv.Quote(k)
}
