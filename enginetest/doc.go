// Package enginetest runs go-mysql-server's own engine test suites
// (github.com/dolthub/go-mysql-server/enginetest) against Myriad's storage
// provider, the way Dolt validates its storage against them.
//
// The package has no non-test code:
//
//   - harness_test.go: the harness. Every engine it builds gets a fresh kv
//     store in a temporary directory, its own catalog and engine.Engine, and
//     Myriad sessions.
//   - queries_test.go, dml_test.go, ddl_test.go, scripts_test.go: one test
//     function per GMS suite.
//   - runners_test.go: loops for the GMS suites that give no skip hook for a
//     script's name or a single query.
//   - skips_test.go, skips_complexindex_test.go: the reviewed skip lists, one
//     reason per entry.
//   - debug_test.go: TestDebug, to run statements by hand.
//
// It must never skip a case without a reviewed reason in the skip lists, nor
// hold non-test code.
//
// docs/ENGINETEST.md has the per-suite status, the skip reasons and the
// engine bugs the suites found. Run with:
//
//	go test ./enginetest/
package enginetest
