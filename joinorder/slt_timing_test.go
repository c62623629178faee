package joinorder_test

import (
	"bufio"
	"crypto/md5"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSLTTiming times every record of the sqllogictest files named in
// MYRIAD_SLT_FILES (space-separated paths, e.g. select4.test select5.test
// from ../shared/sqllogictest) and checks their results. It is how the
// before/after numbers of the join-ordering work were measured; it is not
// a conformance runner (package conformance is) and is skipped by default.
// MYRIAD_SLT_BUDGET (a duration) stops a file early. Each record's wall
// time and the process's CPU time during it (server and client are this
// process, so CPU time stays meaningful on a loaded machine) are logged for
// records over MYRIAD_SLT_SLOW (default 1s), and the ten slowest at the end.
func TestSLTTiming(t *testing.T) {
	files := strings.Fields(os.Getenv("MYRIAD_SLT_FILES"))
	if len(files) == 0 {
		t.Skip("MYRIAD_SLT_FILES not set")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			db := startDB(t)
			recs := parseSLT(t, f)
			var total, slowest time.Duration
			var slowSQL string
			fails, done := 0, 0
			budget, _ := time.ParseDuration(os.Getenv("MYRIAD_SLT_BUDGET"))
			slow, _ := time.ParseDuration(os.Getenv("MYRIAD_SLT_SLOW"))
			if slow == 0 {
				slow = time.Second
			}
			type timed struct {
				line      int
				wall, cpu time.Duration
			}
			var times []timed
			over := 0
			began := time.Now()
			for _, r := range recs {
				if budget > 0 && time.Since(began) > budget {
					t.Logf("budget spent: stopped before line %d", r.line)
					break
				}
				done++
				start, cpu0 := time.Now(), cpuTime()
				err := r.run(db)
				d, cpu := time.Since(start), cpuTime()-cpu0
				if !r.statement {
					times = append(times, timed{r.line, d, cpu})
				}
				total += d
				if d > slowest {
					slowest, slowSQL = d, r.sql
				}
				if err != nil {
					fails++
					if fails <= 10 {
						t.Errorf("line %d: %v\n%s", r.line, err, r.sql)
					}
				}
				if d > slow {
					over++
					t.Logf("line %d took %v (cpu %v)", r.line, d.Round(time.Millisecond), cpu.Round(time.Millisecond))
				}
			}
			sort.Slice(times, func(i, j int) bool { return times[i].wall > times[j].wall })
			for _, x := range times[:min(10, len(times))] {
				t.Logf("slowest: line %d %v (cpu %v)", x.line, x.wall.Round(time.Millisecond), x.cpu.Round(time.Millisecond))
			}
			t.Logf("%d query records over %v", over, slow)
			t.Logf("%s: %d of %d records, %d failed, total %v, slowest %v:\n%s", f, done, len(recs), fails, total, slowest, slowSQL)
		})
	}
}

type sltRecord struct {
	line      int
	statement bool
	wantErr   bool
	types     string
	sortMode  string
	sql       string
	expect    []string
}

// cpuTime is the user+system CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func parseSLT(t *testing.T, path string) []sltRecord {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var out []sltRecord
	var cur *sltRecord
	skip, inExpect := false, false
	n := 0
	flush := func() {
		if cur != nil && !skip {
			cur.sql = strings.TrimSpace(cur.sql)
			out = append(out, *cur)
		}
		cur, skip, inExpect = nil, false, false
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
			flush()
		case cur == nil && strings.HasPrefix(line, "#"):
		case cur == nil && f[0] == "skipif":
			skip = skip || f[1] == "mysql"
		case cur == nil && f[0] == "onlyif":
			skip = skip || f[1] != "mysql"
		case cur == nil && (f[0] == "hash-threshold" || f[0] == "halt"):
		case cur == nil && f[0] == "statement":
			cur = &sltRecord{line: n, statement: true, wantErr: len(f) > 1 && f[1] == "error"}
		case cur == nil && f[0] == "query":
			cur = &sltRecord{line: n, types: f[1], sortMode: "nosort"}
			if len(f) > 2 {
				cur.sortMode = f[2]
			}
		case cur != nil && line == "----":
			inExpect = true
		case cur != nil && inExpect:
			cur.expect = append(cur.expect, line)
		case cur != nil:
			cur.sql += line + "\n"
		}
	}
	flush()
	return out
}

func (r *sltRecord) run(db *sql.DB) error {
	if r.statement {
		_, err := db.Exec(r.sql)
		if (err != nil) != r.wantErr {
			return fmt.Errorf("statement: err=%v, want error=%v", err, r.wantErr)
		}
		return nil
	}
	got, err := queryValues(db, r.sql, r.types)
	if err != nil {
		return err
	}
	var rows [][]string
	for i := 0; i+len(r.types) <= len(got); i += len(r.types) {
		rows = append(rows, got[i:i+len(r.types)])
	}
	switch r.sortMode {
	case "rowsort":
		sort.Slice(rows, func(i, j int) bool { return strings.Join(rows[i], "\x00") < strings.Join(rows[j], "\x00") })
		got = make([]string, 0, len(got))
		for _, row := range rows {
			got = append(got, row...)
		}
	case "valuesort":
		sort.Strings(got)
	}
	want := r.expect
	if len(want) == 1 && strings.Contains(want[0], "values hashing to") {
		h := md5.New()
		for _, v := range got {
			h.Write([]byte(v + "\n"))
		}
		g := fmt.Sprintf("%d values hashing to %x", len(got), h.Sum(nil))
		if g != want[0] {
			return fmt.Errorf("got %s, want %s", g, want[0])
		}
		return nil
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		return fmt.Errorf("got %q, want %q", got, want)
	}
	return nil
}

func queryValues(db *sql.DB, q, types string) ([]string, error) {
	rows, err := db.Query(q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, v := range vals {
			out = append(out, formatValue(v, types, i))
		}
	}
	return out, rows.Err()
}

func formatValue(v sql.NullString, types string, i int) string {
	if !v.Valid {
		return "NULL"
	}
	typ := byte('T')
	if i < len(types) {
		typ = types[i]
	}
	switch typ {
	case 'I':
		if f, err := strconv.ParseFloat(v.String, 64); err == nil && strings.ContainsAny(v.String, ".eE") {
			return strconv.FormatInt(int64(f), 10)
		}
		return v.String
	case 'R':
		if f, err := strconv.ParseFloat(v.String, 64); err == nil {
			return fmt.Sprintf("%.3f", f)
		}
	}
	if v.String == "" {
		return "(empty)"
	}
	return v.String
}
