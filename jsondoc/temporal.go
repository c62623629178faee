package jsondoc

import (
	"encoding/json"
	"errors"
	"strings"
)

// TemporalKind is the MySQL JSON type of a Temporal.
type TemporalKind uint8

// The kinds a DATE, TIME, DATETIME or TIMESTAMP becomes inside a JSON
// value (a TIMESTAMP is a DATETIME there, as JSON_TYPE reports it).
const (
	Date TemporalKind = iota + 1
	Time
	Datetime
)

// Temporal is a date or time inside a JSON value. MySQL's JSON keeps it
// with its type (CAST(d AS JSON), JSON_OBJECT('t', NOW())): JSON_TYPE says
// DATE, TIME or DATETIME, and comparisons order it among JSON's types and
// by its value, not as a string: CAST(DATE '2026-11-01' AS JSON) =
// CAST('"2026-11-01"' AS JSON) is false. Text is MySQL's print of it
// ('2026-11-01', '01:30:00.000000', '2026-11-01 01:30:00.000000'), which
// is also the text a JSON string of it would hold.
type Temporal struct {
	Kind TemporalKind
	Text string
}

// MarshalJSON prints t as the JSON string of its text: GMS's functions
// print values they do not know with encoding/json.
func (t Temporal) MarshalJSON() ([]byte, error) { return json.Marshal(t.Text) }

func (t Temporal) typeName() string {
	switch t.Kind {
	case Date:
		return "DATE"
	case Time:
		return "TIME"
	}
	return "DATETIME"
}

// rank: json_dom.cc's type order puts DATE < TIME < DATETIME above
// BOOLEAN.
func (t Temporal) rank() int { return 5 + int(t.Kind) }

// compareTemporal orders two temporals of one kind by value: their texts
// have fixed widths, so bytewise is chronological, but for TIME's sign.
func compareTemporal(a, b Temporal) int {
	if a.Kind == Time {
		na, nb := strings.HasPrefix(a.Text, "-"), strings.HasPrefix(b.Text, "-")
		switch {
		case na && !nb:
			return -1
		case nb && !na:
			return 1
		case na && nb:
			return -compareTimeText(a.Text[1:], b.Text[1:])
		}
		return compareTimeText(a.Text, b.Text)
	}
	return strings.Compare(a.Text, b.Text)
}

// compareTimeText orders 'hh:mm:ss.ffffff' texts whose hours may have
// two or three digits.
func compareTimeText(a, b string) int {
	ha, hb := strings.IndexByte(a, ':'), strings.IndexByte(b, ':')
	if ha != hb {
		if ha < hb {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// HasTemporal reports whether v holds a Temporal.
func HasTemporal(v any) bool {
	switch x := v.(type) {
	case Temporal:
		return true
	case []any:
		for _, e := range x {
			if HasTemporal(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if HasTemporal(e) {
				return true
			}
		}
	}
	return false
}

// Stored form of a value holding temporals (AppendStoredTyped): every
// string value starts with a letter saying what it is, 's' a string, 'd',
// 't', 'D' a DATE, TIME or DATETIME. Object keys are as they are.
const (
	tagString   = 's'
	tagDate     = 'd'
	tagTime     = 't'
	tagDatetime = 'D'
)

// errTemporal tells AppendStored's caller that v holds a temporal, which
// the plain stored text cannot say.
var errTemporal = errors.New("jsondoc: a temporal value needs the typed stored form")

// IsTemporalErr: AppendStored met a temporal; use AppendStoredTyped.
func IsTemporalErr(err error) bool { return errors.Is(err, errTemporal) }

// AppendStoredTyped is AppendStored for a value holding temporals: its
// strings carry the tag of their kind. ParseStoredTyped reads it back.
func AppendStoredTyped(b []byte, v any) ([]byte, error) {
	return appendValue(b, tagStrings(v), 0, true)
}

// tagStrings copies v with each string and temporal a tagged string.
func tagStrings(v any) any {
	return MapLeaves(v, func(v any) any {
		switch x := v.(type) {
		case string:
			return string(tagString) + x
		case Temporal:
			switch x.Kind {
			case Date:
				return string(tagDate) + x.Text
			case Time:
				return string(tagTime) + x.Text
			}
			return string(tagDatetime) + x.Text
		}
		return v
	})
}

// MapLeaves copies v's arrays and objects with each other value f's.
func MapLeaves(v any, f func(any) any) any {
	switch x := v.(type) {
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = MapLeaves(e, f)
		}
		return a
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = MapLeaves(e, f)
		}
		return m
	}
	return f(v)
}

// ParseStoredTyped reads AppendStoredTyped's text.
func ParseStoredTyped(text []byte) (any, error) {
	v, err := ParseStored(text)
	if err != nil {
		return nil, err
	}
	return untagStrings(v)
}

func untagStrings(v any) (any, error) {
	switch x := v.(type) {
	case string:
		if x == "" {
			return nil, errors.New("jsondoc: untagged string in typed stored JSON")
		}
		switch x[0] {
		case tagString:
			return x[1:], nil
		case tagDate:
			return Temporal{Kind: Date, Text: x[1:]}, nil
		case tagTime:
			return Temporal{Kind: Time, Text: x[1:]}, nil
		case tagDatetime:
			return Temporal{Kind: Datetime, Text: x[1:]}, nil
		}
		return nil, errors.New("jsondoc: untagged string in typed stored JSON")
	case []any:
		for i, e := range x {
			u, err := untagStrings(e)
			if err != nil {
				return nil, err
			}
			x[i] = u
		}
	case map[string]any:
		for k, e := range x {
			u, err := untagStrings(e)
			if err != nil {
				return nil, err
			}
			x[k] = u
		}
	}
	return v, nil
}

// TemporalsAsText copies v with each Temporal its text (a JSON string).
func TemporalsAsText(v any) any {
	return MapLeaves(v, func(v any) any {
		if t, ok := v.(Temporal); ok {
			return t.Text
		}
		return v
	})
}
