package sqlfunc

import (
	"context"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// executedTextKey carries the text of the prepared statement an EXECUTE
// runs (WithExecutedText).
type executedTextKey struct{}

// planTextsKey carries the plan a rule is given (withPlanTexts).
type planTextsKey struct{}

type planTexts struct {
	n sql.Node
	// partial: the rule runs on a subquery's or derived table's own
	// analysis, where a view's definition above it is out of sight.
	partial bool
}

// WithExecutedText is ctx for the statement `EXECUTE name`, text being the
// statement PREPARE gave that name (as its parsed form prints it): GMS binds
// the prepared statement's parsed form again, and ctx.Query() is the EXECUTE.
func WithExecutedText(ctx context.Context, text string) context.Context {
	return context.WithValue(ctx, executedTextKey{}, text)
}

// withPlanTexts is ctx with n, the plan a rule runs on, to read the
// definitions of the views in it from (statementTexts); scope is the
// rule's.
func withPlanTexts(ctx *sql.Context, n sql.Node, scope *plan.Scope) *sql.Context {
	if ctx == nil {
		return nil
	}
	return ctx.WithContext(context.WithValue(ctx.Context, planTextsKey{}, planTexts{n: n, partial: scope.RecursionDepth() > 0}))
}

// statementTexts is the SQL text the expressions being typed were parsed
// from: the statement (ctx.Query()), the prepared statement an EXECUTE runs,
// and the texts of the derived tables and views in the plan (a view's
// columns are built from its stored definition, not from the statement).
// ok is false on a subquery's own analysis (the plan of a view's
// definition, seen without the view): the statement's text alone could name
// a literal of the same value and another length; the pass over the whole
// plan types it.
func statementTexts(ctx *sql.Context) ([]string, bool) {
	texts := []string{ctx.Query()}
	if t, ok := ctx.Value(executedTextKey{}).(string); ok {
		texts = append(texts, t)
	}
	if p, ok := ctx.Value(planTextsKey{}).(planTexts); ok {
		if p.partial {
			return nil, false
		}
		texts = append(texts, subqueryAliasTexts(p.n)...)
	}
	return texts, true
}

// subqueryAliasTexts is the text definitions of the views and derived
// tables in n and in its subquery expressions.
func subqueryAliasTexts(n sql.Node) []string {
	var out []string
	var walk func(sql.Node)
	walk = func(n sql.Node) {
		transform.Inspect(n, func(n sql.Node) bool {
			if sa, ok := n.(*plan.SubqueryAlias); ok && sa.TextDefinition != "" {
				out = append(out, sa.TextDefinition)
			}
			if ex, ok := n.(sql.Expressioner); ok {
				for _, e := range ex.Expressions() {
					sql.Inspect(e, func(e sql.Expression) bool {
						if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
							walk(sq.Query)
						}
						return true
					})
				}
			}
			return true
		})
	}
	if n != nil {
		walk(n)
	}
	return out
}

// executedText is the text of the prepared statement an EXECUTE runs ("" for
// any other statement).
func executedText(ctx *sql.Context) string {
	t, _ := ctx.Value(executedTextKey{}).(string)
	return t
}

// literalText is the definition of the innermost view or derived table of
// n that holds the literal l ("" when l is in the statement's own text,
// outside them); found is false when l is not in n (an expression built
// since the rule was given n).
func literalText(n sql.Node, l *expression.Literal) (text string, found bool) {
	var walk func(n sql.Node, cur string) bool
	walk = func(n sql.Node, cur string) bool {
		if sa, ok := n.(*plan.SubqueryAlias); ok && sa.TextDefinition != "" {
			cur = sa.TextDefinition
		}
		if ex, ok := n.(sql.Expressioner); ok {
			for _, e := range ex.Expressions() {
				hit := transform.InspectExpr(e, func(e sql.Expression) bool {
					if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
						return walk(sq.Query, cur)
					}
					x, ok := e.(*expression.Literal)
					return ok && x == l
				})
				if hit {
					if !found {
						text, found = cur, true
					}
					return true
				}
			}
		}
		for _, c := range n.Children() {
			if walk(c, cur) {
				return true
			}
		}
		return false
	}
	if n != nil {
		walk(n, "")
	}
	return text, found
}

