package enginetest

import (
	"testing"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
	"github.com/dolthub/go-mysql-server/enginetest/scriptgen/setup"
)

// Read-path suites: SELECT semantics, joins, indexes, information_schema.

func TestQueries(t *testing.T) { gmstest.TestQueries(t, newHarness(t, queriesSkips)) }

func TestQueriesPrepared(t *testing.T) {
	gmstest.TestQueriesPrepared(t, newHarness(t, queriesSkips, preparedQueriesSkips))
}

func TestReadOnlyDatabases(t *testing.T) {
	gmstest.TestReadOnlyDatabases(t, newHarness(t, queriesSkips))
}

func TestReadOnly(t *testing.T) {
	// false: the memory engine's external stored procedures do not exist here.
	gmstest.TestReadOnly(t, newHarness(t), false)
}

func TestJoinQueries(t *testing.T) { gmstest.TestJoinQueries(t, newHarness(t, joinSkips)) }

// TestJoinQueriesPrepared is GMS's TestJoinQueriesPrepared with the scripts
// skippable by name.
func TestJoinQueriesPrepared(t *testing.T) {
	h := newHarness(t, joinSkips)
	h.Setup(setup.MydbData, setup.MytableData, setup.Pk_tablesData, setup.OthertableData, setup.NiltableData, setup.XyData, setup.FooData)
	for _, tt := range queries.JoinQueryTests {
		if !tt.SkipPrepared {
			gmstest.TestPreparedQuery(t, h, tt.Query, tt.Expected, tt.ExpectedColumns)
		}
	}
	runScripts(t, h, queries.JoinScriptTests, true)
}

func TestLateralJoinQueries(t *testing.T) { gmstest.TestLateralJoinQueries(t, newHarness(t)) }

// TestJoinOps runs every join query under each of GMS's biased costers
// (hash, lookup, merge, range-heap, ... joins forced in turn).
func TestJoinOps(t *testing.T) { runJoinOps(t, newHarness(t, joinOpsSkips)) }

func TestJSONTableQueries(t *testing.T) { gmstest.TestJSONTableQueries(t, newHarness(t)) }
func TestJSONTableQueriesPrepared(t *testing.T) {
	gmstest.TestJSONTableQueriesPrepared(t, newHarness(t))
}
func TestJSONTableScripts(t *testing.T) { gmstest.TestJSONTableScripts(t, newHarness(t)) }
func TestJSONTableScriptsPrepared(t *testing.T) {
	gmstest.TestJSONTableScriptsPrepared(t, newHarness(t))
}

func TestInfoSchema(t *testing.T) { gmstest.TestInfoSchema(t, newHarness(t, infoSchemaSkips)) }

// TestInfoSchemaPrepared is GMS's TestInfoSchemaPrepared with the scripts
// skippable by name.
func TestInfoSchemaPrepared(t *testing.T) {
	h := newHarness(t, infoSchemaSkips, preparedInfoSchemaSkips, preparedQueriesSkips)
	h.Setup(setup.MydbData, setup.MytableData, setup.Fk_tblData, setup.FooData)
	for _, tt := range queries.InfoSchemaQueries {
		gmstest.TestPreparedQuery(t, h, tt.Query, tt.Expected, tt.ExpectedColumns)
	}
	runScripts(t, h, queries.InfoSchemaScripts, true)
}

func TestMySqlDb(t *testing.T)         { gmstest.TestMySqlDb(t, newHarness(t)) }
func TestMySqlDbPrepared(t *testing.T) { gmstest.TestMySqlDbPrepared(t, newHarness(t)) }

func TestAnsiQuotesSqlMode(t *testing.T) {
	gmstest.TestAnsiQuotesSqlMode(t, newHarness(t, ansiQuotesSkips))
}

// TestAnsiQuotesSqlModePrepared is GMS's TestAnsiQuotesSqlModePrepared with
// the scripts skippable by name.
func TestAnsiQuotesSqlModePrepared(t *testing.T) {
	runScripts(t, newHarness(t, ansiQuotesSkips), queries.AnsiQuotesTests, true)
}

