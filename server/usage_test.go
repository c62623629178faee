package server

import (
	"reflect"
	"strconv"
	"testing"
)

// information_schema.MYRIAD_SCHEMA_USAGE: tables, exact rows, bytes and
// rows read/written per schema, only for the schemas the user can see.
func TestSchemaUsage(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE u1")
	mustExec(t, root, "CREATE DATABASE u2")
	mustExec(t, root, "CREATE TABLE u1.a (id INT PRIMARY KEY, v VARCHAR(100), KEY v (v))")
	mustExec(t, root, "CREATE TABLE u1.b (id INT PRIMARY KEY)")
	mustExec(t, root, "CREATE TABLE u2.a (id INT PRIMARY KEY)")
	mustExec(t, root, "INSERT INTO u1.a VALUES (1, 'x'), (2, 'y'), (3, 'z')")
	mustExec(t, root, "INSERT INTO u1.b VALUES (1)")
	mustExec(t, root, "UPDATE u1.a SET v = 'w' WHERE id = 1")
	mustExec(t, ts.connect("u1"), "DELETE FROM b WHERE id = 1") // (DELETE FROM db.t without a current database fails with 1049 before this change too)
	queryRows(t, root, "SELECT * FROM u1.a")
	q := "SELECT SCHEMA_NAME, TABLES, TABLE_ROWS, ROWS_READ, ROWS_WRITTEN FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME LIKE 'u%' ORDER BY 1"
	got := queryRows(t, root, q)
	// Written: 4 inserts, 1 update, 1 delete. Read: the UPDATE and DELETE
	// scans (1 + 1 rows) and the SELECT (3).
	want := [][]string{{"u1", "2", "3", "5", "6"}, {"u2", "1", "0", "0", "0"}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("usage: %v, want %v", got, want)
	}
	// Bytes come from the LSM's files: present once flushed.
	mustExec(t, root, "INSERT INTO u1.a VALUES (10, REPEAT('a', 100)), (11, REPEAT('b', 100))")
	if err := ts.srv.db.Pebble().Flush(); err != nil {
		t.Fatal(err)
	}
	r := queryRows(t, root, "SELECT DATA_BYTES, INDEX_BYTES FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME = 'u1'")
	if d, _ := strconv.Atoi(r[0][0]); d == 0 {
		t.Errorf("DATA_BYTES 0 after a flush: %v", r)
	}
	r = queryRows(t, root, "SELECT DATA_LENGTH > 0, INDEX_LENGTH > 0 FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'u1' AND TABLE_NAME = 'a'")
	if !reflect.DeepEqual(r, [][]string{{"1", "1"}}) {
		t.Errorf("DATA_LENGTH, INDEX_LENGTH > 0: %v", r)
	}

	mustExec(t, root, "CREATE USER 'v'@'%' IDENTIFIED BY 'pw'")
	mustExec(t, root, "GRANT ALL ON u2.* TO 'v'@'%'")
	v := ts.mustLogin("v", "pw", "", "")
	if got := queryRows(t, v, "SELECT SCHEMA_NAME FROM information_schema.MYRIAD_SCHEMA_USAGE"); !reflect.DeepEqual(got, [][]string{{"u2"}}) {
		t.Errorf("another tenant's view: %v", got)
	}
}

// SET GLOBAL myriad_max_tables_per_schema caps every schema's tables.
func TestTableQuota(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE q")
	mustExec(t, root, "CREATE TABLE q.t1 (id INT)")
	mustExec(t, root, "CREATE TABLE q.t2 (id INT)")
	mustExec(t, root, "SET GLOBAL myriad_max_tables_per_schema = 2")
	defer mustExec(t, root, "SET GLOBAL myriad_max_tables_per_schema = 0")
	_, err := root.Exec("CREATE TABLE q.t3 (id INT)")
	wantError(t, "over the quota", err, 1226, "Schema 'q' has exceeded the 'myriad_max_tables_per_schema' resource (current value: 2)")
	mustExec(t, root, "CREATE DATABASE q2 LIKE q") // 2 tables: within
	mustExec(t, root, "SET GLOBAL myriad_max_tables_per_schema = 1")
	_, err = root.Exec("CREATE DATABASE q3 LIKE q")
	wantError(t, "clone over the quota", err, 1226, "Schema 'q3' has exceeded the 'myriad_max_tables_per_schema' resource (current value: 1)")
	mustExec(t, root, "DROP TABLE q.t2")
	mustExec(t, root, "SET GLOBAL myriad_max_tables_per_schema = 0")
	mustExec(t, root, "CREATE TABLE q.t3 (id INT)")
}
