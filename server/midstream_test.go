package server

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// midstreamRows is the size of midstream tests' table: the statement GMS
// runs sends rows in batches of 128, and the library's 16 KiB buffer goes to
// the socket long before row 5,000 (each row is ~60 bytes).
const midstreamRows = 10000

func midstreamTable(t *testing.T, db *sql.DB) {
	t.Helper()
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(64))")
	var b strings.Builder
	b.WriteString("INSERT INTO t VALUES ")
	for i := 1; i <= midstreamRows; i++ {
		if i > 1 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "(%d,'%s')", i, strings.Repeat("x", 48))
	}
	mustExec(t, db, b.String())
	mustExec(t, db, "CREATE TABLE lg (n INT)")
}

// readUntilError reads rows of (id, ...) until the result set ends and
// returns how many came and the error that ended it; the ids must count up
// from 1.
func readUntilError(t *testing.T, rows *sql.Rows) (int, error) {
	t.Helper()
	defer rows.Close()
	cols, _ := rows.Columns()
	n := 0
	for rows.Next() {
		vals := make([]any, len(cols))
		var id int
		vals[0] = &id
		for i := 1; i < len(vals); i++ {
			vals[i] = new(sql.RawBytes)
		}
		if err := rows.Scan(vals...); err != nil {
			t.Fatal(err)
		}
		n++
		if id != n {
			t.Fatalf("row %d has id %d", n, id)
		}
	}
	return n, rows.Err()
}

// TestMidstreamErrorKeepsConnection: an error raised after a result set's
// first rows went out (here 1690 on row failAt of a SELECT) reaches the
// client as MySQL's ERR packet in place of the next row, and the session
// goes on: its variables, its open transaction (a failed statement rolls
// back nothing else) and the next statement on the same connection. Before,
// the protocol library closed the connection (client error 2013 / driver's
// invalid connection) for any such error after GMS's first batch of 128
// rows. Text and binary protocol, an error before and after the library's
// buffer first went to the socket, and a multi-statement text whose later
// statements must not run.
func TestMidstreamErrorKeepsConnection(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	midstreamTable(t, db)
	midstreamCases(t, db, ts.connect("m"))
}

// TestMidstreamErrorOverTLS: the same over TLS, where the wire guard sits
// above the TLS layer (guardAboveTLS).
func TestMidstreamErrorOverTLS(t *testing.T) {
	certFile, keyFile, _ := testCert(t, t.TempDir())
	ts := startTLSServer(t, t.TempDir(), certFile, keyFile, false)
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.mustLogin("root", "", "m", "tls=skip-verify&multiStatements=true")
	var cipher string
	if err := db.QueryRow("SHOW STATUS LIKE 'Ssl_cipher'").Scan(new(string), &cipher); err != nil || !strings.HasPrefix(cipher, "TLS_") {
		t.Fatalf("Ssl_cipher %q (%v): not a TLS session", cipher, err)
	}
	midstreamTable(t, db)
	midstreamCases(t, db, ts.connect("m"))
}

