package server

import "testing"

// LOCATE, POSITION and INSTR search in the collation their arguments
// resolve (MySQL's agg_arg_charsets_for_comparison and my_instr_mb: the
// next len(substr) bytes compared under the collation, unpadded). GMS's
// LOCATE lower-cased both strings under any collation, so it matched 'b'
// in 'AB' under _bin and in a binary string, and its INSTR matched code
// points, missing 'b' in 'AB' under a _ci collation.
func TestLocateCollation(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE lc")
	db = ts.connect("lc")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, ci VARCHAR(20) COLLATE utf8mb4_general_ci, "+
		"bn VARCHAR(20) COLLATE utf8mb4_bin, vb VARBINARY(20), l1 VARCHAR(20) CHARACTER SET latin1, ai VARCHAR(20) COLLATE utf8mb4_0900_ai_ci)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'xAbé', 'xAbé', 'xAbé', 'xAbé', 'xAbé'), (2, 'ÉTÉ e', 'ÉTÉ e', 'ÉTÉ e', 'ÉTÉ e', 'ÉTÉ e'), (3, NULL, NULL, NULL, NULL, NULL)")
	for _, c := range []struct {
		q    string
		want []string
	}{
		// Literals: the connection's utf8mb4_0900_ai_ci, unless a side is
		// _bin or binary.
		{"SELECT LOCATE('b', 'AB'), INSTR('AB', 'b'), POSITION('b' IN 'AB'), LOCATE('b', 'AB' COLLATE utf8mb4_bin), " +
			"LOCATE('b', BINARY 'AB'), INSTR(BINARY 'AB', 'b'), LOCATE(_binary'b', 'AB'), INSTR('AB', 'b' COLLATE utf8mb4_bin)",
			[]string{"2,2,2,0,0,0,0,0"}},
		// Columns: their collation; a binary string counts bytes.
		{"SELECT id, LOCATE('ab', ci), LOCATE('ab', bn), LOCATE('ab', vb), LOCATE('ab', l1), INSTR(ai, 'AB'), INSTR(vb, 'Ab') FROM t ORDER BY id",
			[]string{"1,2,0,0,2,2,2", "2,0,0,0,0,0,0", "3,NULL,NULL,NULL,NULL,NULL,NULL"}},
		// A match has substr's byte length: 'e' (one byte) is not found in
		// 'É' (two) although 'e' = 'É' under these collations; in latin1
		// both are one byte.
		{"SELECT id, LOCATE('e', ci), LOCATE('e', ai), LOCATE('e', l1), LOCATE('é', ci), INSTR(l1, 'É'), LOCATE('e', ci, 3), LOCATE('T', vb, 2) FROM t ORDER BY id",
			[]string{"1,0,0,4,4,4,0,0", "2,5,5,1,1,1,5,3", "3,NULL,NULL,NULL,NULL,NULL,NULL,NULL"}},
		{"SELECT id FROM t WHERE LOCATE('AB', ci) > 0 OR INSTR(bn, 'TÉ') = 2 ORDER BY id", []string{"1", "2"}},
		{"SELECT COUNT(*) FROM t WHERE INSTR(bn, 'AB') > 0 OR LOCATE('ab', vb) > 0", []string{"0"}},
	} {
		wantRows(t, db, c.q, c.want...)
	}
}
