package server

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// login opens a one-connection pool as user and pings it: the error is the
// server's answer to the handshake.
func (ts *testServer) login(user, password, db, params string) (*sql.DB, error) {
	dsn := fmt.Sprintf("%s:%s@tcp(%s)/%s?%s", user, password, ts.srv.Addr().String(), db, params)
	c, err := sql.Open("mysql", dsn)
	if err != nil {
		return nil, err
	}
	c.SetMaxOpenConns(1)
	if err := c.Ping(); err != nil {
		c.Close()
		return nil, err
	}
	ts.t.Cleanup(func() { c.Close() })
	return c, nil
}

func (ts *testServer) mustLogin(user, password, db, params string) *sql.DB {
	ts.t.Helper()
	c, err := ts.login(user, password, db, params)
	if err != nil {
		ts.t.Fatalf("login as %s: %v", user, err)
	}
	return c
}

// wantError checks the MySQL error number and exact message.
func wantError(t *testing.T, what string, err error, num uint16, msg string) {
	t.Helper()
	var me *mysql.MySQLError
	if err == nil {
		t.Fatalf("%s: succeeded, want error %d %q", what, num, msg)
	}
	if !errorsAs(err, &me) || me.Number != num || me.Message != msg {
		t.Fatalf("%s: %v, want error %d %q", what, err, num, msg)
	}
}

func errorsAs(err error, me **mysql.MySQLError) bool {
	for err != nil {
		if e, ok := err.(*mysql.MySQLError); ok {
			*me = e
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

func execErr(db *sql.DB, q string) error {
	_, err := db.Exec(q)
	return err
}

func queryErr(db *sql.DB, q string) error {
	rows, err := db.Query(q)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
	}
	return rows.Err()
}

func column(rows [][]string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.Join(r, ".")
	}
	sort.Strings(out)
	return out
}

func wantList(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("%s: got %v, want %v", what, got, want)
	}
}

// TestLoginErrors: a wrong password, an unknown user and a missing password
// are all ER_ACCESS_DENIED_ERROR (1045) in MySQL's words, indistinguishable
// apart from the user name.
func TestLoginErrors(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE USER 'u'@'%' IDENTIFIED BY 'pw'")
	ts.mustLogin("u", "pw", "", "")
	_, err := ts.login("u", "bad", "", "")
	wantError(t, "wrong password", err, 1045, "Access denied for user 'u'@'localhost' (using password: YES)")
	_, err = ts.login("u", "", "", "")
	wantError(t, "no password", err, 1045, "Access denied for user 'u'@'localhost' (using password: NO)")
	_, err = ts.login("nobody", "bad", "", "")
	wantError(t, "unknown user", err, 1045, "Access denied for user 'nobody'@'localhost' (using password: YES)")
	_, err = ts.login("root", "x", "", "")
	wantError(t, "password for a passwordless account", err, 1045, "Access denied for user 'root'@'localhost' (using password: YES)")
}

// TestAccountsSurviveRestart: CREATE USER, DROP USER, GRANT, REVOKE and SET
// PASSWORD are durable: after the server reopens its data directory, logins
// and privileges are exactly as left.
func TestAccountsSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	root := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE tenant_a", "CREATE TABLE tenant_a.t (id int PRIMARY KEY, v int)",
		"INSERT INTO tenant_a.t VALUES (1, 10)",
		"CREATE USER 'u'@'%' IDENTIFIED BY 'pw'",
		"CREATE USER 'n'@'%' IDENTIFIED WITH mysql_native_password BY 'npw'",
		"CREATE USER 's'@'%' IDENTIFIED WITH caching_sha2_password BY 'spw'",
		"CREATE USER 'gone'@'%' IDENTIFIED BY 'g'",
		"GRANT SELECT, INSERT ON tenant_a.* TO 'u'@'%'",
		"GRANT SELECT ON tenant_a.* TO 'n'@'%'",
		"DROP USER 'gone'@'%'",
		"SET PASSWORD FOR 'u'@'%' = 'pw2'",
		"REVOKE INSERT ON tenant_a.* FROM 'u'@'%'",
	} {
		mustExec(t, root, q)
	}
	check := func(stage string) {
		t.Helper()
		_, err := ts.login("u", "pw", "", "")
		wantError(t, stage+": old password", err, 1045, "Access denied for user 'u'@'localhost' (using password: YES)")
		_, err = ts.login("gone", "g", "", "")
		wantError(t, stage+": dropped user", err, 1045, "Access denied for user 'gone'@'localhost' (using password: YES)")
		u := ts.mustLogin("u", "pw2", "tenant_a", "")
		if got := queryRows(t, u, "SELECT v FROM t WHERE id = 1"); len(got) != 1 || got[0][0] != "10" {
			t.Fatalf("%s: u reads %v", stage, got)
		}
		wantError(t, stage+": revoked INSERT", execErr(u, "INSERT INTO t VALUES (2, 20)"), 1142,
			"INSERT command denied to user 'u'@'localhost' for table 't'")
		n := ts.mustLogin("n", "npw", "", "")
		if got := queryRows(t, n, "SELECT COUNT(*) FROM tenant_a.t"); got[0][0] != "1" {
			t.Fatalf("%s: n counts %v", stage, got)
		}
		grants := column(queryRows(t, ts.connect(""), "SHOW GRANTS FOR 'u'@'%'"))
		wantList(t, stage+": SHOW GRANTS FOR u", grants, "GRANT SELECT ON `tenant_a`.* TO `u`@`%`", "GRANT USAGE ON *.* TO `u`@`%`")
		plugins := column(queryRows(t, ts.connect(""), "SELECT user, plugin FROM mysql.user WHERE user IN ('u','n','s','gone')"))
		wantList(t, stage+": plugins", plugins, "n.mysql_native_password", "s.caching_sha2_password", "u.mysql_native_password")
	}
	check("before restart")
	if err := ts.srv.Close(); err != nil {
		t.Fatal(err)
	}
	ts = startServer(t, dir)
	check("after restart")
}

