package planfix

import (
	"github.com/dolthub/go-mysql-server/sql/analyzer"
)

// Rule IDs for Myriad's rules: planfix owns 10_200-10_299 (engine 10_000-10_099,
// sqlfunc 10_100-10_199); GMS's own IDs are small consecutive integers.
const (
	notExistsNullsID analyzer.RuleId = 10_200 + iota
	inSubqueryNullsID
	semiJoinOnceID
	negZeroGroupingID
	constantExistsID
)

// exactJoinKeysID is set apart from the iota block above so that rules added
// there concurrently cannot collide with it.
const exactJoinKeysID analyzer.RuleId = 10_250

// noRangeHeapJoinsID is from issue 9's range 10_920-10_949.
const noRangeHeapJoinsID analyzer.RuleId = 10_920

// groupedOuterRefsID is from issue 9's outer-reference range 10_870-10_889.
const groupedOuterRefsID analyzer.RuleId = 10_870

// Install puts the rules into a built analyzer, each just before the GMS rule
// whose fault it avoids (GMS's builder can only append rules to a whole
// batch, which would run them after the damage). GMS's rule IDs are
// unexported, so they are matched by name.
func Install(a *analyzer.Analyzer) {
	// Quantified comparisons first of all (see quantifiedComparisons), also
	// in the shortcut batches of single-table UPDATE/DELETE.
	if !hasRule(analyzer.AlwaysBeforeDefault, quantifiedID) {
		analyzer.AlwaysBeforeDefault = append([]analyzer.Rule{quantifiedRule}, analyzer.AlwaysBeforeDefault...)
	}
	for _, b := range a.Batches {
		if b.Desc == "once-before" && (len(b.Rules) == 0 || b.Rules[0].Id != quantifiedID) {
			b.Rules = append([]analyzer.Rule{quantifiedRule}, b.Rules...)
		}
	}
	// DEFAULT(col) before GMS reads the VALUES (resolveInsertRows), in the
	// shortcut batches of single-table UPDATE too.
	if !hasRule(analyzer.AlwaysBeforeDefault, defaultOfID) {
		analyzer.AlwaysBeforeDefault = append(analyzer.AlwaysBeforeDefault, defaultOfRule)
	}
	for _, b := range a.Batches {
		if b.Desc == "once-before" && !hasRule(b.Rules, defaultOfID) {
			b.Rules = append(b.Rules, defaultOfRule)
		}
	}
	// IS NULL over NOT NULL dates before GMS makes index ranges of it, in
	// the shortcut batches of single-table UPDATE/DELETE too.
	if !hasRule(analyzer.AlwaysBeforeDefault, odbcZeroDatesID) {
		analyzer.AlwaysBeforeDefault = append(analyzer.AlwaysBeforeDefault, odbcZeroDatesRule)
	}
	for _, b := range a.Batches {
		if b.Desc == "once-before" && !hasRule(b.Rules, odbcZeroDatesID) {
			b.Rules = append(b.Rules, odbcZeroDatesRule)
		}
	}
	// UPDATE/DELETE reading their target in a subquery (1093), before
	// triggers and foreign keys add their own reads of it.
	if !hasRule(analyzer.AlwaysBeforeDefault, targetReadsID) {
		analyzer.AlwaysBeforeDefault = append(analyzer.AlwaysBeforeDefault, targetReadsRule)
	}
	for _, b := range a.Batches {
		if b.Desc == "once-before" && !hasRule(b.Rules, targetReadsID) {
			b.Rules = append(b.Rules, targetReadsRule)
		}
	}
	// Also in the shortcut batches of literal INSERTs.
	if !hasRule(analyzer.AlwaysBeforeDefault, insertDefaultsID) {
		analyzer.AlwaysBeforeDefault = append(analyzer.AlwaysBeforeDefault, insertDefaultsRule)
	}
	for _, b := range a.Batches {
		if b.Desc == "once-before" && !hasRule(b.Rules, insertDefaultsID) {
			b.Rules = append(b.Rules, insertDefaultsRule)
		}
	}
	// Expression DEFAULTs of VALUES tuples bound to their row, as early.
	if !hasRule(analyzer.AlwaysBeforeDefault, valueDefaultsID) {
		analyzer.AlwaysBeforeDefault = append(analyzer.AlwaysBeforeDefault, valueDefaultsRule)
	}
	for _, b := range a.Batches {
		if b.Desc == "once-before" && !hasRule(b.Rules, valueDefaultsID) {
			b.Rules = append(b.Rules, valueDefaultsRule)
		}
	}
	// DELETE IGNORE's targets: after GMS's applyForeignKeys, in the last
	// batch of every statement (single-table DELETE's shortcut batches
	// included).
	ignoreRule := analyzer.Rule{Id: deleteIgnoreID, Apply: deleteIgnore}
	if !hasRule(analyzer.OnceAfterAll, deleteIgnoreID) {
		analyzer.OnceAfterAll = append(analyzer.OnceAfterAll, ignoreRule)
	}
	for _, b := range a.Batches {
		if b.Desc == "after-all" && !hasRule(b.Rules, deleteIgnoreID) {
			b.Rules = append(b.Rules, ignoreRule)
		}
	}
	// A multi-table DELETE's affected rows: after DELETE IGNORE's targets,
	// which it wraps.
	// And a negative value for an UNSIGNED AUTO_INCREMENT column, once GMS
	// made the column's generator.
	for _, r := range []analyzer.Rule{{Id: deleteCountID, Apply: countDeletedRows},
		{Id: negativeAutoIncID, Apply: guardNegativeAutoInc}, {Id: dmlTrackID, Apply: untrackDMLTables},
		decimalPeersRule} {
		if !hasRule(analyzer.OnceAfterAll, r.Id) {
			analyzer.OnceAfterAll = append(analyzer.OnceAfterAll, r)
		}
		for _, b := range a.Batches {
			if b.Desc == "after-all" && !hasRule(b.Rules, r.Id) {
				b.Rules = append(b.Rules, r)
			}
		}
	}
	for _, b := range a.Batches {
		var rules []analyzer.Rule
		for _, r := range b.Rules {
			switch r.Id.String() {
			case "simplifyFilters":
				r = analyzer.Rule{Id: r.Id, Apply: keepPerRowFilters(r.Apply)}
			case "applyDefaultSelectLimit":
				// first of all: later rules read the columns nodes output
				rules = append(rules, analyzer.Rule{Id: outerAggregatesID, Apply: refuseOuterAggregates},
					analyzer.Rule{Id: groupedOuterRefsID, Apply: groupedOuterRefs})
			case "pushdownSubqueryAliasFilters":
				rules = append(rules, analyzer.Rule{Id: setOpFiltersID, Apply: keepTypedFiltersAbove})
			case "hoistOutOfScopeFilters":
				rules = append(rules, analyzer.Rule{Id: constantExistsID, Apply: constantExists},
					analyzer.Rule{Id: notExistsNullsID, Apply: nullFreeNotExists})
			case "unnestInSubqueries":
				rules = append(rules, analyzer.Rule{Id: inSubqueryNullsID, Apply: protectInSubqueries(r.Id)})
			case "unnestExistsSubqueries":
				rules = append(rules, analyzer.Rule{Id: constantExistsID, Apply: constantExists},
					analyzer.Rule{Id: notExistsNullsID, Apply: nullFreeNotExists})
			case "applyIndexesFromOuterScope":
				rules = append(rules, analyzer.Rule{Id: outerLookupsID, Apply: keepDisguisedColumnsOffOuterLookups})
			case "optimizeJoins":
				rules = append(rules, analyzer.Rule{Id: foreignFiltersID, Apply: keepForeignColumnsOffIndexes},
					analyzer.Rule{Id: emptyJoinsID, Apply: dropEmptyJoins},
					analyzer.Rule{Id: semiJoinOnceID, Apply: markSemiJoins},
					analyzer.Rule{Id: exactJoinKeysID, Apply: exactJoinKeys},
					analyzer.Rule{Id: noRangeHeapJoinsID, Apply: noRangeHeapJoins})
			}
			rules = append(rules, r)
		}
		if b.Desc == "post-analyzer" {
			rules = append(rules, analyzer.Rule{Id: negZeroGroupingID, Apply: normalizeNegZeros},
				analyzer.Rule{Id: rowInListID, Apply: rowInLists},
				analyzer.Rule{Id: cteWidthID, Apply: recursiveCteWidths},
				analyzer.Rule{Id: doubleHashKeysID, Apply: doubleHashKeys})
		}
		b.Rules = rules
	}
}

func hasRule(rs []analyzer.Rule, id analyzer.RuleId) bool {
	for _, r := range rs {
		if r.Id == id {
			return true
		}
	}
	return false
}