// midstreamCases runs TestMidstreamErrorKeepsConnection's cases on db
// (with multiStatements), other being a second client.
func midstreamCases(t *testing.T, db, other *sql.DB) {
	cases := []struct {
		name     string
		failAt   int
		prepared bool
		multi    bool
	}{
		{"text, within the first buffer", 200, false, false},
		{"text, after rows went out", 5000, false, false},
		{"prepared, within the first buffer", 200, true, false},
		{"prepared, after rows went out", 5000, true, false},
		{"multi-statement text", 5000, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			conn := pinnedConn(t, db)
			mustExec(t, conn, "DELETE FROM lg")
			var id int64
			if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
				t.Fatal(err)
			}
			mustExec(t, conn, "SET @a = 42")
			mustExec(t, conn, "BEGIN")
			mustExec(t, conn, "INSERT INTO lg VALUES (1)")

			var rows *sql.Rows
			var err error
			switch {
			case tc.prepared:
				rows, err = conn.QueryContext(ctx, "SELECT id, s, ? - CAST(id AS UNSIGNED) FROM t ORDER BY id", tc.failAt)
			case tc.multi:
				rows, err = conn.QueryContext(ctx, fmt.Sprintf(
					"SELECT id, s, %d - CAST(id AS UNSIGNED) FROM t ORDER BY id; INSERT INTO lg VALUES (2)", tc.failAt))
			default:
				rows, err = conn.QueryContext(ctx, fmt.Sprintf("SELECT id, s, %d - CAST(id AS UNSIGNED) FROM t ORDER BY id", tc.failAt))
			}
			if err != nil {
				t.Fatalf("query: %v (want the error after rows)", err)
			}
			n, err := readUntilError(t, rows)
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1690 || !strings.HasPrefix(me.Message, "BIGINT UNSIGNED value is out of range") {
				t.Fatalf("after %d rows: %v, want 1690", n, err)
			}
			// The rows before the failing one, in GMS's batches of 128.
			if n < 128 || n > tc.failAt {
				t.Errorf("%d rows before the error, want 128..%d", n, tc.failAt)
			}

			// The same session goes on.
			var a, id2 int64
			if err := conn.QueryRowContext(ctx, "SELECT @a, CONNECTION_ID()").Scan(&a, &id2); err != nil {
				t.Fatalf("next statement: %v", err)
			}
			if a != 42 || id2 != id {
				t.Errorf("@a = %d, connection %d; want 42, %d", a, id2, id)
			}
			var mine, theirs int
			if err := conn.QueryRowContext(ctx, "SELECT COUNT(*), COALESCE(SUM(n), 0) FROM lg").Scan(&mine, new(int)); err != nil {
				t.Fatal(err)
			}
			if err := other.QueryRow("SELECT COUNT(*) FROM lg").Scan(&theirs); err != nil {
				t.Fatal(err)
			}
			// The transaction's INSERT is still in it, uncommitted; a
			// multi-statement text's INSERT after the failure never ran.
			if mine != 1 || theirs != 0 {
				t.Errorf("lg: %d rows in the transaction, %d outside; want 1, 0", mine, theirs)
			}
			mustExec(t, conn, "COMMIT")
			if err := other.QueryRow("SELECT COUNT(*) FROM lg WHERE n = 1").Scan(&theirs); err != nil || theirs != 1 {
				t.Errorf("after COMMIT: %d rows (%v), want 1", theirs, err)
			}
		})
	}
}

// TestMidstreamKillQuery: KILL QUERY of a SELECT whose rows are being sent
// ends it with 1317 after the rows sent so far, and the killed connection
// runs its next statement (MySQL: "the connection remains open"). Before,
// the protocol library dropped the connection.
func TestMidstreamKillQuery(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	midstreamTable(t, db)
	ctx := context.Background()
	conn := pinnedConn(t, db)
	var id int64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	// 10^8 rows: far more than the socket's buffers hold, so the statement
	// is still running (blocked on the socket) when it is killed.
	rows, err := conn.QueryContext(ctx, "SELECT a.id, a.s FROM t a, t b")
	if err != nil {
		t.Fatal(err)
	}
	if !rows.Next() {
		t.Fatalf("no first row: %v", rows.Err())
	}
	mustExec(t, ts.connect("m"), fmt.Sprintf("KILL QUERY %d", id))
	n := 1
	for rows.Next() {
		n++
	}
	err = rows.Err()
	rows.Close()
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1317 {
		t.Fatalf("after %d rows: %v, want 1317", n, err)
	}
	var id2 int64
	if err := conn.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&id2); err != nil || id2 != id {
		t.Fatalf("next statement: connection %d, %v; want %d", id2, err, id)
	}
}

