package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// answer is what a server said to one statement.
type answer struct {
	errno  int // 0: success
	errmsg string

	hasRows bool
	types   []string    // column types as the wire names them
	rows    [][]*string // nil: NULL

	hasAffected bool
	affected    int64
}

func (a *answer) String() string {
	if a.errno != 0 {
		return fmt.Sprintf("error %d: %s", a.errno, a.errmsg)
	}
	var b strings.Builder
	if a.hasAffected {
		fmt.Fprintf(&b, "affected %d", a.affected)
	}
	if a.hasRows {
		fmt.Fprintf(&b, "types [%s], %d rows", strings.Join(a.types, " "), len(a.rows))
		for i, r := range a.rows {
			if i == 20 {
				fmt.Fprintf(&b, "\n      ... %d more", len(a.rows)-20)
				break
			}
			b.WriteString("\n      " + rowString(r))
		}
	}
	return b.String()
}

func rowString(r []*string) string {
	vs := make([]string, len(r))
	for i, v := range r {
		if v == nil {
			vs[i] = "NULL"
		} else {
			vs[i] = *v
		}
	}
	return strings.Join(vs, " | ")
}

// expected merges the corpus's MySQL override into the reference answer.
func expected(s stmt, ref *answer) *answer {
	o := s.override
	if o == nil {
		return ref
	}
	e := *ref
	if o.errno != 0 {
		return &answer{errno: o.errno, errmsg: "(MySQL 8.0, from the corpus)"}
	}
	if ref.errno != 0 && (o.hasRows || o.hasAffected) {
		// MariaDB refuses what MySQL answers: the override is the whole answer.
		e = answer{hasRows: o.hasRows, hasAffected: o.hasAffected}
	}
	if o.hasRows {
		e.hasRows, e.rows = true, o.rows
	}
	if o.types != nil {
		e.types = o.types
	}
	if o.hasAffected {
		e.hasAffected, e.affected = true, o.affected
	}
	return &e
}

// compare returns "" when got matches want, else what differs.
func compare(s stmt, got, want *answer) string {
	if got.errno != 0 || want.errno != 0 {
		if got.errno != want.errno {
			return "error number"
		}
		return ""
	}
	var d []string
	if want.hasAffected && got.hasAffected && got.affected != want.affected {
		d = append(d, "affected rows")
	}
	if want.hasRows {
		if want.types != nil && !typesMatch(got.types, want.types, s.override != nil && s.override.types != nil) {
			d = append(d, "column types")
		}
		g, w := rowStrings(got.rows), rowStrings(want.rows)
		if s.unordered || !hasTopLevelOrderBy(s.sql) {
			slices.Sort(g)
			slices.Sort(w)
		}
		if !slices.Equal(g, w) {
			d = append(d, "rows")
		}
	}
	return strings.Join(d, ", ")
}

// rowStrings renders rows for comparison; NULL is distinct from the string
// 'NULL' here.
func rowStrings(rs [][]*string) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		vs := make([]string, len(r))
		for j, v := range r {
			if v == nil {
				vs[j] = "\x00NULL"
			} else {
				vs[j] = *v
			}
		}
		out[i] = strings.Join(vs, "\x00|")
	}
	return out
}

// knownPath lists the statements whose answers differ today, one key a
// line (see knownKey). It is a ratchet: a difference not listed fails the
// test (a regression, or a new corpus entry that found a bug), and so does a
// listed statement that now agrees (the fix must shrink the list), so the
// list only ever gets shorter and always says exactly what is still wrong.
const knownPath = "testdata/known-differences.txt"

// knownKey names a statement by file and text (whitespace folded), and by
// its occurrence when the same text repeats in a file, not by line: adding
// statements to a file does not move the others' keys.
func knownKey(s stmt, seen map[string]int) string {
	k := s.file + ": " + strings.Join(strings.Fields(s.sql), " ")
	seen[k]++
	if n := seen[k]; n > 1 {
		k += fmt.Sprintf(" #%d", n)
	}
	return k
}

func loadKnown(t *testing.T) map[string]bool {
	known := map[string]bool{}
	b, err := os.ReadFile(knownPath)
	if os.IsNotExist(err) {
		return known
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			known[l] = true
		}
	}
	return known
}

