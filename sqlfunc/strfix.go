package sqlfunc

import (
	"encoding/base64"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// String functions whose GMS built-in answers differently from MySQL 8.0
// for some inputs (found by differential probing against MariaDB 10.11,
// which shares these functions' code with MySQL).

// inetAton is INET_ATON as MySQL's Item_func_inet_aton reads an address:
// up to four dot-separated decimal bytes, short forms filled in as the
// classic inet_aton does ('127.1' is 127.0.0.1, '1.2.3' 1.2.0.3), more
// groups shifting further left (BIGINT UNSIGNED); anything else is NULL
// with warning 1411. GMS used net.ParseIP, which refuses short forms.
type inetAton struct{ *function.InetAton }

func newInetAton(e sql.Expression) sql.Expression {
	return &inetAton{function.NewInetAton(e).(*function.InetAton)}
}

func (i *inetAton) Type() sql.Type { return types.Uint64 }

func (i *inetAton) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(i, len(children), 1)
	}
	return newInetAton(children[0]), nil
}

func (i *inetAton) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := i.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, err := types.ConvertToString(ctx, v, types.LongText, nil)
	if err != nil {
		return nil, err
	}
	if r, ok := parseInetAton(s); ok {
		return r, nil
	}
	ctx.Warn(1411, "Incorrect string value: ''%s'' for function inet_aton", s)
	return nil, nil
}

func parseInetAton(s string) (uint64, bool) {
	var result, b uint64
	dots := 0
	last := byte('.')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if b = b*10 + uint64(c-'0'); b > 255 {
				return 0, false
			}
		case c == '.':
			dots++
			result = result<<8 + b
			b = 0
		default:
			return 0, false
		}
		last = c
	}
	if last == '.' { // also the empty string
		return 0, false
	}
	switch dots {
	case 1:
		result <<= 16
	case 2:
		result <<= 8
	}
	return result<<8 + b, true
}

// fromBase64 is FROM_BASE64 as MySQL decodes: white space anywhere is
// skipped and text that is not base64 is NULL (GMS failed the statement
// with 1105 "illegal base64 data").
type fromBase64 struct{ *function.FromBase64 }

func newFromBase64(e sql.Expression) sql.Expression {
	return &fromBase64{function.NewFromBase64(e).(*function.FromBase64)}
}

func (f *fromBase64) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return newFromBase64(children[0]), nil
}

func (f *fromBase64) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, err := types.ConvertToString(ctx, v, types.LongText, nil)
	if err != nil {
		return nil, err
	}
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			return -1
		}
		return r
	}, s)
	out, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, nil
	}
	return out, nil
}

// soundex is SOUNDEX with MySQL's answer for a string without letters:
// the empty string (Item_func_soundex returns it when no alphabetic
// character is found); GMS answered '0000'.
type soundex struct{ *function.Soundex }

func newSoundex(e sql.Expression) sql.Expression {
	return &soundex{function.NewSoundex(e).(*function.Soundex)}
}

func (s *soundex) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return newSoundex(children[0]), nil
}

func (s *soundex) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	str, err := types.ConvertToString(ctx, v, types.LongText, nil)
	if err != nil {
		return nil, err
	}
	first := strings.IndexFunc(str, unicode.IsLetter)
	if first < 0 {
		return "", nil
	}
	// GMS's code over the value already read: the argument is evaluated once.
	r, err := function.NewSoundex(expression.NewLiteral(str, types.LongText)).Eval(ctx, nil)
	if err != nil {
		return nil, err
	}
	// MySQL copies the first letter through soundex_toupper, which
	// upper-cases a-z only (SOUNDEX('é') is 'é000'); GMS upper-cased any
	// letter.
	c, _ := utf8.DecodeRuneInString(str[first:])
	if out, ok := r.(string); ok && c >= 0x80 {
		_, n := utf8.DecodeRuneInString(out)
		return string(c) + out[n:], nil
	}
	return r, nil
}

// substringIndex is SUBSTRING_INDEX with MySQL's answer for an empty
// delimiter: the empty string ("if (!delimiter_length || !count) return
// empty"); GMS split the string into characters ('a.b', ”, 1 was 'a').
type substringIndex struct{ *function.SubstringIndex }

func newSubstringIndex(str, delim, count sql.Expression) sql.Expression {
	return &substringIndex{function.NewSubstringIndex(str, delim, count).(*function.SubstringIndex)}
}

func (s *substringIndex) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 3 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 3)
	}
	return newSubstringIndex(children[0], children[1], children[2]), nil
}

func (s *substringIndex) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	args := s.Children()
	vals := make([]any, len(args))
	for i, a := range args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		vals[i] = v
	}
	if ds, err := types.ConvertToString(ctx, vals[1], types.LongText, nil); err == nil && ds == "" {
		return "", nil
	}
	// GMS's code over the values already read: each argument is evaluated once.
	return function.NewSubstringIndex(expression.NewLiteral(vals[0], args[0].Type()),
		expression.NewLiteral(vals[1], args[1].Type()), expression.NewLiteral(vals[2], args[2].Type())).Eval(ctx, nil)
}
