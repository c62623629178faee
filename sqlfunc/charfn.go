package sqlfunc

import (
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// charFunc is CHAR(N, ... [USING charset]) as MySQL's Item_func_char
// builds it: each non-NULL N, as an integer taken modulo 2^32, gives its
// bytes big-endian without leading zero bytes, but at least one, so
// CHAR(0) is X'00' and CHAR(256) X'0100'. GMS's drops every zero value
// (CHAR(0) was ”), and its WithChildren forgets USING, so a rewritten
// CHAR(... USING utf8mb4) turned binary. A result that is not well-formed
// in the USING character set is NULL with warning 1300, as in MySQL.
type charFunc struct {
	*function.Char
}

var _ sql.FunctionExpression = (*charFunc)(nil)

func (c *charFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	f, err := function.NewChar(children...)
	if err != nil {
		return nil, err
	}
	nf := f.(*function.Char)
	nf.Collation = c.Collation
	return &charFunc{nf}, nil
}

func (c *charFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	res := []byte{}
	for _, arg := range c.Children() {
		val, err := arg.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if val == nil {
			continue
		}
		if s, ok := val.(string); ok {
			// Item_string::val_int: the integer prefix (my_strtoll10,
			// '65abc' is 65, '6.7' is 6), warning 1292 when more follows
			// than spaces. GMS's conversion failed and gave X'00'.
			mag, neg, clean, _ := intPrefix(strings.TrimRight(s, " "))
			if !clean {
				ctx.Warn(1292, "Truncated incorrect INTEGER value: '%s'", s)
			}
			n := int64(mag)
			if neg {
				n = -n
			}
			res = appendCharBytes(res, uint32(n))
			continue
		}
		n, _, err := types.Int64.Convert(ctx, val)
		if err != nil || n == nil {
			// GMS's answer for what it cannot read as a number.
			ctx.Warn(1292, "Truncated incorrect INTEGER value: '%v'", val)
			res = append(res, 0)
			continue
		}
		res = appendCharBytes(res, uint32(n.(int64)))
	}
	if cs := c.Collation.CharacterSet(); c.Collation != sql.Collation_Unspecified &&
		(cs == sql.CharacterSet_utf8mb4 || cs == sql.CharacterSet_utf8mb3) && !utf8.Valid(res) {
		ctx.Warn(1300, "Invalid %s character string: '%X'", cs.Name(), res)
		return nil, nil
	}
	if cs := c.Collation.CharacterSet(); c.Collation != sql.Collation_Unspecified &&
		cs != sql.CharacterSet_utf8mb4 && cs != sql.CharacterSet_utf8mb3 && cs != sql.CharacterSet_binary {
		// Strings are UTF-8 inside the engine (convertusing.go): the bytes
		// are read in the USING character set. GMS kept them raw and HEX or
		// LENGTH of CHAR(0xE4 USING latin1) panicked (1105).
		d, ok := cs.Encoder().Decode(res)
		if !ok {
			ctx.Warn(1300, "Invalid %s character string: '%X'", cs.Name(), res)
			return nil, nil
		}
		return string(d), nil
	}
	r, _, err := c.Type().Convert(ctx, res)
	return r, err
}

// CollationCoercibility is binary without USING, else USING's character
// set's default collation, COERCIBLE either way (Item_func_char); GMS's
// is binary and NUMERIC even with USING.
func (c *charFunc) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	if c.Collation == sql.Collation_Unspecified {
		return sql.Collation_binary, 4
	}
	return c.Collation.CharacterSet().DefaultCollation(), 4
}

// appendCharBytes appends u big-endian without leading zero bytes, but at
// least one.
func appendCharBytes(res []byte, u uint32) []byte {
	switch {
	case u > 0xFFFFFF:
		return append(res, byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
	case u > 0xFFFF:
		return append(res, byte(u>>16), byte(u>>8), byte(u))
	case u > 0xFF:
		return append(res, byte(u>>8), byte(u))
	}
	return append(res, byte(u))
}
