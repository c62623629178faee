package engine

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/myriaddb/myriad/catalog"
	"github.com/myriaddb/myriad/engine/infoschema"
	"github.com/myriaddb/myriad/joinorder"
	"github.com/myriaddb/myriad/planfix"
	"github.com/myriaddb/myriad/regexpfn"
	"github.com/myriaddb/myriad/scalarsubquery"
	"github.com/myriaddb/myriad/sqlfunc"
	"github.com/myriaddb/myriad/windowfunc"
)

// Analyzer rule IDs of Myriad's extensions. GMS numbers its own rules from 0
// in one iota block (under 100 in v0.20); ours start far above, so a GMS
// upgrade adding rules cannot collide with them. The values only need to be
// unique: GMS's rule selectors test the IDs of its own rules. The engine
// owns 10_000-10_099 (the collation rules of exactupdate.go, installed into
// GMS's global batches at package init because GMS's shortcut batches for
// simple DML run nothing else, hold 10_050-10_057); packages sqlfunc
// (10_100-10_199), planfix (10_200-10_299), scalarsubquery (10_300-10_399),
// windowfunc (10_400-10_499) and joinorder (10_500-10_599) keep their own
// ranges and are installed by Install too; sqlfunc also holds 10_830-10_839
// (10_830: NegZeroRuleID, negzero.go).
const (
	// RulePushInfoSchemaFilters: see infoschema.PushFilters.
	RulePushInfoSchemaFilters analyzer.RuleId = 10_000 + iota
	// RuleHideMySQL: SHOW DATABASES lists the mysql schema only to users
	// with a privilege on it (server/hidemysql.go owns the rule: it needs
	// the accounts).
	RuleHideMySQL
	// RuleAlterTableComment: see Engine.AlterTableComment.
	RuleAlterTableComment
	// RuleRefuseReadOnlyDDL: see RefuseReadOnlyDDL.
	RuleRefuseReadOnlyDDL
	// RuleSetNamesCollate: see SetNamesCollate.
	RuleSetNamesCollate
	// RuleCheckIndexHints: see Engine.CheckIndexHints.
	RuleCheckIndexHints
	// RuleNextTransactionAccessMode: see NextTransactionAccessMode.
	RuleNextTransactionAccessMode
	// RuleHashDecimalKeysByValue: see HashDecimalKeysByValue.
	RuleHashDecimalKeysByValue
	// RuleUnmergeMismatchedOrders: see UnmergeMismatchedOrders.
	RuleUnmergeMismatchedOrders
	// RuleRenameAcrossSchemas: see Engine.RenameAcrossSchemas.
	RuleRenameAcrossSchemas
	// RuleInstantAddColumn: see Engine.InstantAddColumn.
	RuleInstantAddColumn
	// RuleShowCreateParentSchema: see ShowCreateParentSchema.
	RuleShowCreateParentSchema
	// RuleExplainManyRows: see explainManyRows.
	RuleExplainManyRows
	// RuleShowTableStatus: see infoschema.ShowTableStatus.
	RuleShowTableStatus
	// RuleShowCreateProcedureMode: see ShowCreateProcedureMode.
	RuleShowCreateProcedureMode
)

// RuleCombineAlters: see Engine.CombineAlters (pkrewrite.go). From the
// 10_800-10_819 range.
const RuleCombineAlters analyzer.RuleId = 10_800

// RuleCallResults: see server/callresults.go (the server owns the rule: it
// needs the connection's result queue). From the 10_060-10_064 range.
const RuleCallResults analyzer.RuleId = 10_060

// Batches a Rule can join: GMS's post-analyzer batch runs after every
// default rule; post-validation after GMS's validation rules.
const (
	PostAnalyzer   = "post-analyzer"
	PostValidation = "post-validation"
)

// Rule is one analyzer rule Myriad adds to GMS. Why says what GMS gets
// wrong or misses without it; Batch is PostAnalyzer unless set.
type Rule struct {
	ID    analyzer.RuleId
	Name  string
	Why   string
	Apply analyzer.RuleFunc
	Batch string
}

