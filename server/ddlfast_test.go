package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// ddlCollations are the schema defaults the differential test creates
// tables under: a template resolved under one must never serve another.
var ddlCollations = []string{"latin1_swedish_ci", "utf8mb4_0900_ai_ci", "utf8mb4_general_ci", "utf8mb4_unicode_ci"}

// randomCreateTable is a CREATE TABLE text for table name with columns,
// keys, defaults, collations and options drawn from r.
func randomCreateTable(r *rand.Rand, name string) string {
	types := []string{"INT", "INT(10) UNSIGNED", "BIGINT", "TINYINT(1)", "SMALLINT UNSIGNED", "VARCHAR(%d)", "CHAR(%d)",
		"VARCHAR(%d) CHARACTER SET latin1", "VARCHAR(%d) COLLATE utf8mb4_bin", "CHAR(%d) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci",
		"TEXT", "BLOB", "DECIMAL(10,2)", "DOUBLE", "FLOAT", "DATETIME", "DATE", "TIMESTAMP", "ENUM('a','b','c')", "SET('x','y')",
		"JSON", "VARBINARY(%d)", "BIT(8)", "YEAR", "TIME"}
	defaults := map[string][]string{
		"INT": {"0", "'7'", "-3"}, "INT(10) UNSIGNED": {"'0'", "42"}, "BIGINT": {"1", "'9000000000'"}, "TINYINT(1)": {"1", "0"},
		"SMALLINT UNSIGNED": {"5"}, "DECIMAL(10,2)": {"'1.50'", "0"}, "DOUBLE": {"2.5"}, "FLOAT": {"'0'"},
		"DATETIME": {"'2020-01-02 03:04:05'", "CURRENT_TIMESTAMP"}, "DATE": {"'2021-05-06'"}, "TIMESTAMP": {"CURRENT_TIMESTAMP"},
		"ENUM('a','b','c')": {"'b'"}, "SET('x','y')": {"'x,y'"}, "YEAR": {"2001"}, "TIME": {"'01:02:03'"},
	}
	var cols, keys []string
	n := 2 + r.IntN(6)
	pk := r.IntN(4) // 0: no primary key; 1: AUTO_INCREMENT id; 2: composite; 3: on id
	if pk == 1 || pk == 3 {
		ai := ""
		if pk == 1 {
			ai = " AUTO_INCREMENT"
		}
		cols = append(cols, "id INT UNSIGNED NOT NULL"+ai)
	}
	var named []string // indexable columns
	for i := 0; i < n; i++ {
		typ := types[r.IntN(len(types))]
		if strings.Contains(typ, "%d") {
			typ = fmt.Sprintf(typ, 1+r.IntN(60))
		}
		c := fmt.Sprintf("c%d %s", i, typ)
		if r.IntN(2) == 0 {
			c += " NOT NULL"
		} else if r.IntN(3) == 0 {
			c += " NULL"
		}
		base := typ
		if j := strings.Index(base, "("); j > 0 && !strings.HasPrefix(base, "ENUM") && !strings.HasPrefix(base, "SET") &&
			base != "INT(10) UNSIGNED" && base != "TINYINT(1)" && base != "DECIMAL(10,2)" {
			base = ""
		}
		if ds, ok := defaults[base]; ok && r.IntN(2) == 0 {
			c += " DEFAULT " + ds[r.IntN(len(ds))]
		} else if strings.HasPrefix(typ, "VARCHAR") && r.IntN(2) == 0 {
			c += " DEFAULT 'dflt'"
		}
		if r.IntN(5) == 0 {
			c += " COMMENT 'col " + fmt.Sprint(i) + "'"
		}
		cols = append(cols, c)
		if !strings.HasPrefix(typ, "TEXT") && !strings.HasPrefix(typ, "BLOB") && !strings.HasPrefix(typ, "JSON") {
			named = append(named, fmt.Sprintf("c%d", i))
		}
	}
	if r.IntN(4) == 0 {
		cols = append(cols, "g INT AS (1 + 2) STORED")
	}
	switch pk {
	case 1, 3:
		keys = append(keys, "PRIMARY KEY (id)")
	case 2:
		if len(named) >= 1 {
			cols = append(cols, "p1 INT NOT NULL", "p2 VARCHAR(10) NOT NULL")
			keys = append(keys, "PRIMARY KEY (p1, p2)")
		}
	}
	for i := 0; i < r.IntN(4) && len(named) > 0; i++ {
		kind := []string{"KEY", "UNIQUE KEY", "INDEX"}[r.IntN(3)]
		a := named[r.IntN(len(named))]
		k := fmt.Sprintf("%s k_%d (%s", kind, i, a)
		if b := named[r.IntN(len(named))]; b != a && r.IntN(2) == 0 {
			k += ", " + b
		}
		keys = append(keys, k+")")
	}
	if r.IntN(4) == 0 && len(named) > 0 {
		keys = append(keys, fmt.Sprintf("CONSTRAINT ck_%s CHECK (%s IS NOT NULL OR 1 = 1)", name, named[0]))
	}
	q := "CREATE TABLE "
	if r.IntN(4) == 0 {
		q += "IF NOT EXISTS "
	}
	q += name + " (" + strings.Join(append(cols, keys...), ", ") + ")"
	switch r.IntN(6) {
	case 0:
		q += " ENGINE=InnoDB DEFAULT CHARSET=latin1"
	case 1:
		q += " DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci"
	case 2:
		q += " COMMENT='a table'"
	case 3:
		q += " ENGINE=InnoDB"
	}
	return q
}