// TestTenantIsolation: a user granted only tenant_a.* cannot read, write,
// list or learn the names of other schemas, with 10,000 of them present,
// and its point queries are not slower than with one other schema.
// MYRIAD_TENANT_SCHEMAS overrides the number of schemas.
func TestTenantIsolation(t *testing.T) {
	schemas := 10000
	if v := os.Getenv("MYRIAD_TENANT_SCHEMAS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		schemas = n
	}
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	for _, q := range []string{
		"CREATE DATABASE tenant_a", "CREATE TABLE tenant_a.t (id int PRIMARY KEY, v varchar(20))",
		"CREATE DATABASE other", "CREATE TABLE other.t (id int PRIMARY KEY, secret varchar(20))",
		"INSERT INTO other.t VALUES (1, 'hidden')",
		"CREATE USER 'u'@'%' IDENTIFIED BY 'pw'", "GRANT ALL ON tenant_a.* TO 'u'@'%'",
	} {
		mustExec(t, root, q)
	}
	for i := 1; i <= 1000; i++ {
		mustExec(t, root, "INSERT INTO tenant_a.t VALUES (?, ?)", i, fmt.Sprint("v", i))
	}
	u := ts.mustLogin("u", "pw", "tenant_a", "")
	before := medianPointQuery(t, u, 400)

	// The other schemas, each with a table, created over several connections.
	start := time.Now()
	const workers = 4
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			conn, err := root.Conn(context.Background())
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			for i := w; i < schemas-1; i += workers {
				name := fmt.Sprintf("s%05d", i)
				if _, err := conn.ExecContext(context.Background(), "CREATE DATABASE "+name); err != nil {
					errs <- err
					return
				}
				if _, err := conn.ExecContext(context.Background(), "CREATE TABLE "+name+".t (id int PRIMARY KEY, secret varchar(20))"); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("created %d schemas with a table each in %s", schemas-1, time.Since(start).Round(time.Millisecond))

	// Root sees them all: the filtering below is not vacuous.
	if got := queryRows(t, root, "SELECT COUNT(*) FROM information_schema.schemata"); got[0][0] != strconv.Itoa(schemas+2) {
		t.Fatalf("root counts %s schemata, want %d (+information_schema, mysql)", got[0][0], schemas+2)
	}

	wantList(t, "SHOW DATABASES", column(queryRows(t, u, "SHOW DATABASES")), "information_schema", "tenant_a")
	wantList(t, "SHOW DATABASES LIKE", column(queryRows(t, u, "SHOW DATABASES LIKE 's0%'")))
	wantList(t, "SCHEMATA", column(queryRows(t, u, "SELECT schema_name FROM information_schema.schemata")), "information_schema", "tenant_a")
	wantList(t, "TABLES", column(queryRows(t, u,
		"SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema <> 'information_schema'")), "tenant_a.t")
	wantList(t, "TABLES of other", column(queryRows(t, u,
		"SELECT table_name FROM information_schema.tables WHERE table_schema = 'other'")))
	wantList(t, "COLUMNS", column(queryRows(t, u,
		"SELECT table_schema, table_name, column_name FROM information_schema.columns WHERE table_schema <> 'information_schema'")),
		"tenant_a.t.id", "tenant_a.t.v")
	wantList(t, "COLUMNS of s05000", column(queryRows(t, u,
		"SELECT column_name FROM information_schema.columns WHERE table_schema = 's00005'")))
	wantList(t, "STATISTICS", column(queryRows(t, u,
		"SELECT DISTINCT table_schema FROM information_schema.statistics WHERE table_schema <> 'information_schema'")), "tenant_a")

	// An existing forbidden schema and a missing one give the same answer.
	for _, db := range []string{"other", "s00007", "nosuch"} {
		denied := fmt.Sprintf("Access denied for user 'u'@'%%' to database '%s'", db)
		wantError(t, "USE "+db, execErr(u, "USE "+db), 1044, denied)
		wantError(t, "SHOW TABLES FROM "+db, queryErr(u, "SHOW TABLES FROM "+db), 1044, denied)
		_, err := ts.login("u", "pw", db, "")
		wantError(t, "connect to "+db, err, 1044, denied)
		wantError(t, "CREATE DATABASE "+db, execErr(u, "CREATE DATABASE IF NOT EXISTS "+db), 1044, denied)
		wantError(t, "DROP DATABASE "+db, execErr(u, "DROP DATABASE IF EXISTS "+db), 1044, denied)
		wantError(t, "SELECT "+db+".t", queryErr(u, "SELECT * FROM "+db+".t"), 1142,
			"SELECT command denied to user 'u'@'localhost' for table 't'")
		wantError(t, "join with "+db+".t", queryErr(u, "SELECT * FROM t JOIN "+db+".t AS o ON o.id = t.id"), 1142,
			"SELECT command denied to user 'u'@'localhost' for table 't'")
		wantError(t, "INSERT "+db+".t", execErr(u, "INSERT INTO "+db+".t VALUES (2, 'x')"), 1142,
			"INSERT command denied to user 'u'@'localhost' for table 't'")
		wantError(t, "UPDATE "+db+".t", execErr(u, "UPDATE "+db+".t SET secret = 'x'"), 1142,
			"UPDATE command denied to user 'u'@'localhost' for table 't'")
		wantError(t, "DELETE "+db+".t", execErr(u, "DELETE FROM "+db+".t"), 1142,
			"DELETE command denied to user 'u'@'localhost' for table 't'")
		if err := execErr(u, "CREATE TABLE "+db+".t2 (id int PRIMARY KEY)"); err == nil {
			t.Fatalf("CREATE TABLE in %s succeeded", db)
		}
	}
	wantError(t, "SELECT mysql.user", queryErr(u, "SELECT * FROM mysql.user"), 1142,
		"SELECT command denied to user 'u'@'localhost' for table 'user'")
	wantError(t, "CREATE USER", execErr(u, "CREATE USER 'x'@'%'"), 1227,
		"Access denied; you need (at least one of) the CREATE USER privilege(s) for this operation")
	if got := queryRows(t, root, "SELECT secret FROM other.t"); len(got) != 1 || got[0][0] != "hidden" {
		t.Fatalf("other.t after the tenant's attempts: %v", got)
	}
	// Its own schema works in full.
	mustExec(t, u, "CREATE TABLE t3 (id int PRIMARY KEY)")
	mustExec(t, u, "INSERT INTO t3 VALUES (1)")
	mustExec(t, u, "DROP TABLE t3")

	after := medianPointQuery(t, u, 400)
	t.Logf("tenant point query median: %s with 1 other schema, %s with %d", before, after, schemas)
	// 2x, plus 300µs for scheduling noise on a shared 2-core machine.
	if after > 2*before+300*time.Microsecond {
		t.Fatalf("point query median %s with %d schemas, %s with 1: slower", after, schemas, before)
	}
}

// medianPointQuery times n primary-key lookups by a tenant connection.
func medianPointQuery(t *testing.T, db *sql.DB, n int) time.Duration {
	t.Helper()
	d := make([]time.Duration, n)
	var v string
	for i := 0; i < n; i++ {
		start := time.Now()
		if err := db.QueryRow("SELECT v FROM t WHERE id = ?", 1+i%1000).Scan(&v); err != nil {
			t.Fatal(err)
		}
		d[i] = time.Since(start)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[n/2]
}