// rules are the engine's own rules, run in this order before any rule the
// caller of Install passes. Adding a rule: a const above and a line here.
func (e *Engine) rules() []Rule {
	return []Rule{
		{RulePushInfoSchemaFilters, "pushInfoSchemaFilters",
			"GMS v0.20 no longer pushes filters into tables: a tenant's information_schema.TABLES query would read every schema's catalog span",
			nodeRule(infoschema.PushFilters), PostAnalyzer},
		{RuleShowCreateProcedureMode, "showCreateProcedureMode",
			"GMS's SHOW CREATE PROCEDURE answers '' for the sql_mode the procedure was created under",
			nodeRule(ShowCreateProcedureMode), PostAnalyzer},
		{RuleShowTableStatus, "showTableStatus",
			"GMS's SHOW TABLE STATUS reads 0 rows and NULL Auto_increment and Comment, and lists no views",
			nodeRule(infoschema.ShowTableStatus), "after-all"}, // after assignExecIndexes: a WHERE's Comments stays column 17
		{RuleRenameAcrossSchemas, "renameAcrossSchemas",
			"GMS drops the schema of RENAME TABLE names", ctxRule(e.RenameAcrossSchemas), PostAnalyzer},
		{RuleAlterTableComment, "alterTableComment",
			"GMS parses ALTER TABLE ... COMMENT and drops it", ctxRule(e.AlterTableComment), PostAnalyzer},
		{RuleAlterTableForce, "alterTableForce",
			"GMS parses ALTER TABLE ... FORCE into an empty plan (MySQL rebuilds the table)", ctxRule(e.AlterTableForce), PostAnalyzer},
		{RuleRefuseReadOnlyDDL, "refuseReadOnlyDDL",
			"GMS runs DDL inside a READ ONLY transaction (MySQL: 1792); after validation, so the statement is final",
			ctxRule(RefuseReadOnlyDDL), PostValidation},
		{RuleInstantAddColumn, "instantAddColumn",
			"GMS updates every row after ADD COLUMN with a default or NOT NULL: no ADD COLUMN could be catalog-only",
			ctxRule(e.InstantAddColumn), PostValidation},
		{RuleCombineAlters, "combineAlters",
			"GMS runs an ALTER's parts one by one, each copying the table in the statement's transaction: one online job does the copy instead",
			ctxRule(e.CombineAlters), PostValidation},
		{RuleRefuseTriggerInsertSelect, "refuseTriggerInsertSelect",
			"GMS keeps the last N columns of a trigger's INSERT ... SELECT rows: with LIMIT it stored a wrong row, with UNION or a subquery it failed 1366",
			ctxRule(RefuseTriggerInsertSelect), PostAnalyzer},
		{RuleProcSetVariables, "procSetVariables",
			"GMS's procedure interpreter leaves parameters out of an UPDATE's SET values: 1054, or a column of the same name read instead of the parameter",
			ctxRule(refuseProcSetVariables), PostAnalyzer},
		{RuleShowCreateParentSchema, "showCreateParentSchema",
			"GMS prints a foreign key's parent without its schema", ctxRule(func(ctx *sql.Context, n sql.Node) (sql.Node, transform.TreeIdentity, error) {
				if sc, ok := n.(*plan.ShowCreateTable); ok && isViewAlias(sc.Child) {
					return e.showCreateViewCheck(ctx, sc) // viewcheck.go
				}
				return ShowCreateParentSchema(ctx, n)
			}), PostAnalyzer},
		{RuleExplainManyRows, "explainManyRows",
			"GMS keeps the explained statement's single-row flag on EXPLAIN, whose plan has many lines: FORMAT=TREE of a key lookup failed",
			explainManyRows, PostAnalyzer},
		{RuleDescribeTypes, "describeTypes",
			"GMS's DESCRIBE prints a string column's collation in its type (MySQL: varchar(10))",
			ctxRule(DescribeTypes), PostValidation},
		{RuleShowVariablesOnOff, "showVariablesOnOff",
			"GMS's SHOW VARIABLES prints boolean variables as 1/0 (MySQL: ON/OFF)",
			ctxRule(ShowVariablesOnOff), PostValidation},
		{RuleCopyAlterRows, "copyAlterRows",
			"GMS answers 0 affected rows for every ALTER; MySQL reports the rows of a table it copies",
			ctxRule(CopyAlterRows), PostValidation},
		{RuleSetNamesCollate, "setNamesCollate",
			"the parser drops SET NAMES ... COLLATE", ctxRule(SetNamesCollate), PostAnalyzer},
		{RuleCheckIndexHints, "checkIndexHints",
			"GMS ignores USE/FORCE/IGNORE INDEX naming no index (MySQL: 1176)",
			func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
				if !scope.IsEmpty() {
					return n, transform.SameTree, nil // the whole statement is checked at the top
				}
				return e.CheckIndexHints(ctx, n)
			}, PostAnalyzer},
		{RuleNextTransactionAccessMode, "nextTransactionAccessMode",
			"GMS makes SET TRANSACTION READ ONLY (no scope) session-wide; MySQL applies it to the next transaction only",
			ctxRule(NextTransactionAccessMode), PostAnalyzer},
		{RuleHashDecimalKeysByValue, "hashDecimalKeysByValue",
			"GMS keys hash joins on DECIMAL by *big.Int pointer: equal values never meet and the join loses its matches",
			nodeRule(HashDecimalKeysByValue), PostAnalyzer},
		{RuleUnmergeMismatchedOrders, "unmergeMismatchedOrders",
			"GMS plans merge joins over inputs sorted in different orders (collations, strings vs numbers) and drops matches",
			nodeRule(UnmergeMismatchedOrders), PostAnalyzer},
		{RuleFuncIndexesBeforeValidation, "funcIndexesBeforeValidation",
			"the parser has no functional key parts and GMS's validation refuses an index on anything but columns",
			ctxRule(funcIndexesBefore), "pre-analyzer"},
		{RuleFuncIndexesAfterValidation, "funcIndexesAfterValidation",
			"puts back the functional indexes funcIndexesBeforeValidation took off a CREATE TABLE",
			ctxRule(funcIndexesAfter), PostAnalyzer},
		{RuleCreateTableLike, "createTableLike",
			"GMS rebuilds CREATE TABLE ... LIKE from what the source shows through its interfaces: prefix lengths, functional indexes and the comment were lost",
			ctxRule(createTableLike), PostAnalyzer},
		{RuleShowFuncIndexes, "showFuncIndexes",
			"functional indexes are invisible to GMS (funcindex.go), so its SHOW INDEX misses them",
			ctxRule(showFuncIndexes), PostAnalyzer},
		{RuleApplyIndexHints, "applyIndexHints",
			"GMS parses USE/FORCE/IGNORE INDEX and ignores them; a SELECT plans without the indexes its hints exclude",
			ctxRule(e.applyIndexHints), "pre-analyzer"},
		{RuleProcParamAliasing, "procParamAliasing",
			"GMS keeps procedure parameters in one session-wide table by name: a nested CALL's parameter overwrote the caller's variable of that name",
			ctxRule(e.procParamAliasing), PostAnalyzer},
		{RuleAmbiguousColumns, "ambiguousColumns",
			"GMS resolves an unqualified column two joined tables share to the first table once a GROUP BY scope exists; MySQL refuses it (1052)",
			ctxRule(ambiguousColumns), "pre-analyzer"},
		{RuleDistinctOrder, "distinctOrder",
			"GMS sorts a SELECT DISTINCT by a column outside its select list (some row's value); MySQL refuses it (3065, 3066)",
			ctxRule(distinctOrder), "pre-analyzer"},
		{RuleCTASAttributes, "ctasAttributes",
			"GMS builds a CREATE TABLE ... SELECT column from the source column's plain type: UNSIGNED of DECIMAL/FLOAT, FLOAT(M,D) and ZEROFILL were lost",
			ctxRule(ctasAttributes), "pre-analyzer"},
		{RuleShowIndexParts, "showIndexParts",
			"GMS's SHOW INDEX leaves Sub_part and Collation NULL (a prefix key part looked whole)",
			ctxRule(showIndexParts), PostAnalyzer},
		{regexpfn.RuleID, "compileRegexpOnce",
			"GMS compiles a REGEXP's constant pattern again for every row whose text is a column (90 s for 3,300 rows)",
			regexpfn.Rule, PostAnalyzer},
		{joinorder.RuleID, "cacheCrossJoins",
			"GMS rescans and re-filters a cross join's (or nested-loop join's) self-contained right side for every left row: sqllogictest's 6-table joins took 4-66 s",
			joinorder.Rule, PostAnalyzer},
	}
}

