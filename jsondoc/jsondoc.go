// Package jsondoc owns JSON values whose numbers keep the kind MySQL gives
// them: an integer (INTEGER, or UNSIGNED INTEGER past 2^32-1, as MySQL's
// parser reports it), a DOUBLE, or a DECIMAL with its scale. GMS parses
// every JSON number into a float64, so 1e2 printed as 100 (MySQL: 100.0),
// an integer past 2^53 lost digits, and JSON_TYPE could not tell 1.0 from 1.
//
// A Doc's tree uses the Go types GMS's JSON functions already work on
// (map[string]any, []any, string, bool, nil) with numbers as int64 or
// uint64 (integers), float64 (DOUBLE) and decimal.Decimal (DECIMAL, its
// exponent is its scale): the kinds GMS's own conversion of SQL values to
// JSON gives, so a Doc passed to GMS's functions keeps them. A Doc prints
// itself (GetBytes, which GMS's JSON type sends to the client as is),
// compares itself (Compare, MySQL's JSON ordering with exact numbers) and
// names its type (Type, for JSON_TYPE).
//
// It must never hold state or import other Myriad packages; sqlfunc and
// rowcodec build on it.
package jsondoc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// Doc is a JSON value with kinded numbers.
type Doc struct {
	Val any
}

var (
	_ sql.JSONWrapper      = Doc{}
	_ types.JSONBytes      = Doc{}
	_ types.ComparableJSON = Doc{}
)

// Clone implements sql.JSONWrapper. GMS's DeepCopyJson drops values it does
// not know (a decimal.Decimal becomes nil), so the copy is this package's.
func (d Doc) Clone(context.Context) sql.JSONWrapper { return Doc{Val: deepCopy(d.Val)} }

// ToInterface implements sql.JSONWrapper.
func (d Doc) ToInterface() (any, error) { return d.Val, nil }

// GetBytes is the value as MySQL prints it; GMS's JSON type sends these
// bytes to the client unchanged.
func (d Doc) GetBytes() ([]byte, error) { return Append(nil, d.Val) }

// String implements fmt.Stringer.
func (d Doc) String() string {
	b, err := Append(nil, d.Val)
	if err != nil {
		return fmt.Sprintf("(invalid JSON value: %v)", err)
	}
	return string(b)
}

// JSONString is the value as MySQL prints it.
func (d Doc) JSONString() (string, error) {
	b, err := Append(nil, d.Val)
	return string(b), err
}

// Compare implements types.ComparableJSON: MySQL's JSON comparison, numbers
// of any kind compared exactly.
func (d Doc) Compare(other any) (int, error) {
	if w, ok := other.(sql.JSONWrapper); ok {
		v, err := w.ToInterface()
		if err != nil {
			return 0, err
		}
		other = v
	}
	return Compare(d.Val, other), nil
}

// Type implements types.ComparableJSON: JSON_TYPE's answer.
func (d Doc) Type(context.Context) (string, error) { return TypeOf(d.Val), nil }

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = deepCopy(e)
		}
		return a
	}
	return v
}

// ErrTooBig is a JSON number beyond a double's range, which MySQL's parser
// refuses ("Number too big to be stored in double").
var ErrTooBig = errors.New("number too big to be stored in double")

// maxJSONDepth matches encoding/json's nesting limit.
const maxJSONDepth = 10000

// Parse reads JSON text as MySQL 8.0's parser (rapidjson) does: a number
// without fraction or exponent is an integer (int64; uint64 when positive
// and past 2^32-1, which MySQL reports as UNSIGNED INTEGER; a DOUBLE when
// it fits neither), any other a DOUBLE; "-0" is the integer 0. A JSON
// object's duplicate keys keep the last value, as in MySQL.
func Parse(text []byte) (any, error) { return parse(text, false) }

// ParseStored reads text written by AppendStored.
func ParseStored(text []byte) (any, error) { return parse(text, true) }

func parse(text []byte, stored bool) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("the document root must not be followed by other values")
	}
	return convertNumbers(v, stored, 0)
}

func convertNumbers(v any, stored bool, depth int) (any, error) {
	if depth > maxJSONDepth {
		return nil, errors.New("JSON nested too deeply")
	}
	switch x := v.(type) {
	case json.Number:
		if stored {
			return storedNumber(string(x))
		}
		return Number(string(x))
	case []any:
		for i, e := range x {
			c, err := convertNumbers(e, stored, depth+1)
			if err != nil {
				return nil, err
			}
			x[i] = c
		}
	case map[string]any:
		for k, e := range x {
			switch e.(type) {
			case json.Number, []any, map[string]any:
				c, err := convertNumbers(e, stored, depth+1)
				if err != nil {
					return nil, err
				}
				x[k] = c
			}
		}
	}
	return v, nil
}

// Number is the kinded value of the JSON number text s (see Parse).
func Number(s string) (any, error) {
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			if i > math.MaxUint32 {
				return uint64(i), nil
			}
			return i, nil
		}
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return u, nil
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) && !math.IsInf(f, 0) {
			return f, nil // underflow: rapidjson reads it as 0 or a subnormal too
		}
		if errors.Is(err, strconv.ErrRange) {
			return nil, ErrTooBig
		}
		return nil, fmt.Errorf("bad JSON number %q", s)
	}
	return f, nil
}

// AppendStored appends v as JSON text whose numbers say their kind: a DOUBLE
// always has a lowercase exponent ("1e+02"), a DECIMAL a fraction and no
// exponent ("1.50") or, without a fraction, an uppercase one ("5E0"), an
// integer neither. ParseStored reads it back.
func AppendStored(b []byte, v any) ([]byte, error) {
	return appendValue(b, v, 0, true)
}

func storedNumber(s string) (any, error) {
	switch {
	case strings.ContainsRune(s, 'e'):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("bad stored JSON double %q", s)
		}
		return f, nil
	case strings.ContainsAny(s, ".E"):
		d, err := decimal.NewFromString(s)
		if err != nil {
			return nil, fmt.Errorf("bad stored JSON decimal %q", s)
		}
		return d, nil
	}
	return Number(s)
}

// FromGMS gives the value of a JSON wrapper GMS built from SQL values (its
// conversion keeps their kinds) as a Doc; a Doc is returned as it is.
func FromGMS(w sql.JSONWrapper) (Doc, error) {
	if d, ok := w.(Doc); ok {
		return d, nil
	}
	v, err := w.ToInterface()
	return Doc{Val: v}, err
}
