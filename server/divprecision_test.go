package server

import "testing"

// TestDivPrecisionIncrementRefused: Myriad's division and AVG add MySQL's
// default 4 decimals whatever div_precision_increment says (GMS accepted
// the variable and ignored it: SELECT 1/3 answered 0.3333 where MySQL with
// 2 says 0.33). A value other than 4 is refused (1235; out of MySQL's
// range 1231) rather than ignored.
func TestDivPrecisionIncrementRefused(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "interpolateParams=true")
	db.SetMaxOpenConns(1)
	for _, c := range []struct {
		q    string
		want int
	}{
		{"SET div_precision_increment = 2", 1235},
		{"SET SESSION div_precision_increment = 0", 1235},
		{"SET GLOBAL div_precision_increment = 8", 1235},
		{"SET div_precision_increment = 31", 1231},
	} {
		wantErrNo(t, db, c.want, c.q)
	}
	mustExec(t, db, "SET div_precision_increment = 4")
	if s := joinRows(queryRows(t, db, "SELECT 1/3, @@div_precision_increment, @@global.div_precision_increment")); s != "0.3333 4 4" {
		t.Errorf("got %s, want 0.3333 4 4", s)
	}
}
