package server

import (
	"strings"
	"testing"

	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// TestFix24bFractionZerofill: a DECIMAL(M,D), FLOAT(M,D), DOUBLE(M,D),
// FLOAT or DOUBLE column declared ZEROFILL pads its text with zeros, as
// MySQL and MariaDB do (1.5 in a DECIMAL(6,2) ZEROFILL is 0001.50, 2.25 in
// a FLOAT(6,2) ZEROFILL 002.25), in the text protocol and read as a
// string; the catalog kept only UNSIGNED, so SHOW CREATE TABLE and
// COLUMN_TYPE lost the attribute and the values printed 1.50 and 2.25.
func TestFix24bFractionZerofill(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f24z")
	mustExec(t, db, "CREATE TABLE f24z.dz (id INT PRIMARY KEY, d DECIMAL(6,2) ZEROFILL, f FLOAT(6,2) ZEROFILL, g DOUBLE(7,3) ZEROFILL, e DECIMAL(5,0) ZEROFILL, p FLOAT ZEROFILL, q DOUBLE ZEROFILL)")
	mustExec(t, db, "INSERT INTO f24z.dz VALUES (1, 1.5, 2.25, 3.5, 42, 2.25, 3.5)")
	for q, want := range map[string]string{
		"SELECT d, f, g, e, p, q FROM dz":                                "0001.50,002.25,003.500,00042,000000002.25,00000000000000000003.5",
		"SELECT d AS x, f AS y FROM dz":                                  "0001.50,002.25",
		"SELECT a.d, a.g FROM dz AS a":                                   "0001.50,003.500",
		"SELECT CONCAT(d), LENGTH(d), CONCAT(f), CONCAT(g) FROM dz":      "0001.50,7,002.25,003.500",
		"SELECT CONCAT(e), CONCAT(p), LENGTH(q), d LIKE '0001%' FROM dz": "00042,000000002.25,22,1",
	} {
		if g, _ := rawText(t, ts, "f24z", q); g != want {
			t.Errorf("%s: got %s, want %s", q, g, want)
		}
	}
	_, fields := rawText(t, ts, "f24z", "SELECT d, f FROM dz")
	for i, wantLen := range []uint32{7, 6} {
		want := uint32(querypb.MySqlFlag_UNSIGNED_FLAG | querypb.MySqlFlag_ZEROFILL_FLAG)
		if fields[i].Flags&want != want || fields[i].ColumnLength != wantLen {
			t.Errorf("field %d: flags %b length %d, want ZEROFILL UNSIGNED and %d", i, fields[i].Flags, fields[i].ColumnLength, wantLen)
		}
	}
	if g, _ := rawText(t, ts, "f24z", "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'f24z' AND TABLE_NAME = 'dz' AND COLUMN_NAME IN ('d', 'f', 'q') ORDER BY ORDINAL_POSITION"); g != "decimal(6,2) unsigned zerofill float(6,2) unsigned zerofill double unsigned zerofill" {
		t.Errorf("COLUMN_TYPE: %s", g)
	}
	if g, _ := rawText(t, ts, "f24z", "SHOW CREATE TABLE dz"); !containsAll(g, "`d` decimal(6,2) unsigned zerofill", "`f` float(6,2) unsigned zerofill", "`q` double unsigned zerofill") {
		t.Errorf("SHOW CREATE TABLE: %s", g)
	}
}

// TestFix24bAutoIncrementZerofill: an INT ZEROFILL AUTO_INCREMENT column
// is padded and introspected as other ZEROFILL integers (it was left a
// plain INT UNSIGNED: 1, `int unsigned`).
func TestFix24bAutoIncrementZerofill(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE f24a")
	mustExec(t, db, "CREATE TABLE f24a.az (a INT(5) ZEROFILL AUTO_INCREMENT PRIMARY KEY, b INT)")
	mustExec(t, db, "INSERT INTO f24a.az (b) VALUES (1), (2)")
	mustExec(t, db, "INSERT INTO f24a.az VALUES (10, 3)")
	mustExec(t, db, "INSERT INTO f24a.az (b) VALUES (4)")
	if g, _ := rawText(t, ts, "f24a", "SELECT a, CONCAT(a) FROM az ORDER BY a"); g != "00001,00001 00002,00002 00010,00010 00011,00011" {
		t.Errorf("got %s", g)
	}
	if g, _ := rawText(t, ts, "f24a", "SHOW CREATE TABLE az"); !containsAll(g, "`a` int(5) unsigned zerofill NOT NULL AUTO_INCREMENT") {
		t.Errorf("SHOW CREATE TABLE: %s", g)
	}
}

// TestFix24bScaledThroughViews: a FLOAT(M,D) or ZEROFILL column read
// through a view, a derived table or a scalar subquery keeps its text in
// the text protocol (GMS's field names the view, derived table or
// subquery, so FLOAT(6,2) 3.5 printed 3.5 where MySQL prints 3.50, INT(5)
// ZEROFILL 42 printed 42).
func TestFix24bScaledThroughViews(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE f24v")
	mustExec(t, db, "CREATE TABLE f24v.fd (id INT PRIMARY KEY, f FLOAT(6,2), z INT(5) ZEROFILL, d DECIMAL(6,2) ZEROFILL)")
	mustExec(t, db, "INSERT INTO f24v.fd VALUES (1, 3.5, 42, 1.5)")
	mustExec(t, db, "CREATE VIEW f24v.vf AS SELECT id, f, z, d FROM f24v.fd")
	mustExec(t, db, "CREATE VIEW f24v.vstar AS SELECT * FROM f24v.fd")
	mustExec(t, db, "CREATE VIEW f24v.vv (g, y) AS SELECT f, z FROM f24v.vf")
	mustExec(t, db, "CREATE VIEW f24v.vexp AS SELECT f * 2 AS x FROM f24v.fd")
	mustExec(t, db, "CREATE TABLE f24v.k2 (id INT PRIMARY KEY, n INT)")
	mustExec(t, db, "INSERT INTO f24v.k2 VALUES (1, 5)")
	mustExec(t, db, "CREATE VIEW f24v.vj AS SELECT a.f, a.f * 2 AS f2, b.n FROM f24v.fd a JOIN f24v.k2 b ON a.id = b.id")
	mustExec(t, db, "CREATE VIEW f24v.vu AS SELECT f FROM f24v.fd UNION SELECT 1.5")
	for q, want := range map[string]string{
		"SELECT f, z, d FROM vf":                                           "3.50,00042,0001.50",
		"SELECT f, f * 2, z FROM vstar":                                    "3.50,7.00,00042",
		"SELECT g, y FROM vv":                                              "3.50,00042",
		"SELECT x FROM vexp":                                               "7.00",
		"SELECT f, z, d FROM (SELECT f, z, d FROM fd) s":                   "3.50,00042,0001.50",
		"SELECT w FROM (SELECT f AS w FROM fd) s":                          "3.50",
		"SELECT f FROM (SELECT * FROM fd) s":                               "3.50",
		"SELECT (SELECT f FROM fd), (SELECT f FROM fd) + 1":                "3.50,4.50",
		"SELECT f, f2, n FROM vj":                                          "3.50,7.00,5",
		"SELECT f FROM vu ORDER BY f":                                      "1.50 3.50",
		"SELECT s.f FROM k2 JOIN (SELECT id, f FROM fd) s ON s.id = k2.id": "3.50",
		"SELECT a.f * 2, f + n FROM fd a JOIN k2 ON a.id = k2.id":          "7.00,8.50",
	} {
		if g, _ := rawText(t, ts, "f24v", q); g != want {
			t.Errorf("%s: got %s, want %s", q, g, want)
		}
	}
}

// TestFix24bNegFloat: -f and ABS(f) of a FLOAT column are DOUBLE, as
// MySQL's Item_func_neg and Item_func_abs (REAL_RESULT): GMS kept a FLOAT,
// so -f of 2.2 printed -2.2 (MySQL -2.200000047683716) and the field said
// FLOAT.
func TestFix24bNegFloat(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE f24n")
	mustExec(t, db, "CREATE TABLE f24n.pf (f FLOAT, g FLOAT(6,2))")
	mustExec(t, db, "INSERT INTO f24n.pf VALUES (2.2, 2.2)")
	g, fields := rawText(t, ts, "f24n", "SELECT -f, ABS(f), -g, ABS(g), CONCAT(-f) FROM pf")
	if g != "-2.200000047683716,2.200000047683716,-2.20,2.20,-2.200000047683716" {
		t.Errorf("got %s", g)
	}
	for i := 0; i < 4; i++ {
		if fields[i].Type != querypb.Type_FLOAT64 {
			t.Errorf("field %d: %v, want DOUBLE", i, fields[i].Type)
		}
	}
}

// TestFix24bUnionDecimals: a UNION with a FLOAT(M,D) branch has the
// largest decimals of its branches (Item_aggregate_type) where its value
// is read as a string: stored into a TEXT column by INSERT ... SELECT,
// and by CONCAT through a derived table. Myriad stored and printed 2.25
// and 1.5 (MySQL 2.250, 1.500).
func TestFix24bUnionDecimals(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE f24u")
	mustExec(t, db, "CREATE TABLE f24u.fd3 (f FLOAT(6,3))")
	mustExec(t, db, "INSERT INTO f24u.fd3 VALUES (2.25)")
	mustExec(t, db, "CREATE TABLE f24u.tx (id INT AUTO_INCREMENT PRIMARY KEY, t TEXT)")
	mustExec(t, db, "INSERT INTO f24u.tx (t) SELECT f FROM f24u.fd3 UNION SELECT 1.5")
	mustExec(t, db, "INSERT INTO f24u.tx (t) SELECT f FROM f24u.fd3 UNION ALL SELECT 2 UNION SELECT 7")
	for q, want := range map[string]string{
		"SELECT t FROM tx ORDER BY id":                                                   "2.250 1.500 2.250 2.000 7.000",
		"SELECT CONCAT(f) FROM (SELECT f FROM fd3 UNION SELECT 1.5) s ORDER BY 1":        "1.500 2.250",
		"SELECT CONCAT(f) FROM (SELECT f / 3 AS f FROM fd3 UNION SELECT 1) s ORDER BY 1": "0.7500000 1.0000000",
		"SELECT CONCAT(f) FROM (SELECT f FROM fd3 UNION SELECT 1.5e0) s ORDER BY 1":      "1.5 2.25",
	} {
		if g, _ := rawText(t, ts, "f24u", q); g != want {
			t.Errorf("%s: got %s, want %s", q, g, want)
		}
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
