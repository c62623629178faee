package regexpfn

import (
	"strings"
	"sync"

	regex "github.com/dolthub/go-icu-regex"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"gopkg.in/src-d/go-errors.v1"
)

// RuleID is the analyzer rule that swaps GMS's RegexpLike for Like.
const RuleID analyzer.RuleId = 10_995

// Rule replaces every REGEXP_LIKE of n (subqueries included) with a Like.
func Rule(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return replaceNode(n)
}

func replaceNode(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprs(n, replaceExpr)
}

func replaceExpr(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch x := e.(type) {
	case *plan.Subquery:
		q, same, err := replaceNode(x.Query)
		if err != nil || same {
			return e, transform.SameTree, err
		}
		return x.WithQuery(q), transform.NewTree, nil
	case *function.RegexpLike:
		return &Like{RegexpLike: x}, transform.NewTree, nil
	}
	return e, transform.SameTree, nil
}

// Like is REGEXP_LIKE(text, pattern[, flags]) keeping what it compiled. The
// embedded GMS node gives the name, type, children and collation; its own
// Eval is never called.
type Like struct {
	*function.RegexpLike

	mu sync.Mutex
	// res holds the compiled patterns by pattern and match type: one for a
	// constant pattern, a few when the pattern comes from a column (GMS
	// compiled those for every row too). Each holds regexp_buffer_size bytes
	// of WebAssembly memory, hence the small bound.
	res map[string]regex.Regex
}

// maxCompiled bounds Like.res; past it every entry is released.
const maxCompiled = 8

var _ sql.FunctionExpression = (*Like)(nil)
var _ sql.Disposable = (*Like)(nil)

// WithChildren keeps the replacement: the plan cache binds parameters into
// a cached plan, and GMS's transforms rebuild nodes, through it.
func (l *Like) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := l.RegexpLike.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &Like{RegexpLike: n.(*function.RegexpLike)}, nil
}

// Eval matches the row's text against its pattern, compiled once per
// distinct pattern and match type.
func (l *Like) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	p, err := l.Pattern.Eval(ctx, row)
	if err != nil || p == nil {
		return nil, err
	}
	pattern, err := toText(ctx, p)
	if err != nil {
		return nil, err
	}
	flags := ""
	if l.Flags != nil {
		f, err := l.Flags.Eval(ctx, row)
		if err != nil || f == nil {
			return nil, err
		}
		if flags, err = toText(ctx, f); err != nil {
			return nil, err
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	key := pattern + "\x00" + flags
	re, ok := l.res[key]
	if !ok {
		if re, err = l.compile(ctx, pattern, flags); err != nil {
			return nil, err
		}
		if len(l.res) >= maxCompiled {
			l.release()
		}
		if l.res == nil {
			l.res = make(map[string]regex.Regex, 1)
		}
		l.res[key] = re
	}
	text, err := l.Text.Eval(ctx, row)
	if err != nil || text == nil {
		return nil, err
	}
	s, err := toText(ctx, text)
	if err != nil {
		return nil, err
	}
	if err := re.SetMatchString(ctx, s); err != nil {
		return nil, err
	}
	matched, err := re.Matches(ctx, 0, 0)
	if err != nil {
		return nil, err
	}
	if matched {
		return int8(1), nil
	}
	return int8(0), nil
}

// Dispose releases the compiled patterns (GMS disposes a plan's expressions
// when its statement ends); a cached plan run again compiles anew.
func (l *Like) Dispose() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.release()
}

func (l *Like) release() {
	for k, re := range l.res {
		_ = re.Close()
		delete(l.res, k)
	}
}

var errEmptyPattern = errors.NewKind("Illegal argument to regular expression.")

// compile builds the regex: case-insensitive when the arguments' resolved
// collation is a _ci one, then the match type's c/i/m/n/u in order (a later
// c or i wins), the buffer sized by regexp_buffer_size. (GMS drops the
// collation's case-insensitivity whenever a match type is given, so
// REGEXP_LIKE('A', 'a', 'm') was 0; MySQL answers 1.)
func (l *Like) compile(ctx *sql.Context, pattern, flags string) (regex.Regex, error) {
	if pattern == "" {
		return nil, errEmptyPattern.New()
	}
	coll, _ := l.RegexpLike.CollationCoercibility(ctx)
	insensitive := strings.HasSuffix(coll.String(), "_ci")
	var multiline, dotAll, unixLines bool
	if l.Flags != nil {
		for _, c := range flags {
			switch c {
			case 'c':
				insensitive = false
			case 'i':
				insensitive = true
			case 'm':
				multiline = true
			case 'n':
				dotAll = true
			case 'u':
				unixLines = true
			default:
				return nil, sql.ErrInvalidArgument.New(l.FunctionName())
			}
		}
	}
	fl := regex.RegexFlags_None
	if insensitive {
		fl |= regex.RegexFlags_Case_Insensitive
	}
	if multiline {
		fl |= regex.RegexFlags_Multiline
	}
	if dotAll {
		fl |= regex.RegexFlags_Dot_All
	}
	if unixLines {
		fl |= regex.RegexFlags_Unix_Lines
	}
	size := uint32(524288)
	if _, v, ok := sql.SystemVariables.GetGlobal("regexp_buffer_size"); ok {
		if n, ok := v.(uint64); ok {
			size = uint32(n)
		}
	}
	re := regex.CreateRegex(size)
	if err := re.SetRegexString(ctx, pattern, fl); err != nil {
		_ = re.Close()
		return nil, err
	}
	return re, nil
}

func toText(ctx *sql.Context, v any) (string, error) {
	v, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return "", err
	}
	s, _, err := sql.Unwrap[string](ctx, v)
	return s, err
}
