package sqlfunc

import (
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// The string functions that count characters (LEFT, SUBSTRING, LOCATE ...)
// count bytes when an argument is a binary string (VARBINARY, BLOB,
// _binary): MySQL's my_charset_bin has one byte per character. GMS counted
// UTF-8 characters whatever the type, so LEFT(varbinary 'Éa', 1) was the
// two bytes of 'É', not 0xC3. byteStringArgs gives such a function its
// string arguments one rune per byte (byteRunes) and turns its string
// result back into those bytes (runeBytes): every character operation of
// the function is then a byte operation.

// byteWiseFunctions are the functions whose positions, lengths or reversal
// differ between characters and bytes, and those (REPLACE, CONCAT_WS, ELT,
// SUBSTRING_INDEX) whose only fault is a text type for a binary result.
var byteWiseFunctions = map[string]bool{
	"left": true, "right": true, "substring": true, "substr": true, "mid": true,
	"reverse": true, "insert": true, "lpad": true, "rpad": true,
	"locate": true, "instr": true, "position": true,
	"replace": true, "concat_ws": true, "elt": true, "substring_index": true,
}

// byteRuneText is the type byteRunes declares: a text whose comparisons
// are exact, as a binary string's are.
var byteRuneText = types.MustCreateString(sqltypes.Text, types.TextBlobMax, sql.Collation_utf8mb4_bin)

// byteStringArgs wraps e when it is one of byteWiseFunctions with a binary
// string argument; ok is false otherwise (and for e wrapped before).
func byteStringArgs(e sql.Expression) (sql.Expression, bool) {
	f, ok := e.(sql.FunctionExpression)
	if !ok || !e.Resolved() {
		return e, false
	}
	name := strings.ToLower(f.FunctionName())
	cs := e.Children()
	if name == "ord" && len(cs) == 1 && isByteString(cs[0].Type()) {
		// A binary string's first character is its first byte.
		return &ordByte{unary: unary{cs[0]}}, true
	}
	if !byteWiseFunctions[name] {
		return e, false
	}
	binary := false
	for _, c := range cs {
		if _, done := c.(*byteRunes); done {
			return e, false
		}
		if isByteString(c.Type()) {
			binary = true
		}
	}
	if !binary {
		return e, false
	}
	ncs := make([]sql.Expression, len(cs))
	for i, c := range cs {
		ncs[i] = c
		if types.IsText(c.Type()) || isByteString(c.Type()) {
			ncs[i] = &byteRunes{unary{c}}
		}
	}
	ne, err := e.WithChildren(ncs...)
	if err != nil {
		return e, false
	}
	typ := binaryOf(e.Type())
	if shorterOfFirst[name] && isByteString(cs[0].Type()) {
		typ = cs[0].Type()
	}
	return &runeBytes{unary: unary{ne}, typ: typ}, true
}

// shorterOfFirst are the functions whose result is no longer than their
// first argument: of its type when that is a binary string.
var shorterOfFirst = map[string]bool{
	"left": true, "right": true, "substring": true, "substr": true, "mid": true,
	"reverse": true, "substring_index": true,
}

// binaryOf is t as a binary string when t is text (GMS types LEFT and
// SUBSTRING of any argument as text; MySQL's result of a binary argument is
// binary, which a client must not read as UTF-8); other types as they are.
func binaryOf(t sql.Type) sql.Type {
	st, ok := t.(sql.StringType)
	if !ok || !types.IsText(t) || isByteString(t) {
		return t
	}
	if n := st.MaxByteLength(); n <= 65535 {
		if b, err := types.CreateBinary(sqltypes.VarBinary, n); err == nil {
			return b
		}
	}
	return types.LongBlob
}

// ordByte is ORD of a binary string: its first byte (BIGINT, as ORD).
type ordByte struct {
	unary
	numeric
}

func (o *ordByte) Type() sql.Type { return types.Int64 }
func (o *ordByte) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(o, children)
}

func (o *ordByte) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := o.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, _ := asString(v)
	if s == "" {
		return int64(0), nil
	}
	return int64(s[0]), nil
}

// isByteString: BINARY, VARBINARY, BLOB (not JSON, which GMS also calls
// binary).
func isByteString(t sql.Type) bool {
	return types.IsBinaryType(t) && !types.IsJSON(t)
}

// byteRunes is a string argument as one rune per byte (Latin-1 decoding).
type byteRunes struct{ unary }

func (b *byteRunes) Type() sql.Type { return byteRuneText }
func (b *byteRunes) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_utf8mb4_bin, 2
}
func (b *byteRunes) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(b, children)
}

func (b *byteRunes) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := asString(v)
	if !ok {
		return v, nil
	}
	rs := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		rs[i] = rune(s[i])
	}
	return string(rs), nil
}

// runeBytes is the function over byteRunes arguments, its string result
// turned back into bytes, typed as the function was.
type runeBytes struct {
	unary
	typ sql.Type
}

func (r *runeBytes) Type() sql.Type { return r.typ }
func (r *runeBytes) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if types.IsText(r.typ) || types.IsBinaryType(r.typ) {
		return sql.Collation_binary, 2
	}
	return sql.Collation_binary, 5
}
func (r *runeBytes) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(r, children)
}

func (r *runeBytes) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.child.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	out := make([]byte, 0, len(s))
	for _, c := range s {
		if c < 256 {
			out = append(out, byte(c))
		} else {
			out = utf8.AppendRune(out, c)
		}
	}
	return string(out), nil
}
