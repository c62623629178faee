package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// `myriad tenant migrate` through the real binary: a two-statement DDL file
// (ADD COLUMN, CREATE INDEX) applied to every schema matching a LIKE
// pattern and to no other; a schema where the second statement fails is
// reported with its statement (its first statement stays applied), with
// --on-error continue migrating the rest and --on-error stop starting no
// schema after the failure; both exit non-zero.
func TestTenantMigrateCommand(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE tpl")
	mustExec(t, db, "CREATE TABLE tpl.a (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10))")
	mustExec(t, db, "INSERT INTO tpl.a (v) VALUES ('p'), ('q')")
	port := strconv.Itoa(s.Port)
	if code, out, stderr := runMyriad(t, "tenant", "clone", "--port", port, "--from", "tpl",
		"--count", "12", "--prefix", "cust_", "--with-data"); code != 0 {
		t.Fatalf("clone: exit %d\n%s%s", code, out, stderr)
	}
	mustExec(t, db, "CREATE DATABASE custard") // matches 'cust%' but not 'cust\_%'
	mustExec(t, db, "CREATE TABLE custard.a (id INT PRIMARY KEY)")

	dir := t.TempDir()
	file := filepath.Join(dir, "m1.sql")
	os.WriteFile(file, []byte("-- add the flag column\nALTER TABLE a ADD COLUMN flag INT NOT NULL DEFAULT 3, ALGORITHM=INSTANT;\n"+
		"CREATE INDEX a_flag ON a (flag, v) ALGORITHM=INPLACE LOCK=NONE; -- done\n"), 0o644)
	code, out, stderr := runMyriad(t, "tenant", "migrate", "--port", port, "--file", file,
		"--like", `cust\_%`, "--parallel", "4", "--json")
	if code != 0 {
		t.Fatalf("migrate: exit %d\n%s%s", code, out, stderr)
	}
	var sum struct {
		Schemas, Migrated, Failed, Skipped int
		Executed                           int `json:"statements_executed"`
		PerSchema                          int `json:"statements_per_schema"`
		Failures                           []struct {
			Schema    string
			Statement int
			Error     string
		}
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Schemas != 12 || sum.Migrated != 12 ||
		sum.Failed != 0 || sum.Executed != 24 || sum.PerSchema != 2 {
		t.Fatalf("summary %q: %+v %v", out, sum, err)
	}
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE COLUMN_NAME = 'flag' AND TABLE_SCHEMA LIKE 'cust\\_%'", "12\n")
	checkRows(t, db, "SELECT COUNT(DISTINCT TABLE_SCHEMA) FROM information_schema.STATISTICS WHERE INDEX_NAME = 'a_flag'", "12\n")
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA IN ('tpl', 'custard') AND COLUMN_NAME = 'flag'", "0\n")
	checkRows(t, db, "SELECT id, v, flag FROM cust_5.a FORCE INDEX (a_flag) WHERE flag = 3 ORDER BY id", "1\tp\t3\n2\tq\t3\n")

	// cust_3 and cust_8 already have the index the second file creates.
	mustExec(t, db, "CREATE INDEX a_v ON cust_3.a (v)")
	mustExec(t, db, "CREATE INDEX a_v ON cust_8.a (v)")
	file2 := filepath.Join(dir, "m2.sql")
	os.WriteFile(file2, []byte("ALTER TABLE a ADD COLUMN note VARCHAR(20) DEFAULT 'x;y';\nCREATE INDEX a_v ON a (v);\n"), 0o644)
	code, out, _ = runMyriad(t, "tenant", "migrate", "--port", port, "--file", file2,
		"--like", `cust\_%`, "--parallel", "3", "--on-error", "continue", "--json")
	sum.Failures = nil
	if err := json.Unmarshal([]byte(out), &sum); code == 0 || err != nil || sum.Migrated != 10 || sum.Failed != 2 ||
		sum.Skipped != 0 || len(sum.Failures) != 2 || sum.Failures[0].Schema != "cust_3" || sum.Failures[1].Schema != "cust_8" ||
		sum.Failures[0].Statement != 2 || !strings.Contains(sum.Failures[0].Error, "1061") {
		t.Fatalf("continue: exit %d, %q: %+v %v", code, out, sum, err)
	}
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.COLUMNS WHERE COLUMN_NAME = 'note' AND TABLE_SCHEMA LIKE 'cust\\_%'", "12\n")
	checkRows(t, db, "SELECT note FROM cust_3.a WHERE id = 1", "x;y\n")

	// --on-error stop, one connection, in name order: cust_1, cust_10,
	// cust_11, cust_12, cust_2 fail at the first statement (the column
	// exists) ... the first failure stops the run.
	code, out, _ = runMyriad(t, "tenant", "migrate", "--port", port, "--file", file2,
		"--like", `cust\_%`, "--parallel", "1", "--json")
	sum.Failures = nil
	if err := json.Unmarshal([]byte(out), &sum); code == 0 || err != nil || sum.Failed != 1 || sum.Migrated != 0 ||
		sum.Skipped != 11 || sum.Failures[0].Schema != "cust_1" || sum.Failures[0].Statement != 1 ||
		!strings.Contains(sum.Failures[0].Error, "1060") {
		t.Fatalf("stop: exit %d, %q: %+v %v", code, out, sum, err)
	}

	// The plain summary names the failing schema and statement.
	code, out, _ = runMyriad(t, "tenant", "migrate", "--port", port, "--file", file2, "--like", "cust_12")
	if code == 0 || !strings.Contains(out, "0 of 1 schemas") || !strings.Contains(out, "cust_12: statement 1:") {
		t.Fatalf("text summary: exit %d, %q", code, out)
	}
}
