package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// TestTextShapeKeys: for statements of one template, the cache key and
// parameters made without parsing are exactly those the parse path makes.
func TestTextShapeKeys(t *testing.T) {
	ctx := context.Background()
	groups := [][]string{
		{"INSERT INTO sbtest1 (id, k, c, pad) VALUES (0, 5012, '8386-2877', '6793-0010')",
			"INSERT INTO sbtest3 (id, k, c, pad) VALUES (0, 17, '', 'é ü')",
			"INSERT INTO Other_T (id, k, c, pad) VALUES (12345678901234567890, 0, 'x', 'y')"},
		{"insert into db1.t1 values (-5, 1.25, 1e5, 'a')", "insert into DB2.t_2 values (-0, 0.00, 2.5E-3, 'b')"},
		{"INSERT INTO t(a,b) VALUES(1,'2')", "INSERT INTO u(a,b) VALUES(3,'4')"},
	}
	for _, g := range groups {
		var sh *textShape
		for i, q := range g {
			it, ok := cutInsertText(q)
			if !ok {
				t.Fatalf("%s: not cut", q)
			}
			stmt, err := sqlparser.ParseWithOptions(ctx, q, sqlparser.ParserOptions{})
			if err != nil {
				t.Fatal(err)
			}
			bv := parameterizeDML(stmt)
			if i == 0 {
				learnTextShape(&it, stmt, bv, true)
				if sh = knownTextShape(it.template); sh == nil || !sh.ok {
					t.Fatalf("%s: shape %+v", q, sh)
				}
				// Learned from the statement's own parse, it must not be
				// changed by learning.
				if stmt2, _ := sqlparser.ParseWithOptions(ctx, q, sqlparser.ParserOptions{}); sqlparser.String(stmt2) == sqlparser.String(stmt) {
					t.Fatalf("%s: not parameterized", q)
				}
			} else if knownTextShape(it.template) != sh {
				t.Fatalf("%s: another template than %s", q, g[0])
			}
			name := it.table
			if it.db != "" {
				name = it.db + "." + it.table
			}
			if got, want := sh.keyBefore+name+sh.keyAfter, sqlparser.String(stmt); got != want {
				t.Errorf("%s: key\n got %q\nwant %q", q, got, want)
			}
			if got, want := fmt.Sprint(it.params()), fmt.Sprint(bv); got != want {
				t.Errorf("%s: parameters %s, want %s", q, got, want)
			}
		}
	}
	// Names the parser reads otherwise, and constants it reads otherwise
	// than the scan (a sign folded into a decimal), are not cut or not
	// learned.
	for _, q := range []string{"INSERT INTO select (a) VALUES (1)", "INSERT INTO `t` (a) VALUES (1)",
		"INSERT INTO status (a) VALUES (1)", "INSERT INTO 1t (a) VALUES (1)", "INSERT INTO t (a) VALUES (NULL)"} {
		if _, ok := cutInsertText(q); ok && !strings.Contains(q, "NULL") {
			t.Errorf("%s: cut", q)
		}
	}
	for _, q := range []string{"INSERT INTO t (a) VALUES (- 5)", "INSERT INTO t (a) VALUES ('a' 'b')", "INSERT INTO t (a) VALUES (5, 6), (7, 8)"} {
		it, ok := cutInsertText(q)
		if !ok {
			t.Fatalf("%s: not cut", q)
		}
		stmt, err := sqlparser.ParseWithOptions(ctx, q, sqlparser.ParserOptions{})
		if err != nil {
			t.Fatal(err)
		}
		bv := parameterizeDML(stmt)
		_, cacheable := dmlShape(stmt)
		learnTextShape(&it, stmt, bv, cacheable)
		if sh := knownTextShape(it.template); sh == nil || sh.ok {
			t.Errorf("%s: shape %+v, want one that is not usable", q, sh)
		}
	}
}

