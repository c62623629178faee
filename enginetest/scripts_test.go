package enginetest

import (
	"testing"

	gmstest "github.com/dolthub/go-mysql-server/enginetest"
	"github.com/dolthub/go-mysql-server/enginetest/queries"
	"github.com/dolthub/go-mysql-server/enginetest/scriptgen/setup"
)

// Script, session, transaction, privilege and wire-protocol suites.

func TestScripts(t *testing.T) { gmstest.TestScripts(t, newHarness(t, scriptsSkips)) }
func TestScriptsPrepared(t *testing.T) {
	gmstest.TestScriptsPrepared(t, newHarness(t, scriptsSkips))
}
func TestNumericErrorScripts(t *testing.T) { gmstest.TestNumericErrorScripts(t, newHarness(t)) }

// TestJsonScripts and TestJsonScriptsPrepared replicate GMS's loops over
// queries.JsonScripts: GMS's own skippedTests parameter calls t.Skip on the
// whole suite.
func TestJsonScripts(t *testing.T) {
	runScripts(t, newHarness(t, jsonSkips), queries.JsonScripts, false)
}
func TestJsonScriptsPrepared(t *testing.T) {
	h := newHarness(t, jsonSkips)
	h.Setup(setup.MydbData)
	runScripts(t, h, queries.JsonScripts, true)
}

// TestTransactionScripts is GMS's TestTransactionScripts with the scripts
// also skippable by name.
func TestTransactionScripts(t *testing.T) {
	runTransactionScripts(t, newHarness(t, transactionSkips), queries.TransactionTests)
}

func TestConcurrentTransactions(t *testing.T) { gmstest.TestConcurrentTransactions(t, newHarness(t)) }
func TestConcurrentProcessList(t *testing.T)  { gmstest.TestConcurrentProcessList(t, newHarness(t)) }

func TestVariables(t *testing.T)          { gmstest.TestVariables(t, newHarness(t)) }
func TestVariableErrors(t *testing.T)     { gmstest.TestVariableErrors(t, newHarness(t)) }
func TestWarnings(t *testing.T)           { gmstest.TestWarnings(t, newHarness(t)) }
func TestClearWarnings(t *testing.T)      { gmstest.TestClearWarnings(t, newHarness(t)) }
func TestUse(t *testing.T)                { gmstest.TestUse(t, newHarness(t)) }
func TestNoDatabaseSelected(t *testing.T) { gmstest.TestNoDatabaseSelected(t, newHarness(t)) }
func TestSessionSelectLimit(t *testing.T) { gmstest.TestSessionSelectLimit(t, newHarness(t)) }
func TestCurrentTimestamp(t *testing.T)   { gmstest.TestCurrentTimestamp(t, newHarness(t)) }

func TestPrepared(t *testing.T) { gmstest.TestPrepared(t, newHarness(t)) }
func TestPreparedStatements(t *testing.T) {
	gmstest.TestPreparedStatements(t, newHarness(t, preparedStatementSkips))
}

func TestUserPrivileges(t *testing.T) {
	gmstest.TestUserPrivileges(t, newHarness(t, privilegeSkips))
}
func TestUserAuthentication(t *testing.T)   { gmstest.TestUserAuthentication(t, newHarness(t)) }
func TestPrivilegePersistence(t *testing.T) { gmstest.TestPrivilegePersistence(t, newHarness(t)) }

// The wire tests start a GMS server on a local port with Myriad's session
// builder and talk to it through go-sql-driver/mysql.

func TestTypesOverWire(t *testing.T) {
	h := newHarness(t)
	gmstest.TestTypesOverWire(t, h, h.SessionBuilder())
}
func TestCharsetCollationWire(t *testing.T) {
	all := queries.CharsetCollationWireTests
	queries.CharsetCollationWireTests = withoutWireScripts(all, charsetWireSkips)
	defer func() { queries.CharsetCollationWireTests = all }()
	h := newHarness(t)
	gmstest.TestCharsetCollationWire(t, h, h.SessionBuilder())
}
func TestDatabaseCollationWire(t *testing.T) {
	h := newHarness(t)
	gmstest.TestDatabaseCollationWire(t, h, h.SessionBuilder())
}
