package server

import (
	"database/sql"
	"encoding/hex"
	"fmt"
	"reflect"
	"strings"
	"testing"
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

	wantErrNo(t, db, 3643, "INSERT INTO g.t (id, g, l) VALUES (3, POINT(0,0), ST_GeomFromText('LINESTRING(1 2,3 4)'))")
	wantErrNo(t, db, 1416, "INSERT INTO g.t (id, g) VALUES (3, 'not a geometry')")
	wantErrNo(t, db, 1170, "CREATE TABLE g.k (id INT PRIMARY KEY, g GEOMETRY NOT NULL, KEY (g))")
	wantErrNo(t, db, 1170, "CREATE TABLE g.k (g POINT NOT NULL PRIMARY KEY)")
	wantErrNo(t, db, 1252, "CREATE TABLE g.k (id INT PRIMARY KEY, g POINT SRID 0, SPATIAL INDEX (g))")
	wantErrNo(t, db, 1687, "CREATE TABLE g.k (id INT PRIMARY KEY, g INT NOT NULL, SPATIAL INDEX (g))")
	wantErrNo(t, db, 1170, "CREATE INDEX ip ON g.t (p)")

	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("")
	check("after restart", queryRows(t, db, q))
}

// TestSpatialIndex: SPATIAL INDEX is accepted as MySQL accepts it (PyMySQL's
// test_issue_363: CREATE TABLE ... geom LINESTRING NOT NULL, SPATIAL KEY;
// ALTER TABLE ADD SPATIAL INDEX; CREATE SPATIAL INDEX), refused as MySQL
// refuses it (nullable 1252, non-geometry 1687, duplicate name 1061), shown
// by SHOW CREATE TABLE, kept across a restart, renamed and dropped by
// DROP INDEX and with its column. It holds no entries: spatial predicates
// scan the table and return the rows they return without the index.
func TestSpatialIndex(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE g")
	mustExec(t, db, "CREATE TABLE g.issue363 (id INTEGER PRIMARY KEY, geom LINESTRING NOT NULL /*!80003 SRID 0 */, SPATIAL KEY geom (geom)) ENGINE=MyISAM")
	mustExec(t, db, "INSERT INTO g.issue363 (id, geom) VALUES (1998, ST_GeomFromText('LINESTRING(1.1 1.1,2.2 2.2)'))")
	if got := queryRows(t, db, "SELECT ST_AsText(geom) FROM g.issue363"); len(got) != 1 || got[0][0] != "LINESTRING(1.1 1.1,2.2 2.2)" {
		t.Errorf("issue363 rows: %v", got)
	}
	mustExec(t, db, "CREATE TABLE g.s (id INT PRIMARY KEY, g GEOMETRY NOT NULL SRID 0, p POINT NOT NULL, n POINT)")
	for i := 0; i < 20; i++ {
		mustExec(t, db, "INSERT INTO g.s VALUES (?, ST_GeomFromText(?), ST_GeomFromText(?), NULL)",
			i, fmt.Sprintf("POINT(%d %d)", i, i), fmt.Sprintf("POINT(%d %d)", i, 20-i))
	}
	const qg = "SELECT id FROM g.s WHERE ST_Intersects(ST_GeomFromText('POLYGON((0 0,5 0,5 5,0 5,0 0))'), g) ORDER BY id"
	const qp = "SELECT id FROM g.s WHERE ST_Within(p, ST_GeomFromText('POLYGON((0 15,6 15,6 21,0 21,0 15))')) ORDER BY id"
	before := [][][]string{queryRows(t, db, qg), queryRows(t, db, qp)}
	if len(before[0]) != 6 || len(before[1]) != 4 {
		t.Fatalf("rows without an index: %v", before)
	}
	mustExec(t, db, "ALTER TABLE g.s ADD SPATIAL INDEX sg (g)")
	mustExec(t, db, "CREATE SPATIAL INDEX sp ON g.s (p)")
	wantErrNo(t, db, 1252, "ALTER TABLE g.s ADD SPATIAL INDEX sn (n)")
	wantErrNo(t, db, 1687, "ALTER TABLE g.s ADD SPATIAL INDEX si (id)")
	wantErrNo(t, db, 1061, "ALTER TABLE g.s ADD SPATIAL INDEX sg (p)")
	wantErrNo(t, db, 1061, "ALTER TABLE g.s ADD INDEX sp (id)")
	after := [][][]string{queryRows(t, db, qg), queryRows(t, db, qp)}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("rows with the indexes %v, without %v", after, before)
	}
	showCreate := func() string { return queryRows(t, db, "SHOW CREATE TABLE g.s")[0][1] }
	want := "  PRIMARY KEY (`id`),\n  SPATIAL KEY `sg` (`g`),\n  SPATIAL KEY `sp` (`p`)\n)"
	if got := showCreate(); !strings.Contains(got, want) {
		t.Errorf("SHOW CREATE TABLE:\n%s\nwant it to contain\n%s", got, want)
	}

	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("")
	if got := showCreate(); !strings.Contains(got, want) {
		t.Errorf("after restart SHOW CREATE TABLE:\n%s", got)
	}
	mustExec(t, db, "ALTER TABLE g.s RENAME INDEX sg TO sg2")
	mustExec(t, db, "ALTER TABLE g.s DROP INDEX sp")
	mustExec(t, db, "INSERT INTO g.s VALUES (100, ST_GeomFromText('POINT(1 2)'), ST_GeomFromText('POINT(1 2)'), NULL)")
	if got := queryRows(t, db, qg); len(got) != 7 {
		t.Errorf("rows after an insert: %v", got)
	}
	if got := showCreate(); !strings.Contains(got, "  SPATIAL KEY `sg2` (`g`)\n)") || strings.Contains(got, "`sp`") {
		t.Errorf("after RENAME and DROP INDEX:\n%s", got)
	}
	mustExec(t, db, "ALTER TABLE g.s DROP COLUMN g")
	if got := showCreate(); strings.Contains(got, "SPATIAL") {
		t.Errorf("the index outlived its column:\n%s", got)
	}
	// A dump of the first table loads back.
	create := queryRows(t, db, "SHOW CREATE TABLE g.issue363")[0][1]
	mustExec(t, db, "CREATE DATABASE g2")
	conn := ts.connect("g2")
	mustExec(t, conn, create)
	if got := queryRows(t, conn, "SHOW CREATE TABLE issue363")[0][1]; got != create {
		t.Errorf("reloaded:\n%s\nwant\n%s", got, create)
	}
}