// ddlOutcome is what a client sees of one CREATE TABLE and the table it
// made: the error or OK, the warnings, SHOW CREATE TABLE and the columns'
// metadata.
func ddlOutcome(t *testing.T, conn *sql.Conn, db, table, q string) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	if _, err := conn.ExecContext(ctx, "USE "+db); err != nil {
		t.Fatal(err)
	}
	_, err := conn.ExecContext(ctx, q)
	fmt.Fprintf(&b, "err=%v\n", err)
	b.WriteString(showWarnings(t, conn))
	rows, err := conn.QueryContext(ctx, "SHOW CREATE TABLE "+table)
	if err != nil {
		fmt.Fprintf(&b, "show: %v\n", err)
		return strings.ReplaceAll(b.String(), db, "DB")
	}
	for rows.Next() {
		var n, def string
		if err := rows.Scan(&n, &def); err != nil {
			t.Fatal(err)
		}
		b.WriteString(def + "\n")
	}
	rows.Close()
	rows, err = conn.QueryContext(ctx, "SHOW FULL COLUMNS FROM "+table)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v [9]sql.NullString
		if err := rows.Scan(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]); err != nil {
			t.Fatal(err)
		}
		for _, x := range v {
			fmt.Fprintf(&b, "%v|", x)
		}
		b.WriteString("\n")
	}
	rows.Close()
	// Warnings name the schema.
	return strings.ReplaceAll(b.String(), db, "DB")
}

func showWarnings(t *testing.T, conn *sql.Conn) string {
	t.Helper()
	w, err := conn.QueryContext(context.Background(), "SHOW WARNINGS")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var b strings.Builder
	for w.Next() {
		var level, msg string
		var code int
		if err := w.Scan(&level, &code, &msg); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "warning %s %d %s\n", level, code, msg)
	}
	return b.String()
}

// ddlPair returns a connection with the fast path on and one with it off
// (the reference).
func ddlPair(t *testing.T, db *sql.DB) (fast, ref *sql.Conn) {
	t.Helper()
	ctx := context.Background()
	fast, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ref, err = db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fast.Close(); ref.Close() })
	mustExec(t, ref, "SET SESSION "+ddlFastVar+" = OFF")
	return fast, ref
}

