package enginetest

import (
	"testing"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
	"github.com/dolthub/go-mysql-server/enginetest/scriptgen/setup"
)

// Write-path suites: INSERT, REPLACE, UPDATE, DELETE, LOAD DATA.

func TestInsertInto(t *testing.T) { gmstest.TestInsertInto(t, newHarness(t, insertSkips)) }
func TestInsertQueriesPrepared(t *testing.T) {
	gmstest.TestInsertQueriesPrepared(t, newHarness(t, insertSkips))
}

// TestInsertScriptsPrepared is GMS's TestInsertScriptsPrepared with the
// scripts skippable by name.
func TestInsertScriptsPrepared(t *testing.T) {
	h := newHarness(t, insertSkips)
	h.Setup(setup.MydbData)
	runScripts(t, h, queries.InsertScripts, true)
}

func TestInsertIgnoreInto(t *testing.T) { gmstest.TestInsertIgnoreInto(t, newHarness(t, insertSkips)) }

// TestInsertIgnoreScriptsPrepared is GMS's TestInsertIgnoreScriptsPrepared
// with the scripts skippable by name.
func TestInsertIgnoreScriptsPrepared(t *testing.T) {
	h := newHarness(t, insertSkips)
	h.Setup(setup.MydbData)
	runScripts(t, h, queries.InsertIgnoreScripts, true)
}

func TestInsertErrorScriptsPrepared(t *testing.T) {
	gmstest.TestInsertErrorScriptsPrepared(t, newHarness(t))
}
func TestInsertIntoErrors(t *testing.T) { gmstest.TestInsertIntoErrors(t, newHarness(t)) }
func TestInsertDuplicateKeyKeyless(t *testing.T) {
	gmstest.TestInsertDuplicateKeyKeyless(t, newHarness(t))
}
func TestInsertDuplicateKeyKeylessPrepared(t *testing.T) {
	gmstest.TestInsertDuplicateKeyKeylessPrepared(t, newHarness(t))
}
func TestIgnoreIntoWithDuplicateUniqueKeyKeyless(t *testing.T) {
	gmstest.TestIgnoreIntoWithDuplicateUniqueKeyKeyless(t, newHarness(t))
}
func TestIgnoreIntoWithDuplicateUniqueKeyKeylessPrepared(t *testing.T) {
	gmstest.TestIgnoreIntoWithDuplicateUniqueKeyKeylessPrepared(t, newHarness(t))
}
func TestPreparedInsert(t *testing.T) { gmstest.TestPreparedInsert(t, newHarness(t, insertSkips)) }

func TestReplaceInto(t *testing.T)       { gmstest.TestReplaceInto(t, newHarness(t, replaceSkips)) }
func TestReplaceIntoErrors(t *testing.T) { gmstest.TestReplaceIntoErrors(t, newHarness(t)) }
func TestReplaceQueriesPrepared(t *testing.T) {
	gmstest.TestReplaceQueriesPrepared(t, newHarness(t, replaceSkips))
}

func TestUpdate(t *testing.T)       { gmstest.TestUpdate(t, newHarness(t, updateSkips)) }
func TestUpdateIgnore(t *testing.T) { gmstest.TestUpdateIgnore(t, newHarness(t, updateSkips)) }
func TestUpdateErrors(t *testing.T) { gmstest.TestUpdateErrors(t, newHarness(t)) }
func TestUpdateQueriesPrepared(t *testing.T) {
	gmstest.TestUpdateQueriesPrepared(t, newHarness(t, updateSkips))
}
func TestOnUpdateExprScripts(t *testing.T) {
	gmstest.TestOnUpdateExprScripts(t, newHarness(t, onUpdateSkips))
}

func TestDelete(t *testing.T)       { gmstest.TestDelete(t, newHarness(t, deleteSkips)) }
func TestDeleteErrors(t *testing.T) { gmstest.TestDeleteErrors(t, newHarness(t)) }
func TestDeleteQueriesPrepared(t *testing.T) {
	gmstest.TestDeleteQueriesPrepared(t, newHarness(t, deleteSkips))
}

func TestLoadData(t *testing.T)       { gmstest.TestLoadData(t, newHarness(t, loadDataSkips)) }
func TestLoadDataErrors(t *testing.T) { gmstest.TestLoadDataErrors(t, newHarness(t, loadDataSkips)) }

// TestLoadDataPrepared is GMS's TestLoadDataPrepared with the scripts
// skippable by name.
func TestLoadDataPrepared(t *testing.T) {
	h := newHarness(t, loadDataSkips)
	h.Setup(setup.MydbData)
	runScripts(t, h, queries.LoadDataScripts, true)
}

func TestSelectIntoFile(t *testing.T) { gmstest.TestSelectIntoFile(t, newHarness(t)) }
