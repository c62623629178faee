package server

import "testing"

// TestInsconv21DoubleIntoInt: a DOUBLE stored into an integer column is
// rounded with rint (half to even), as MySQL's Field_long::store(double),
// also when it comes from a UNION (GMS's row-source projection hid its
// type) and when ALTER TABLE ... MODIFY copies a DOUBLE column into an INT
// one (GMS's Convert rounded half away from zero). A DECIMAL keeps
// rounding half away from zero.
func TestInsconv21DoubleIntoInt(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE ic")
	mustExec(t, db, "CREATE TABLE ic.u (id INT PRIMARY KEY, d DOUBLE, m DECIMAL(4,1))")
	mustExec(t, db, "INSERT INTO ic.u VALUES (1, 2.5, 2.5), (2, 3.5, 3.5), (3, -2.5, -2.5)")
	mustExec(t, db, "ALTER TABLE ic.u MODIFY d INT, MODIFY m INT")
	mustExec(t, db, "CREATE TABLE ic.v (id INT PRIMARY KEY, d DOUBLE)")
	mustExec(t, db, "INSERT INTO ic.v VALUES (1, 2.5), (2, 0.5)")
	mustExec(t, db, "ALTER TABLE ic.v ALGORITHM=COPY, MODIFY d BIGINT")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(d ORDER BY id), GROUP_CONCAT(m ORDER BY id) FROM ic.u", want: "2,4,-2 | 3,4,-3"},
		{q: "SELECT GROUP_CONCAT(d ORDER BY id) FROM ic.v", want: "2,0"},
	})
}
