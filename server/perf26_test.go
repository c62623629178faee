package server

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRangeScanAllocationsPerRow: sysbench's four range SELECTs of
// oltp_read_write over 100 rows, prepared, through a client. Their rows
// are carved from the scan's slab (rowcodec.Slab; not DISTINCT's) and
// handed out without GMS's copy of each (engine's rowsIter), so a
// statement allocates a few objects per row, client included; before,
// decoding alone took up to five per row and the copy one more
// (docs/PROFILES.md, perf26). The results are checked too: the shared
// chunks must not mix rows up.
func TestRangeScanAllocationsPerRow(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE sb")
	db := ts.connectWith("sb", "parseTime=false")
	mustExec(t, db, "CREATE TABLE sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_1 (k))")
	cval := func(i int) string {
		return strings.TrimSuffix(strings.Repeat(fmt.Sprintf("%011d-", (i*7919)%500), 10), "-")
	}
	var vals []string
	for i := 1; i <= 1000; i++ {
		vals = append(vals, fmt.Sprintf("(%d, %d, '%s', '%s')", i, 1000+i*3, cval(i), strings.Repeat("p", 59)))
	}
	mustExec(t, db, "INSERT INTO sbtest1 VALUES "+strings.Join(vals, ","))
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	shapes := []string{
		"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
		"SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
		"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
		"SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
	}
	// want is each shape's result computed here, as a string.
	want := func(shape, lo, hi int) string {
		var cs []string
		sum := 0
		for i := lo; i <= hi; i++ {
			cs = append(cs, cval(i))
			sum += 1000 + i*3
		}
		switch shape {
		case 1:
			return fmt.Sprint(sum)
		case 2, 3:
			sortStrings(cs)
			if shape == 3 {
				cs = dedupSorted(cs)
			}
		}
		return strings.Join(cs, ",")
	}
	stmts := make([]*sql.Stmt, len(shapes))
	for i, q := range shapes {
		if stmts[i], err = conn.PrepareContext(ctx, q); err != nil {
			t.Fatal(err)
		}
		defer stmts[i].Close()
	}
	run := func(s, lo int, w string) {
		rows, err := stmts[s].QueryContext(ctx, lo, lo+99)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		var b sql.RawBytes
		for rows.Next() {
			if err := rows.Scan(&b); err != nil {
				t.Fatal(err)
			}
			got = append(got, string(b))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if g := strings.Join(got, ","); g != w {
			t.Fatalf("%s [%d, %d]:\n got  %.200s\n want %.200s", shapes[s], lo, lo+99, g, w)
		}
	}
	for s := range shapes {
		for lo := 1; lo < 900; lo += 97 {
			run(s, lo, want(s, lo, lo+99))
		}
	}
	const n = 40
	for s := range shapes {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = want(s, 1+(i*37)%900, 1+(i*37)%900+99)
		}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for i := 0; i < n; i++ {
			run(s, 1+(i*37)%900, ws[i])
		}
		runtime.ReadMemStats(&m1)
		// The client's allocations (a string per row and their join
		// here, the driver's) are in the count too.
		perRow := float64(m1.Mallocs-m0.Mallocs) / n / 100
		t.Logf("%s: %.2f allocations per row", shapes[s], perRow)
		if perRow > limitsPerRow[s] {
			t.Errorf("%s: %.2f allocations per row, want at most %.1f", shapes[s], perRow, limitsPerRow[s])
		}
	}
}

// limitsPerRow are TestRangeScanAllocationsPerRow's bounds per shape,
// between what a row cost with (6.0, 2.0, 6.0, 8.9, client included)
// and without (8.7, 3.9, 9.8, 9.9) the slab and rowsIter. DISTINCT
// decodes without the slab (rowIter.useSlab), so it gains only the copy.
var limitsPerRow = []float64{7.3, 3.0, 7.6, 9.4}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func dedupSorted(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// BenchmarkRangeSelects runs sysbench's four range SELECTs of
// oltp_read_write (100 rows each, prepared) once per op through a client,
// server and client in this process (docs/PROFILES.md, perf26).
func BenchmarkRangeSelects(b *testing.B) {
	ts := startServer(&testing.T{}, b.TempDir())
	db := ts.connect("")
	if _, err := db.Exec("CREATE DATABASE sb"); err != nil {
		b.Fatal(err)
	}
	db = ts.connectWith("sb", "parseTime=false")
	if _, err := db.Exec("CREATE TABLE sbtest1 (id INTEGER NOT NULL AUTO_INCREMENT, k INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), KEY k_1 (k))"); err != nil {
		b.Fatal(err)
	}
	var vals []string
	for i := 1; i <= 10000; i++ {
		vals = append(vals, fmt.Sprintf("(%d, %d, '%s', '%s')", i, 1000+(i*7919)%10000,
			strings.TrimSuffix(strings.Repeat(fmt.Sprintf("%011d-", (i*104729)%99991), 10), "-"), strings.Repeat("p", 59)))
		if len(vals) == 1000 {
			if _, err := db.Exec("INSERT INTO sbtest1 VALUES " + strings.Join(vals, ",")); err != nil {
				b.Fatal(err)
			}
			vals = vals[:0]
		}
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	var stmts []*sql.Stmt
	for _, q := range []string{
		"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
		"SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
		"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
		"SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
	} {
		s, err := conn.PrepareContext(ctx, q)
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		stmts = append(stmts, s)
	}
	var raw sql.RawBytes
	b.ReportAllocs()
	// The process's CPU time per op (server, client and GC), which a
	// loaded machine disturbs less than ns/op.
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	b.ResetTimer()
	c0 := cpu()
	defer func() { b.ReportMetric(float64(cpu()-c0)/float64(b.N), "cpu-ns/op") }()
	for i := 0; i < b.N; i++ {
		lo := 1 + (i*7919)%9900
		for _, s := range stmts {
			rows, err := s.QueryContext(ctx, lo, lo+99)
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
				if err := rows.Scan(&raw); err != nil {
					b.Fatal(err)
				}
			}
			rows.Close()
		}
	}
}
