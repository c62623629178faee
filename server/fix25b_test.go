package server

import (
	"testing"
)

// TestFix25bGroupConcatLatin1: GROUP_CONCAT of a latin1 column is latin1
// text, as MySQL's Item_func_group_concat aggregates its arguments'
// collations: LENGTH counts its latin1 bytes (5 for 'éé,éé'), HEX shows
// them, COLLATION() is latin1_swedish_ci and it compares under that
// collation; GMS typed it utf8mb4_0900_bin (9, C3A9..., a byte-wise
// comparison). CONCAT_WS of latin1 columns likewise (its type was
// LONGTEXT utf8mb4), and CONCAT of a latin1 and a utf8mb4 column is
// utf8mb4 (it was typed latin1: HEX of a character latin1 lacks failed).
// In the text protocol and as prepared statements.
func TestFix25bGroupConcatLatin1(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f25")
	db = ts.connectWith("f25", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE l (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO l VALUES (1, 'éé'), (2, 'éé'), (3, 'É')")
	mustExec(t, db, "CREATE TABLE g (id INT PRIMARY KEY, c VARCHAR(10) COLLATE utf8mb4_general_ci)")
	mustExec(t, db, "INSERT INTO g VALUES (1, 'a'), (2, 'B'), (3, 'ĉ')")
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT LENGTH(GROUP_CONCAT(v)), HEX(GROUP_CONCAT(v)), COLLATION(GROUP_CONCAT(v)) FROM l WHERE id < 3",
			want: "5 | E9E92CE9E9 | latin1_swedish_ci"},
		{q: "SELECT GROUP_CONCAT(v) = 'ÉÉ,ÉÉ', GROUP_CONCAT(v) FROM l WHERE id < 3", want: "1 | éé,éé"},
		{q: "SELECT LENGTH(GROUP_CONCAT(DISTINCT v ORDER BY v)), HEX(GROUP_CONCAT(DISTINCT v ORDER BY v DESC)) FROM l",
			want: "4 | E9E92CC9"},
		{q: "SELECT LENGTH(GROUP_CONCAT(v, v)), LENGTH(GROUP_CONCAT(id, v SEPARATOR 'é')) FROM l", want: "12 | 10"},
		{q: "SELECT x, LENGTH(x), COLLATION(x) FROM (SELECT GROUP_CONCAT(v ORDER BY id) AS x FROM l) d",
			want: "éé,éé,É | 7 | latin1_swedish_ci"},
		{q: "SELECT (SELECT LENGTH(GROUP_CONCAT(v)) FROM l WHERE id < 3), LENGTH((SELECT GROUP_CONCAT(v) FROM l WHERE id < 3))",
			want: "5 | 5"},
		{q: "SELECT COUNT(*) FROM (SELECT id, GROUP_CONCAT(v) AS x FROM l GROUP BY id HAVING x = 'ÉÉ') d", want: "2"},
		{q: "SELECT LENGTH(MAX(x) OVER ()), LENGTH(MAX(x)) FROM (SELECT GROUP_CONCAT(v) x FROM l GROUP BY id) d GROUP BY x ORDER BY x LIMIT 1", want: "2 | 1"},
		{q: "SELECT COLLATION(GROUP_CONCAT(c)), GROUP_CONCAT(c ORDER BY id) = 'A,b' FROM g WHERE id < 3",
			want: "utf8mb4_general_ci | 1"},
		{q: "SELECT LENGTH(CONCAT_WS(',', v, v)), HEX(CONCAT_WS(',', v, v)), COLLATION(CONCAT_WS(',', v, v)), CONCAT_WS(',', v, v) = 'ÉÉ,ÉÉ' FROM l WHERE id = 1",
			want: "5 | E9E92CE9E9 | latin1_swedish_ci | 1"},
		{q: "SELECT LENGTH(CONCAT(v, c)), HEX(CONCAT(v, c)), COLLATION(CONCAT(v, c)) FROM l, g WHERE l.id = 1 AND g.id = 3",
			want: "6 | C3A9C3A9C489 | utf8mb4_general_ci"},
		{q: "SELECT LENGTH(GROUP_CONCAT(v, c)), COLLATION(GROUP_CONCAT(v, c)) FROM l, g WHERE l.id = 1 AND g.id = 3",
			want: "6 | utf8mb4_general_ci"},
	})
	// INSERT ... SELECT into VARBINARY keeps the latin1 bytes (fix24a's
	// charsetBytes reads the source's type).
	mustExec(t, db, "CREATE TABLE bg (b VARBINARY(20), u VARCHAR(20))")
	mustExec(t, db, "INSERT INTO bg SELECT GROUP_CONCAT(v ORDER BY id), GROUP_CONCAT(v ORDER BY id) FROM l")
	runArithCases(t, db, "", []arithCase{{q: "SELECT HEX(b), HEX(u) FROM bg", want: "E9E92CE9E92CC9 | C3A9C3A92CC3A9C3A92CC389"}})
	// The GROUP BY's groups ordered by the latin1 text ('É' < 'éé' under
	// latin1_swedish_ci, as in UTF-8 bytes; the same either way) and the
	// result field: a BLOB in the connection's character set (MySQL's
	// character_set_results), as the column's own field.
	if g, fields := rawText(t, ts, "f25", "SELECT GROUP_CONCAT(v) AS x, MIN(v) FROM l GROUP BY id ORDER BY x, id"); g != "É,É éé,éé éé,éé" || fields[0].Type.String() != "TEXT" || fields[0].Charset != fields[1].Charset {
		t.Errorf("got %s, %v charset %d (the column's %d)", g, fields[0].Type, fields[0].Charset, fields[1].Charset)
	}
	if g, fields := rawText(t, ts, "f25", "SELECT CONCAT_WS(',', v, v) FROM l WHERE id = 1"); g != "éé,éé" || fields[0].Type.String() != "VARCHAR" || fields[0].ColumnLength != 21 {
		t.Errorf("CONCAT_WS: got %s, %v length %d", g, fields[0].Type, fields[0].ColumnLength)
	}
}

