package server

import (
	"strings"
	"testing"
)

// TestConcatResultType: CONCAT's result is VARCHAR of its arguments'
// longest lengths added up, as MySQL 8.0 types it (GMS typed every CONCAT
// LONGTEXT, which drivers read as TEXT); past 65,535 bytes it is
// MEDIUMTEXT, then LONGTEXT. CREATE TABLE ... AS SELECT shows the lengths.
func TestConcatResultType(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ct")
	db = ts.connect("ct")
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, d CHAR(3), v VARCHAR(10), u TINYINT UNSIGNED, n DECIMAL(6,2), dt DATETIME(3), e ENUM('x','yy'), s SET('p','qq'), tx TEXT, mt MEDIUMTEXT)")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'ab', 'hello', 255, -1234.56, '2024-01-02 03:04:05.678', 'yy', 'p,qq', 't', 'm')")
	rows, err := db.Query("SELECT CONCAT('[', d, ']'), CONCAT(v, id), CONCAT(tx, ''), CONCAT(mt, tx), CONCAT(d, NULL) FROM t")
	if err != nil {
		t.Fatal(err)
	}
	cts, err := rows.ColumnTypes()
	rows.Close()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range cts {
		names = append(names, c.DatabaseTypeName())
	}
	if got := strings.Join(names, " "); got != "VARCHAR VARCHAR VARCHAR TEXT VARCHAR" {
		t.Errorf("types %s, want VARCHAR VARCHAR VARCHAR TEXT VARCHAR", got)
	}
	mustExec(t, db, `CREATE TABLE c AS SELECT CONCAT('[', d, ']') AS a, CONCAT(v, id) AS b, CONCAT(u, n, 7, 1.50) AS c,
		CONCAT(dt, e, s) AS d, CONCAT(tx, '') AS e, CONCAT(tx, tx) AS f, CONCAT(d, NULL) AS g, CONCAT('x', 'yz') AS h,
		CONCAT(mt, tx) AS i FROM t`)
	got := rowsText(t, ts, "ct", "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'ct' AND TABLE_NAME = 'c' ORDER BY ORDINAL_POSITION")
	// b: VARCHAR(10) + INT (11); c: 3 + 8 + 1 + 5 (1.50: DECIMAL(3,2));
	// d: 23 + 2 + 4; e: TEXT's 65,535 bytes are 16,383 characters, f twice
	// that (past 65,535 bytes), i past 16 MiB.
	const want = "a,varchar(5) b,varchar(21) c,varchar(17) d,varchar(29) e,varchar(16383) f,mediumtext g,varchar(3) h,varchar(3) i,longtext"
	if got != want {
		t.Errorf("CREATE TABLE ... AS SELECT:\n got %s\nwant %s", got, want)
	}
	if got := rowsText(t, ts, "ct", "SELECT a, b, c, g, h FROM c"); got != "[ab],hello1,255-1234.5671.50,NULL,xyz" {
		t.Errorf("values %q", got)
	}
}
