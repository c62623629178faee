package server

import "testing"

// TestProbe20aFieldCollation: FIELD compares all its string arguments in
// the one collation MySQL's Item_func_field::resolve_type aggregates over
// them. Each key = arg pair resolved its own, so FIELD('a', ci, bin) found
// 'A' in the utf8mb4_general_ci column (MySQL compares both columns in
// utf8mb4_bin and answers 0), and a general_ci column beside a unicode_ci
// one answered where MySQL refuses (1270).
func TestProbe20aFieldCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE fc")
	mustExec(t, db, "CREATE TABLE fc.t (id INT PRIMARY KEY, g VARCHAR(10) COLLATE utf8mb4_general_ci, b VARCHAR(10) COLLATE utf8mb4_bin, u VARCHAR(10) COLLATE utf8mb4_unicode_ci)")
	mustExec(t, db, "INSERT INTO fc.t VALUES (1, 'a', 'A', 'A'), (2, 'A', 'A', 'a')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT GROUP_CONCAT(FIELD('a', g, b) ORDER BY id), GROUP_CONCAT(FIELD('a', b, g) ORDER BY id) FROM fc.t", want: "1,0 | 2,0"},
		{q: "SELECT GROUP_CONCAT(FIELD('a', g) ORDER BY id), GROUP_CONCAT(FIELD(g, 'x', b) ORDER BY id), GROUP_CONCAT(FIELD(1, '1', g) ORDER BY id) FROM fc.t", want: "1,1 | 0,2 | 1,1"},
	})
	wantErrNo(t, db, 1270, "SELECT FIELD('a', g, u) FROM fc.t")
}
