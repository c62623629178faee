package server

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/myriaddb/myriad/check"
)

// ddlSchemas get tables t0..t3 that DML clients use while DDL clients
// create, drop, alter and truncate them; ddlChurnSchemas are created and
// dropped as a whole, and s2 is too, under the DML clients' feet.
var (
	ddlSchemas      = []string{"s0", "s1", "s2"}
	ddlChurnSchemas = []string{"s2", "c0", "c1"}
)

const ddlTables = 4

// ddlErrors are the MySQL errors a statement may meet when another client
// changes the schema under it. Anything else (1105 from a panic or an
// internal error, a wrong number) fails the test.
var ddlErrors = map[int]string{
	1007: "database exists (CREATE DATABASE raced another)",
	1008: "database does not exist (DROP DATABASE raced another)",
	1049: "unknown database (dropped under the client)",
	1050: "table exists (CREATE raced another)",
	1051: "unknown table (DROP raced another)",
	1146: "table doesn't exist (dropped under the client)",
	1213: "write-write conflict (first committer wins)",
	1060: "duplicate column (ALTER ADD raced another)",
	1061: "duplicate key name (ADD INDEX raced another)",
	1091: "can't drop column/key (ALTER DROP raced another)",
}

func createDDLTable(q func(string) error, schema string, i int) error {
	return q(fmt.Sprintf("CREATE TABLE IF NOT EXISTS %s.t%d (id BIGINT PRIMARY KEY, k INT NOT NULL, v VARCHAR(32), KEY kk (k))", schema, i))
}

// TestConcurrentDDLAndDML runs DML clients (INSERT, SELECT by primary and
// secondary key, UPDATE, DELETE) on tables that DDL clients concurrently
// CREATE, DROP, ALTER (add/drop column and index), TRUNCATE and RENAME, in the
// same schemas and in others, while whole schemas are created and dropped.
// Every error must be one of ddlErrors; afterwards, and again after a
// restart, every table SHOW TABLES lists is queryable and its row count
// through the primary key equals the count through the secondary index,
// and the offline checker finds the store consistent.
func TestConcurrentDDLAndDML(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir)
	db := ts.connect("")
	db.SetMaxOpenConns(32)
	exec := func(q string) error { _, err := db.Exec(q); return err }
	for _, s := range append(ddlSchemas, ddlChurnSchemas[1:]...) {
		mustExec(t, db, "CREATE DATABASE "+s)
		for i := 0; i < ddlTables; i++ {
			if err := createDDLTable(exec, s, i); err != nil {
				t.Fatal(err)
			}
		}
	}

	d := 3 * time.Second
	if v := os.Getenv("MYRIAD_DDL_SOAK"); v != "" {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			t.Fatalf("MYRIAD_DDL_SOAK=%q: %v", v, err)
		}
	}
	stop := time.Now().Add(d)
	var (
		mu     sync.Mutex
		counts = map[string]int{} // "kind errno" -> occurrences
		bad    []string
		ok     atomic.Int64
	)
	record := func(kind, q string, err error) {
		if err == nil {
			ok.Add(1)
			return
		}
		n := mysqlErrNo(err)
		mu.Lock()
		defer mu.Unlock()
		if _, allowed := ddlErrors[n]; !allowed {
			if len(bad) < 20 {
				bad = append(bad, fmt.Sprintf("%s: %v", q, err))
			}
			return
		}
		counts[kind+" "+strconv.Itoa(n)]++
	}
	pick := func(r *rand.Rand, list []string) string { return list[r.Intn(len(list))] }
	allSchemas := append(append([]string{}, ddlSchemas...), ddlChurnSchemas[1:]...)

	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewSource(int64(w)))
			conn, err := db.Conn(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			defer conn.Close()
			next := int64(w) << 40
			for time.Now().Before(stop) {
				tbl := fmt.Sprintf("%s.t%d", pick(r, allSchemas), r.Intn(ddlTables))
				var q string
				switch op := r.Intn(10); {
				case op < 4:
					next++
					q = fmt.Sprintf("INSERT INTO %s (id, k, v) VALUES (%d, %d, 'w%d'), (%d, %d, 'w%d')", tbl, next, r.Intn(100), w, next+1<<20, r.Intn(100), w)
				case op < 6:
					q = fmt.Sprintf("SELECT COUNT(*) FROM %s WHERE k = %d", tbl, r.Intn(100))
				case op < 7:
					q = fmt.Sprintf("SELECT id, k, v FROM %s WHERE id = %d", tbl, next)
				case op < 8:
					q = fmt.Sprintf("UPDATE %s SET k = k + 1 WHERE k = %d", tbl, r.Intn(100))
				case op < 9:
					q = fmt.Sprintf("DELETE FROM %s WHERE k = %d", tbl, r.Intn(100))
				default:
					// A multi-statement transaction across two tables.
					other := fmt.Sprintf("%s.t%d", pick(r, allSchemas), r.Intn(ddlTables))
					next++
					err := inTxn(conn, fmt.Sprintf("INSERT INTO %s (id, k, v) VALUES (%d, 1, 'tx')", tbl, next),
						fmt.Sprintf("UPDATE %s SET v = 'tx' WHERE k = %d", other, r.Intn(100)))
					record("dml-txn", tbl+"+"+other, err)
					continue
				}
				rows, err := conn.QueryContext(context.Background(), q)
				if err == nil {
					for rows.Next() {
					}
					err = rows.Err()
					rows.Close()
				}
				record("dml", q, err)
			}
		}(w)
	}
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewSource(int64(100 + w)))
			for time.Now().Before(stop) {
				s := pick(r, allSchemas)
				i := r.Intn(ddlTables)
				tbl := fmt.Sprintf("%s.t%d", s, i)
				var q string
				switch op := r.Intn(12); op {
				case 0, 1:
					record("ddl", "create "+tbl, createDDLTable(exec, s, i))
					continue
				case 2:
					q = "DROP TABLE " + tbl
				case 3:
					q = "TRUNCATE TABLE " + tbl
				case 4:
					q = "ALTER TABLE " + tbl + " ADD COLUMN x INT DEFAULT 7"
				case 5:
					q = "ALTER TABLE " + tbl + " DROP COLUMN x"
				case 6:
					q = "ALTER TABLE " + tbl + " ADD INDEX kv (k, v)"
				case 7:
					q = "ALTER TABLE " + tbl + " DROP INDEX kv"
				case 8:
					q = "CREATE INDEX kv ON " + tbl + " (k, v)"
				case 9:
					// Move the table away and back. GMS resolves RENAME
					// TABLE's names in the current database only, so the
					// client selects the schema first.
					tmp := fmt.Sprintf("tmp%d", w)
					err := inConn(db, "USE "+s, fmt.Sprintf("RENAME TABLE t%d TO %s", i, tmp))
					record("ddl", "rename "+tbl, err)
					if err == nil {
						err = inConn(db, "USE "+s, fmt.Sprintf("RENAME TABLE %s TO t%d", tmp, i))
						if mysqlErrNo(err) == 1050 {
							// Recreated meanwhile: drop the moved copy.
							err = exec("DROP TABLE " + s + "." + tmp)
						}
						record("ddl", "rename back "+tbl, err)
					}
					continue
				default:
					cs := pick(r, ddlChurnSchemas)
					if r.Intn(2) == 0 {
						record("ddl", "drop database "+cs, exec("DROP DATABASE "+cs))
						continue
					}
					err := exec("CREATE DATABASE " + cs)
					record("ddl", "create database "+cs, err)
					if err == nil {
						for j := 0; j < ddlTables; j++ {
							record("ddl", "create in new "+cs, createDDLTable(exec, cs, j))
						}
					}
					continue
				}
				record("ddl", q, exec(q))
			}
		}(w)
	}
	wg.Wait()

	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var summary []string
	for _, k := range keys {
		summary = append(summary, fmt.Sprintf("%s x%d", k, counts[k]))
	}
	t.Logf("%d statements succeeded; expected errors: %s", ok.Load(), strings.Join(summary, ", "))
	if len(bad) > 0 {
		t.Fatalf("unexpected errors:\n%s", strings.Join(bad, "\n"))
	}
	if ok.Load() == 0 || counts["dml 1146"]+counts["dml 1049"] == 0 {
		t.Fatalf("the clients never met a table dropped under them: the test exercised nothing")
	}

	n := checkDDLState(t, db)
	ts.srv.Close()
	rep, err := check.Dir(dir, check.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		var b strings.Builder
		rep.WriteTo(&b)
		t.Fatalf("offline check after concurrent DDL:\n%s", b.String())
	}
	ts = startServer(t, dir)
	if n2 := checkDDLState(t, ts.connect("")); n2 != n {
		t.Fatalf("%d rows before the restart, %d after", n, n2)
	}
}

