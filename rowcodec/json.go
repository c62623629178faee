package rowcodec

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/myriaddb/myriad/jsondoc"
)

// A jsondoc.Doc is stored as JSON text whose numbers say their kind
// (tagJSONKinded, jsondoc.AppendStored); any other JSON value (GMS's, whose
// numbers parsed from text are all float64) as standard JSON text (object
// keys sorted, no insignificant whitespace; tagJSON). Both decode into a
// jsondoc.Doc.

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

// appendJSONString quotes s in tagJSON's text. It is not jsondoc's
// appendString (MySQL's printing, which writes \b and \f where this writes
// \u0008 and \u000c) on purpose: tagJSON text is part of stored keys (the
// hash of a row of a table without a primary key, layout.rowHash and
// hiddenPrefix, covers its encoded columns), so the same GMS JSON value must
// keep encoding to the bytes older builds wrote, or identical rows would
// hash apart. tagJSONKinded's text is jsondoc's (AppendStored).
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

// parseJSON parses stored JSON text: tagJSONKinded's (kinded) as
// jsondoc.AppendStored wrote it, tagJSONTyped's as AppendStoredTyped did, tagJSON's as MySQL reads JSON text. Rows
// written before tagJSONKinded kept no kinds (GMS had made every number a
// float64, printed without a fraction when integral), so their integral
// numbers read back as integers, the others as doubles.
func parseJSON(text []byte, tag byte) (jsondoc.Doc, error) {
	var v any
	var err error
	switch tag {
	case tagJSONKinded:
		v, err = jsondoc.ParseStored(text)
	case tagJSONTyped:
		v, err = jsondoc.ParseStoredTyped(text)
	default:
		v, err = jsondoc.Parse(text)
	}
	if err != nil {
		return jsondoc.Doc{}, corrupt("bad JSON: %v", err)
	}
	return jsondoc.Doc{Val: v}, nil
}
