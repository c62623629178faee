package server

import (
	"database/sql"
	"encoding/json"
	"strings"
	"testing"
)

// TestExplainFormats: EXPLAIN (= FORMAT=TRADITIONAL) gives MySQL's twelve
// columns filled from the plan, FORMAT=JSON MySQL's document.
func TestExplainFormats(t *testing.T) {
	ts := startServer(t, t.TempDir())
	root := ts.connect("")
	mustExec(t, root, "CREATE DATABASE d")
	db := ts.connect("d")
	mustExec(t, db, "CREATE TABLE t (a INT PRIMARY KEY, b INT, c VARCHAR(10) NOT NULL, KEY kb (b), UNIQUE KEY uc (c))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y'), (3, 20, 'z')")

	cols := queryColumns(t, db, "EXPLAIN SELECT * FROM t")
	if got := strings.Join(cols, ","); got != "id,select_type,table,partitions,type,possible_keys,key,key_len,ref,rows,filtered,Extra" {
		t.Fatalf("EXPLAIN columns: %s", got)
	}
	// id, select_type, table, type, key, key_len, ref, rows, Extra
	pick := func(r []string) string {
		return strings.Join([]string{r[0], r[1], r[2], r[4], r[6], r[7], r[8], r[9], r[11]}, "|")
	}
	for _, c := range []struct{ q, want string }{
		{"SELECT * FROM t WHERE a = 2", "1|SIMPLE|t|const|PRIMARY|4|const|1|NULL"},
		{"SELECT * FROM t WHERE c = 'y'", "1|SIMPLE|t|const|uc|42|const|1|NULL"},
		{"SELECT * FROM t WHERE b = 20", "1|SIMPLE|t|ref|kb|5|const|3|NULL"},
		{"SELECT * FROM t WHERE b > 10", "1|SIMPLE|t|range|kb|5|NULL|3|NULL"},
		{"SELECT * FROM t", "1|SIMPLE|t|ALL|NULL|NULL|NULL|3|NULL"},
		{"SELECT * FROM t WHERE c LIKE '%y'", "1|SIMPLE|t|ALL|NULL|NULL|NULL|3|Using where"},
		{"SELECT * FROM t ORDER BY c DESC", "1|SIMPLE|t|index|uc|42|NULL|3|Backward index scan"},
		{"SELECT * FROM t ORDER BY b + 1", "1|SIMPLE|t|ALL|NULL|NULL|NULL|3|Using filesort"},
		{"SELECT 1", "1|SIMPLE|NULL|NULL|NULL|NULL|NULL|NULL|No tables used"},
		{"UPDATE t SET c = 'w' WHERE a = 1", "1|UPDATE|t|const|PRIMARY|4|const|1|NULL"},
		{"DELETE FROM t WHERE b > 10", "1|DELETE|t|range|kb|5|NULL|3|NULL"},
	} {
		for _, prefix := range []string{"EXPLAIN ", "EXPLAIN FORMAT=TRADITIONAL ", "describe format = traditional "} {
			rows := queryRows(t, db, prefix+c.q)
			if len(rows) != 1 || pick(rows[0]) != c.want {
				t.Errorf("%s%s: %q, want %s", prefix, c.q, rows, c.want)
			}
		}
	}
	// FORMAT=TREE prints a line per plan node, also for a statement the
	// analyzer proved returns one row (it failed with GMS's max1Row error).
	for _, q := range []string{"SELECT * FROM t WHERE a = 2", "SELECT * FROM t WHERE c = 'y'", "SELECT COUNT(*) FROM t"} {
		if rows := queryRows(t, db, "EXPLAIN FORMAT=TREE "+q); len(rows) < 2 {
			t.Errorf("EXPLAIN FORMAT=TREE %s: %q, want a row per plan line", q, rows)
		}
	}
	// A join: the inner table is read by its primary key from the outer row.
	rows := queryRows(t, db, "EXPLAIN SELECT * FROM t t1 JOIN t t2 ON t2.a = t1.b WHERE t1.c = 'x'")
	if len(rows) != 2 {
		t.Fatalf("join: %q", rows)
	}
	t.Logf("join: %q", rows)
	for _, r := range rows {
		if r[2] == "t2" && r[4] == "eq_ref" && (r[6] != "PRIMARY" || r[8] != "d.t1.b" || r[9] != "1") {
			t.Errorf("join: eq_ref row %q", r)
		}
	}
	// Nothing was changed by EXPLAIN UPDATE / DELETE.
	wantRows(t, db, "SELECT a, b, c FROM t ORDER BY a", "1,10,x", "2,20,y", "3,20,z")

	// FORMAT=JSON: one column named EXPLAIN holding MySQL's document.
	if got := strings.Join(queryColumns(t, db, "EXPLAIN FORMAT=JSON SELECT * FROM t WHERE a = 2"), ","); got != "EXPLAIN" {
		t.Fatalf("FORMAT=JSON columns: %s", got)
	}
	type table struct {
		TableName    string   `json:"table_name"`
		AccessType   string   `json:"access_type"`
		Key          string   `json:"key"`
		UsedKeyParts []string `json:"used_key_parts"`
		KeyLength    string   `json:"key_length"`
		Ref          []string `json:"ref"`
		Rows         int64    `json:"rows_examined_per_scan"`
	}
	var doc struct {
		QueryBlock struct {
			SelectID   int    `json:"select_id"`
			Message    string `json:"message"`
			Table      *table `json:"table"`
			NestedLoop []struct {
				Table *table `json:"table"`
			} `json:"nested_loop"`
			Ordering *struct {
				UsingFilesort bool   `json:"using_filesort"`
				Table         *table `json:"table"`
			} `json:"ordering_operation"`
		} `json:"query_block"`
	}
	parse := func(q string) {
		t.Helper()
		doc.QueryBlock.Table, doc.QueryBlock.NestedLoop, doc.QueryBlock.Ordering, doc.QueryBlock.Message = nil, nil, nil, ""
		r := queryRows(t, db, q)
		if len(r) != 1 {
			t.Fatalf("%s: %q", q, r)
		}
		if err := json.Unmarshal([]byte(r[0][0]), &doc); err != nil {
			t.Fatalf("%s: %v\n%s", q, err, r[0][0])
		}
	}
	parse("EXPLAIN FORMAT=JSON SELECT * FROM t WHERE a = 2")
	if tb := doc.QueryBlock.Table; doc.QueryBlock.SelectID != 1 || tb == nil || tb.TableName != "t" || tb.AccessType != "const" ||
		tb.Key != "PRIMARY" || strings.Join(tb.UsedKeyParts, ",") != "a" || tb.KeyLength != "4" || strings.Join(tb.Ref, ",") != "const" || tb.Rows != 1 {
		t.Fatalf("FORMAT=JSON const: %+v %+v", doc.QueryBlock, tb)
	}
	parse("explain format=json SELECT * FROM t WHERE b > 10 ORDER BY c")
	if o := doc.QueryBlock.Ordering; o == nil || !o.UsingFilesort || o.Table == nil || o.Table.AccessType != "range" || o.Table.Key != "kb" || o.Table.Rows != 3 {
		t.Fatalf("FORMAT=JSON range + sort: %+v", doc.QueryBlock)
	}
	parse("EXPLAIN FORMAT=JSON SELECT * FROM t t1 JOIN t t2 ON t2.a = t1.b")
	if len(doc.QueryBlock.NestedLoop) != 2 {
		t.Fatalf("FORMAT=JSON join: %+v", doc.QueryBlock)
	}
	parse("EXPLAIN FORMAT=JSON SELECT 1")
	if doc.QueryBlock.Message != "No tables used" {
		t.Fatalf("FORMAT=JSON no table: %+v", doc.QueryBlock)
	}
	// FORMAT=TREE is GMS's own plan, as before.
	if r := queryRows(t, db, "EXPLAIN FORMAT=TREE SELECT * FROM t WHERE b > 10"); len(r) < 3 || !strings.Contains(r[2][0], "IndexedTableAccess(t)") {
		t.Fatalf("FORMAT=TREE: %q", r)
	}
	_, err := db.Exec("EXPLAIN FORMAT=XML SELECT 1")
	if err == nil {
		t.Fatal("FORMAT=XML accepted")
	}
}

func queryColumns(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	return cols
}