// Install adds Myriad's extensions to a freshly built analyzer: the
// MySQL-exact expressions of package sqlfunc and the plan corrections of
// package planfix (each installs its own rules and functions), the engine's
// rules, then extra (rules that need what only the caller owns), and the
// streaming information_schema.TABLES. Call it once, before the analyzer
// plans any statement.
func (e *Engine) Install(a *analyzer.Analyzer, extra ...Rule) error {
	all := append(e.rules(), extra...)
	seen := make(map[analyzer.RuleId]string, len(all))
	for _, r := range all {
		if prev, dup := seen[r.ID]; dup {
			return fmt.Errorf("engine: analyzer rules %s and %s share ID %d", prev, r.Name, r.ID)
		}
		seen[r.ID] = r.Name
	}
	batches := map[string]*analyzer.Batch{}
	for _, r := range all {
		name := r.Batch
		if name == "" {
			name = PostAnalyzer
		}
		if batches[name] == nil {
			b := batch(a, name)
			if b == nil {
				return fmt.Errorf("engine: the analyzer has no %s batch", name)
			}
			// A fresh slice: Build may share the builder's backing array.
			b.Rules = append([]analyzer.Rule(nil), b.Rules...)
			batches[name] = b
		}
	}
	for _, r := range all {
		name := r.Batch
		if name == "" {
			name = PostAnalyzer
		}
		b := batches[name]
		b.Rules = append(b.Rules, analyzer.Rule{Id: r.ID, Apply: r.Apply})
	}
	sqlfunc.Install(a)
	preIndexBeforeFold(a)
	installFixedFloat(a) // floatcmp.go
	planfix.Install(a)
	scalarsubquery.Install(a)
	windowfunc.Install(a)
	joinorder.Install(a)
	installGroupConcatCut(a)  // groupconcatcut.go
	installGroupConcatType(a) // groupconcattype.go
	installResultNotes(a)     // resultnotes.go
	installOneByteLengths(a)  // onebytelen.go; last
	a.Catalog.InfoSchema = infoschema.Wrap(a.Catalog.InfoSchema, e)
	var cat sql.Catalog = a.Catalog
	funcCatalog.Store(&cat)
	return nil
}

