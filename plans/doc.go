// Package plans owns cached analyzed plans of prepared statements (and of
// text-protocol statements whose constants the server turned into
// parameters) and their invalidation: a plan analyzed once by
// go-mysql-server is kept, keyed by everything its meaning depends on
// (statement text, database, user, the session settings that change
// semantics, the parameters' types and the catalog version), and later
// executions get a copy with the parameter values substituted and the
// static index ranges rebuilt from them, without binding or analysis. The
// copy is made along paths computed when the plan is cached: only the
// nodes and expressions between the root and a parameter are copied.
//
// It never executes anything, reads storage or the catalog, or decides
// privileges: the caller keys entries by user and by a catalog version that
// every DDL and account change advances. A plan is cached only when every
// node is of a kind whose result depends on nothing but its expressions and
// children (Project, Filter, index and table access, sort, grouping,
// limits; with Options.DML also single-table INSERT ... VALUES, UPDATE and
// DELETE without IGNORE, ON DUPLICATE KEY, CHECKs or triggers), every
// parameter is still a literal of the analyzed plan, and every static index
// range is reproduced exactly by replaying the filter it came from;
// anything else goes the general path every time. A plan whose parameters
// reach only one static index lookup and its Filter also keeps what the
// caller compiled an execution into (SetCompiled) and hands later
// executions only the rebuilt lookup (RangeFor). What a DML statement does
// besides its plan (row locks, foreign keys) is the caller's to vouch for
// (engine.CacheableDML, engine.MarkCachedLocking).
package plans