// floatLiteralLength is MySQL's length of a floating-point literal (a
// number written with an exponent, `1.5e0`): Item_float's max_length is its
// text as written (Item_float::init), which decides the VARCHAR(n) of a
// CASE/IF/IFNULL/COALESCE mixing it with strings (`IF(t, 'abc', 1.5e0)` is
// VARCHAR(5) in MySQL and MariaDB). GMS keeps only the DOUBLE, so the text
// is looked up in the texts the plan was built from (statementTexts): every
// literal with an exponent whose value is e's. ok is false when there is
// none, or several of different lengths, or e is no such literal.
func floatLiteralLength(ctx *sql.Context, e sql.Expression) (int64, bool) {
	l, ok := e.(*expression.Literal)
	if !ok || ctx == nil {
		return 0, false
	}
	v, ok := l.Value().(float64)
	if !ok {
		return 0, false
	}
	texts, ok := statementTexts(ctx)
	if !ok {
		return 0, false
	}
	if p, ok := ctx.Value(planTextsKey{}).(planTexts); ok {
		if text, found := literalText(p.n, l); found {
			// Only the text the literal was written in: a view's
			// `1.5e0` beside the statement's `1.50e0` left both TEXT.
			texts = []string{text}
			if text == "" {
				texts = texts[:0]
				for _, q := range []string{ctx.Query(), executedText(ctx)} {
					if q != "" {
						texts = append(texts, q)
					}
				}
			}
		}
	}
	var toks []string
	for _, q := range texts {
		toks = append(toks, exponentLiterals(q)...)
	}
	n := int64(-1)
	for _, tok := range toks {
		f, err := strconv.ParseFloat(tok, 64)
		if err != nil || f != v {
			continue
		}
		if n >= 0 && n != int64(len(tok)) {
			return 0, false
		}
		n = int64(len(tok))
	}
	return n, n >= 0
}

// exponentLiterals is the numbers written with an exponent in the SQL text
// q, outside quoted strings, quoted identifiers and comments.
func exponentLiterals(q string) []string {
	var out []string
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i = skipQuoted(q, i)
			continue
		case c == '#' || (c == '-' && strings.HasPrefix(q[i:], "-- ")):
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(q)
			}
			continue
		case c == '/' && strings.HasPrefix(q[i:], "/*"):
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(q)
			}
			continue
		case isDigit(c) || (c == '.' && i+1 < len(q) && isDigit(q[i+1])):
			if i > 0 && isIdentByte(q[i-1]) {
				// part of an identifier such as t1e5
				for i < len(q) && isIdentByte(q[i]) {
					i++
				}
				continue
			}
			j := i
			for j < len(q) && (isDigit(q[j]) || q[j] == '.') {
				j++
			}
			if j < len(q) && (q[j] == 'e' || q[j] == 'E') {
				k := j + 1
				if k < len(q) && (q[k] == '+' || q[k] == '-') {
					k++
				}
				if k < len(q) && isDigit(q[k]) {
					for k < len(q) && isDigit(q[k]) {
						k++
					}
					if k == len(q) || !isIdentByte(q[k]) {
						out = append(out, q[i:k])
					}
					i = k
					continue
				}
			}
			for j < len(q) && isIdentByte(q[j]) {
				j++
			}
			i = j
			continue
		case isIdentByte(c):
			for i < len(q) && isIdentByte(q[i]) {
				i++
			}
			continue
		}
		i++
	}
	return out
}

// skipQuoted is the index after the quoted text that starts at q[i],
// doubled quotes and backslash escapes (not in identifiers) inside.
func skipQuoted(q string, i int) int {
	quote := q[i]
	for j := i + 1; j < len(q); j++ {
		switch q[j] {
		case '\\':
			if quote != '`' {
				j++
			}
		case quote:
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'z') || c >= 0x80
}
