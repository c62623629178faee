package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSysbench runs sysbench's oltp_read_write (prepare, a 10 s run with 4
// threads, cleanup) once with server-side prepared statements
// (--db-ps-mode=auto) and once with plain queries (--db-ps-mode=disable).
// Every phase must exit 0; the run must report no errors and no reconnects
// (deadlocks that sysbench retries are "ignored errors", reported in the
// log), and afterwards each table must still hold exactly --table-size
// rows (a transaction's DELETE and re-INSERT of a row are atomic).
func TestSysbench(t *testing.T) {
	sysbench := requireTool(t, "sysbench")
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE sbtest")

	const tables, tableSize = 2, 2000
	for _, mode := range []string{"auto", "disable"} {
		t.Run("ps-mode="+mode, func(t *testing.T) {
			common := []string{
				"oltp_read_write", "--db-driver=mysql",
				"--mysql-host=127.0.0.1", "--mysql-port=" + strconv.Itoa(s.Port),
				"--mysql-user=root", "--mysql-password=", "--mysql-db=sbtest",
				"--tables=" + strconv.Itoa(tables), "--table-size=" + strconv.Itoa(tableSize),
				"--db-ps-mode=" + mode,
			}
			// Drop whatever an earlier failed mode left behind.
			runSysbench(t, sysbench, time.Minute, append(common, "cleanup")...)
			runSysbench(t, sysbench, 3*time.Minute, append(common, "prepare")...)
			for i := 1; i <= tables; i++ {
				checkRows(t, db, fmt.Sprintf("SELECT COUNT(*), MIN(id), MAX(id) FROM sbtest.sbtest%d", i),
					fmt.Sprintf("%d\t1\t%d\n", tableSize, tableSize))
			}
			out := runSysbench(t, sysbench, 2*time.Minute,
				append(common, "--time=10", "--threads=4", "--report-interval=0", "run")...)
			st := parseSysbench(t, out)
			t.Logf("ps-mode=%s: %d transactions (%.0f/s), %d queries, %d ignored errors (retried conflicts), %d reconnects",
				mode, st["transactions"], float64(st["transactions"])/10, st["queries"], st["ignored errors"], st["reconnects"])
			if st["transactions"] == 0 {
				t.Errorf("sysbench ran no transaction:\n%s", out)
			}
			if n, ok := st["errors"]; ok && n != 0 {
				t.Errorf("sysbench reports %d errors:\n%s", n, out)
			}
			if st["reconnects"] != 0 {
				t.Errorf("sysbench reports %d reconnects:\n%s", st["reconnects"], out)
			}
			for i := 1; i <= tables; i++ {
				checkRows(t, db, fmt.Sprintf("SELECT COUNT(*) FROM sbtest.sbtest%d", i), fmt.Sprintf("%d\n", tableSize))
				// The secondary index k_i agrees with the table.
				checkRows(t, db, fmt.Sprintf("SELECT COUNT(*) = (SELECT COUNT(*) FROM sbtest.sbtest%d) FROM sbtest.sbtest%d WHERE k >= 0", i, i), "1\n")
			}
			runSysbench(t, sysbench, time.Minute, append(common, "cleanup")...)
			checkRows(t, db, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'sbtest'", "0\n")
		})
	}
}

// runSysbench runs sysbench with args, fails t unless it exits 0 without a
// FATAL line, and returns its combined output.
func runSysbench(t *testing.T, bin string, timeout time.Duration, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	phase := args[len(args)-1]
	if ctx.Err() != nil {
		t.Fatalf("sysbench %s did not finish within %s:\n%s", phase, timeout, tail(out.String(), 40))
	}
	if err != nil {
		t.Fatalf("sysbench %s: %v\n%s", phase, err, tail(out.String(), 40))
	}
	if strings.Contains(out.String(), "FATAL") {
		t.Fatalf("sysbench %s printed FATAL:\n%s", phase, tail(out.String(), 40))
	}
	return out.String()
}

var sysbenchStat = regexp.MustCompile(`(?m)^\s*(transactions|queries|ignored errors|errors|reconnects):\s+(\d+)`)

// parseSysbench extracts the counters of a run's "SQL statistics".
func parseSysbench(t *testing.T, out string) map[string]int64 {
	t.Helper()
	st := map[string]int64{}
	for _, m := range sysbenchStat.FindAllStringSubmatch(out, -1) {
		n, _ := strconv.ParseInt(m[2], 10, 64)
		st[m[1]] = n
	}
	for _, k := range []string{"transactions", "queries", "ignored errors", "reconnects"} {
		if _, ok := st[k]; !ok {
			t.Fatalf("no %q line in sysbench's output:\n%s", k, out)
		}
	}
	return st
}
