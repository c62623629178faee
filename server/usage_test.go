package server

import (
	"database/sql"
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

// TestUsageScopedToSchema: a query naming one schema (=, IN, DATABASE(),
// through an alias) reads that schema's objects and enumerates no schema,
// with 200 schemas on the server: MYRIAD_SCHEMA_USAGE, TABLES, ROUTINES and
// SHOW PROCEDURE STATUS. The engine's scan counters would grow with the
// number of schemas if any of them listed or visited the others. The whole
// server's usage lists each schema once and visits each once.
func TestUsageScopedToSchema(t *testing.T) {
	const schemas = 200
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE tmpl")
	tmpl := ts.connect("tmpl")
	mustExec(t, tmpl, "CREATE TABLE a (id INT PRIMARY KEY, v INT, KEY v (v))")
	mustExec(t, tmpl, "CREATE TABLE b (id INT PRIMARY KEY)")
	mustExec(t, tmpl, "CREATE TABLE c (id INT PRIMARY KEY)")
	mustExec(t, tmpl, "INSERT INTO a VALUES (1, 1), (2, 2)")
	mustExec(t, tmpl, "CREATE PROCEDURE bump(x INT) INSERT INTO b VALUES (x)")
	for i := 0; i < schemas; i++ {
		mustExec(t, root, "CREATE DATABASE s_"+strconv.Itoa(i)+" LIKE tmpl WITH DATA")
	}
	mustExec(t, ts.connect("s_7"), "CALL bump(5)")
	sc := ts.srv.Engine().Scans()
	type counts struct{ listed, usage, tables, routines int64 }
	snap := func() counts {
		return counts{sc.SchemasListed.Load(), sc.UsageSchemas.Load(), sc.UsageTables.Load(), sc.RoutineSchemas.Load()}
	}
	// cost runs q and returns what it read.
	cost := func(db *sql.DB, q string, want ...string) counts {
		t.Helper()
		before := snap()
		wantRows(t, db, q, want...)
		after := snap()
		return counts{after.listed - before.listed, after.usage - before.usage, after.tables - before.tables, after.routines - before.routines}
	}
	for _, c := range []struct {
		q     string
		db    string
		want  []string
		usage int64
	}{
		{"SELECT SCHEMA_NAME, TABLES, TABLE_ROWS, ROWS_WRITTEN FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME = 's_7'", "",
			[]string{"s_7,3,3,1"}, 1},
		{"SELECT SCHEMA_NAME, TABLE_ROWS FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME IN ('s_7', 'S_9', 'nosuch') ORDER BY 1", "",
			[]string{"s_7,3", "s_9,2"}, 2},
		{"SELECT u.TABLES FROM information_schema.MYRIAD_SCHEMA_USAGE u WHERE u.SCHEMA_NAME = DATABASE() AND u.TABLE_ROWS > 0", "s_3",
			[]string{"3"}, 1},
		{"SELECT COUNT(*) FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME = 'nosuch'", "", []string{"0"}, 0},
		{"SELECT TABLE_NAME, TABLE_ROWS FROM information_schema.TABLES WHERE TABLE_SCHEMA = 's_7' ORDER BY 1", "",
			[]string{"a,2", "b,1", "c,0"}, 0},
		{"SELECT TABLE_SCHEMA, COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('s_1', 's_2') GROUP BY 1 ORDER BY 1", "",
			[]string{"s_1,3", "s_2,3"}, 0},
		{"SELECT ROUTINE_SCHEMA, ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = 's_7'", "",
			[]string{"s_7,bump"}, 0},
	} {
		db := root
		if c.db != "" {
			db = ts.connect(c.db)
		}
		got := cost(db, c.q, c.want...)
		if got.listed != 0 || got.usage != c.usage || got.tables != 3*c.usage || got.routines > 1 {
			t.Errorf("%s: listed %d schemas, usage of %d schemas and %d tables, procedures of %d schemas; want 0, %d, %d, <= 1",
				c.q, got.listed, got.usage, got.tables, got.routines, c.usage, 3*c.usage)
		}
	}
	before := snap()
	r := queryRows(t, ts.connect("s_7"), "SHOW PROCEDURE STATUS WHERE Db = 's_7'")
	if len(r) != 1 || r[0][0] != "s_7" || r[0][1] != "bump" {
		t.Errorf("SHOW PROCEDURE STATUS WHERE Db = 's_7': %q", r)
	}
	if got := snap(); got.listed != before.listed || got.routines-before.routines > 1 {
		t.Errorf("SHOW PROCEDURE STATUS WHERE Db: listed %d schemas, procedures of %d", got.listed-before.listed, got.routines-before.routines)
	}

	// A pattern lists the names once and computes only the matches.
	got := cost(root, "SELECT COUNT(*) FROM information_schema.MYRIAD_SCHEMA_USAGE WHERE SCHEMA_NAME LIKE 's\\_1%'", "111")
	if got.listed != schemas+1 || got.usage != 111 {
		t.Errorf("LIKE: listed %d schemas, usage of %d; want %d, 111", got.listed, got.usage, schemas+1)
	}
	// The whole server: each schema listed once and visited once.
	got = cost(root, "SELECT COUNT(*), SUM(TABLES), SUM(TABLE_ROWS) FROM information_schema.MYRIAD_SCHEMA_USAGE",
		strconv.Itoa(schemas+1)+","+strconv.Itoa(3*(schemas+1))+","+strconv.Itoa(2*(schemas+1)+1))
	if got.listed != schemas+1 || got.usage != schemas+1 || got.tables != 3*(schemas+1) {
		t.Errorf("every schema: listed %d, usage of %d schemas and %d tables; want %d, %d, %d",
			got.listed, got.usage, got.tables, schemas+1, schemas+1, 3*(schemas+1))
	}
}
