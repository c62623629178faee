package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/myriaddb/myriad/jsondoc"
)

// JSON_CONTAINS and JSON_OVERLAPS over kinded documents: numbers compare by
// exact value as MySQL's Json_wrapper::compare (GMS compared them as
// float64, so 9007199254740993 matched 9007199254740992.0). GMS's function
// stays for its errors (invalid JSON), which it raises when evaluated
// again; a wildcard path is MySQL's 3149.

type jsonContains struct{ *gmsjson.JSONContains }

func newJSONContains(args ...sql.Expression) (sql.Expression, error) {
	e, err := gmsjson.NewJSONContains(args...)
	if err != nil {
		return nil, err
	}
	return &jsonContains{e.(*gmsjson.JSONContains)}, nil
}

func (j *jsonContains) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newJSONContains(children...)
}

func (j *jsonContains) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	target, ok, err := jsonDoc(ctx, j.JSONTarget, row)
	if err != nil {
		return j.JSONContains.Eval(ctx, row)
	}
	if !ok {
		return nil, nil
	}
	cand, ok, err := jsonDoc(ctx, j.JSONCandidate, row)
	if err != nil {
		return j.JSONContains.Eval(ctx, row)
	}
	if !ok {
		return nil, nil
	}
	if j.Path != nil {
		p, ok, err := pathArg(ctx, j.Path, row)
		if err != nil {
			return j.JSONContains.Eval(ctx, row)
		}
		if !ok {
			return nil, nil
		}
		if p.wild {
			// MySQL refuses it (GMS searched the first match).
			return nil, mysql.NewSQLError(erInvalidJSONPathWildcard, "42000",
				"In this situation, path expressions may not contain the * and ** tokens or an array range.")
		}
		found := p.find(target)
		if len(found) == 0 {
			return nil, nil
		}
		target = found[0]
	}
	return containsJSON(target, cand), nil
}

// containsJSON is MySQL's JSON_CONTAINS rule: an object contains an object
// whose every key it has with a containing value; an array contains an
// array whose every element one of its elements contains, and a non-array
// one of its elements contains; scalars are equal.
func containsJSON(target, cand any) bool {
	switch t := target.(type) {
	case map[string]any:
		c, ok := cand.(map[string]any)
		if !ok {
			return false
		}
		for k, cv := range c {
			tv, ok := t[k]
			if !ok || !containsJSON(tv, cv) {
				return false
			}
		}
		return true
	case []any:
		if c, ok := cand.([]any); ok {
			for _, ce := range c {
				if !containsJSON(t, ce) {
					return false
				}
			}
			return true
		}
		for _, te := range t {
			if containsJSON(te, cand) {
				return true
			}
		}
		return false
	}
	switch cand.(type) {
	case map[string]any, []any:
		return false
	}
	return jsondoc.Compare(target, cand) == 0
}

type jsonOverlaps struct{ *gmsjson.JSONOverlaps }

func newJSONOverlaps(args ...sql.Expression) (sql.Expression, error) {
	e, err := gmsjson.NewJSONOverlaps(args...)
	if err != nil {
		return nil, err
	}
	return &jsonOverlaps{e.(*gmsjson.JSONOverlaps)}, nil
}

func (j *jsonOverlaps) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newJSONOverlaps(children...)
}

func (j *jsonOverlaps) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	a, ok, err := jsonDoc(ctx, j.Left, row)
	if err != nil {
		return j.JSONOverlaps.Eval(ctx, row)
	}
	if !ok {
		return nil, nil
	}
	b, ok, err := jsonDoc(ctx, j.Right, row)
	if err != nil {
		return j.JSONOverlaps.Eval(ctx, row)
	}
	if !ok {
		return nil, nil
	}
	return overlapsJSON(a, b), nil
}

// overlapsJSON is MySQL's JSON_OVERLAPS: two arrays share an element, two
// objects a key with equal values, an array holds the other (non-array)
// value; otherwise the two are equal.
func overlapsJSON(a, b any) bool {
	if _, ok := b.([]any); ok {
		a, b = b, a
	}
	if x, ok := a.([]any); ok {
		if y, ok := b.([]any); ok {
			for _, e := range x {
				for _, f := range y {
					if jsondoc.Compare(e, f) == 0 {
						return true
					}
				}
			}
			return false
		}
		for _, e := range x {
			if jsondoc.Compare(e, b) == 0 {
				return true
			}
		}
		return false
	}
	if x, ok := a.(map[string]any); ok {
		y, ok := b.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; ok && jsondoc.Compare(v, w) == 0 {
				return true
			}
		}
		return false
	}
	if _, ok := b.(map[string]any); ok {
		return false
	}
	return jsondoc.Compare(a, b) == 0
}