// TestTextInsertWithoutParse sends random single-row text INSERTs through
// a server twice: into one table on a connection with the plan cache (the
// unparsed path once a template is known) and into an identical table on
// one without it (the general path). Every outcome the client sees
// (error, rows affected, LAST_INSERT_ID, warnings) and the tables' rows
// must be the same.
func TestTextInsertWithoutParse(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE tx")
	db := ts.connect("tx")
	const def = "(id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, k BIGINT UNSIGNED NOT NULL DEFAULT 0, " +
		"d DECIMAL(6,2), f DOUBLE, c VARCHAR(8) NOT NULL DEFAULT '', dt DATE, tiny TINYINT, UNIQUE KEY uc (c))"
	for _, tb := range []string{"a", "b"} {
		mustExec(t, db, "CREATE TABLE "+tb+" "+def)
	}
	conn := func() *sql.Conn {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	cached, plain := conn(), conn()
	mustExec(t, plain, "SET SESSION myriad_plan_cache = OFF")
	rng := rand.New(rand.NewPCG(12, 1))
	num := func() string {
		return []string{"0", "1", "7", "-3", "-0", "255", "256", "-129", "3.5", "1.005", "-2.5", "1e2", "2.5E-1",
			"99999", "18446744073709551615", "18446744073709551616", "12abc", "0x10", "'5'", "NULL"}[rng.IntN(20)]
	}
	str := func() string {
		return []string{"''", "'x'", "'é'", "'toolongvalue'", "'a b'", "'3'", "'it''s'", "'a\\nb'", "_latin1'q'",
			"'2024-02-30'", "'2024-01-05'", "DATE '2024-01-06'", "NULL", "17", "-4",
			fmt.Sprintf("'s%d'", rng.IntN(1000)), fmt.Sprintf("'%d'", rng.IntN(1000)), fmt.Sprintf("'%d-01-0%d'", 2000+rng.IntN(30), 1+rng.IntN(9))}[rng.IntN(18)]
	}
	var i int
	shapes := []func() (cols string, vals []string){
		func() (string, []string) {
			id := []string{"0", "NULL", fmt.Sprint(rng.IntN(100000)), fmt.Sprint(-rng.IntN(100))}[rng.IntN(4)]
			return "(id, k, c)", []string{id, num(), str()}
		},
		func() (string, []string) { return "(k, d, f, c)", []string{num(), num(), num(), str()} },
		func() (string, []string) { return "(c, dt, tiny)", []string{str(), str(), num()} },
		func() (string, []string) { return "(tiny,c)", []string{num(), str()} },
		// sysbench's oltp_insert: its values always fit.
		func() (string, []string) {
			return "(id, k, c, f)", []string{"0", fmt.Sprint(rng.IntN(1 << 20)), fmt.Sprintf("'%d-%d'", i, rng.IntN(99)), "1.5"}
		},
	}
	exec := func(c *sql.Conn, q string) string {
		ctx := context.Background()
		r, err := c.ExecContext(ctx, q)
		var out string
		if err != nil {
			out = "err " + err.Error()
		} else {
			n, _ := r.RowsAffected()
			id, _ := r.LastInsertId()
			out = fmt.Sprintf("ok %d %d", n, id)
		}
		rows, err := c.QueryContext(ctx, "SHOW WARNINGS")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var level, msg string
			var code int
			if err := rows.Scan(&level, &code, &msg); err != nil {
				t.Fatal(err)
			}
			out += fmt.Sprintf("; %s %d %s", level, code, msg)
		}
		return out
	}
	for i = 0; i < 500; i++ {
		cols, vals := shapes[rng.IntN(len(shapes))]()
		sep := []string{", ", ","}[rng.IntN(2)]
		text := " " + cols + " VALUES (" + strings.Join(vals, sep) + ")"
		qual := []string{"", "tx."}[rng.IntN(2)]
		got := exec(cached, "INSERT INTO "+qual+"a"+text)
		want := exec(plain, "INSERT INTO "+qual+"b"+text)
		if got != strings.ReplaceAll(want, "b.", "a.") {
			t.Errorf("INSERT INTO a/b%s:\n cached   %s\n uncached %s", text, got, want)
		}
	}
	ra := queryRows(t, db, "SELECT * FROM a ORDER BY id")
	rb := queryRows(t, db, "SELECT * FROM b ORDER BY id")
	if fmt.Sprint(ra) != fmt.Sprint(rb) {
		t.Errorf("tables differ:\n a %v\n b %v", ra, rb)
	}
	if len(ra) < 120 {
		t.Errorf("only %d rows inserted", len(ra))
	}
	if n := ts.srv.unparsedRuns.Load(); n < 150 {
		t.Errorf("%d INSERTs ran without parsing, want most", n)
	}
	// A keyword where a table name was: a syntax error, as without the
	// cache.
	for _, c := range []*sql.Conn{cached, plain} {
		if _, err := c.ExecContext(context.Background(), "INSERT INTO select (tiny,c) VALUES (1,'kw')"); err == nil || !strings.Contains(err.Error(), "1064") {
			t.Errorf("keyword as table: %v, want 1064", err)
		}
	}
}