// TestMidstreamErrorClients: the mariadb CLI (libmariadb, EOF packets, no
// CLIENT_DEPRECATE_EOF) and PyMySQL read the error after rows with its
// number and go on with the next statement on the same connection; with
// --quick the CLI prints the rows it got first, as it does from MySQL.
func TestMidstreamErrorClients(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	midstreamTable(t, ts.connect("m"))
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	script := "SET @a = 42;\nSELECT id, 5000 - CAST(id AS UNSIGNED) FROM t ORDER BY id;\nSELECT 'next', @a;\n"
	for _, quick := range []bool{false, true} {
		args := []string{"--no-defaults", "--protocol=tcp", "-h" + host, "-P" + port, "-uroot",
			"--batch", "--skip-column-names", "--force", "-Dm"}
		if quick {
			args = append(args, "--quick")
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, "mariadb", args...)
		var out, errOut bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(script), &out, &errOut
		runErr := cmd.Run()
		cancel()
		// --force goes on after the error (the connection lost, it would
		// reconnect and print 2013 first).
		if runErr != nil {
			t.Fatalf("quick=%v: mariadb: %v\n%s", quick, runErr, errOut.String())
		}
		if e := errOut.String(); !strings.Contains(e, "ERROR 1690 (22003) at line 2: BIGINT UNSIGNED value is out of range") ||
			strings.Contains(e, "2013") {
			t.Errorf("quick=%v: stderr %q, want 1690 alone", quick, e)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if last := lines[len(lines)-1]; last != "next\t42" {
			t.Errorf("quick=%v: last line %q, want the next statement's on the same session", quick, last)
		}
		if quick && (len(lines) < 129 || lines[0] != "1\t4999") {
			t.Errorf("quick=%v: %d lines, first %q; want the rows before the error", quick, len(lines), lines[0])
		}
	}

	out := pyRun(t, ts, "m", `cur.execute("SET @a = 42")
try:
    cur.execute("SELECT id, 5000 - CAST(id AS UNSIGNED) FROM t ORDER BY id")
    print("no error", len(cur.fetchall()))
except pymysql.err.MySQLError as e:
    print(e.args[0])
cur.execute("SELECT @a")
print(cur.fetchone()[0])`)
	if out != "1690\n42\n" {
		t.Errorf("PyMySQL: %q, want 1690 then 42", out)
	}
}

// TestMidstreamLockWaitTimeout: a locking read that times out waiting for
// a row lock after its first rows went out answers 1205 in place of the
// next row; as in InnoDB (innodb_rollback_on_timeout OFF) only the
// statement fails: the transaction and its earlier INSERT go on.
func TestMidstreamLockWaitTimeout(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	midstreamTable(t, db)
	ctx := context.Background()
	holder := pinnedConn(t, db)
	mustExec(t, holder, "BEGIN")
	if _, err := holder.ExecContext(ctx, "SELECT id FROM t WHERE id = 5000 FOR UPDATE"); err != nil {
		t.Fatal(err)
	}
	conn := pinnedConn(t, db)
	mustExec(t, conn, "SET SESSION innodb_lock_wait_timeout = 1")
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "INSERT INTO lg VALUES (1)")
	rows, err := conn.QueryContext(ctx, "SELECT id, s FROM t ORDER BY id FOR UPDATE")
	if err != nil {
		t.Fatalf("query: %v (want the error after rows)", err)
	}
	n, err := readUntilError(t, rows)
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1205 {
		t.Fatalf("after %d rows: %v, want 1205", n, err)
	}
	if n < 128 || n >= 5000 {
		t.Errorf("%d rows before the error, want 128..4999", n)
	}
	var mine int
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM lg").Scan(&mine); err != nil || mine != 1 {
		t.Fatalf("lg in the transaction: %d rows (%v), want 1", mine, err)
	}
	mustExec(t, holder, "COMMIT")
	mustExec(t, conn, "COMMIT")
	var theirs int
	if err := db.QueryRow("SELECT COUNT(*) FROM lg").Scan(&theirs); err != nil || theirs != 1 {
		t.Errorf("after COMMIT: %d rows (%v), want 1", theirs, err)
	}
}

// TestMultiStatementStopsAtError: a multi-statement text whose statement
// fails before any result set of its own stops there, as in MySQL: the
// statements after it do not run, and the connection's next command reads
// its own reply. Before, the protocol library went on with the remainder
// after the ERR packet: go-sql-driver then failed the next query with
// "busy buffer".
func TestMultiStatementStopsAtError(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE m")
	db := ts.connect("m")
	mustExec(t, db, "CREATE TABLE lg (n INT)")
	conn := pinnedConn(t, db)
	_, err := conn.ExecContext(context.Background(), "SELECT nosuch; INSERT INTO lg VALUES (2)")
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1054 {
		t.Fatalf("multi-statement: %v, want 1054", err)
	}
	var n int
	if err := conn.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM lg").Scan(&n); err != nil || n != 0 {
		t.Fatalf("next statement: %d rows (%v), want 0 and no error", n, err)
	}
}