// inConn runs stmts on one connection of db.
func inConn(db *sql.DB, stmts ...string) error {
	conn, err := db.Conn(context.Background())
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, q := range stmts {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			return err
		}
	}
	return nil
}

// inTxn runs stmts in one explicit transaction, rolled back on error.
func inTxn(conn *sql.Conn, stmts ...string) error {
	ctx := context.Background()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return err
	}
	for _, q := range stmts {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			conn.ExecContext(ctx, "ROLLBACK")
			return err
		}
	}
	_, err := conn.ExecContext(ctx, "COMMIT")
	return err
}

// checkDDLState verifies that every listed table is queryable and that its
// primary key and secondary index hold the same rows; it returns the total
// row count.
func checkDDLState(t *testing.T, db *sql.DB) int {
	t.Helper()
	total, tables := 0, 0
	for _, s := range append(append([]string{}, ddlSchemas...), ddlChurnSchemas[1:]...) {
		var exists int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = ?", s).Scan(&exists); err != nil {
			t.Fatal(err)
		}
		if exists == 0 {
			continue
		}
		for _, r := range queryRows(t, db, "SHOW TABLES FROM "+s) {
			tbl := s + "." + r[0]
			tables++
			byPK := queryRows(t, db, "SELECT id FROM "+tbl+" ORDER BY id")
			byIndex := queryRows(t, db, "SELECT id FROM "+tbl+" FORCE INDEX (kk) WHERE k >= -2147483648")
			sort.Slice(byIndex, func(i, j int) bool {
				a, _ := strconv.ParseInt(byIndex[i][0], 10, 64)
				b, _ := strconv.ParseInt(byIndex[j][0], 10, 64)
				return a < b
			})
			if fmt.Sprint(byPK) != fmt.Sprint(byIndex) {
				t.Errorf("%s: %d rows by primary key, %d through index kk", tbl, len(byPK), len(byIndex))
			}
			if n := queryRows(t, db, "SELECT COUNT(*) FROM "+tbl)[0][0]; n != strconv.Itoa(len(byPK)) {
				t.Errorf("%s: COUNT(*) %s, %d rows scanned", tbl, n, len(byPK))
			}
			total += len(byPK)
		}
	}
	if tables == 0 {
		t.Fatal("no table left to check")
	}
	t.Logf("%d tables, %d rows consistent", tables, total)
	return total
}