// TestDifferential runs testdata/corpus/*.sql, each file in its own fresh
// database, statement by statement on one connection to Myriad and one to
// MariaDB, and compares the answers (every value as the text the server
// sent: see wire_test.go) (after the corpus's MySQL 8.0
// overrides) against the ratchet in knownPath: it fails on a difference not
// listed there and on a listed statement that now agrees.
// MYRIAD_DIFF_REPORT=path writes every difference to path and does not
// fail, for triage; MYRIAD_DIFF_UPDATE=1 rewrites knownPath from this run.
func TestDifferential(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	var all [][]stmt
	total := 0
	for _, f := range files {
		ss, err := parseCorpus(f, filepath.Base(f))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ss)
		total += len(ss)
	}
	myriad := startMyriad(t)
	maria := startMariaDB(t)
	mdsn := myriadDSN(myriad, "")

	reportPath := os.Getenv("MYRIAD_DIFF_REPORT")
	update := os.Getenv("MYRIAD_DIFF_UPDATE") == "1"
	known := loadKnown(t)
	stillKnown := map[string]bool{}
	var nowDiffer []string
	var report strings.Builder
	diffs := 0
	start := time.Now()
	for i, ss := range all {
		name := strings.TrimSuffix(filepath.Base(files[i]), ".sql")
		mc := fileConn(t, mdsn, name)
		rc := fileConn(t, maria, name)
		seen := map[string]int{}
		for _, s := range ss {
			key := knownKey(s, seen)
			got := mc.run(s.sql, 20*time.Second)
			ref := rc.run(s.sql, 20*time.Second)
			if s.setup {
				if got.errno != 0 || ref.errno != 0 {
					t.Errorf("%s: setup statement failed\n  %s\n  myriad:  %s\n  mariadb: %s", s.pos(), s.sql, got, ref)
				}
				continue
			}
			want := expected(s, ref)
			what := compare(s, got, want)
			if what == "" {
				continue
			}
			diffs++
			src := "mariadb"
			if s.override != nil {
				src = "mysql (corpus: " + s.differs + ")"
			}
			msg := fmt.Sprintf("%s: %s differ\n  %s\n  myriad:  %s\n  %s: %s\n", s.pos(), what,
				strings.ReplaceAll(s.sql, "\n", "\n  "), got, src, want)
			nowDiffer = append(nowDiffer, key)
			switch {
			case reportPath != "":
				report.WriteString(msg + "\n")
			case known[key]:
				stillKnown[key] = true
			case !update:
				t.Error("new difference (not in " + knownPath + "): " + msg)
			}
		}
		mc.Close()
		rc.Close()
	}
	t.Logf("%d statements in %d files, %d differences (%d listed in %s), %s", total, len(files), diffs,
		len(known), knownPath, time.Since(start).Round(time.Millisecond))
	if update {
		body := fmt.Sprintf("# Statements of testdata/corpus whose answers differ from MySQL's today (TestDifferential's ratchet).\n"+
			"# %d of %d. Rewritten by MYRIAD_DIFF_UPDATE=1 go test ./conformance -run TestDifferential.\n", len(nowDiffer), total)
		if err := os.WriteFile(knownPath, []byte(body+strings.Join(nowDiffer, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if reportPath == "" {
		for k := range known {
			if !stillKnown[k] {
				t.Errorf("fixed, or no longer in the corpus: %q agrees now; remove it from %s (MYRIAD_DIFF_UPDATE=1 rewrites the file)", k, knownPath)
			}
		}
	}
	if reportPath != "" {
		hdr := fmt.Sprintf("# %d differences in %d statements (%d files)\n\n", diffs, total, len(files))
		if err := os.WriteFile(reportPath, []byte(hdr+report.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fileConn is one connection with a fresh database named for the file.
func fileConn(t *testing.T, dsn, name string) *wireConn {
	t.Helper()
	c, err := dialWire(dsn)
	if err != nil {
		t.Fatal(err)
	}
	dbname := "c_" + strings.NewReplacer("-", "_", ".", "_").Replace(name)
	for _, q := range []string{"DROP DATABASE IF EXISTS " + dbname, "CREATE DATABASE " + dbname, "USE " + dbname,
		"SET time_zone = '+00:00'"} {
		if a := c.run(q, time.Minute); a.errno != 0 {
			t.Fatalf("%s: %s", q, a)
		}
	}
	return c
}

// typesMatch compares column types. A type the corpus gives as MySQL's is
// compared exactly. Against MariaDB, integer widths, the string family and
// JSON are compared as classes: MariaDB types an integer literal or
// expression as INT where MySQL 8.0 says BIGINT, a string expression as
// VARCHAR or TEXT by length, and JSON as LONGTEXT, so exact names would
// bury real differences (DECIMAL vs DOUBLE, DATE vs DATETIME) in noise.
// MYRIAD_DIFF_EXACT_TYPES=1 compares names exactly everywhere.
func typesMatch(got, want []string, exact bool) bool {
	if exact || os.Getenv("MYRIAD_DIFF_EXACT_TYPES") == "1" {
		return slices.Equal(got, want)
	}
	return slices.EqualFunc(got, want, func(a, b string) bool { return typeClass(a) == typeClass(b) })
}

func typeClass(t string) string {
	unsigned := strings.HasPrefix(t, "UNSIGNED ")
	base := strings.TrimPrefix(t, "UNSIGNED ")
	switch base {
	case "TINYINT", "SMALLINT", "MEDIUMINT", "INT", "BIGINT":
		if unsigned {
			return "UNSIGNED INTEGER"
		}
		return "INTEGER"
	case "CHAR", "VARCHAR", "TEXT", "TINYTEXT", "MEDIUMTEXT", "LONGTEXT", "JSON":
		return "STRING"
	case "BINARY", "VARBINARY", "BLOB", "TINYBLOB", "MEDIUMBLOB", "LONGBLOB":
		return "BINARY"
	}
	return t
}