// wantErrNo checks that q fails with MySQL error code.
func wantErrNo(t *testing.T, db *sql.DB, code int, q string) {
	t.Helper()
	if _, err := db.Exec(q); mysqlErrNo(err) != code {
		t.Errorf("%s: got %v, want error %d", q, err, code)
	}
}

// TestSpatialIndexShown: SHOW INDEX and information_schema.STATISTICS list
// a SPATIAL index with Index_type SPATIAL (STATISTICS with MariaDB's and
// MySQL's collation A and SUB_PART 32, checked against MariaDB 10.11), after
// a restart and a rename too, and no longer once it is dropped.
func TestSpatialIndexShown(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE g")
	mustExec(t, db, "CREATE TABLE g.t (id INT PRIMARY KEY, p POINT NOT NULL, q GEOMETRY NOT NULL, SPATIAL KEY sp (p) COMMENT 'c1', SPATIAL INDEX (q))")
	show := func(db *sql.DB) []string {
		var out []string
		for _, r := range queryRows(t, db, "SHOW INDEX FROM g.t") {
			out = append(out, strings.Join([]string{r[2], r[4], r[10]}, " "))
		}
		return out
	}
	const stats = "SELECT index_name, column_name, collation, sub_part, nullable, index_type, index_comment FROM information_schema.statistics WHERE table_schema = 'g' AND table_name = 't' ORDER BY index_name"
	wantShow := []string{"PRIMARY id BTREE", "sp p SPATIAL", "q q SPATIAL"}
	wantStats := [][]string{{"PRIMARY", "id", "A", "NULL", "", "BTREE", ""}, {"q", "q", "A", "32", "", "SPATIAL", ""}, {"sp", "p", "A", "32", "", "SPATIAL", "c1"}}
	if got := show(db); !reflect.DeepEqual(got, wantShow) {
		t.Fatalf("SHOW INDEX: %q, want %q", got, wantShow)
	}
	if got := queryRows(t, db, stats); !reflect.DeepEqual(got, wantStats) {
		t.Fatalf("STATISTICS: %q, want %q", got, wantStats)
	}
	ts.srv.Close()
	ts = startServer(t, dir)
	db = ts.connect("")
	if got := show(db); !reflect.DeepEqual(got, wantShow) {
		t.Fatalf("SHOW INDEX after a restart: %q, want %q", got, wantShow)
	}
	mustExec(t, db, "ALTER TABLE g.t RENAME INDEX q TO sq")
	mustExec(t, db, "DROP INDEX sp ON g.t")
	if got, want := show(db), []string{"PRIMARY id BTREE", "sq q SPATIAL"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("SHOW INDEX after RENAME and DROP: %q, want %q", got, want)
	}
	if got := queryRows(t, db, "SELECT index_name, index_type FROM information_schema.statistics WHERE table_schema = 'g' AND index_type = 'SPATIAL'"); !reflect.DeepEqual(got, [][]string{{"sq", "SPATIAL"}}) {
		t.Fatalf("STATISTICS after RENAME and DROP: %q", got)
	}
}
