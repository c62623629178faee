package server

import (
	"context"
	"database/sql"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// columnTypeNames is the wire type names of q's columns as go-sql-driver
// reads them, q run in the text protocol or as a prepared statement, with
// its rows joined as rawText joins them.
func columnTypeNames(t *testing.T, conn *sql.Conn, q string, prepared bool) (string, string) {
	t.Helper()
	ctx := context.Background()
	var rows *sql.Rows
	var err error
	if prepared {
		st, perr := conn.PrepareContext(ctx, q)
		if perr != nil {
			t.Fatalf("prepare %s: %v", q, perr)
		}
		defer st.Close()
		rows, err = st.QueryContext(ctx)
	} else {
		rows, err = conn.QueryContext(ctx, q)
	}
	if err != nil {
		t.Fatalf("%s (prepared %v): %v", q, prepared, err)
	}
	defer rows.Close()
	cts, err := rows.ColumnTypes()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, ct := range cts {
		names = append(names, ct.DatabaseTypeName())
	}
	var out []string
	for rows.Next() {
		vals := make([]sql.NullString, len(cts))
		ptrs := make([]any, len(cts))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		var r []string
		for _, v := range vals {
			if v.Valid {
				r = append(r, v.String)
			} else {
				r = append(r, "NULL")
			}
		}
		out = append(out, strings.Join(r, ","))
	}
	return strings.Join(names, " "), strings.Join(out, " ")
}

// rawTextAfter is rawText on one connection that first runs setup (a
// PREPARE whose EXECUTE q is).
func rawTextAfter(t *testing.T, ts *testServer, db string, setup []string, q string) (string, []*querypb.Field) {
	t.Helper()
	host, port, err := net.SplitHostPort(ts.srv.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	p, _ := strconv.Atoi(port)
	c, err := mysql.Connect(context.Background(), &mysql.ConnParams{Host: host, Port: p, Uname: "root", DbName: db})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, s := range setup {
		if _, err := c.ExecuteFetch(s, 1000, false); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	res, err := c.ExecuteFetch(q, 1000, true)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var rows []string
	for _, r := range res.Rows {
		var vals []string
		for _, v := range r {
			if v.IsNull() {
				vals = append(vals, "NULL")
			} else {
				vals = append(vals, string(v.Raw()))
			}
		}
		rows = append(rows, strings.Join(vals, ","))
	}
	return strings.Join(rows, " "), res.Fields
}

// TestFix26aFloatLiteralInViewAndExecute: a float literal beside a string
// (`IF(b, 'abc', 1.5e0)`) is VARCHAR(5), its text's length (MySQL's
// Item_float max_length), also when the expression comes from a view's
// definition or from a statement PREPARE ... FROM made and EXECUTE runs;
// the length was looked up in the statement's own text only, so both were
// TEXT (a BLOB field of 262140 bytes, a CREATE TABLE ... SELECT column
// `text`).
func TestFix26aFloatLiteralInViewAndExecute(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f26")
	db = ts.connectWith("f26", "parseTime=false")
	db.SetMaxIdleConns(0)
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, b INT)",
		"INSERT INTO t VALUES (1, 1), (2, 0)",
		"CREATE VIEW v AS SELECT id, IF(b, 'abc', 1.5e0) AS x FROM t",
		"CREATE VIEW v2 AS SELECT x FROM v WHERE id > 0",
		"CREATE TABLE c1 AS SELECT x FROM v",
		"CREATE TABLE c4 AS SELECT x FROM v2",
		"CREATE TABLE c5 AS SELECT x FROM (SELECT IF(b, 'abc', 1) AS x, id FROM t) d WHERE id > 0",
	} {
		mustExec(t, db, q)
	}
	conn := pinnedConn(t, db)
	mustExec(t, conn, "PREPARE s FROM 'CREATE TABLE c2 AS SELECT IF(b, ''abc'', 1.5e0) AS x FROM t'")
	mustExec(t, conn, "EXECUTE s")
	// c4 and c5: a view or derived table under a WHERE (was text as well).
	if got, want := ctasColumns(t, db, "f26", "c1")+"; "+ctasColumns(t, db, "f26", "c2")+"; "+ctasColumns(t, db, "f26", "c4")+"; "+ctasColumns(t, db, "f26", "c5"),
		"x varchar(5); x varchar(5); x varchar(5); x varchar(3)"; got != want {
		t.Errorf("CREATE TABLE ... SELECT: got %q, want %q", got, want)
	}
	for _, q := range []string{
		"SELECT x FROM v ORDER BY id",
		"SELECT x FROM v2 ORDER BY x",
		"SELECT x FROM v WHERE id IN (SELECT id FROM v) ORDER BY id",
	} {
		for _, prepared := range []bool{false, true} {
			if names, rows := columnTypeNames(t, conn, q, prepared); names != "VARCHAR" || (rows != "abc 1.5" && rows != "1.5 abc") {
				t.Errorf("%s (prepared %v): got %s, %s; want VARCHAR", q, prepared, names, rows)
			}
		}
		if _, fields := rawText(t, ts, "f26", q); fields[0].Type.String() != "VARCHAR" || fields[0].ColumnLength != 15 {
			t.Errorf("%s: field %v length %d, want VARCHAR 15 (utf8mb3 client)", q, fields[0].Type, fields[0].ColumnLength)
		}
	}
	mustExec(t, conn, "PREPARE s2 FROM 'SELECT IF(b, ''abc'', 1.5e0) AS x FROM t ORDER BY id'")
	if names, rows := columnTypeNames(t, conn, "EXECUTE s2", false); names != "VARCHAR" || rows != "abc 1.5" {
		t.Errorf("EXECUTE: got %s, %s; want VARCHAR", names, rows)
	}
	mustExec(t, conn, "SET @q = 'SELECT IF(b, ''abc'', 2.50e0) AS x FROM t ORDER BY id'")
	mustExec(t, conn, "PREPARE s3 FROM @q")
	if names, rows := columnTypeNames(t, conn, "EXECUTE s3", false); names != "VARCHAR" || rows != "abc 2.5" {
		t.Errorf("EXECUTE from @q: got %s, %s; want VARCHAR", names, rows)
	}
	if _, fields := rawTextAfter(t, ts, "f26", []string{"PREPARE s FROM 'SELECT IF(b, ''abc'', 2.50e0) AS x FROM t'"}, "EXECUTE s"); fields[0].Type.String() != "VARCHAR" || fields[0].ColumnLength != 18 {
		t.Errorf("EXECUTE: field %v length %d, want VARCHAR 18", fields[0].Type, fields[0].ColumnLength)
	}
	// A literal of the same value written otherwise in the statement leaves
	// the length unknown (TEXT) rather than taking the statement's.
	if _, fields := rawText(t, ts, "f26", "SELECT x, 1.50e0 FROM v"); fields[0].Type.String() == "VARCHAR" && fields[0].ColumnLength != 15 {
		t.Errorf("view beside 1.50e0: field %v length %d", fields[0].Type, fields[0].ColumnLength)
	}
}

// TestFix26aEnumUnions: a UNION column of an ENUM beside another ENUM (even
// itself) or a string is VARCHAR(n) of the longest side (MySQL 8.0's
// field_types_merge_rules: ENUM x ENUM and ENUM x VARCHAR are VARCHAR); it
// was LONGTEXT, a BLOB on the wire, and `e UNION e` the ENUM. An ENUM or
// SET column beside NULL keeps the ENUM/SET (Item_aggregate_type's typelib,
// a Field_enum in the union's result: MYSQL_TYPE_STRING with the ENUM
// flag) where the UNION is the statement's result, so ORDER BY sorts it by
// member number ('lo' before 'hi'); it was a VARCHAR sorted as text.
func TestFix26aEnumUnions(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f26e")
	db = ts.connectWith("f26e", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE en (id INT PRIMARY KEY, e ENUM('lo','medium','hi'), e2 ENUM('x','y'), s SET('a','bb'), c VARCHAR(3))")
	mustExec(t, db, "INSERT INTO en VALUES (1, 'hi', 'x', 'a', 'abc'), (2, 'lo', 'y', 'a,bb', 'z')")
	conn := pinnedConn(t, db)
	for _, c := range []struct{ q, typ, rows string }{
		{"SELECT e FROM en UNION SELECT e2 FROM en ORDER BY 1", "VARCHAR", "hi lo x y"},
		{"SELECT e FROM en UNION SELECT 'abcdefgh' ORDER BY 1", "VARCHAR", "abcdefgh hi lo"},
		{"SELECT e FROM en UNION ALL SELECT c FROM en ORDER BY 1", "VARCHAR", "abc hi lo z"},
		{"SELECT e FROM en UNION SELECT e FROM en ORDER BY 1", "VARCHAR", "hi lo"},
		{"SELECT e FROM en UNION SELECT e2 FROM en UNION SELECT 'abcdefgh' ORDER BY 1", "VARCHAR", "abcdefgh hi lo x y"},
		{"SELECT e FROM en UNION SELECT NULL ORDER BY 1", "ENUM", "NULL lo hi"},
		{"SELECT e FROM en UNION ALL SELECT NULL ORDER BY e DESC", "ENUM", "hi lo NULL"},
		{"SELECT NULL UNION SELECT e FROM en ORDER BY 1", "ENUM", "NULL lo hi"},
		{"SELECT e FROM en UNION SELECT NULL UNION SELECT NULL ORDER BY 1", "ENUM", "NULL lo hi"},
		{"SELECT s FROM en UNION SELECT NULL ORDER BY 1", "SET", "NULL a a,bb"},
		{"SELECT CONCAT(e, '!') AS x FROM (SELECT e FROM en UNION ALL SELECT NULL) d ORDER BY x", "VARCHAR", "NULL hi! lo!"},
	} {
		for _, prepared := range []bool{false, true} {
			names, rows := columnTypeNames(t, conn, c.q, prepared)
			if (c.typ != "" && names != c.typ) || rows != c.rows {
				t.Errorf("%s (prepared %v): got %s, %s; want %s, %s", c.q, prepared, names, rows, c.typ, c.rows)
			}
		}
	}
	// Only the statement's own result keeps the ENUM: INSERT ... SELECT
	// into a VARCHAR stores the members (not their numbers), and so does a
	// comparison with a string column read them.
	mustExec(t, db, "CREATE TABLE dst (s VARCHAR(10))")
	mustExec(t, db, "INSERT INTO dst SELECT e FROM en UNION SELECT NULL")
	mustExec(t, db, "INSERT INTO dst SELECT * FROM (SELECT e FROM en UNION ALL SELECT NULL) d")
	if _, rows := columnTypeNames(t, conn, "SELECT s FROM dst WHERE s IN (SELECT e FROM en UNION SELECT NULL) ORDER BY s", false); rows != "hi hi lo lo" {
		t.Errorf("INSERT ... SELECT of an ENUM UNION NULL: got %s, want hi hi lo lo", rows)
	}
	for _, q := range []string{"SELECT e FROM en UNION SELECT 'abcdefgh'", "SELECT e FROM en UNION SELECT e2 FROM en"} {
		if _, fields := rawText(t, ts, "f26e", q); fields[0].Type.String() != "VARCHAR" || fields[0].ColumnLength > 32 {
			t.Errorf("%s: field %v length %d, want a VARCHAR of 8 or 6 characters", q, fields[0].Type, fields[0].ColumnLength)
		}
	}
}

// TestFix26aScaledThroughLargerJoins: a FLOAT(M,D) column keeps its
// decimals and an INT ZEROFILL column its padding through a view over a
// join of three tables with a RIGHT join (a column USING or NATURAL merges
// is the left operand's at each level, a RIGHT join's the right one's), and
// beside a derived `SELECT *` over a join or a derived table with an
// unaliased expression (MySQL 8.0 and MariaDB print 3.500 and 000005;
// Myriad printed 3.5 and 5).
func TestFix26aScaledThroughLargerJoins(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE f26j")
	for _, q := range []string{
		"CREATE TABLE f26j.a1 (id INT, f FLOAT(6,2), z INT(4) ZEROFILL)",
		"CREATE TABLE f26j.b1 (id INT, f FLOAT(7,3), z INT(6) ZEROFILL, k INT)",
		"CREATE TABLE f26j.c1 (id INT, f FLOAT(8,1), z INT(8) ZEROFILL, m INT)",
		"INSERT INTO f26j.a1 VALUES (1, 3.5, 5)",
		"INSERT INTO f26j.b1 VALUES (1, 3.5, 5, 1), (2, 4.5, 6, 2)",
		"INSERT INTO f26j.c1 VALUES (1, 3.5, 5, 1), (2, 4.5, 6, 2), (3, 5.5, 7, 3)",
		"CREATE VIEW f26j.r1 AS SELECT f, z FROM f26j.a1 RIGHT JOIN f26j.b1 USING (f, z) JOIN f26j.c1 USING (f, z)",
		"CREATE VIEW f26j.r2 AS SELECT f, z FROM f26j.a1 JOIN f26j.b1 USING (f, z) RIGHT JOIN f26j.c1 USING (f, z)",
		"CREATE VIEW f26j.r3 AS SELECT * FROM f26j.a1 NATURAL RIGHT JOIN f26j.b1 NATURAL JOIN f26j.c1",
		"CREATE VIEW f26j.r4 AS SELECT f, z FROM f26j.a1 RIGHT JOIN (f26j.b1 JOIN f26j.c1 USING (f, z)) USING (f, z)",
		"CREATE VIEW f26j.s1 AS SELECT f, z FROM (SELECT * FROM f26j.a1 JOIN f26j.b1 USING (id, f, z)) d NATURAL JOIN f26j.c1",
		"CREATE VIEW f26j.s2 AS SELECT f FROM (SELECT id, f + 0, z FROM f26j.a1) d JOIN f26j.b1 USING (id)",
		"CREATE VIEW f26j.vs AS SELECT f, z FROM f26j.a1",
	} {
		mustExec(t, db, q)
	}
	for q, want := range map[string]string{
		"SELECT * FROM r1 ORDER BY f":                      "3.500,000005 4.500,000006",
		"SELECT * FROM r2 ORDER BY f":                      "3.5,00000005 4.5,00000006 5.5,00000007",
		"SELECT id, f, z FROM r3 ORDER BY f":               "1,3.500,000005 2,4.500,000006",
		"SELECT * FROM r4 ORDER BY f":                      "3.500,000005 4.500,000006",
		"SELECT * FROM s1":                                 "3.50,0005",
		"SELECT * FROM s2":                                 "3.500",
		"SELECT CONCAT(f, '|', z) FROM r1 ORDER BY f":      "3.500|000005 4.500|000006",
		"SELECT CONCAT(f), LENGTH(z) FROM s1":              "3.50,4",
		"SELECT f, z FROM (SELECT * FROM r2) d ORDER BY f": "3.5,00000005 4.5,00000006 5.5,00000007",
		// A derived table over a view read as a string: GMS drops the
		// derived table's projection (engine/colorigin.go).
		"SELECT CONCAT(f, '|', z), LENGTH(z) FROM (SELECT * FROM vs) d":    "3.50|0005,4",
		"SELECT CONCAT(f, '|', z) FROM (SELECT f, z FROM r1) d ORDER BY f": "3.500|000005 4.500|000006",
	} {
		if g, _ := rawText(t, ts, "f26j", q); g != want {
			t.Errorf("%s: got %s, want %s", q, g, want)
		}
	}
}

// TestFix26aGroupConcatCTAS: CREATE TABLE ... SELECT GROUP_CONCAT(v) of a
// latin1 column makes a nullable latin1 TEXT column (MySQL 8.0's
// Item_func_group_concat::make_string_field: group_concat_max_len
// characters of the argument's character set, a BLOB past 512, else
// VARCHAR), which stores the latin1 bytes; GMS's planner made `text COLLATE
// utf8mb4_0900_bin NOT NULL` and stored UTF-8 (LENGTH 12 for
// 'éé,éé,É', MySQL 7). Also as a prepared statement.
func TestFix26aGroupConcatCTAS(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE DATABASE f26g")
	db = ts.connectWith("f26g", "parseTime=false")
	db.SetMaxIdleConns(0)
	mustExec(t, db, "CREATE TABLE l (id INT PRIMARY KEY, v VARCHAR(10) CHARACTER SET latin1, u VARCHAR(10))")
	mustExec(t, db, "INSERT INTO l VALUES (1, 'éé', 'a'), (2, 'éé', 'b'), (3, 'É', 'c')")
	mustExec(t, db, "CREATE TABLE c1 AS SELECT GROUP_CONCAT(v ORDER BY id) AS g, GROUP_CONCAT(u ORDER BY id) AS h FROM l")
	conn := pinnedConn(t, db)
	mustExec(t, conn, "PREPARE s FROM 'CREATE TABLE c2 AS SELECT g FROM (SELECT id, GROUP_CONCAT(v) AS g FROM l GROUP BY id) d WHERE id = 1'")
	mustExec(t, conn, "EXECUTE s")
	mustExec(t, conn, "SET SESSION group_concat_max_len = 100")
	mustExec(t, conn, "CREATE TABLE c3 AS SELECT GROUP_CONCAT(v) AS g FROM l")
	for table, want := range map[string]string{
		"c1": "g YES text latin1, h YES text utf8mb4",
		"c2": "g YES text latin1",
		"c3": "g YES varchar(100) latin1",
	} {
		var got []string
		for _, r := range queryRows(t, db, "SELECT COLUMN_NAME, IS_NULLABLE, COLUMN_TYPE, CHARACTER_SET_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'f26g' AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", table) {
			got = append(got, strings.Join(r, " "))
		}
		if g := strings.Join(got, ", "); g != want {
			t.Errorf("%s: got %q, want %q", table, g, want)
		}
	}
	runArithCases(t, db, "", []arithCase{
		{q: "SELECT HEX(g), LENGTH(g), h FROM c1", want: "E9E92CE9E92CC9 | 7 | a,b,c"},
		{q: "SELECT HEX(g), LENGTH(g) FROM c2", want: "E9E9 | 2"},
		{q: "SELECT HEX(g), LENGTH(g) FROM c3", want: "E9E92CE9E92CC9 | 7"},
	})
}
