// Package joinorder holds Myriad's analyzer rules for join plans that GMS
// v0.20.0 leaves too slow: today, a cross join (two sides with no predicate
// between them) re-runs its right side, table scan and filters included, for
// every row of its left side; the rule here builds that side once per
// execution instead.
//
// It must never change a query's result: it only rewrites joins whose right
// side cannot depend on the left row or an outer query.
package joinorder
