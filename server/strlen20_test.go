package server

import (
	"context"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// rawText runs q over the text protocol with vitess's client, which, unlike
// go-sql-driver (it parses integers), hands back the bytes the server sent,
// and the fields.
func rawText(t *testing.T, ts *testServer, db, q string) (string, []*querypb.Field) {
	t.Helper()
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	p, _ := strconv.Atoi(port)
	c, err := mysql.Connect(context.Background(), &mysql.ConnParams{Host: host, Port: p, Uname: "root", DbName: db})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	res, err := c.ExecuteFetch(q, 1000, true)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var rows []string
	for _, r := range res.Rows {
		var vals []string
		for _, v := range r {
			if v.IsNull() {
				vals = append(vals, "NULL")
			} else {
				vals = append(vals, string(v.Raw()))
			}
		}
		rows = append(rows, strings.Join(vals, ","))
	}
	return strings.Join(rows, " "), res.Fields
}

// TestZerofillDisplay: an integer column declared ZEROFILL prints its
// values padded with zeros to the display width in the text protocol, as
// MySQL 8.0 does (INT(5) ZEROFILL 42 is 00042, TINYINT ZEROFILL 7 is 007),
// and SHOW CREATE TABLE and information_schema.COLUMNS name the attribute;
// Myriad printed 42 and `int unsigned`. The width survives a restart (the
// catalog record) and an ALTER of another column.
func TestZerofillDisplay(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	mustExec(t, ts.connect(""), "CREATE DATABASE zf")
	db := ts.connect("zf")
	mustExec(t, db, "CREATE TABLE z (id INT PRIMARY KEY, a INT(5) ZEROFILL, b TINYINT ZEROFILL, c BIGINT UNSIGNED ZEROFILL, d INT UNSIGNED)")
	mustExec(t, db, "INSERT INTO z VALUES (1, 42, 7, 5, 3), (2, 123456, 255, NULL, 4)")
	const want = "1,00042,007,00000000000000000005,3 2,123456,255,NULL,4"
	g, fields := rawText(t, ts, "zf", "SELECT id, a, b, c, d FROM z ORDER BY id")
	if g != want {
		t.Errorf("rows: got %s\nwant %s", g, want)
	}
	zf := uint32(querypb.MySqlFlag_ZEROFILL_FLAG | querypb.MySqlFlag_UNSIGNED_FLAG)
	for i, f := range fields {
		if has := f.Flags&zf == zf; has != (i >= 1 && i <= 3) {
			t.Errorf("field %s: flags %#x", f.Name, f.Flags)
		}
	}
	if fields[1].ColumnLength != 5 || fields[2].ColumnLength != 3 {
		t.Errorf("lengths: %d, %d; want the display widths 5, 3", fields[1].ColumnLength, fields[2].ColumnLength)
	}
	// Arithmetic is a number, not the column: no padding.
	if g, _ := rawText(t, ts, "zf", "SELECT a + 0 FROM z WHERE id = 1"); g != "42" {
		t.Errorf("a + 0: got %s", g)
	}
	mustExec(t, db, "ALTER TABLE z ADD COLUMN e INT")
	var name, create string
	if err := db.QueryRow("SHOW CREATE TABLE z").Scan(&name, &create); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"`a` int(5) unsigned zerofill,", "`b` tinyint(3) unsigned zerofill,", "`c` bigint(20) unsigned zerofill,", "`d` int unsigned,"} {
		if !strings.Contains(create, line) {
			t.Errorf("SHOW CREATE TABLE lacks %q:\n%s", line, create)
		}
	}
	const cols = "SELECT column_name, column_type FROM information_schema.columns WHERE table_schema = 'zf' AND table_name = 'z' ORDER BY ordinal_position"
	const wantCols = "id,int a,int(5) unsigned zerofill b,tinyint(3) unsigned zerofill c,bigint(20) unsigned zerofill d,int unsigned e,int"
	if g := rowsText(t, ts, "zf", cols); g != wantCols {
		t.Errorf("COLUMNS: got %s\nwant %s", g, wantCols)
	}
	ts.srv.Close()
	ts = startServer(t, dir)
	if g, _ := rawText(t, ts, "zf", "SELECT id, a, b, c, d FROM z ORDER BY id"); g != want {
		t.Errorf("rows after a restart: got %s\nwant %s", g, want)
	}
}
