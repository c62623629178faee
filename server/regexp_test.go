package server

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestRegexpCompiledOnce checks REGEXP over a column with a constant
// pattern (package regexpfn): the answers, through go-sql-driver in both
// protocols, against Go's own regexp on the same strings, and the time — GMS
// compiled the pattern for every row (90 s for these 3,300 rows on a loaded
// machine; the bound is 20 s so that only that regression trips it).
func TestRegexpCompiledOnce(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE r")
	db = ts.connectWith("r", "cte_max_recursion_depth=5000") // 3,300 rows by recursion (MySQL: 1000 at most by default)
	mustExec(t, db, "CREATE TABLE t (id int PRIMARY KEY, s varchar(50), b varchar(50) COLLATE utf8mb4_bin, p varchar(20))")
	mustExec(t, db, `INSERT INTO t WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n < 3300)
		SELECT n, CONCAT('abc', n, 'xyz'), CONCAT('ABC', n), IF(n % 2 = 0, '^abc2', 'z$') FROM c`)

	count := func(pat string) string {
		re := regexp.MustCompile(pat)
		n := 0
		for i := 1; i <= 3300; i++ {
			if re.MatchString(fmt.Sprintf("abc%dxyz", i)) {
				n++
			}
		}
		return fmt.Sprint(n)
	}
	start := time.Now()
	for _, pat := range []string{`^abc1[0-9]+x`, `7z$`, `^abc(12|33)`, `[5-6]{3}`} {
		wantRows(t, db, "SELECT COUNT(*) FROM t WHERE s REGEXP '"+pat+"'", count(pat))
		wantRows(t, db, "SELECT COUNT(*) FROM t WHERE s NOT RLIKE '"+pat+"'", fmt.Sprint(3300-atoi(count(pat))))
		// A prepared statement: the pattern is a parameter, bound into the
		// cached plan.
		var got string
		if err := db.QueryRow("SELECT COUNT(*) FROM t WHERE REGEXP_LIKE(s, ?)", pat).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if want := count(pat); got != want {
			t.Errorf("prepared REGEXP_LIKE(s, %q): got %s, want %s", pat, got, want)
		}
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("12 REGEXP scans of 3,300 rows took %v", d)
	}

	// Case sensitivity follows the collation; the match type's c and i
	// override it, and m (multiline) does not touch it (GMS dropped the
	// collation's i whenever a match type was given).
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE s REGEXP '^ABC12$'", "0")
	wantRows(t, db, "SELECT id FROM t WHERE s REGEXP '^ABC12X'", "12")
	wantRows(t, db, "SELECT id FROM t WHERE b REGEXP '^abc12$'")
	wantRows(t, db, "SELECT id FROM t WHERE b REGEXP '^ABC12$'", "12")
	wantRows(t, db, "SELECT id FROM t WHERE REGEXP_LIKE(b, '^abc12$', 'i')", "12")
	wantRows(t, db, "SELECT id FROM t WHERE REGEXP_LIKE(s, '^ABC12X', 'c')")
	wantRows(t, db, "SELECT id FROM t WHERE REGEXP_LIKE(s, '^ABC12X', 'm')", "12")
	wantRows(t, db, "SELECT REGEXP_LIKE('A', 'a', 'm'), REGEXP_LIKE('A', 'a', 'ic'), REGEXP_LIKE('A', 'a', 'ci')", "1,0,1")

	// NULL text or pattern is NULL; a pattern from a column still works.
	wantRows(t, db, "SELECT s REGEXP NULL, NULL REGEXP 'a' FROM t WHERE id = 1", "NULL,NULL")
	// p is '^abc2' on even rows, 'z$' on odd ones.
	evenTwo := 0
	for i := 2; i <= 3300; i += 2 {
		if strings.HasPrefix(fmt.Sprint(i), "2") {
			evenTwo++
		}
	}
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE s REGEXP p", fmt.Sprint(1650+evenTwo))
	wantRows(t, db, "SELECT COUNT(*) FROM t WHERE id < 100 AND (SELECT COUNT(*) FROM t u WHERE u.id = t.id AND u.s REGEXP '9x') > 0", "10")

	// Errors: an empty pattern, an unknown match type.
	for _, q := range []string{"SELECT COUNT(*) FROM t WHERE s REGEXP ''", "SELECT COUNT(*) FROM t WHERE REGEXP_LIKE(s, 'a', 'q')"} {
		if _, err := db.Exec(q); err == nil || !strings.Contains(err.Error(), "rgument") {
			t.Errorf("%s: got %v, want an illegal-argument error", q, err)
		}
	}
}

