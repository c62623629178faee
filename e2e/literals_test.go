package e2e

import "testing"

// TestPyMySQLTypedLiterals runs testdata/pymysql_literals.py: typed
// temporal literals, DECIMAL literals and DATE comparisons through PyMySQL
// (issue 9; parameters are interpolated into the text by the client).
func TestPyMySQLTypedLiterals(t *testing.T) { runPyMySQL(t, "testdata/pymysql_literals.py") }
