package jsondoc

import (
	"fmt"
	"github.com/myriaddb/myriad/floatfmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// Append appends v as MySQL prints a JSON value (Json_wrapper::to_string):
// object members ordered by key length, then bytes, ", " and ": " between
// them; a DOUBLE as my_gcvt prints it with ".0" added when that has no
// point and no exponent (100.0, 1e15); a DECIMAL with its scale (1.50).
func Append(b []byte, v any) ([]byte, error) {
	return appendValue(b, v, 0, false)
}

func appendValue(b []byte, v any, depth int, stored bool) ([]byte, error) {
	if depth > maxJSONDepth {
		return b, fmt.Errorf("JSON nested too deeply")
	}
	var err error
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case string:
		return appendString(b, x), nil
	case Temporal:
		if stored {
			// The plain stored text has no place for the kind; the
			// caller writes the typed form (AppendStoredTyped).
			return b, errTemporal
		}
		return appendString(b, x.Text), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int8:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int16:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int32:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case uint:
		return strconv.AppendUint(b, uint64(x), 10), nil
	case uint8:
		return strconv.AppendUint(b, uint64(x), 10), nil
	case uint16:
		return strconv.AppendUint(b, uint64(x), 10), nil
	case uint32:
		return strconv.AppendUint(b, uint64(x), 10), nil
	case uint64:
		return strconv.AppendUint(b, x, 10), nil
	case float32:
		return appendDouble(b, float64(x), stored)
	case float64:
		return appendDouble(b, x, stored)
	case decimal.Decimal:
		return appendDecimal(b, x, stored), nil
	case []any:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = appendSep(b, ',', stored)
			}
			if b, err = appendValue(b, e, depth+1, stored); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, keyOrder)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = appendSep(b, ',', stored)
			}
			b = appendSep(appendString(b, k), ':', stored)
			if b, err = appendValue(b, x[k], depth+1, stored); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	case sql.JSONWrapper:
		inner, err := x.ToInterface()
		if err != nil {
			return b, err
		}
		return appendValue(b, inner, depth+1, stored)
	}
	// Anything else (a time.Time GMS put in a document) prints as GMS
	// prints it, so it reads back as the same JSON.
	s, err := types.JsonToMySqlString(types.JSONDocument{Val: v})
	if err != nil {
		return b, err
	}
	return append(b, s...), nil
}

// appendSep: MySQL prints ", " and ": "; stored text has no spaces.
func appendSep(b []byte, c byte, stored bool) []byte {
	if stored {
		return append(b, c)
	}
	return append(b, c, ' ')
}

// keyOrder is MySQL's order of an object's members: shorter keys first,
// then bytewise.
func keyOrder(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as MySQL does: \" \\ \b \f \n \r \t, other control
// characters as \u00XX.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func appendDouble(b []byte, f float64, stored bool) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, fmt.Errorf("JSON cannot hold %v", f)
	}
	if stored {
		return strconv.AppendFloat(b, f, 'e', -1, 64), nil
	}
	start := len(b)
	b = AppendDouble(b, f)
	if !strings.ContainsAny(string(b[start:]), ".e") {
		b = append(b, '.', '0')
	}
	return b, nil
}

// AppendDouble appends f as MySQL's my_gcvt prints a DOUBLE (see
// floatfmt, which owns the rule).
func AppendDouble(b []byte, f float64) []byte {
	return floatfmt.AppendDouble(b, f)
}

// appendDecimal prints d with its scale (its exponent when negative); in
// stored text a DECIMAL without a fraction carries "E0" so it reads back as
// a DECIMAL.
func appendDecimal(b []byte, d decimal.Decimal, stored bool) []byte {
	if e := d.Exponent(); e < 0 {
		return append(b, d.StringFixed(-e)...)
	}
	b = append(b, d.String()...)
	if stored {
		b = append(b, 'E', '0')
	}
	return b
}

// AppendPretty appends v as MySQL's JSON_PRETTY prints it
// (Json_wrapper::to_pretty_string): each array element and object member on
// its own line, indented two spaces a level, ": " after a key, an empty
// array or object as [] or {}; scalars as Append prints them.
func AppendPretty(b []byte, v any) ([]byte, error) {
	return appendPretty(b, v, 0)
}

func appendPretty(b []byte, v any, depth int) ([]byte, error) {
	if depth > maxJSONDepth {
		return b, fmt.Errorf("JSON nested too deeply")
	}
	var err error
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return append(b, '[', ']'), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIndent(b, depth+1)
			if b, err = appendPretty(b, e, depth+1); err != nil {
				return b, err
			}
		}
		return append(appendIndent(b, depth), ']'), nil
	case map[string]any:
		if len(x) == 0 {
			return append(b, '{', '}'), nil
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, keyOrder)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendIndent(b, depth+1)
			b = append(appendString(b, k), ':', ' ')
			if b, err = appendPretty(b, x[k], depth+1); err != nil {
				return b, err
			}
		}
		return append(appendIndent(b, depth), '}'), nil
	case sql.JSONWrapper:
		inner, err := x.ToInterface()
		if err != nil {
			return b, err
		}
		return appendPretty(b, inner, depth)
	}
	return appendValue(b, v, depth, false)
}

// appendIndent starts a line at depth.
func appendIndent(b []byte, depth int) []byte {
	b = append(b, '\n')
	for i := 0; i < depth; i++ {
		b = append(b, ' ', ' ')
	}
	return b
}
