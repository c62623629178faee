package sqlfunc

import (
	"fmt"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// CONCAT's result type. GMS types every CONCAT LONGTEXT; MySQL 8.0
// (Item_func_concat::resolve_type) adds up its arguments' longest lengths
// in characters and makes the result VARCHAR of that length when it fits
// 65,535 bytes in the result's character set, else MEDIUMTEXT, else
// LONGTEXT (Item::set_data_type_string): CONCAT('[', char3, ']') is
// VARCHAR(5). Clients read the type (a driver maps VARCHAR and TEXT
// differently), and so does CREATE TABLE ... AS SELECT.
//
// An argument whose longest text this cannot tell (a binary string, BIT,
// TIME, JSON, a floating-point literal, an unknown type) leaves GMS's
// LONGTEXT.

func newConcat(args ...sql.Expression) (sql.Expression, error) {
	in, err := gmsBuiltin("concat").NewInstance(decimalsAsText(args)) // dectext.go
	if err != nil {
		return nil, err
	}
	return &concatFn{fixedFn{inner: in, typ: concatType}}, nil
}

// concatFn is CONCAT with MySQL's collation derivation (Coercibility's),
// which GMS code reads through sql.GetCoercibility: a LIKE, a function
// around the CONCAT.
type concatFn struct {
	fixedFn
}

func (c *concatFn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := c.fixedFn.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &concatFn{*e.(*fixedFn)}, nil
}

// Eval joins the bytes of a binary CONCAT itself: GMS's converts every
// argument to utf8mb4 text, so CONCAT(x'FF', 'a') failed with 1366.
func (c *concatFn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if !types.IsBinaryType(c.Type()) {
		return c.fixedFn.Eval(ctx, row)
	}
	var b []byte
	for _, a := range c.Children() {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		switch x := v.(type) {
		case []byte:
			b = append(b, x...)
		case string:
			b = append(b, x...)
		default:
			t, _, err := types.LongText.Convert(ctx, v)
			if err != nil {
				return nil, err
			}
			s, _, err := sql.Unwrap[string](ctx, t)
			if err != nil {
				return nil, err
			}
			b = append(b, s...)
		}
	}
	return string(b), nil
}

func (c *concatFn) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if coll, k, ok := derivedAggregate(ctx, c); ok {
		return coll, k
	}
	return c.fixedFn.CollationCoercibility(ctx)
}

func concatType(inner sql.Expression) sql.Type {
	return concatArgsType(inner.Children())
}

// concatArgsType is the type of a concatenation of args (each counted once).
func concatArgsType(args []sql.Expression) sql.Type {
	if t, ok := binaryConcatType(args); ok {
		return t
	}
	coll := sql.Collation_Default
	// A string literal's type holds the connection's collation (GMS's
	// planner types it so): a CONCAT of literals only is of that
	// collation, not the server default utf8mb4_0900_bin, which a folded
	// `CONCAT('a', '') LIKE 'A'` in a WHERE compared with (no row, and
	// NOT (...) no row either: the planner's own evaluation had said true;
	// TestOracles seed 1795881217987403951).
	litColl, fromCol := sql.Collation_Default, false
	var chars int64
	for _, a := range args {
		n, ok := maxCharLength(a)
		if !ok {
			return types.LongText
		}
		if _, lit := a.(*expression.Literal); !lit {
			if st, ok := a.Type().(sql.StringType); ok && !fromCol {
				coll, fromCol = st.Collation(), true
			} else if ok && unicodeOver(coll, st.Collation()) {
				// MySQL's collation aggregation converts a one-byte
				// character set's text to the Unicode one beside it
				// (DTCollation::aggregate): CONCAT(latin1_col,
				// utf8mb4_col) is utf8mb4 (it was typed latin1, and HEX
				// of a character latin1 lacks panicked).
				coll = st.Collation()
			}
		} else if st, ok := a.Type().(sql.StringType); ok && litColl == sql.Collation_Default {
			litColl = st.Collation()
		}
		chars += n
	}
	if !fromCol {
		coll = litColl
	}
	if coll == sql.Collation_binary {
		return types.LongText
	}
	mb := coll.CharacterSet().MaxLength()
	switch bytes := chars * mb; {
	case bytes <= 65535:
		if t, err := types.CreateString(sqltypes.VarChar, chars, coll); err == nil {
			return t
		}
	case bytes <= types.MediumTextBlobMax:
		if t, err := types.CreateString(sqltypes.Text, types.MediumTextBlobMax, coll); err == nil {
			return t
		}
	}
	return types.LongText
}

