package e2e

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// `myriad tenant clone`: many clones online over several connections with a
// JSON summary, a failing clone reported with a non-zero exit, and an
// offline WITH DATA clone of a stopped server that `myriad check` accepts.
func TestTenantCloneCommand(t *testing.T) {
	s := StartServer(t, "--durability", "async")
	db := s.DB("")
	mustExec(t, db, "CREATE DATABASE tpl")
	mustExec(t, db, "CREATE TABLE tpl.a (id INT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(10), KEY v (v))")
	mustExec(t, db, "CREATE TABLE tpl.b (x INT)")
	mustExec(t, db, "INSERT INTO tpl.a (v) VALUES ('p'), ('q')")
	port := strconv.Itoa(s.Port)

	code, out, stderr := runMyriad(t, "tenant", "clone", "--port", port, "--from", "tpl",
		"--count", "20", "--prefix", "cust_", "--parallel", "4", "--json")
	if code != 0 {
		t.Fatalf("clone: exit %d\n%s%s", code, out, stderr)
	}
	var sum struct {
		Clones, Failed int
		WithData       bool `json:"with_data"`
	}
	if err := json.Unmarshal([]byte(out), &sum); err != nil || sum.Clones != 20 || sum.Failed != 0 || sum.WithData {
		t.Fatalf("summary %q: %+v %v", out, sum, err)
	}
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'cust\\_%'", "20\n")
	checkRows(t, db, "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'cust_20'", "2\n")
	checkRows(t, db, "SELECT COUNT(*) FROM cust_7.a", "0\n")

	code, out, _ = runMyriad(t, "tenant", "clone", "--port", port, "--from", "tpl", "--to", "cust_3", "--json")
	if code == 0 || !strings.Contains(out, `"failed":1`) || !strings.Contains(out, "1007") {
		t.Fatalf("clone onto an existing schema: exit %d, %s", code, out)
	}

	s.Stop()
	code, out, stderr = runMyriad(t, "tenant", "clone", "--data-dir", s.DataDir, "--from", "tpl",
		"--to", "off1,off2", "--with-data")
	if code != 0 || !strings.Contains(out, "clone: 2 of 2 schemas") {
		t.Fatalf("offline clone: exit %d\n%s%s", code, out, stderr)
	}
	if code, out, stderr := runMyriad(t, "check", "--data-dir", s.DataDir); code != 0 {
		t.Fatalf("check after the offline clone: exit %d\n%s%s", code, out, stderr)
	}
	s.Start()
	db = s.DB("")
	checkRows(t, db, "SELECT id, v FROM off2.a ORDER BY id", "1\tp\n2\tq\n")
	mustExec(t, db, "INSERT INTO off2.a (v) VALUES ('r')")
	checkRows(t, db, "SELECT MAX(id) FROM off2.a", "3\n")
}