// TestFix25bScaledThroughJoins: a FLOAT(M,D) column keeps its decimals and
// an INT ZEROFILL column its padding when read through a view over a
// NATURAL join, a column a USING clause merges (the left table's, a RIGHT
// join's right table's), a LATERAL derived table, or an unqualified
// column of a view over a join (MySQL 8.0 and MariaDB print 3.50 and
// 00042; Myriad printed 3.5 and 42).
func TestFix25bScaledThroughJoins(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE f25j")
	for _, q := range []string{
		"CREATE TABLE f25j.t (id INT PRIMARY KEY, f FLOAT(6,2), z INT(5) ZEROFILL)",
		"CREATE TABLE f25j.u (id INT PRIMARY KEY, g FLOAT(7,3), y INT(6) ZEROFILL)",
		"INSERT INTO f25j.t VALUES (1, 3.5, 42)",
		"INSERT INTO f25j.u VALUES (1, 2.25, 7)",
		"CREATE TABLE f25j.a1 (id INT, f FLOAT(6,2), z INT(4) ZEROFILL)",
		"CREATE TABLE f25j.b1 (id INT, f FLOAT(7,3), z INT(6) ZEROFILL, k INT)",
		"INSERT INTO f25j.a1 VALUES (1, 3.5, 5)",
		"INSERT INTO f25j.b1 VALUES (1, 3.5, 5, 1), (2, 4.5, 6, 2)",
		"CREATE VIEW f25j.vn AS SELECT * FROM f25j.t NATURAL JOIN f25j.u",
		"CREATE VIEW f25j.vn2 AS SELECT f, g, z, y FROM f25j.t NATURAL JOIN f25j.u",
		"CREATE VIEW f25j.vz AS SELECT z, y FROM f25j.t JOIN f25j.u ON t.id = u.id",
		"CREATE VIEW f25j.vl AS SELECT t.id, d.f2, d.z2 FROM f25j.t, LATERAL (SELECT t.f AS f2, t.z AS z2) d",
		"CREATE VIEW f25j.w1 AS SELECT f, z FROM f25j.a1 JOIN f25j.b1 USING (f, z)",
		"CREATE VIEW f25j.w2 AS SELECT f, z FROM f25j.a1 RIGHT JOIN f25j.b1 USING (f, z)",
		"CREATE VIEW f25j.w3 AS SELECT * FROM f25j.a1 NATURAL LEFT JOIN f25j.b1",
	} {
		mustExec(t, db, q)
	}
	for q, want := range map[string]string{
		"SELECT * FROM vn":                                   "1,3.50,00042,2.250,000007",
		"SELECT f, g, z, y FROM vn2":                         "3.50,2.250,00042,000007",
		"SELECT z, y FROM vz":                                "00042,000007",
		"SELECT f2, z2 FROM vl":                              "3.50,00042",
		"SELECT d.f2 FROM t, LATERAL (SELECT t.f AS f2) d":   "3.50",
		"SELECT * FROM w1":                                   "3.50,0005",
		"SELECT * FROM w2 ORDER BY f":                        "3.500,000005 4.500,000006",
		"SELECT f, z, k FROM w3":                             "3.50,0005,1",
		"SELECT f FROM (SELECT * FROM a1 NATURAL JOIN b1) d": "3.50",
		// Read as a string: the plan's column origins (engine/colorigin.go).
		"SELECT CONCAT(d.f2), CONCAT(d.z2), LENGTH(d.z2) FROM t, LATERAL (SELECT t.f AS f2, t.z AS z2) d": "3.50,00042,5",
	} {
		if g, _ := rawText(t, ts, "f25j", q); g != want {
			t.Errorf("%s: got %s, want %s", q, g, want)
		}
	}
}