// binaryConcatType is the type of a CONCAT with a binary string argument:
// a binary string (MySQL's collation aggregation makes the result binary),
// VARBINARY of the arguments' longest lengths in bytes while they fit
// 65,535, else a BLOB. GMS typed it LONGTEXT in the connection's
// collation, so CONCAT(varbinary_col, 'x') = 'EAx' compared case-insensitively
// and CHAR_LENGTH counted characters. ok is false without such an argument.
func binaryConcatType(args []sql.Expression) (sql.Type, bool) {
	binary := false
	for _, a := range args {
		binary = binary || isByteString(a.Type()) // bytewise.go
	}
	if !binary {
		return nil, false
	}
	var bytes int64
	for _, a := range args {
		st, isStr := a.Type().(sql.StringType)
		if _, lit := a.(*expression.Literal); isStr && !lit {
			bytes += st.MaxByteLength()
			continue
		}
		n, ok := maxCharLength(a)
		if !ok {
			return types.LongBlob, true
		}
		if isStr {
			n *= st.Collation().CharacterSet().MaxLength()
		}
		bytes += n // other values' text is ASCII
	}
	switch {
	case bytes <= 65535:
		if t, err := types.CreateBinary(sqltypes.VarBinary, bytes); err == nil {
			return t, true
		}
	case bytes <= types.MediumTextBlobMax:
		return types.MediumBlob, true
	}
	return types.LongBlob, true
}

// maxCharLength is MySQL's max_char_length of a CONCAT argument: the
// longest text it can have, in characters; ok is false when it cannot be
// told here.
func maxCharLength(e sql.Expression) (int64, bool) {
	if l, ok := e.(*expression.Literal); ok {
		switch v := l.Value().(type) {
		case nil:
			return 0, true
		case string:
			return int64(utf8.RuneCountInString(v)), true
		case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64:
			return int64(len(fmt.Sprint(v))), true
		case float32, float64:
			return 0, false // MySQL's length is the literal's text as written
		case decimal.Decimal:
			// Item_decimal: its digits, a point when it has a fraction,
			// and a sign.
			digits := int64(len(v.Coefficient().Abs(v.Coefficient()).String()))
			scale := int64(-v.Exponent())
			if scale < 0 {
				scale = 0
			}
			if digits < scale+1 {
				digits = scale + 1
			}
			n := digits + 1
			if scale > 0 {
				n++
			}
			return n, true
		}
	}
	t := e.Type()
	switch {
	case t == types.Null:
		return 0, true
	case types.IsBinaryType(t), types.IsBit(t), types.IsJSON(t):
		return 0, false
	}
	switch tt := t.(type) {
	case sql.StringType:
		return tt.MaxCharacterLength(), true
	case sql.EnumType:
		var n int64
		for _, v := range tt.Values() {
			n = max(n, int64(utf8.RuneCountInString(v)))
		}
		return n, true
	case sql.SetType:
		vs := tt.Values()
		var n int64
		for _, v := range vs {
			n += int64(utf8.RuneCountInString(v))
		}
		if len(vs) > 1 {
			n += int64(len(vs) - 1)
		}
		return n, true
	case sql.DecimalType:
		// my_decimal_precision_to_length: digits, a point, a sign.
		n := int64(tt.Precision()) + 1
		if tt.Scale() > 0 {
			n++
		}
		return n, true
	case sql.DatetimeType:
		switch t.Type() {
		case sqltypes.Date:
			return 10, true
		case sqltypes.Datetime, sqltypes.Timestamp:
			n := int64(19)
			if p := tt.Precision(); p > 0 {
				n += int64(p) + 1
			}
			return n, true
		}
		return 0, false
	}
	// Integers and floating point: the display width MySQL gives them.
	switch t.Type() {
	case sqltypes.Year:
		return 4, true
	case sqltypes.Int8:
		return 4, true
	case sqltypes.Uint8:
		return 3, true
	case sqltypes.Int16:
		return 6, true
	case sqltypes.Uint16:
		return 5, true
	case sqltypes.Int24:
		return 9, true
	case sqltypes.Uint24:
		return 8, true
	case sqltypes.Int32:
		return 11, true
	case sqltypes.Uint32:
		return 10, true
	case sqltypes.Int64, sqltypes.Uint64:
		return 20, true
	case sqltypes.Float32:
		return 12, true
	case sqltypes.Float64:
		return 22, true
	}
	return 0, false
}

// unicodeOver: collation other is of a Unicode character set and coll of
// a one-byte one.
func unicodeOver(coll, other sql.CollationID) bool {
	if coll == sql.Collation_binary || other == sql.Collation_binary {
		return false
	}
	return coll.CharacterSet().MaxLength() == 1 && other.CharacterSet().MaxLength() > 1
}
