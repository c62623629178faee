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

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
