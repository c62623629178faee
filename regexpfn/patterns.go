package regexpfn

import (
	"strings"
	"sync"

	regex "github.com/dolthub/go-icu-regex"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"gopkg.in/src-d/go-errors.v1"
)

// maxCompiled bounds a node's compiled patterns; past it every entry is
// released. Each holds regexp_buffer_size bytes of WebAssembly memory.
const maxCompiled = 8

// patterns owns one plan node's compiled regexes, by pattern and match type:
// one for a constant pattern, a few when the pattern comes from a column
// (GMS compiled those for every row too). A compiled regex also carries the
// text it last matched, so callers hold mu from lookup until they are done
// with it.
type patterns struct {
	mu  sync.Mutex
	res map[string]regex.Regex
}

var errEmptyPattern = errors.NewKind("Illegal argument to regular expression.")

// lookup evaluates the pattern and match type for row and returns their
// compiled regex, or nil when either is NULL. The case sensitivity starts
// from the collation text and pattern resolve to; the match type's c/i/m/n/u
// apply in order (a later c or i wins). (GMS drops the collation's
// case-insensitivity whenever a match type is given, so REGEXP_LIKE('A',
// 'a', 'm') was 0; MySQL answers 1.) The caller holds p.mu.
func (p *patterns) lookup(ctx *sql.Context, row sql.Row, text, pattern, flags sql.Expression, funcName string) (regex.Regex, error) {
	pv, err := pattern.Eval(ctx, row)
	if err != nil || pv == nil {
		return nil, err
	}
	pat, err := toText(ctx, pv)
	if err != nil {
		return nil, err
	}
	if pat == "" {
		return nil, errEmptyPattern.New()
	}
	fs := ""
	if flags != nil {
		f, err := flags.Eval(ctx, row)
		if err != nil || f == nil {
			return nil, err
		}
		if fs, err = toText(ctx, f); err != nil {
			return nil, err
		}
	}
	key := pat + "\x00" + fs
	if re, ok := p.res[key]; ok {
		return re, nil
	}
	lc, lco := sql.GetCoercibility(ctx, text)
	rc, rco := sql.GetCoercibility(ctx, pattern)
	coll, _ := sql.ResolveCoercibility(lc, lco, rc, rco)
	re, err := compile(ctx, pat, fs, strings.HasSuffix(coll.String(), "_ci"), funcName)
	if err != nil {
		return nil, err
	}
	if len(p.res) >= maxCompiled {
		p.release()
	}
	if p.res == nil {
		p.res = make(map[string]regex.Regex, 1)
	}
	p.res[key] = re
	return re, nil
}

// Dispose releases the compiled patterns (GMS disposes a plan's expressions
// when its statement ends); a cached plan run again compiles anew.
func (p *patterns) Dispose() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.release()
}

func (p *patterns) release() {
	for k, re := range p.res {
		_ = re.Close()
		delete(p.res, k)
	}
}

func compile(ctx *sql.Context, pattern, flags string, insensitive bool, funcName string) (regex.Regex, error) {
	var multiline, dotAll, unixLines bool
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
			return nil, sql.ErrInvalidArgument.New(funcName)
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