// TestCreateTableFastPathDifferential runs random CREATE TABLE texts
// through the fast path (a first execution that keeps the template, then
// executions served from it in other schemas of the same collation) and
// through the general path, and compares what clients see: the result,
// the warnings, SHOW CREATE TABLE and the columns' metadata, then the
// second execution's error (1050, or IF NOT EXISTS's note).
func TestCreateTableFastPathDifferential(t *testing.T) {
	ts := startServer(t, t.TempDir())
	pool := ts.connect("")
	fast, ref := ddlPair(t, pool)
	for _, coll := range ddlCollations {
		cs := strings.SplitN(coll, "_", 2)[0]
		for _, p := range []string{"fa", "fb", "fc", "ref"} {
			mustExec(t, pool, fmt.Sprintf("CREATE DATABASE %s_%s CHARACTER SET %s COLLATE %s", p, coll, cs, coll))
		}
	}
	r := rand.New(rand.NewPCG(12, 5))
	compared := 0
	for i := 0; i < 30; i++ {
		name := fmt.Sprintf("t%d", i)
		q := randomCreateTable(r, name)
		for _, coll := range ddlCollations {
			want := ddlOutcome(t, ref, "ref_"+coll, name, q)
			again := ddlOutcome(t, ref, "ref_"+coll, name, q)
			for _, p := range []string{"fa", "fb", "fc"} {
				db := p + "_" + coll
				if got := ddlOutcome(t, fast, db, name, q); got != want {
					t.Fatalf("%s in %s:\nfast path:\n%s\ngeneral path:\n%s", q, db, got, want)
				}
				if got := ddlOutcome(t, fast, db, name, q); got != again {
					t.Fatalf("%s again in %s:\nfast path:\n%s\ngeneral path:\n%s", q, db, got, again)
				}
				compared++
			}
		}
	}
	if ts.srv.ddl.hits.Load() < int64(compared/3) {
		t.Fatalf("fast path served %d of %d executions", ts.srv.ddl.hits.Load(), compared)
	}
	t.Logf("%d comparisons, %d served from templates", compared, ts.srv.ddl.hits.Load())
}

