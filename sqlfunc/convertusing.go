package sqlfunc

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// convertUsing is CONVERT(x USING cs) keeping GMS's convention that a
// string value in memory is UTF-8 whatever its column's character set (a
// latin1 column's 'é' is "é"; HEX, LENGTH and the wire encode it by the
// type's character set). GMS's ConvertUsing returned the target
// encoding's bytes as the string, which the functions above it decoded
// again: HEX(CONVERT('é' USING latin1)) and LENGTH(...) panicked (1105),
// CONVERT('é' USING latin1) = 'é' was 0. Characters the target cannot
// hold become '?', as in MySQL; USING binary gives the bytes of x in its
// own character set. A number converts to its text in cs (GMS kept the
// number's type).
type convertUsing struct{ *expression.ConvertUsing }

func (c *convertUsing) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &convertUsing{expression.NewConvertUsing(children[0], c.TargetCharSet)}, nil
}

func (c *convertUsing) Type() sql.Type {
	if c.TargetCharSet == sql.CharacterSet_binary {
		return types.LongBlob
	}
	if t, ok := c.Child.Type().(sql.TypeWithCollation); ok && types.IsTextOnly(c.Child.Type()) {
		if nt, err := t.WithNewCollation(c.TargetCharSet.DefaultCollation()); err == nil {
			return nt
		}
	}
	return types.CreateLongText(c.TargetCharSet.DefaultCollation())
}

func (c *convertUsing) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	src := sql.CharacterSet_utf8mb4
	if t, ok := c.Child.Type().(sql.TypeWithCollation); ok {
		src = t.Collation().CharacterSet()
	}
	var text string
	switch x := v.(type) {
	case string:
		text = x
	case []byte:
		if src == sql.CharacterSet_binary || !types.IsTextOnly(c.Child.Type()) {
			// Bytes read as the target's encoding.
			if c.TargetCharSet == sql.CharacterSet_binary {
				return x, nil
			}
			if d, ok := c.TargetCharSet.Encoder().Decode(x); ok {
				return string(d), nil
			}
			return c.ConvertUsing.Eval(ctx, row)
		}
		text = string(x)
	default:
		// The value's text as the client would see it (an ENUM's member,
		// not its number; a DECIMAL with its scale).
		sv, err := c.Child.Type().SQL(ctx, nil, v)
		if err != nil {
			return nil, err
		}
		text = sv.ToString()
		src = sql.CharacterSet_utf8mb4
	}
	if c.TargetCharSet == sql.CharacterSet_binary {
		if src == sql.CharacterSet_binary {
			return []byte(text), nil
		}
		if b, ok := src.Encoder().Encode([]byte(text)); ok {
			return append([]byte(nil), b...), nil
		}
		return []byte(text), nil
	}
	enc := c.TargetCharSet.Encoder()
	b := enc.EncodeReplaceUnknown([]byte(text))
	if d, ok := enc.Decode(b); ok {
		return string(d), nil
	}
	return text, nil
}

// castCharset rewrites CAST(x AS CHAR[(n)] CHARACTER SET cs) (and
// CONVERT(x, CHAR CHARACTER SET cs)) into CONVERT(CAST(x AS CHAR[(n)])
// USING cs), which is what MySQL computes; GMS's planner drops the
// character set (CHARSET(CAST('é' AS CHAR CHARACTER SET latin1)) was
// utf8mb3, HEX C3A9 where MySQL's is E9).
func castCharset(e ast.Expr, changed *bool) (ast.Expr, bool) {
	c, ok := e.(*ast.ConvertExpr)
	if !ok || c.Type == nil || c.Type.Charset == "" {
		return e, false
	}
	switch strings.ToLower(c.Type.Type) {
	case "char", "nchar", "varchar":
	default:
		return e, false
	}
	cs := c.Type.Charset
	inner := *c
	t := *c.Type
	t.Charset, t.Operator = "", ""
	inner.Type = &t
	*changed = true
	return &ast.ConvertUsingExpr{Expr: &inner, Type: cs}, true
}
