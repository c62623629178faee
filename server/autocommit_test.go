package server

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"testing"
	"time"
)

// TestPyMySQLAutocommit runs testdata/pymysql_autocommit.py: PyMySQL connects
// with autocommit off by default and sends SET autocommit=0 only when the
// handshake says the session autocommits, so a wrong flag there made its
// rollbacks silently do nothing.
func TestPyMySQLAutocommit(t *testing.T) {
	python := "/usr/bin/python3"
	if p := os.Getenv("MYRIAD_PYTHON"); p != "" {
		python = p
	}
	if err := exec.Command(python, "-c", "import pymysql").Run(); err != nil {
		t.Skipf("%s cannot import pymysql: %v", python, err)
	}
	ts := startServer(t, t.TempDir())
	_, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, "testdata/pymysql_autocommit.py")
	cmd.Env = append(os.Environ(), "MYRIAD_PORT="+port, "PYTHONDONTWRITEBYTECODE=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
}

// TestAutocommitOff: SET autocommit=0 opens a transaction at the next
// statement, which ROLLBACK undoes and other sessions do not see.
func TestAutocommitOff(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE d")
	mustExec(t, db, "CREATE TABLE d.t (id INT PRIMARY KEY)")
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	count := func() string { return queryRows(t, db, "SELECT COUNT(*) FROM d.t")[0][0] }
	mustExec(t, conn, "SET autocommit = 0")
	mustExec(t, conn, "INSERT INTO d.t VALUES (1)")
	if got := count(); got != "0" {
		t.Fatalf("other session sees %s uncommitted rows", got)
	}
	mustExec(t, conn, "ROLLBACK")
	if got := count(); got != "0" {
		t.Fatalf("%s rows after ROLLBACK", got)
	}
	mustExec(t, conn, "INSERT INTO d.t VALUES (2)")
	mustExec(t, conn, "COMMIT")
	if got := count(); got != "1" {
		t.Fatalf("%s rows after COMMIT, want 1", got)
	}
}
