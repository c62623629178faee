// Package joinorder holds Myriad's analyzer rules for join plans that GMS
// v0.20.0 leaves too slow. A cross join (two sides with no predicate between
// them) re-runs its right side, table scan and filters included, for every
// row of its left side: CacheCrossJoins builds that side once per execution
// instead. GMS orders inner joins by an exhaustive search that grows ~4^n
// with the table count and, past 15 tables, by a shortcut whose plan depends
// on the FROM order: Install replaces that, for joins of more tables than
// optimizer_search_depth (capped at DefaultSearchDepth), by Greedy, a
// greedy left-deep order independent of the FROM order.
//
// It must never change a query's result: CacheCrossJoins only rewrites joins
// whose right side cannot depend on the left row or an outer query, and
// Greedy keeps every predicate whole and plans only top-level inner joins of
// base tables; anything else is left to GMS.
package joinorder
