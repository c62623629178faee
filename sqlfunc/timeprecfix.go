package sqlfunc

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// The fractional digits of DATETIME results that GMS types DATETIME(6)
// whatever their argument: the server pads every DATETIME(n) result
// column to n digits (server/fields.go), as MySQL prints them, so a type
// with more digits than MySQL's would print '.000000' where MySQL prints
// none.
//   - FROM_UNIXTIME of an integer (or a DECIMAL of scale 0) is DATETIME(0);
//   - CONVERT_TZ(dt, from, to) has dt's precision (timezone.go,
//     timePrecision: a string constant's own fractional digits, as MySQL's
//     Item::datetime_precision evaluates a constant, 6 for any other string).

// wholeSecondsFromUnix is GMS's one-argument FROM_UNIXTIME typed DATETIME(0).
func wholeSecondsFromUnix(gms sql.Expression) sql.Expression {
	if _, ok := gms.(*function.FromUnixtime); !ok || len(gms.Children()) != 1 {
		return gms
	}
	return &fixedFn{inner: gms, typ: fixedType(types.Datetime)}
}
