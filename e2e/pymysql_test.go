package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// pythonWithPyMySQL returns the first interpreter that can import pymysql:
// $MYRIAD_PYTHON, then python3 on PATH (which may be a pyenv shim without
// it), then Debian's /usr/bin/python3 (where python3-pymysql installs it).
func pythonWithPyMySQL(t *testing.T) string {
	t.Helper()
	var candidates []string
	if p := os.Getenv("MYRIAD_PYTHON"); p != "" {
		candidates = append(candidates, p)
	}
	if p, err := exec.LookPath("python3"); err == nil {
		candidates = append(candidates, p)
	}
	candidates = append(candidates, "/usr/bin/python3")
	var tried []string
	for _, p := range candidates {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := exec.CommandContext(ctx, p, "-c", "import pymysql").Run()
		cancel()
		if err == nil {
			return p
		}
		tried = append(tried, p)
	}
	missing(t, "no python3 with PyMySQL (tried %v; Debian package python3-pymysql)", tried)
	return ""
}

// TestPyMySQL runs testdata/pymysql_test.py, which drives the server with
// PyMySQL (parameters of many types, unicode, NULL, bytes, decimals,
// datetimes; IntegrityError 1062; transactions) and exits 0 when all its
// checks pass.
func TestPyMySQL(t *testing.T) { runPyMySQL(t, "testdata/pymysql_test.py") }

// TestPyMySQLLocking runs testdata/pymysql_locking.py: row locking through
// PyMySQL threads (no lost update, the FOR UPDATE bank workload without
// retries, one deadlock victim, NOWAIT, SKIP LOCKED, lock wait timeout,
// the lock views and SHOW ENGINE INNODB STATUS, KILL QUERY of a waiter).
func TestPyMySQLLocking(t *testing.T) { runPyMySQL(t, "testdata/pymysql_locking.py") }

// TestPyMySQLIsolation runs testdata/pymysql_isolation.py: isolation levels
// through PyMySQL with autocommit off (its default): REPEATABLE READ keeps
// its snapshot, READ COMMITTED sees a concurrent commit and its own writes,
// a SERIALIZABLE SELECT makes a writer wait for COMMIT or time out (1205).
func TestPyMySQLIsolation(t *testing.T) { runPyMySQL(t, "testdata/pymysql_isolation.py") }

// TestPyMySQLProcedures runs testdata/pymysql_procs.py: CALL's result sets
// through nextset() and callproc, OUT parameters, SIGNAL, DO and EXPLAIN
// FORMAT=JSON through PyMySQL.
func TestPyMySQLProcedures(t *testing.T) { runPyMySQL(t, "testdata/pymysql_procs.py") }

// TestPyMySQLCharset runs testdata/pymysql_charset.py: PyMySQL's charset=
// (latin1, utf8) is the session's character set, for the text it sends and
// the results it reads ('?' for characters the set lacks), as in MariaDB.
func TestPyMySQLCharset(t *testing.T) { runPyMySQL(t, "testdata/pymysql_charset.py") }

// TestPyMySQLKill runs testdata/pymysql_kill.py: PyMySQL's kill() sends
// COM_PROCESS_KILL, which ends the named connection as KILL CONNECTION.
func TestPyMySQLKill(t *testing.T) { runPyMySQL(t, "testdata/pymysql_kill.py") }

func runPyMySQL(t *testing.T, path string) {
	python := pythonWithPyMySQL(t)
	s := StartServer(t, "--durability", "async")
	script, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, script)
	cmd.Env = append(os.Environ(), "MYRIAD_PORT="+strconv.Itoa(s.Port), "PYTHONDONTWRITEBYTECODE=1", "PYTHONIOENCODING=utf-8")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish within 2 minutes:\n%s", script, out.String())
	}
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", python, script, err, out.String())
	}
	t.Logf("%s: %s", python, tail(out.String(), 1))
}