func batch(a *analyzer.Analyzer, desc string) *analyzer.Batch {
	for _, b := range a.Batches {
		if b.Desc == desc {
			return b
		}
	}
	return nil
}

// ctxRule adapts a rule that needs the context and the node.
func ctxRule(f func(*sql.Context, sql.Node) (sql.Node, transform.TreeIdentity, error)) analyzer.RuleFunc {
	return func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return f(ctx, n)
	}
}

// GMS plans single-table UPDATE/DELETE and literal INSERTs with fixed batches
// that skip the post-analyzer batch but do run analyzer.OnceAfterAll (also
// the last batch of every other statement), so Myriad's statement-shaping
// rules are appended there, once, before any analyzer is built.
func installGlobalRules() {
	// preIndexRewrite must run before GMS's simplifyFilters.
	before := analyzer.Rule{Id: preIndexRewriteID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return preIndexRewriteDeep(ctx, n)
	}}
	rules := make([]analyzer.Rule, 0, len(analyzer.OnceBeforeDefault)+1)
	placed := false
	for _, r := range analyzer.OnceBeforeDefault {
		if !placed && r.Id.String() == "simplifyFilters" {
			rules, placed = append(rules, before), true
		}
		rules = append(rules, r)
	}
	if !placed {
		rules = append([]analyzer.Rule{before}, rules...)
	}
	rules = append([]analyzer.Rule{{Id: fkParentSchemaID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return fkParentSchema(ctx, n)
	}}}, rules...)
	analyzer.OnceBeforeDefault = rules
	analyzer.AlwaysBeforeDefault = append([]analyzer.Rule{{Id: deferDMLAnalysisID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
		_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return deferDMLAnalysis(ctx, n)
	}}}, analyzer.AlwaysBeforeDefault...)
	analyzer.OnceAfterAll = append(analyzer.OnceAfterAll,
		analyzer.Rule{Id: joinUpdateTriggersID, Apply: func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
			_ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return joinUpdateTriggers(ctx, a, n, scope, qFlags)
		}},
		analyzer.Rule{Id: exactUpdatesID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return ExactUpdates(n)
		}},
		analyzer.Rule{Id: padSpaceID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return PadSpace(ctx, n)
		}},
		analyzer.Rule{Id: dropDBCountID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return countDroppedTables(n) // dropdbcount.go
		}},
		analyzer.Rule{Id: orderByOutputAliasID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return OrderByOutputAlias(n)
		}},
		analyzer.Rule{Id: ruleMarkLockingID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return markLocking(ctx, n, scope)
		}},
		analyzer.Rule{Id: countODKUID, Apply: func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return countODKU(n)
		}},
		analyzer.Rule{Id: decimalNotesID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return decimalNotes(ctx, n)
		}},
		analyzer.Rule{Id: unsignedChecksID, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return unsignedChecks(ctx, n)
		}},
		// Here for every DML plan, the shortcut ones too.
		analyzer.Rule{Id: RuleTriggerTableInUse, Apply: func(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope,
			_ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return TriggerTableInUse(ctx, n)
		}},
		// Last: see deferredDML.
		analyzer.Rule{Id: runDeferredDMLID, Apply: func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope,
			_ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
			return runDeferredDML(ctx, a, n, scope, qFlags)
		}},
		// Again for the shortcut batches of a single-table UPDATE/DELETE,
		// which skip the post-analyzer batch: EXPLAIN PLAN UPDATE t ...
		// WHERE pk = 1 failed 1105 "max1Row iterator returned more than
		// one row". After runDeferredDML, whose analysis may set the flag.
		analyzer.Rule{Id: explainManyRowsDMLID, Apply: explainManyRows},
		// After runDeferredDML, whose analysis applies the foreign keys.
		analyzer.Rule{Id: RuleFKBinaryKeyChange, Apply: ctxRule(fkBinaryKeyChange)},
		// After GMS's validation, which does not know its node (GROUP BY's
		// functional dependencies were lost under it: 1055).
		analyzer.Rule{Id: RuleDrawSortKeysInReadOrder, Apply: ctxRule(drawSortKeysInReadOrder)})
}