// TestCreateTableFastPathErrors: a text with a template gives the general
// path's errors and warnings when the schema is missing (1049), the
// account lacks CREATE, the table exists (1050; IF NOT EXISTS: note
// 1050), the transaction is read-only (1792), sql_mode changed what the
// text means, and it commits an open transaction as the general path does.
func TestCreateTableFastPathErrors(t *testing.T) {
	ts := startServer(t, t.TempDir())
	pool := ts.connect("")
	fast, ref := ddlPair(t, pool)
	ctx := context.Background()
	for _, s := range []string{"s1", "s2", "s3", "r1", "r2", "r3"} {
		mustExec(t, pool, "CREATE DATABASE "+s)
	}
	const q = "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10) DEFAULT 'a', KEY c (c))"
	const qn = "CREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY, c VARCHAR(10) DEFAULT 'a', KEY c (c))"
	// Templates for both texts.
	for _, text := range []string{q, qn} {
		mustExec(t, fast, "USE s1")
		mustExec(t, fast, "DROP TABLE IF EXISTS t")
		mustExec(t, fast, text)
	}
	// A served statement is one query event (myriad_queries_total), as
	// on the general path: the fast path runs inside the same bracket.
	for _, c := range []struct {
		conn   *sql.Conn
		schema string
		served int64
	}{{fast, "s4", 1}, {ref, "r4", 0}} {
		mustExec(t, pool, "CREATE DATABASE "+c.schema)
		mustExec(t, c.conn, "USE "+c.schema)
		queries, failed, hits := ts.srv.events.queries.Load(), ts.srv.events.failed.Load(), ts.srv.ddl.hits.Load()
		mustExec(t, c.conn, q)
		if got := ts.srv.ddl.hits.Load() - hits; got != c.served {
			t.Fatalf("%s: served %d statements from templates, want %d", c.schema, got, c.served)
		}
		if dq, df := ts.srv.events.queries.Load()-queries, ts.srv.events.failed.Load()-failed; dq != 1 || df != 0 {
			t.Errorf("%s: a CREATE TABLE counted %d query events (%d failed), want 1 (0)", c.schema, dq, df)
		}
	}
	hits := ts.srv.ddl.hits.Load()
	outcome := func(conn *sql.Conn, stmts ...string) string {
		var b strings.Builder
		for _, s := range stmts {
			_, err := conn.ExecContext(ctx, s)
			fmt.Fprintf(&b, "%s: err=%v\n%s", s, err, showWarnings(t, conn))
		}
		return b.String()
	}
	same := func(what string, fastStmts, refStmts []string) {
		t.Helper()
		got, want := outcome(fast, fastStmts...), outcome(ref, refStmts...)
		got = strings.ReplaceAll(got, "s2", "r2")
		got = strings.ReplaceAll(got, "s3", "r3")
		got = strings.ReplaceAll(got, "VALUES (1)", "VALUES (2)")
		if got != want {
			t.Errorf("%s:\nfast path:\n%s\ngeneral path:\n%s", what, got, want)
		}
	}
	same("served", []string{"USE s2", q}, []string{"USE r2", q})
	same("exists", []string{"USE s2", q}, []string{"USE r2", q})
	same("if not exists", []string{"USE s2", qn}, []string{"USE r2", qn})
	same("unknown database", []string{"CREATE TABLE nosuch.t (id INT PRIMARY KEY, c VARCHAR(10) DEFAULT 'a', KEY c (c))"},
		[]string{"CREATE TABLE nosuch.t (id INT PRIMARY KEY, c VARCHAR(10) DEFAULT 'a', KEY c (c))"})
	same("read only", []string{"USE s3", "SET SESSION TRANSACTION READ ONLY", q, "SET SESSION TRANSACTION READ WRITE"},
		[]string{"USE r3", "SET SESSION TRANSACTION READ ONLY", q, "SET SESSION TRANSACTION READ WRITE"})
	// An open transaction is committed first; the table is there.
	mustExec(t, pool, "CREATE TABLE s1.log (id INT PRIMARY KEY)")
	same("implicit commit", []string{"USE s3", "BEGIN", "INSERT INTO s1.log VALUES (1)", q, "ROLLBACK"},
		[]string{"USE r3", "BEGIN", "INSERT INTO s1.log VALUES (2)", q, "ROLLBACK"})
	if got := queryRows(t, pool, "SELECT COUNT(*) FROM s1.log"); got[0][0] != "2" {
		t.Errorf("rows committed by the CREATE TABLEs: %v, want 2", got)
	}
	if ts.srv.ddl.hits.Load() != hits+2 {
		t.Errorf("served %d statements from templates, want 2", ts.srv.ddl.hits.Load()-hits)
	}
	// sql_mode is part of the key: under ANSI_QUOTES the text means
	// something else.
	const qq = `CREATE TABLE dq (id INT PRIMARY KEY, c VARCHAR(10) DEFAULT "x")`
	mustExec(t, fast, "USE s1")
	mustExec(t, fast, qq)
	same("sql_mode", []string{"SET SESSION sql_mode = 'ANSI_QUOTES'", "USE s2", qq, "SET SESSION sql_mode = DEFAULT"},
		[]string{"SET SESSION sql_mode = 'ANSI_QUOTES'", "USE r2", qq, "SET SESSION sql_mode = DEFAULT"})

	// An account with SELECT only: the same refusal from both paths.
	mustExec(t, pool, "CREATE USER 'ro'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, pool, "GRANT SELECT ON *.* TO 'ro'@'%'")
	mustExec(t, pool, "DROP TABLE s2.t")
	dsn := fmt.Sprintf("ro:pw@tcp(%s)/s2", ts.srv.Addr().String())
	ro, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	roFast, roRef := ddlPair(t, ro)
	hits = ts.srv.ddl.hits.Load()
	_, errFast := roFast.ExecContext(ctx, q)
	_, errRef := roRef.ExecContext(ctx, q)
	if errFast == nil || errRef == nil || errFast.Error() != errRef.Error() {
		t.Errorf("without CREATE: fast path %v, general path %v", errFast, errRef)
	}
	if ts.srv.ddl.hits.Load() != hits {
		t.Errorf("a statement the account may not run was served from a template")
	}
}
