package e2e

import (
	"bytes"
	"testing"
)

// TestSpatialDumpRoundTrip: mariadb-dump writes spatial values both as its
// default escaped binary strings and, with --hex-blob, as 0x literals; both
// dumps load back through the mariadb client with identical raw values
// (SRID + WKB) and SRID attributes.
func TestSpatialDumpRoundTrip(t *testing.T) {
	dump := requireTool(t, "mariadb-dump", "mysqldump")
	client := mariadbClient(t)
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	for _, q := range []string{
		"CREATE DATABASE geo",
		"CREATE TABLE geo.t (id INT PRIMARY KEY, p POINT, g GEOMETRY NOT NULL, l LINESTRING SRID 4326, y POLYGON DEFAULT NULL)",
		"INSERT INTO geo.t VALUES (1, POINT(1,2), ST_GeomFromText('POLYGON((0 0,1 0,1 1,0 0))'), " +
			"ST_GeomFromText('LINESTRING(10 20,30 40)', 4326), NULL), (2, NULL, POINT(39, 10), NULL, " +
			"ST_GeomFromText('POLYGON((0 0,2 0,2 2,0 0),(0.5 0.5,1 0.5,1 1,0.5 0.5))'))",
	} {
		mustExec(t, db, q)
	}
	run := func(stdin []byte, name string, args ...string) []byte { return s.RunTool(t, stdin, name, args...) }
	const snap = "SELECT GROUP_CONCAT(CONCAT_WS(',', id, HEX(p), HEX(g), HEX(l), HEX(y), ST_SRID(l)) ORDER BY id SEPARATOR ';') FROM geo.t"
	var want string
	if err := db.QueryRow(snap).Scan(&want); err != nil {
		t.Fatal(err)
	}
	for _, flags := range [][]string{{"--databases", "geo"}, {"--hex-blob", "--databases", "geo"}} {
		d := run(nil, dump, flags...)
		if flags[0] == "--hex-blob" && !bytes.Contains(d, []byte("0x")) {
			t.Fatalf("--hex-blob dump has no 0x literal:\n%s", d)
		}
		mustExec(t, db, "DROP DATABASE geo")
		run(d, client)
		var got string
		if err := db.QueryRow(snap).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%v: reloaded values differ:\n got %s\nwant %s", flags, got, want)
		}
		if _, err := db.Exec("INSERT INTO geo.t (id, g, l) VALUES (9, POINT(0,0), ST_GeomFromText('LINESTRING(0 0,1 1)'))"); mysqlErrNo(err) != 3643 {
			t.Fatalf("%v: SRID attribute lost in the dump: %v", flags, err)
		}
	}
}
