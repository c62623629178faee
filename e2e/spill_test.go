package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// spillRows fills db.t with n rows (id, k = id, pad) in multi-row INSERTs.
func spillRows(t *testing.T, db *sql.DB, n int) {
	t.Helper()
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, k INT NOT NULL, pad VARCHAR(120) NOT NULL, KEY k_k (k))")
	pad := strings.Repeat("p", 100)
	for lo := 0; lo < n; lo += 1000 {
		var b strings.Builder
		b.WriteString("INSERT INTO t VALUES ")
		for i := lo; i < min(n, lo+1000); i++ {
			if i > lo {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,%d,'%s')", i, i, pad)
		}
		mustExec(t, db, b.String())
	}
}

func spillFiles(t *testing.T, s *Server) int {
	t.Helper()
	files, err := os.ReadDir(filepath.Join(s.DataDir, "txn-spill"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return len(files)
}

// TestKillSpilledTxn: a transaction whose writes spilled to disk leaves
// nothing behind when the server is killed before its COMMIT (its runs are
// removed at start-up, no row changed), and one that committed is entirely
// there after kill -9.
func TestKillSpilledTxn(t *testing.T) {
	const n = 50_000
	s := StartServer(t, "--durability", "async", "--txn-spill-bytes", strconv.Itoa(1<<20))
	root := s.DB("")
	mustExec(t, root, "CREATE DATABASE sp")
	db := s.DB("sp")
	spillRows(t, db, n)
	want := fmt.Sprint(n * (n - 1) / 2)
	checkRows(t, db, "SELECT SUM(k), COUNT(*) FROM t", want+"\t"+fmt.Sprint(n)+"\n")

	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "UPDATE t SET k = k + 1")
	if spillFiles(t, s) == 0 {
		t.Fatal("the UPDATE did not spill: the test does not test spilled transactions")
	}
	s.Kill()
	conn.Close()
	s.Start()
	if f := spillFiles(t, s); f != 0 {
		t.Fatalf("%d spill files left after restart", f)
	}
	db = s.DB("sp")
	checkRows(t, db, "SELECT SUM(k), COUNT(*) FROM t", want+"\t"+fmt.Sprint(n)+"\n")
	checkRows(t, db, "SELECT COUNT(*) FROM t WHERE k = 1", "1\n")

	conn, err = db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	mustExec(t, conn, "BEGIN")
	mustExec(t, conn, "UPDATE t SET k = k + 1")
	mustExec(t, conn, "DELETE FROM t WHERE id >= 40000")
	mustExec(t, conn, "COMMIT")
	if f := spillFiles(t, s); f != 0 {
		t.Fatalf("%d spill files left after COMMIT", f)
	}
	s.Kill()
	s.Start()
	db = s.DB("sp")
	const m = 40_000
	checkRows(t, db, "SELECT SUM(k), COUNT(*) FROM t", fmt.Sprint(m*(m-1)/2+m)+"\t"+fmt.Sprint(m)+"\n")
	// The secondary index was rewritten with the rows: old entries gone.
	checkRows(t, db, "SELECT COUNT(*) FROM t WHERE k = 0", "0\n")
	checkRows(t, db, "SELECT id FROM t WHERE k = 12345", "12344\n")
	checkRows(t, db, "SELECT COUNT(*) FROM t FORCE INDEX (k_k) WHERE k BETWEEN 1 AND 100000", fmt.Sprint(m)+"\n")
}

// TestPyMySQLHugeTxn runs testdata/pymysql_spill.py against a server that
// spills transactions past 1 MiB: UPDATEs of 100,000 rows in one transaction
// (read back inside it, invisible outside until COMMIT), RSS flat across
// repeated UPDATEs, ROLLBACK, a failing statement after a spill undone alone,
// and one that fails past a spill rolling back the whole transaction (1206).
func TestPyMySQLHugeTxn(t *testing.T) {
	python := pythonWithPyMySQL(t)
	s := StartServer(t, "--durability", "async", "--txn-spill-bytes", strconv.Itoa(1<<20))
	script, err := filepath.Abs("testdata/pymysql_spill.py")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python, script)
	cmd.Env = append(os.Environ(), "MYRIAD_PORT="+strconv.Itoa(s.Port), "PYTHONDONTWRITEBYTECODE=1",
		"MYRIAD_PID="+strconv.Itoa(s.cmd.Process.Pid), "MYRIAD_SPILL_DIR="+filepath.Join(s.DataDir, "txn-spill"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish within 8 minutes:\n%s", script, out.String())
	}
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", python, script, err, out.String())
	}
	t.Logf("%s", out.String())
}
