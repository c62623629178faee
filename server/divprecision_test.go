package server

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// TestDivPrecisionIncrement: div_precision_increment sets the scale of `/`
// and AVG results, in values and in the column's decimals, through the
// text and the binary protocol (MySQL's Item_func_div: the left operand's
// decimals plus the increment; its value the quotient truncated to whole
// 9-digit words, rounded when sent). GMS added a constant 4 whatever the
// variable said (1/3 was 0.3333 under 2; the variable was refused with
// 1235 until now). Expected values are MariaDB 10.11's, which agree with
// MySQL 8.0's here.
func TestDivPrecisionIncrement(t *testing.T) {
	ts := startServer(t, t.TempDir())
	setup := ts.connect("")
	mustExec(t, setup, "CREATE DATABASE dp")
	mustExec(t, setup, "CREATE TABLE dp.t (id INT PRIMARY KEY, d DECIMAL(10,2), f FLOAT(7,3))")
	mustExec(t, setup, "INSERT INTO dp.t VALUES (1, 1.50, 1.5), (2, 2.25, 2.25)")
	text := ts.connectWith("dp", "interpolateParams=true")
	binary := ts.connectWith("dp", "")
	for _, db := range []*sql.DB{text, binary} {
		db.SetMaxOpenConns(1)
	}
	for _, c := range []struct {
		incr     int
		q        string
		want     string
		decimals []int64
	}{
		{2, "SELECT 1/3, 2/3, 10/4 FROM t WHERE id = ?", "0.33 0.67 2.50", []int64{2, 2, 2}},
		{2, "SELECT d/3, 1.5/3, id/3*3 FROM t WHERE id = ?", "0.5000 0.500 1.00", []int64{4, 3, 2}},
		{2, "SELECT AVG(id), AVG(d), AVG(1.5) FROM t WHERE id >= ?", "1.50 1.8750 1.500", []int64{2, 4, 3}},
		{0, "SELECT 1/3, 2/3, 5/3, 1.5/3, 1/3*3, AVG(id) FROM t WHERE id >= ?", "0 0 1 0.5 0 1", []int64{0, 0, 0, 1, 0, 0}},
		{12, "SELECT 1/3, 7/3/3, 7/3/3*2 FROM t WHERE id = ?",
			"0.333333333333 0.777777777777777777666667 1.555555555555555555333333", []int64{12, 24, 24}},
		{4, "SELECT 1/3*3, 1/3/3, ROUND(1/3, 6), SUM(1/3), CONCAT(1/3) FROM t WHERE id >= ?",
			"1.0000 0.11111111 0.333333 0.6667 0.3333", []int64{4, 8, -1, 4, -1}},
		// FLOAT(7,3) columns: a DOUBLE quotient with 3 + increment decimals
		// (go-sql-driver reads a DOUBLE as a float64 in both protocols, so
		// only the metadata shows them).
		{1, "SELECT f/2 FROM t WHERE id = ?", "0.75", []int64{4}},
	} {
		for name, db := range map[string]*sql.DB{"text": text, "binary": binary} {
			mustExec(t, db, fmt.Sprintf("SET div_precision_increment = %d", c.incr))
			rows, err := db.Query(c.q, 1)
			if err != nil {
				t.Fatalf("%s (%s): %v", c.q, name, err)
			}
			if got := joinRows(scanRows(t, rows)); got != c.want {
				t.Errorf("increment %d, %s (%s) = %s, want %s", c.incr, c.q, name, got, c.want)
			}
			cts := columnTypes(t, db, c.q, 1)
			for i, want := range c.decimals {
				if want < 0 {
					continue
				}
				if _, scale, ok := cts[i].DecimalSize(); !ok || scale != want {
					t.Errorf("increment %d, %s (%s): column %d decimals %d (%v), want %d", c.incr, c.q, name, i+1, scale, ok, want)
				}
			}
		}
	}
	if s := joinRows(queryRows(t, text, "SELECT @@div_precision_increment, @@global.div_precision_increment")); s != "1 4" {
		t.Errorf("got %s, want 1 4", s)
	}
	wantErrNo(t, text, 1231, "SET div_precision_increment = 31")
}

// TestDivPrecisionIncrementPlanCache: a prepared division's plan is cached
// per increment, so one session's cached plan never answers another's with
// its own scale.
func TestDivPrecisionIncrementPlanCache(t *testing.T) {
	ts := startServer(t, t.TempDir())
	setup := ts.connect("")
	mustExec(t, setup, "CREATE DATABASE dq")
	mustExec(t, setup, "CREATE TABLE dq.t (id INT PRIMARY KEY, n INT)")
	mustExec(t, setup, "INSERT INTO dq.t VALUES (1, 1), (2, 2)")
	ctx := context.Background()
	a, b := ts.connect("dq"), ts.connect("dq")
	ca, err := a.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close()
	cb, err := b.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close()
	mustExec(t, ca, "SET div_precision_increment = 2")
	mustExec(t, cb, "SET div_precision_increment = 6")
	const q = "SELECT (SELECT n/3 FROM t WHERE id = ?), (SELECT AVG(n) FROM t WHERE id <= ?)"
	for i := 0; i < 3; i++ {
		for _, c := range []struct {
			conn *sql.Conn
			want string
		}{{ca, "0.33 1.00"}, {cb, "0.333333 1.000000"}, {ca, "0.33 1.00"}} {
			var x, y string
			if err := c.conn.QueryRowContext(ctx, q, 1, 1).Scan(&x, &y); err != nil {
				t.Fatal(err)
			}
			if got := x + " " + y; got != c.want {
				t.Errorf("round %d: got %s, want %s", i, got, c.want)
			}
		}
	}
}

func scanRows(t *testing.T, rows *sql.Rows) [][]string {
	t.Helper()
	defer rows.Close()
	cols, _ := rows.Columns()
	var out [][]string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		row := make([]string, len(cols))
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func columnTypes(t *testing.T, db *sql.DB, q string, args ...any) []*sql.ColumnType {
	t.Helper()
	rows, err := db.Query(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	return cts
}
