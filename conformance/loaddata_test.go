package conformance

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestLoadDataDifferential: LOAD DATA LOCAL INFILE of the same files with
// the same clauses into the same table loads the same rows on Myriad as on
// MariaDB 10.11 (escapes, enclosures, terminators, line prefixes, IGNORE,
// user variables and SET). Values are compared as HEX so control
// characters count.
func TestLoadDataDifferential(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tab := file("tab.txt", "1\tplain\t10\n"+
		"2\ta \\t tab, \\\\ backslash, \\b\\r\\Z\t\\N\n"+
		"3\tnew\\nline \\0 nul\t30\n"+
		"4\tescaped\\\tterminator and \\\nnewline\t40\n"+
		"5\t\\Nx\t\\N\n"+
		"6\t\\N\t60\n"+
		"7\tquote \" and ' stay\t70") // no final terminator
	csv := file("t.csv", "id,v,n\r\n"+
		"xx>11,\"a, \"\"quoted\"\" one\",5\r\n"+
		"no prefix line\r\n"+
		">12,NULL,\"7\"\r\n"+
		">13,\"two\\\"esc\",NULL\r\n"+
		">14,\"multi\r\nline\",1\r\n"+
		">15,,2\r\n")
	custom := file("custom.txt", "21||'x||y'||1;\n22||^N||2;\n23||^t^^^;||3;\n24||'it''s'||4;\n")
	raw := file("raw.txt", "31,back\\slash \\N,1\n32,\\N,2\n")
	cases := []struct{ name, load string }{
		{"tab", "LOAD DATA LOCAL INFILE '" + tab + "' INTO TABLE t"},
		{"tab-ignore", "LOAD DATA LOCAL INFILE '" + tab + "' INTO TABLE t IGNORE 2 LINES"},
		{"csv", "LOAD DATA LOCAL INFILE '" + csv + `' INTO TABLE t FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '"'
			LINES STARTING BY '>' TERMINATED BY '\r\n' IGNORE 1 LINES (id, v, @n) SET n = @n * 2`},
		{"csv-enclosed", "LOAD DATA LOCAL INFILE '" + csv + `' INTO TABLE t FIELDS TERMINATED BY ',' ENCLOSED BY '"'
			LINES STARTING BY '>' TERMINATED BY '\r\n'`},
		{"custom", "LOAD DATA LOCAL INFILE '" + custom + `' INTO TABLE t FIELDS TERMINATED BY '||' ENCLOSED BY '''' ESCAPED BY '^'
			LINES TERMINATED BY ';\n'`},
		{"no-escape", "LOAD DATA LOCAL INFILE '" + raw + `' INTO TABLE t FIELDS TERMINATED BY ',' ESCAPED BY ''`},
		{"columns", "LOAD DATA LOCAL INFILE '" + raw + `' INTO TABLE t FIELDS TERMINATED BY ',' (n, @v, id) SET v = CONCAT('<', @v, '>')`},
	}
	// setup and teardown: Myriad's globals are the test process's.
	load := func(dsn, setup, teardown string) [][]string {
		db, err := sql.Open("mysql", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.SetMaxOpenConns(1)
		ctx := context.Background()
		if teardown != "" {
			defer db.ExecContext(ctx, teardown)
		}
		for _, q := range []string{setup, "CREATE DATABASE IF NOT EXISTS ld", "USE ld"} {
			if q == "" {
				continue
			}
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		var out [][]string
		for _, c := range cases {
			for _, q := range []string{"DROP TABLE IF EXISTS t", "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(100), n INT)"} {
				if _, err := db.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			res := []string{c.name}
			if _, err := db.ExecContext(ctx, c.load); err != nil {
				res = append(res, "error: "+err.Error())
			}
			rows, err := db.QueryContext(ctx, "SELECT id, COALESCE(HEX(v), 'NULL'), COALESCE(n, 'NULL') FROM t ORDER BY id")
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var a, b, n string
				if err := rows.Scan(&a, &b, &n); err != nil {
					t.Fatal(err)
				}
				res = append(res, strings.Join([]string{a, b, n}, " "))
			}
			rows.Close()
			out = append(out, res)
		}
		return out
	}
	myriad := startMyriad(t)
	maria := startMariaDB(t)
	got := load("root@tcp("+myriad+")/?allowAllFiles=true", "SET GLOBAL local_infile = 1", "SET GLOBAL local_infile = 0")
	want := load(maria+"?allowAllFiles=true", "", "")
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%s:\nmyriad  %q\nmariadb %q", want[i][0], got[i][1:], want[i][1:])
		}
	}
	if len(want[0]) < 7 {
		t.Fatalf("the tab file loaded %d rows on MariaDB", len(want[0])-1)
	}
}
