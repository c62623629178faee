package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// A number (integer, DECIMAL, DOUBLE, FLOAT, TRUE/FALSE), a YEAR or a BIT
// value written into a JSON column is refused, as MySQL 8.0 refuses it:
// Field_json::store(longlong), store(double) and store_decimal are
// unsupported_conversion() (3140, "not a JSON text, may need CAST"), and a
// YEAR or BIT column copied in is stored through those. A prepared
// parameter bound as an integer or a float is such a number too
// (Item_param::save_in_field stores it with Field::store(longlong/double)).
// GMS stored the number as a JSON number. The refusal goes by the type of
// what is written, not by its value: a number that is the value of a
// string-typed expression (a UNION of '[1]' and 1 is a VARCHAR in MySQL)
// is text, which '1' is as JSON. CAST(x AS JSON) is the way in.

// notJSONTextType reports whether a value of type t written into a JSON
// column is MySQL's 3140 whatever its value: a number, YEAR or BIT.
func notJSONTextType(t sql.Type) bool {
	return isNumber(t) || types.IsYear(t) || types.IsBit(t)
}

// jsonColumnRefused reports whether v, of type t, written into a JSON
// column is refused (a temporal value or a number, YEAR or BIT).
func jsonColumnRefused(t sql.Type, v any) bool {
	if v == nil || types.IsJSON(t) {
		return false
	}
	return temporalValue(v) || notJSONTextType(t)
}
