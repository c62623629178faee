package sqlfunc

import "github.com/dolthub/go-mysql-server/sql"

// enumJSONText is an ENUM or SET value v of type t as a JSON value holds
// it: the member's text, a JSON string (MySQL's JSON_ARRAY(e),
// JSON_OBJECT('k', s), JSON_ARRAYAGG(e), CAST(e AS JSON) read val_str).
// GMS put the stored number in (JSON_ARRAY(e) was [3] for 'b'). ok is
// false for any other type, or a value that is no member.
func enumJSONText(t sql.Type, v any) (string, bool) {
	if s, ok := v.(string); ok {
		return s, isEnumOrSet(t)
	}
	switch et := t.(type) {
	case sql.EnumType:
		if idx, ok := enumIndex(v); ok {
			return et.At(idx)
		}
	case sql.SetType:
		if bits, ok := setBits(v); ok {
			s, err := et.BitsToString(bits)
			return s, err == nil
		}
	}
	return "", false
}
