package rowcodec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// JSON values are stored as standard JSON text (object keys sorted, no
// insignificant whitespace) and decoded into a types.JSONDocument whose tree
// uses the same Go types GMS gets from parsing JSON text (map[string]any,
// []any, string, float64, bool, nil), except that integers whose magnitude
// exceeds 2^53 decode as int64/uint64 so they are not rounded.

// maxSafeInt is the largest magnitude below which every integer is exactly
// representable as a float64.
const maxSafeInt = 1 << 53

// appendJSONText appends the JSON text of w to b.
func appendJSONText(b []byte, w sql.JSONWrapper) ([]byte, error) {
	if jb, ok := w.(types.JSONBytes); ok {
		raw, err := jb.GetBytes()
		if err != nil {
			return b, err
		}
		if !json.Valid(raw) {
			return b, fmt.Errorf("rowcodec: %T holds invalid JSON text", w)
		}
		return append(b, raw...), nil
	}
	v, err := w.ToInterface()
	if err != nil {
		return b, err
	}
	return appendJSON(b, v, 0)
}

const maxJSONDepth = 10000 // matches encoding/json's nesting limit

func appendJSON(b []byte, v any, depth int) ([]byte, error) {
	if depth > maxJSONDepth {
		return b, fmt.Errorf("rowcodec: JSON nested too deeply")
	}
	var err error
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case string:
		return appendJSONString(b, v), nil
	case float64:
		return appendJSONFloat(b, v, 64)
	case float32:
		return appendJSONFloat(b, float64(v), 32)
	case int:
		return strconv.AppendInt(b, int64(v), 10), nil
	case int8:
		return strconv.AppendInt(b, int64(v), 10), nil
	case int16:
		return strconv.AppendInt(b, int64(v), 10), nil
	case int32:
		return strconv.AppendInt(b, int64(v), 10), nil
	case int64:
		return strconv.AppendInt(b, v, 10), nil
	case uint:
		return strconv.AppendUint(b, uint64(v), 10), nil
	case uint8:
		return strconv.AppendUint(b, uint64(v), 10), nil
	case uint16:
		return strconv.AppendUint(b, uint64(v), 10), nil
	case uint32:
		return strconv.AppendUint(b, uint64(v), 10), nil
	case uint64:
		return strconv.AppendUint(b, v, 10), nil
	case decimal.Decimal:
		return append(b, v.String()...), nil
	case json.Number:
		if !json.Valid([]byte(v)) {
			return b, fmt.Errorf("rowcodec: invalid json.Number %q", string(v))
		}
		return append(b, v...), nil
	case time.Time:
		// GMS renders times inside JSON documents as RFC 3339 strings.
		return appendJSONString(b, v.Format(time.RFC3339)), nil
	case []any:
		b = append(b, '[')
		for i, e := range v {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJSON(b, e, depth+1); err != nil {
				return b, err
			}
		}
		return append(b, ']'), nil
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendJSONString(b, k), ':')
			if b, err = appendJSON(b, v[k], depth+1); err != nil {
				return b, err
			}
		}
		return append(b, '}'), nil
	case map[string]string:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		b = append(b, '{')
		for i, k := range keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendJSONString(b, k), ':')
			b = appendJSONString(b, v[k])
		}
		return append(b, '}'), nil
	case sql.JSONWrapper:
		inner, err := v.ToInterface()
		if err != nil {
			return b, err
		}
		return appendJSON(b, inner, depth+1)
	default:
		// Anything else must know how to marshal itself.
		out, err := json.Marshal(v)
		if err != nil {
			return b, fmt.Errorf("rowcodec: JSON value of type %T: %w", v, err)
		}
		return append(b, out...), nil
	}
}

func appendJSONFloat(b []byte, f float64, bits int) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, fmt.Errorf("rowcodec: JSON cannot hold %v", f)
	}
	return strconv.AppendFloat(b, f, 'g', -1, bits), nil
}

const hexDigits = "0123456789abcdef"

func appendJSONString(b []byte, s string) []byte {
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

// parseJSON parses stored JSON text into a types.JSONDocument.
func parseJSON(text []byte) (types.JSONDocument, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return types.JSONDocument{}, corrupt("bad JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return types.JSONDocument{}, corrupt("trailing data after JSON value")
	}
	v, err := convertNumbers(v)
	if err != nil {
		return types.JSONDocument{}, err
	}
	return types.JSONDocument{Val: v}, nil
}

// convertNumbers replaces json.Number leaves in place.
func convertNumbers(v any) (any, error) {
	switch v := v.(type) {
	case json.Number:
		return convertNumber(string(v))
	case []any:
		for i, e := range v {
			c, err := convertNumbers(e)
			if err != nil {
				return nil, err
			}
			v[i] = c
		}
		return v, nil
	case map[string]any:
		for k, e := range v {
			if _, isNum := e.(json.Number); !isNum {
				if _, isArr := e.([]any); !isArr {
					if _, isObj := e.(map[string]any); !isObj {
						continue
					}
				}
			}
			c, err := convertNumbers(e)
			if err != nil {
				return nil, err
			}
			v[k] = c
		}
		return v, nil
	default:
		return v, nil
	}
}

func convertNumber(s string) (any, error) {
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			if i > maxSafeInt || i < -maxSafeInt {
				return i, nil
			}
		} else if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return u, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil, corrupt("bad JSON number %q", s)
	}
	return f, nil
}
