package server

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestSpatialColumns stores every spatial type through go-sql-driver, reads
// it back over the text and binary protocols and after a restart, and checks
// the errors MySQL gives for SRID mismatches, bad data and spatial keys.
func TestSpatialColumns(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE g")
	mustExec(t, db, `CREATE TABLE g.t (id INT PRIMARY KEY, p POINT, g GEOMETRY NOT NULL, l LINESTRING SRID 4326,
		y POLYGON DEFAULT NULL, mp MULTIPOINT, ml MULTILINESTRING, my MULTIPOLYGON, gc GEOMETRYCOLLECTION)`)
	mustExec(t, db, `INSERT INTO g.t VALUES (1, POINT(1,2), ST_GeomFromText('POLYGON((0 0,1 0,1 1,0 0))'),
		ST_GeomFromText('LINESTRING(1 2,3 4)', 4326), NULL, ST_GeomFromText('MULTIPOINT(1 1,2 2)'),
		ST_GeomFromText('MULTILINESTRING((0 0,1 1),(2 2,3 3))'), ST_GeomFromText('MULTIPOLYGON(((0 0,1 0,1 1,0 0)))'),
		ST_GeomFromText('GEOMETRYCOLLECTION(POINT(5 6),LINESTRING(0 0,1 1))'))`)
	mustExec(t, db, "INSERT INTO g.t (id, g) VALUES (2, POINT(-1.5, 0.25))")

	const q = `SELECT id, ST_AsText(p), ST_X(p), ST_AsText(g), ST_AsText(l), ST_SRID(l), ST_AsText(y),
		ST_AsText(mp) = ST_AsText(ST_GeomFromText('MULTIPOINT(1 1,2 2)')), ST_AsText(ml), ST_AsText(my), ST_AsText(gc) FROM g.t ORDER BY id`
	want := [][]string{
		{"1", "POINT(1 2)", "1", "POLYGON((0 0,1 0,1 1,0 0))", "LINESTRING(1 2,3 4)", "4326", "NULL",
			"1", "MULTILINESTRING((0 0,1 1),(2 2,3 3))", "MULTIPOLYGON(((0 0,1 0,1 1,0 0)))",
			"GEOMETRYCOLLECTION(POINT(5 6),LINESTRING(0 0,1 1))"},
		{"2", "NULL", "NULL", "POINT(-1.5 0.25)", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL", "NULL"},
	}
	check := func(what string, got [][]string) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d rows, want %d", what, len(got), len(want))
		}
		for i := range want {
			for j := range want[i] {
				if got[i][j] != want[i][j] {
					t.Errorf("%s: row %d col %d = %q, want %q", what, i, j, got[i][j], want[i][j])
				}
			}
		}
	}
	check("text protocol", queryRows(t, db, q))
	check("binary protocol", queryRows(t, db, q+" LIMIT ?", 10))

	// The raw value is MySQL's internal format: 4-byte SRID then WKB.
	var raw []byte
	if err := db.QueryRow("SELECT p FROM g.t WHERE id = ?", 1).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	wantRaw := "00000000" + "0101000000" + "000000000000f03f" + "0000000000000040"
	if hex.EncodeToString(raw) != wantRaw {
		t.Errorf("raw point = %x, want %s", raw, wantRaw)
	}
	// mysqldump writes such values as 0x literals; they load back unchanged.
	mustExec(t, db, "CREATE TABLE g.c (id INT PRIMARY KEY, l POINT)")
	mustExec(t, db, "INSERT INTO g.c VALUES (1, 0x"+wantRaw+")")
	if got := queryRows(t, db, "SELECT HEX(l) = HEX(?) FROM g.c", raw); got[0][0] != "1" {
		t.Errorf("0x literal did not round-trip")
	}

	rows := queryRows(t, db, `SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS
		WHERE TABLE_SCHEMA = 'g' AND TABLE_NAME = 't' AND COLUMN_NAME IN ('p', 'gc') ORDER BY COLUMN_NAME`)
	if len(rows) != 2 || rows[0][1] != "geomcollection" && rows[0][1] != "geometrycollection" || rows[1][1] != "point" {
		t.Errorf("information_schema DATA_TYPE = %v", rows)
	}
	if got := queryRows(t, db, "SHOW CREATE TABLE g.t")[0][1]; !strings.Contains(got, "`l` linestring /*!80003 SRID 4326 */") {
		t.Errorf("SHOW CREATE TABLE lost the SRID: %s", got)
	}

	wantErr := func(code uint16, q string) {
		t.Helper()
		_, err := db.Exec(q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != code {
			t.Errorf("%s: got %v, want error %d", q, err, code)
		}
	}
	wantErr(3643, "INSERT INTO g.t (id, g, l) VALUES (3, POINT(0,0), ST_GeomFromText('LINESTRING(1 2,3 4)'))")
	wantErr(1416, "INSERT INTO g.t (id, g) VALUES (3, 'not a geometry')")
	wantErr(1170, "CREATE TABLE g.k (id INT PRIMARY KEY, g GEOMETRY NOT NULL, KEY (g))")
	wantErr(1170, "CREATE TABLE g.k (g POINT NOT NULL PRIMARY KEY)")
	wantErr(1252, "CREATE TABLE g.k (id INT PRIMARY KEY, g POINT SRID 0, SPATIAL INDEX (g))")
	wantErr(1105, "CREATE TABLE g.k (id INT PRIMARY KEY, g POINT NOT NULL SRID 0, SPATIAL INDEX (g))")
	wantErr(1170, "CREATE INDEX ip ON g.t (p)")

	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("")
	check("after restart", queryRows(t, db, q))
}
