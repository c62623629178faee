package sqlfunc

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

// jsonStorageSize is JSON_STORAGE_SIZE(doc), which GMS lacks (1105): the
// bytes of MySQL's binary JSON encoding of doc, computed from the format
// (sql/json_binary.cc): a type byte, then for an array or object a count and
// a size, an entry per key (offset, length) and per value (type, offset or
// the value itself when it fits: literals and 16-bit integers, 32-bit ones
// in the large format), the keys, then the values that were not inlined.
// Offsets are 2 bytes unless the container reaches 64 KiB (then 4). Numbers
// by their kind (package jsondoc): an integer of 2, 4 or 8 bytes by its
// value, a DOUBLE 8, a DECIMAL an opaque value (field type, length, then
// precision, scale and decimal2bin's bytes); a string is its length as a
// variable-length integer, then its bytes. A document stored and then
// partly updated in MySQL can take more than this (its free space).
type jsonStorageSize struct {
	unary
	numeric
}

func newJSONStorageSize(e sql.Expression) sql.Expression { return &jsonStorageSize{unary: unary{e}} }

func (j *jsonStorageSize) Type() sql.Type { return types.Int64 }
func (j *jsonStorageSize) String() string { return fmt.Sprintf("json_storage_size(%s)", j.child) }
func (j *jsonStorageSize) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return withChild(j, children)
}

func (j *jsonStorageSize) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if w, ok := v.(sql.JSONWrapper); ok {
		d, err := fromGMS(w)
		if err != nil {
			return nil, err
		}
		return int64(1 + binaryValueSize(d.Val)), nil
	}
	text, ok := asString(v)
	if !ok {
		return nil, sql.ErrInvalidJSONArgument.New(1, "json_storage_size")
	}
	n, err := JSONBinarySize(text)
	if err != nil {
		return nil, sql.ErrInvalidJSONText.New(1, "json_storage_size", text)
	}
	return int64(n), nil
}

// JSONBinarySize is the size of doc in MySQL's binary JSON format.
func JSONBinarySize(doc string) (int, error) {
	v, err := jsondoc.Parse([]byte(doc))
	if err != nil {
		return 0, err
	}
	return 1 + binaryValueSize(v), nil
}

// binaryValueSize is v's size without its type byte.
func binaryValueSize(v any) int {
	switch x := v.(type) {
	case nil, bool:
		return 1 // a literal outside a container: one byte
	case int64, uint64:
		return intWidth(x)
	case float64:
		return 8
	case decimal.Decimal:
		n := decimalBinarySize(x)
		return 1 + varLenSize(n) + n // field type, length, bytes
	case string:
		return varLenSize(len(x)) + len(x)
	case jsondoc.Temporal:
		// An opaque value: field type, length, the packed 8 bytes
		// (json_binary.cc stores DATE, TIME and DATETIME so).
		return 1 + varLenSize(8) + 8
	case []any:
		if n, ok := containerSize(nil, x, false); ok {
			return n
		}
		n, _ := containerSize(nil, x, true)
		return n
	case map[string]any:
		if n, ok := containerSize(x, nil, false); ok {
			return n
		}
		n, _ := containerSize(x, nil, true)
		return n
	}
	return 0
}

// containerSize is the size of an object (obj) or array (arr) in the small
// or large format; ok is false when the small format cannot hold it.
func containerSize(obj map[string]any, arr []any, large bool) (int, bool) {
	off := 2
	if large {
		off = 4
	}
	var vals []any
	size := 0
	if obj != nil {
		for k, v := range obj {
			size += off + 2 + len(k)
			vals = append(vals, v)
		}
	} else {
		vals = arr
	}
	size += 2 * off
	for _, v := range vals {
		size += 1 + off
		if !inlined(v, large) {
			size += binaryValueSize(v)
		}
	}
	if !large && size > math.MaxUint16 {
		return 0, false
	}
	return size, true
}

// inlined: the value sits in its entry instead of an offset.
func inlined(v any, large bool) bool {
	switch x := v.(type) {
	case nil, bool:
		return true
	case int64, uint64:
		w := intWidth(x)
		return w == 2 || w == 4 && large
	}
	return false
}

// intWidth is the bytes MySQL stores a JSON integer (int64 or uint64) in:
// 2, 4 or 8 by its value.
func intWidth(n any) int {
	var i int64
	switch x := n.(type) {
	case int64:
		i = x
	case uint64:
		if x > math.MaxInt64 {
			return 8
		}
		i = int64(x)
	}
	switch {
	case i >= math.MinInt16 && i <= math.MaxInt16:
		return 2
	case i >= math.MinInt32 && i <= math.MaxInt32:
		return 4
	}
	return 8
}

// decimalBinarySize is Json_decimal::binary_size: precision and scale (a
// byte each), then my_decimal_get_binary_size(precision, scale): 4 bytes
// for every 9 digits on each side of the point, fewer for the rest.
func decimalBinarySize(d decimal.Decimal) int {
	scale := 0
	if e := d.Exponent(); e < 0 {
		scale = int(-e)
	}
	digits := len(d.Coefficient().String())
	if d.Sign() < 0 {
		digits-- // the coefficient's sign
	}
	intg := digits - scale
	if intg < 0 || d.Sign() == 0 {
		intg = 0
	}
	if e := d.Exponent(); e > 0 {
		intg += int(e)
	}
	dig2bytes := [10]int{0, 1, 1, 2, 2, 3, 3, 4, 4, 4}
	return 2 + intg/9*4 + dig2bytes[intg%9] + scale/9*4 + dig2bytes[scale%9]
}

// varLenSize is the bytes of a length as MySQL writes it: 7 bits a byte.
func varLenSize(n int) int {
	s := 1
	for n >= 0x80 {
		n >>= 7
		s++
	}
	return s
}

func init() {
	functions["json_storage_size"] = sql.Function1{Name: "json_storage_size", Fn: newJSONStorageSize}
}
