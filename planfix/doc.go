// Package planfix holds Myriad's corrections to go-mysql-server's analyzer
// where GMS v0.20.0 plans a query into a silently wrong answer: NOT EXISTS
// planned with NOT IN's null semantics, NOT IN turned into an anti join that
// loses NULLs, row-valued IN that ignores NULL elements, semi joins rewritten
// into inner joins that return an outer row once per match, GROUP BY
// keys that tell -0 from 0, range heap joins that drop the other
// conjuncts on their left table, subqueries above a GROUP BY that read
// outer columns the GroupBy did not pass up, a subquery's conjuncts on
// outer columns taken for ranges over the inner table's same-named index,
// hash joins whose integer key lost a DOUBLE's 0 in conversion, and a
// derived table's WHERE pushed onto its set operation with the first arm's
// column types, and a NOT NULL date's IS NULL that missed MySQL's zero-date
// (ODBC) rule.
//
// It owns only plan rewrites installed into an analyzer (Install). It must
// never change what a correct plan computes, read or write storage, or copy
// GMS code: each rule either rewrites a predicate into an equivalent one GMS
// plans correctly, or steers GMS away from its faulty transformation onto a
// path that is already correct.
package planfix
