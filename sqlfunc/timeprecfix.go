package sqlfunc

// The fractional digits of DATETIME results that GMS types DATETIME(6)
// whatever their argument: the server pads every DATETIME(n) result
// column to n digits (server/fields.go), as MySQL prints them, so a type
// with more digits than MySQL's would print '.000000' where MySQL prints
// none.
//   - FROM_UNIXTIME of an integer (or a DECIMAL of scale 0) is DATETIME(0)
//     (fromunix.go, fromUnixWhole);
//   - CONVERT_TZ(dt, from, to) has dt's precision (timezone.go,
//     timePrecision: a string constant's own fractional digits, as MySQL's
//     Item::datetime_precision evaluates a constant, 6 for any other string).