// TestRegexpFunctionsCompiledOnce checks REGEXP_REPLACE, REGEXP_INSTR and
// REGEXP_SUBSTR over a column through go-sql-driver: every row's answer
// against Go's regexp on the same strings (patterns where ICU and RE2
// agree), and the time — GMS compiled the pattern for every row (9 s for
// 500 rows of REGEXP_REPLACE), so 3,300 rows of each stay well under 20 s
// only when it is compiled once.
func TestRegexpFunctionsCompiledOnce(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE r")
	db = ts.connectWith("r", "cte_max_recursion_depth=5000") // 3,300 rows by recursion (MySQL: 1000 at most by default)
	mustExec(t, db, "CREATE TABLE t (id int PRIMARY KEY, s varchar(50))")
	mustExec(t, db, `INSERT INTO t WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n < 3300)
		SELECT n, CONCAT('abc', n, 'xyz', n % 7) FROM c`)

	digits := regexp.MustCompile(`[5-7]+`)
	pair := regexp.MustCompile(`[0-9]{2}`)
	start := time.Now()
	rows := queryRows(t, db, `SELECT id, s, REGEXP_REPLACE(s, '[5-7]+', '#'), REGEXP_REPLACE(s, '[0-9]{2}', '<$0>', 1, 2),
		REGEXP_INSTR(s, '[5-7]+'), REGEXP_INSTR(s, '[5-7]+', 1, 1, 1), REGEXP_SUBSTR(s, '[0-9]{2}', 1, 2)
		FROM t ORDER BY id`)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("5 regexp functions over 3,300 rows took %v", d)
	}
	if len(rows) != 3300 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows {
		s := r[1]
		want := []string{digits.ReplaceAllString(s, "#"), "", "0", "0", "NULL"}
		// The second two-digit match only, as REGEXP_REPLACE's occurrence 2.
		want[1] = s
		if m := pair.FindAllStringIndex(s, 2); len(m) == 2 {
			want[1] = s[:m[1][0]] + "<" + s[m[1][0]:m[1][1]] + ">" + s[m[1][1]:]
			want[4] = s[m[1][0]:m[1][1]]
		}
		if m := digits.FindStringIndex(s); m != nil {
			want[2], want[3] = fmt.Sprint(m[0]+1), fmt.Sprint(m[1]+1)
		}
		if got := r[2:]; strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("row %s %q: got %q, want %q", r[0], s, got, want)
		}
	}

	// A prepared statement binds the pattern into the cached plan; NULLs.
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM t WHERE REGEXP_INSTR(s, ?) > 0", "9x").Scan(&n); err != nil {
		t.Fatal(err)
	}
	want := 0
	for i := 1; i <= 3300; i++ {
		if strings.HasSuffix(fmt.Sprint(i), "9") {
			want++
		}
	}
	if n != want {
		t.Errorf("prepared REGEXP_INSTR: got %d, want %d", n, want)
	}
	wantRows(t, db, "SELECT REGEXP_REPLACE(s, NULL, 'x'), REGEXP_INSTR(NULL, 'a'), REGEXP_SUBSTR(s, 'q'), REGEXP_SUBSTR(s, 'b', NULL) FROM t WHERE id = 1",
		"NULL,NULL,NULL,NULL")
	// Errors: an empty pattern, an unknown match type.
	for _, q := range []string{"SELECT REGEXP_REPLACE(s, '', 'x') FROM t", "SELECT REGEXP_INSTR(s, 'a', 1, 1, 0, 'q') FROM t"} {
		if _, err := db.Exec(q); err == nil || !strings.Contains(err.Error(), "rgument") {
			t.Errorf("%s: got %v, want an illegal-argument error", q, err)
		}
	}
}
