package jsondoc

import (
	"math/big"
	"slices"
	"strings"

	gmsjson "github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/shopspring/decimal"
)

// TypeOf is JSON_TYPE of v.
func TypeOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case bool:
		return "BOOLEAN"
	case int, int8, int16, int32, int64, uint8, uint16, uint32:
		return "INTEGER"
	case uint, uint64:
		return "UNSIGNED INTEGER"
	case float32, float64:
		return "DOUBLE"
	case decimal.Decimal:
		return "DECIMAL"
	case string:
		return "STRING"
	case []any:
		return "ARRAY"
	case map[string]any:
		return "OBJECT"
	case Temporal:
		return x.typeName()
	}
	return gmsjson.TypeOfJsonValue(v)
}

// rank orders JSON types as MySQL compares them (json_dom.cc's
// type_comparison): NULL < numbers < STRING < OBJECT < ARRAY < BOOLEAN <
// DATE < TIME < DATETIME < the rest (opaque values).
func rank(v any) int {
	switch x := v.(type) {
	case Temporal:
		return x.rank()
	case nil:
		return 0
	case string:
		return 2
	case map[string]any:
		return 3
	case []any:
		return 4
	case bool:
		return 5
	}
	if _, ok := numberRat(v); ok {
		return 1
	}
	return 9
}

// Compare orders two JSON values as MySQL does: by type first, then by
// value; numbers of any kind (INTEGER, DOUBLE, DECIMAL) by their exact
// values, strings bytewise, arrays element by element (a prefix first). Two
// objects are equal with the same members; otherwise the one with fewer
// members, then with the smaller first differing key or value, is less
// (MySQL leaves that order unspecified).
func Compare(a, b any) int {
	ra, rb := rank(a), rank(b)
	if ra != rb {
		if ra < rb {
			return -1
		}
		return 1
	}
	switch x := a.(type) {
	case nil:
		return 0
	case string:
		return strings.Compare(x, b.(string))
	case bool:
		y := b.(bool)
		switch {
		case x == y:
			return 0
		case y:
			return -1
		}
		return 1
	case []any:
		y := b.([]any)
		for i := range min(len(x), len(y)) {
			if c := Compare(x[i], y[i]); c != 0 {
				return c
			}
		}
		return cmpInt(len(x), len(y))
	case Temporal:
		return compareTemporal(x, b.(Temporal))
	case map[string]any:
		y := b.(map[string]any)
		if c := cmpInt(len(x), len(y)); c != 0 {
			return c
		}
		kx, ky := sortedKeys(x), sortedKeys(y)
		for i := range kx {
			if c := keyOrder(kx[i], ky[i]); c != 0 {
				return c
			}
		}
		for _, k := range kx {
			if c := Compare(x[k], y[k]); c != 0 {
				return c
			}
		}
		return 0
	}
	if ra == 1 {
		return compareNumbers(a, b)
	}
	return strings.Compare(TypeOf(a), TypeOf(b))
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, keyOrder)
	return keys
}

func compareNumbers(a, b any) int {
	if x, ok := a.(int64); ok {
		if y, ok := b.(int64); ok {
			return cmpInt64(x, y)
		}
	}
	if x, ok := a.(float64); ok {
		if y, ok := b.(float64); ok {
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		}
	}
	x, _ := numberRat(a)
	y, _ := numberRat(b)
	return x.Cmp(y)
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// numberRat is the exact value of a JSON number.
func numberRat(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case int:
		return new(big.Rat).SetInt64(int64(x)), true
	case int8:
		return new(big.Rat).SetInt64(int64(x)), true
	case int16:
		return new(big.Rat).SetInt64(int64(x)), true
	case int32:
		return new(big.Rat).SetInt64(int64(x)), true
	case int64:
		return new(big.Rat).SetInt64(x), true
	case uint:
		return new(big.Rat).SetUint64(uint64(x)), true
	case uint8:
		return new(big.Rat).SetUint64(uint64(x)), true
	case uint16:
		return new(big.Rat).SetUint64(uint64(x)), true
	case uint32:
		return new(big.Rat).SetUint64(uint64(x)), true
	case uint64:
		return new(big.Rat).SetUint64(x), true
	case float32:
		return floatRat(float64(x)), true
	case float64:
		return floatRat(x), true
	case decimal.Decimal:
		return x.Rat(), true
	}
	return nil, false
}

func floatRat(f float64) *big.Rat {
	if r := new(big.Rat).SetFloat64(f); r != nil {
		return r
	}
	return new(big.Rat) // not finite: a Doc never holds one
}
