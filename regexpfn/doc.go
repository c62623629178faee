// Package regexpfn owns the evaluation of REGEXP, RLIKE, REGEXP_LIKE,
// REGEXP_REPLACE, REGEXP_INSTR and REGEXP_SUBSTR whose
// pattern and flags are constants. GMS v0.20.0 compiles the pattern again for
// every row as soon as the matched text is a column (its cache test looks at
// all three arguments), and every 128th compile builds a whole new ICU
// WebAssembly runtime: `WHERE s REGEXP '^abc'` over 3,300 rows took 90 s.
// Here each plan node keeps what it compiled, by pattern and match type (one
// entry for a constant pattern, a few when the pattern is a column), and
// only the text changes per row.
//
// It must never change an answer: matching is ICU's, through the same
// go-icu-regex library, with the case sensitivity the arguments' collation
// gives (the one difference from GMS is MySQL's: a match type without c or
// i keeps the collation's case sensitivity).
package regexpfn
