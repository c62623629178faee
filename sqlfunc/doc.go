// Package sqlfunc holds MySQL-exact implementations of operators, casts and
// functions whose go-mysql-server versions answer wrongly without an error:
// integer arithmetic that wraps instead of failing with 1690, string-to-number
// conversions that give 0 instead of the numeric prefix, SUM/AVG that return
// DOUBLE for exact types, and temporal arithmetic that drops fractional
// seconds.
//
// Install puts them in place: an analyzer rule replaces GMS expression nodes
// in analyzed plans, and a function provider answers for the aggregate and
// temporal functions by name before GMS's built-ins do.
//
// The package owns expression semantics only. It must never touch storage,
// the catalog or sessions beyond pushing warnings, and never change what a
// statement does except the value (or error) of the expressions it replaces.
package sqlfunc
