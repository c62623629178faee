package enginetest

import (
	"strings"
	"testing"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
	"github.com/dolthub/go-mysql-server/enginetest/scriptgen/setup"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Schema suites: tables, columns, indexes, databases, views, triggers.

// TestCreateTable runs the query and script lists of GMS's TestCreateTable.
// Its four trailing inline subtests have no skip hook and are left out: one
// of them ("create table like works and can have keys removed") needs ALTER
// TABLE DROP PRIMARY KEY and trips the MODIFY-on-PK-column bug listed in
// docs/ENGINETEST.md.
func TestCreateTable(t *testing.T) {
	h := newHarness(t, createTableSkips)
	h.Setup(setup.MydbData, setup.MytableData, setup.FooData)
	for _, tt := range queries.CreateTableQueries {
		t.Run(tt.WriteQuery, func(t *testing.T) { gmstest.RunWriteQueryTest(t, h, tt) })
	}
	for _, list := range [][]queries.ScriptTest{
		queries.CreateTableScriptTests,
		queries.CreateTableInSubroutineTests,
		queries.CreateTableAutoIncrementTests,
	} {
		runScripts(t, h, list, false)
	}
}

func TestDropTable(t *testing.T)    { gmstest.TestDropTable(t, newHarness(t)) }
func TestRenameTable(t *testing.T)  { gmstest.TestRenameTable(t, newHarness(t)) }
func TestRenameColumn(t *testing.T) { gmstest.TestRenameColumn(t, newHarness(t, alterSkips)) }

// TestAddColumn and TestModifyColumn run the script lists of GMS's suites
// of the same names on one engine, as GMS does. GMS's trailing inline "no
// database selected" subtest has no skip hook and is left out: it fails only
// on the SHOW COLUMNS Default bug listed in docs/ENGINETEST.md.
func TestAddColumn(t *testing.T) {
	h := newHarness(t, addModifyColumnSkips)
	h.Setup(setup.MydbData, setup.MytableData)
	e := mustEngine(t, h)
	defer e.Close()
	for _, tt := range queries.AddColumnScripts {
		gmstest.TestScriptWithEngine(t, e, h, tt)
	}
}

func TestModifyColumn(t *testing.T) {
	h := newHarness(t, addModifyColumnSkips)
	h.Setup(setup.MydbData, setup.MytableData, setup.Mytable_del_idxData)
	e := mustEngine(t, h)
	defer e.Close()
	for _, tt := range queries.ModifyColumnScripts {
		gmstest.TestScriptWithEngine(t, e, h, tt)
	}
}

func TestDropColumn(t *testing.T) { gmstest.TestDropColumn(t, newHarness(t, alterSkips)) }
func TestAlterTable(t *testing.T) { gmstest.TestAlterTable(t, newHarness(t, alterSkips)) }
func TestAddDropPks(t *testing.T) { gmstest.TestAddDropPks(t, newHarness(t, addDropPkSkips)) }
func TestColumnDefaults(t *testing.T) {
	gmstest.TestColumnDefaults(t, newHarness(t, columnDefaultSkips))
}
func TestDropColumnKeylessTables(t *testing.T) {
	gmstest.TestDropColumnKeylessTables(t, newHarness(t, alterSkips))
}

// TestAddAutoIncrementColumn is the memory engine's test of the same name.
func TestAddAutoIncrementColumn(t *testing.T) {
	runScripts(t, newHarness(t, alterSkips), queries.AlterTableAddAutoIncrementScripts, false)
}

func TestPkOrdinalsDDL(t *testing.T) { gmstest.TestPkOrdinalsDDL(t, newHarness(t, pkOrdinalsSkips)) }
func TestPkOrdinalsDML(t *testing.T) { gmstest.TestPkOrdinalsDML(t, newHarness(t)) }

func TestCreateDatabase(t *testing.T) { gmstest.TestCreateDatabase(t, newHarness(t)) }

// TestDropDatabase runs GMS's DROP DATABASE scripts with MySQL's affected
// count: the number of tables and views dropped (engine/dropdbcount.go,
// server.TestLead26DropDatabaseCount), where GMS expects 1 always. Every
// schema these scripts drop is empty, so MySQL answers 0.
func TestDropDatabase(t *testing.T) {
	h := newHarness(t)
	h.Setup(setup.MydbData)
	for _, s := range queries.DropDatabaseScripts {
		s.Assertions = append([]queries.ScriptTestAssertion(nil), s.Assertions...)
		for i, a := range s.Assertions {
			q := strings.ToUpper(a.Query)
			if strings.HasPrefix(q, "DROP DATABASE") || strings.HasPrefix(q, "DROP SCHEMA") {
				if len(a.Expected) == 1 && len(a.Expected[0]) == 1 {
					if ok, isOK := a.Expected[0][0].(types.OkResult); isOK && ok.RowsAffected == 1 {
						s.Assertions[i].Expected = []sql.Row{{types.OkResult{RowsAffected: 0}}}
					}
				}
			}
		}
		gmstest.TestScript(t, h, s)
	}
}

func TestDisallowedCheckConstraints(t *testing.T) {
	gmstest.TestDisallowedCheckConstraints(t, newHarness(t))
}

func TestViews(t *testing.T)         { gmstest.TestViews(t, newHarness(t, viewSkips)) }
func TestViewsPrepared(t *testing.T) { gmstest.TestViewsPrepared(t, newHarness(t, viewSkips)) }
func TestRecursiveViewDefinition(t *testing.T) {
	gmstest.TestRecursiveViewDefinition(t, newHarness(t))
}

func TestTriggers(t *testing.T)         { gmstest.TestTriggers(t, newHarness(t, triggerSkips)) }
func TestRollbackTriggers(t *testing.T) { gmstest.TestRollbackTriggers(t, newHarness(t)) }
func TestShowTriggers(t *testing.T)     { gmstest.TestShowTriggers(t, newHarness(t)) }
func TestTriggerErrors(t *testing.T)    { gmstest.TestTriggerErrors(t, newHarness(t)) }

func TestShowTableStatus(t *testing.T) {
	gmstest.TestShowTableStatus(t, newHarness(t, tableStatusSkips))
}
func TestShowTableStatusPrepared(t *testing.T) {
	gmstest.TestShowTableStatusPrepared(t, newHarness(t, tableStatusSkips))
}
