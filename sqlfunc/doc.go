// Package sqlfunc holds MySQL-exact implementations of operators, casts and
// functions whose go-mysql-server versions answer wrongly without an error:
// integer and DOUBLE arithmetic that wraps or overflows to Inf instead of
// failing with 1690, string-to-number conversions and comparisons that give
// 0 or false instead of using the numeric prefix, SUM/AVG that return DOUBLE
// for exact types, temporal arithmetic that drops fractional seconds, and
// UPDATE ... SET that stores a wrapped value instead of failing with 1264,
// and the values a non-strict or IGNORE INSERT/UPDATE stores, which MySQL
// adjusts with a warning where GMS failed or noted in its own words
// (nonstrict.go).
//
// Install puts them in place: an analyzer rule run before GMS picks indexes
// converts string-to-number comparisons, a rule run last replaces GMS
// expression nodes in analyzed plans (and fixes the types GMS copied into
// references to them), and a function provider answers for SUM, AVG,
// ADDTIME, SUBTIME, TIMESTAMP, CONV, FIELD, LPAD, RPAD, LOCATE and ROUND, and
// for TRUNCATE and MAKEDATE, which GMS lacks, by
// name before GMS's built-ins do. CASTs to DECIMAL, DATE and SIGNED, CASE-like
// branches over DECIMAL, and temporal operands of arithmetic are replaced by
// the rule.
//
// Parser wraps the engine's parser so that typed temporal literals
// (`DATE '...'`) become this package's constants and DECIMAL literals
// compared with a column are not rounded to its type by GMS's planner; a
// rule run first before index selection (DateComparisons) makes DATE and
// DATETIME comparisons with strings and numbers MySQL's.
//
// The package owns expression semantics only. It must never touch storage,
// the catalog or sessions beyond pushing warnings, and never change what a
// statement does except the value (or error) of the expressions it replaces.
package sqlfunc
