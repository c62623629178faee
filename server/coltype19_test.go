package server

import (
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// TestYearZero: a YEAR column stores the string '0000' as YEAR 0000 and
// '0', '00', '000' as 2000 (Field_year::store keeps 0 only for a
// four-character string), through literals, prepared INSERT parameters,
// UPDATE and a non-strict sql_mode. Myriad stored '0000' as 2000 and '000'
// as 0. go-sql-driver reads a YEAR's text as a number, so the four digits
// the text protocol prints are checked on the callback (TestYearDigits).
func TestYearZero(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE yz")
	db = ts.connect("yz")
	c := pinnedConn(t, db)
	mustExec(t, c, "CREATE TABLE y (id INT PRIMARY KEY, y YEAR)")
	mustExec(t, c, "INSERT INTO y VALUES (1, '0000'), (2, '0'), (3, '00'), (4, 0), (5, '000'), (6, '2000')")
	mustExec(t, c, "INSERT INTO y VALUES (7, ?)", "0000")
	mustExec(t, c, "INSERT INTO y VALUES (8, ?)", "000")
	mustExec(t, c, "INSERT INTO y VALUES (9, 1999), (10, 1999)")
	mustExec(t, c, "UPDATE y SET y = '0000' WHERE id = 9")
	mustExec(t, c, "UPDATE y SET y = '00' WHERE id = 10")
	mustExec(t, c, "SET sql_mode = ''")
	mustExec(t, c, "INSERT INTO y VALUES (11, '0000'), (12, '000')")
	mustExec(t, c, "SET sql_mode = DEFAULT")
	want := "1,0 2,2000 3,2000 4,0 5,2000 6,2000 7,0 8,2000 9,0 10,2000 11,0 12,2000"
	var got []string
	for _, r := range queryRows(t, db, "SELECT id, y + 0 FROM y ORDER BY id") {
		got = append(got, strings.Join(r, ","))
	}
	if g := strings.Join(got, " "); g != want {
		t.Errorf("rows:\n got %s\nwant %s", g, want)
	}
	if g := rowsText(t, ts, "yz", "SELECT y, COUNT(*) FROM y GROUP BY y ORDER BY y"); g != "0,5 2000,7" {
		t.Errorf("GROUP BY: got %s", g)
	}
	if g := rowsText(t, ts, "yz", "SELECT id FROM y WHERE y = '0000' ORDER BY id"); g != "1 4 7 9 11" {
		t.Errorf("WHERE y = '0000': got %s", g)
	}
}

// TestYearDigits: the text protocol prints a YEAR with four digits, as
// MySQL does (YEAR 0 is "0000", GMS printed "0").
func TestYearDigits(t *testing.T) {
	res := &sqltypes.Result{
		Fields: []*querypb.Field{{Name: "y", Type: querypb.Type_YEAR}, {Name: "n", Type: querypb.Type_INT64}},
		Rows: [][]sqltypes.Value{
			{sqltypes.MakeTrusted(sqltypes.Year, []byte("0")), sqltypes.MakeTrusted(sqltypes.Int64, []byte("0"))},
			{sqltypes.MakeTrusted(sqltypes.Year, []byte("2024")), sqltypes.MakeTrusted(sqltypes.Int64, []byte("7"))},
			{sqltypes.NULL, sqltypes.NULL},
		},
	}
	var got []string
	cb := fieldsCallback(func(r *sqltypes.Result, _ bool) error {
		for _, row := range r.Rows {
			got = append(got, row[0].ToString()+","+row[1].ToString())
		}
		return nil
	}, floatScales{})
	if err := cb(res, false); err != nil {
		t.Fatal(err)
	}
	if g := strings.Join(got, " "); g != "0000,0 2024,7 ," {
		t.Errorf("got %q", g)
	}
}