func TestOrderByGroupBy(t *testing.T) { gmstest.TestOrderByGroupBy(t, newHarness(t)) }
func TestColumnAliases(t *testing.T)  { gmstest.TestColumnAliases(t, newHarness(t)) }
func TestQueryErrors(t *testing.T) {
	gmstest.TestQueryErrors(t, newHarness(t, queryErrorSkips))
}
func TestAmbiguousColumnResolution(t *testing.T) {
	gmstest.TestAmbiguousColumnResolution(t, newHarness(t))
}
func TestDerivedTableOuterScopeVisibility(t *testing.T) {
	gmstest.TestDerivedTableOuterScopeVisibility(t, newHarness(t, derivedTableSkips))
}

func TestStatistics(t *testing.T) { gmstest.TestStatistics(t, newHarness(t, statisticsSkips)) }

// TestStatisticsPrepared is GMS's TestStatisticsPrepared with the scripts
// skippable by name.
func TestStatisticsPrepared(t *testing.T) {
	runScripts(t, newHarness(t, statisticsSkips), queries.StatisticsQueries, true)
}

func TestStatisticIndexFilters(t *testing.T) {
	gmstest.TestStatisticIndexFilters(t, newHarness(t))
}

func TestConvert(t *testing.T)         { gmstest.TestConvert(t, newHarness(t)) }
func TestConvertPrepared(t *testing.T) { gmstest.TestConvertPrepared(t, newHarness(t)) }

func TestComplexIndexQueries(t *testing.T) {
	gmstest.TestComplexIndexQueries(t, newHarness(t, complexIndexSkips))
}
func TestComplexIndexQueriesPrepared(t *testing.T) {
	gmstest.TestComplexIndexQueriesPrepared(t, newHarness(t, complexIndexSkips))
}

func TestWindowFunctions(t *testing.T)   { gmstest.TestWindowFunctions(t, newHarness(t)) }
func TestWindowRowFrames(t *testing.T)   { gmstest.TestWindowRowFrames(t, newHarness(t)) }
func TestWindowRangeFrames(t *testing.T) { gmstest.TestWindowRangeFrames(t, newHarness(t)) }
func TestNamedWindows(t *testing.T)      { gmstest.TestNamedWindows(t, newHarness(t)) }

func TestNaturalJoin(t *testing.T)         { gmstest.TestNaturalJoin(t, newHarness(t)) }
func TestNaturalJoinEqual(t *testing.T)    { gmstest.TestNaturalJoinEqual(t, newHarness(t)) }
func TestNaturalJoinDisjoint(t *testing.T) { gmstest.TestNaturalJoinDisjoint(t, newHarness(t)) }
func TestInnerNestedInNaturalJoins(t *testing.T) {
	gmstest.TestInnerNestedInNaturalJoins(t, newHarness(t))
}

func TestNullRanges(t *testing.T)      { gmstest.TestNullRanges(t, newHarness(t)) }
func TestBlobs(t *testing.T)           { gmstest.TestBlobs(t, newHarness(t)) }
func TestIndexes(t *testing.T)         { gmstest.TestIndexes(t, newHarness(t)) }
func TestIndexPrefix(t *testing.T)     { gmstest.TestIndexPrefix(t, newHarness(t, indexPrefixSkips)) }
func TestVectorFunctions(t *testing.T) { gmstest.TestVectorFunctions(t, newHarness(t, vectorSkips)) }
func TestDateParse(t *testing.T)       { gmstest.TestDateParse(t, newHarness(t)) }
func TestRowLimit(t *testing.T)        { gmstest.TestRowLimit(t, newHarness(t, rowLimitSkips)) }

func TestCharsetCollationEngine(t *testing.T) {
	gmstest.TestCharsetCollationEngine(t, newHarness(t, charsetCollationSkips))
}

func TestSQLLogicTests(t *testing.T) { gmstest.TestSQLLogicTests(t, newHarness(t, sqlLogicSkips)) }
