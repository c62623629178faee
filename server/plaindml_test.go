package server

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/myriaddb/myriad/sqltext"
)

// TestPlainDML checks the gate that lets an INSERT, UPDATE, DELETE or
// REPLACE text skip the first-statement pre-passes, and that every pass it
// skips indeed finds nothing in a text it lets through (locking clauses,
// START TRANSACTION, implicit commits, DDL table waits, BACKUP, clone,
// SHOW ENGINE, SET PASSWORD, and the result fixes of SET and SHOW
// PROCESSLIST).
func TestPlainDML(t *testing.T) {
	for _, c := range []struct {
		q    string
		want bool
	}{
		{"INSERT INTO t VALUES (1)", true},
		{"  \n\tinsert into t values (1)", true},
		{"Update t SET a = 1 WHERE id = 2 FOR UPDATE", true},
		{"DELETE FROM t WHERE id IN (SELECT id FROM u FOR UPDATE)", true},
		{"REPLACE INTO t VALUES (1)", true},
		{"INSERT INTO t SELECT * FROM u LOCK IN SHARE MODE; ALTER TABLE t ADD INDEX (a)", true},
		{"INSERT(1)", true},
		{"INSERT`t` VALUES (1)", true},
		{"INSERTS", false},
		{"INSERT_x", false},
		{"INSERT", false},
		{"/* c */ INSERT INTO t VALUES (1)", false},
		{"-- c\nINSERT INTO t VALUES (1)", false},
		{"SELECT * FROM t FOR UPDATE", false},
		{"WITH x AS (SELECT 1) SELECT * FROM x FOR UPDATE", false},
		{"(SELECT 1 FOR UPDATE)", false},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT", false},
		{"ALTER TABLE t ADD INDEX (a)", false},
		{"CREATE DATABASE c LIKE d", false},
		{"BACKUP TO '/tmp/x'", false},
		{"SHOW ENGINE INNODB STATUS", false},
		{"\finsert into t values (1)", false},
		{"SET PASSWORD = 'x'", false},
		{"SET @a = 1", false},
		{"SHOW PROCESSLIST", false},
	} {
		if got := plainDML(c.q); got != c.want {
			t.Errorf("plainDML(%q) = %v, want %v", c.q, got, c.want)
		}
		if !c.want {
			continue
		}
		if _, _, ok := sqltext.LockingClause(c.q); ok {
			t.Errorf("%q: a locking clause the skipped pass would strip", c.q)
		}
		if _, ok := sqltext.StartTransaction(c.q); ok {
			t.Errorf("%q: START TRANSACTION the skipped pass would rewrite", c.q)
		}
		if sqltext.CommitsImplicitly(c.q) {
			t.Errorf("%q: an implicit commit the skipped pass would run", c.q)
		}
		if _, _, ok := sqltext.DDLTable(c.q); ok {
			t.Errorf("%q: a DDL table the skipped pass would wait for", c.q)
		}
		if backupStmt.MatchString(c.q) || cloneStmt.MatchString(c.q) || innodbStatusStmt.MatchString(c.q) ||
			setPasswordRe.MatchString(c.q) || setStatement.MatchString(c.q) || showProcesslist.MatchString(c.q) {
			t.Errorf("%q: a BACKUP, clone, SHOW ENGINE, SET PASSWORD, SET or SHOW PROCESSLIST statement the gate skips", c.q)
		}
	}
}

// TestHasModeFold: the status flag's sql_mode test finds the mode in any
// letter case, as strings.ToUpper before strings.Contains did, and does
// not allocate (it runs for every OK packet).
func TestHasModeFold(t *testing.T) {
	for _, c := range []struct {
		m    string
		want bool
	}{
		{"NO_BACKSLASH_ESCAPES", true},
		{"ansi_quotes,no_backslash_escapes", true},
		{"STRICT_TRANS_TABLES,No_Backslash_Escapes,ONLY_FULL_GROUP_BY", true},
		{"STRICT_TRANS_TABLES,ONLY_FULL_GROUP_BY", false},
		{"NO_BACKSLASH_ESCAPE", false},
		{"", false},
	} {
		if got := hasModeFold(c.m, "NO_BACKSLASH_ESCAPES"); got != c.want {
			t.Errorf("hasModeFold(%q) = %v, want %v", c.m, got, c.want)
		}
	}
	// Random strings over the mode's letters in both cases, commas and
	// characters that fold to ASCII letters, against a window-by-window
	// EqualFold at every position.
	rnd := rand.New(rand.NewSource(5))
	parts := []string{"NO_BACKSLASH_ESCAPES", "no_backslash_escapes", "N", "n", "O", "_", ",", "ſ", "\u212a", "ESCAPES", "NO_BACK", "x"}
	for i := 0; i < 5000; i++ {
		var b strings.Builder
		for j := rnd.Intn(8); j > 0; j-- {
			b.WriteString(parts[rnd.Intn(len(parts))])
		}
		m := b.String()
		want := false
		for k := 0; k+len("NO_BACKSLASH_ESCAPES") <= len(m); k++ {
			want = want || strings.EqualFold(m[k:k+len("NO_BACKSLASH_ESCAPES")], "NO_BACKSLASH_ESCAPES")
		}
		if got := hasModeFold(m, "NO_BACKSLASH_ESCAPES"); got != want {
			t.Fatalf("hasModeFold(%q) = %v, want %v", m, got, want)
		}
	}
	m := "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"
	if n := testing.AllocsPerRun(100, func() { hasModeFold(m, "NO_BACKSLASH_ESCAPES") }); n != 0 {
		t.Errorf("hasModeFold allocates %v times per call", n)
	}
}