// explainManyRowsDMLID is from trig15b's range 11_445-11_449.
const explainManyRowsDMLID analyzer.RuleId = 11_445

// Rule IDs of the global rules: the engine's range (see
// RulePushInfoSchemaFilters).
const (
	exactUpdatesID    analyzer.RuleId = 10_050 // see ExactUpdates
	padSpaceID        analyzer.RuleId = 10_051 // see PadSpace
	countODKUID       analyzer.RuleId = 10_052 // see countODKU
	preIndexRewriteID analyzer.RuleId = 10_053 // see preIndexRewrite
	// 10_054: ruleMarkLockingID, see markLocking (locking.go)
	// 10_055, 10_056: deferDMLAnalysisID, runDeferredDMLID, see deferredDML (dmlsubquery.go)
	// 10_057: fkParentSchemaID, see fkParentSchema (foreignkeys.go)
	// 10_750: orderByOutputAliasID, see OrderByOutputAlias (orderalias.go)
	// 11_340: decimalNotesID, see decimalNotes (decnote.go)
	// 11_640: unsignedChecksID, see unsignedChecks (unsignedcol.go)
	// 11_341: joinUpdateTriggersID, see joinUpdateTriggers (jointrig.go)
	// 11_342: RuleProcSetVariables, see refuseProcSetVariables (procset.go)
	// 11_445: explainManyRowsDMLID, see installGlobalRules
)

// init installs the global rules when the package loads: every analyzer the
// process builds, including GMS's test harness's, gets them.
func init() {
	installGlobalRules()
	scopeAssignRoutines()
	scopeTruncateCheck()
}

// nodeRule adapts a rule that needs only the node.
// explainManyRows: the analyzer marks a statement it proves returns at
// most one row (a primary-key lookup) so the server may take its one row
// without streaming; that mark belongs to the statement, not to an
// EXPLAIN of it, whose output is a row per plan line. GMS analyzes only
// the explained statement, so the rule knows the EXPLAIN by the text.
//
// GMS also marks a UNION (or INTERSECT/EXCEPT, a recursive CTE) of
// primary-key lookups, each proven to return one row, so
// `SELECT id FROM t WHERE id = 1 UNION ALL SELECT id FROM t WHERE id = 1`
// failed with "result max1Row iterator returned more than one row".
func explainManyRows(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qf.IsSet(sql.QFlagMax1Row) && scope.IsEmpty() && (isExplainText(ctx.Query()) || hasSetOp(n)) {
		qf.Unset(sql.QFlagMax1Row)
	}
	return n, transform.SameTree, nil
}

func hasSetOp(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.SetOp, *plan.RecursiveCte:
			found = true
		}
		return !found
	})
	return found
}

func isExplainText(q string) bool {
	q = strings.TrimLeft(q, " \t\r\n(")
	for _, w := range []string{"explain", "describe", "desc"} {
		if len(q) > len(w) && strings.EqualFold(q[:len(w)], w) {
			switch q[len(w)] {
			case ' ', '\t', '\r', '\n':
				return true
			}
		}
	}
	return false
}

func nodeRule(f func(sql.Node) (sql.Node, transform.TreeIdentity, error)) analyzer.RuleFunc {
	return func(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		return f(n)
	}
}

var _ infoschema.CatalogDatabase = (*Database)(nil)

// CommittedSchema implements infoschema.CatalogDatabase.
func (d *Database) CommittedSchema(ctx *sql.Context) (*catalog.Catalog, *catalog.Schema, bool) {
	if catalogReader(ctx) != nil {
		return nil, nil, false
	}
	return d.eng.cat, d.schema, true
}
