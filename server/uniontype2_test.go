package server

import (
	"strings"
	"testing"
)

// TestUnionOfYear: YEAR beside another type in a UNION is typed by MySQL
// 8.0's field_types_merge_rules (sql/field.cc, row MYSQL_TYPE_YEAR): an
// integer literal or BIGINT makes BIGINT, an INT INT, a DECIMAL DECIMAL, a
// DOUBLE DOUBLE, a string or a temporal type VARCHAR. GMS made every one
// LONGTEXT (BLOB on the wire). MariaDB 10.11 makes the integers DECIMAL;
// the rest and every value are its answers too.
func TestUnionOfYear(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connect("")
	mustExec(t, db, "CREATE DATABASE ut2")
	db = ts.connect("ut2")
	mustExec(t, db, "CREATE TABLE e (id INT PRIMARY KEY, y YEAR, b BIGINT, i INT, dc DECIMAL(6,2), dbl DOUBLE, v VARCHAR(7), d DATE, dt DATETIME(2), tm TIME)")
	mustExec(t, db, "INSERT INTO e VALUES (1, 2024, 5, 6, 12.5, 1.5, 'abc', '2024-01-01', '2024-01-02 03:04:05.5', '10:00:00'), (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)")
	checkColumnTypes(t, ts, "ut2", []uniontypeCase{
		{"SELECT y FROM e UNION SELECT 5", "BIGINT", -1, "2024|NULL|5"},
		{"SELECT y FROM e UNION SELECT b FROM e", "BIGINT", -1, "2024|NULL|5"},
		{"SELECT i FROM e UNION SELECT y FROM e", "INT", -1, "6|NULL|2024"},
		{"SELECT y FROM e UNION SELECT dc FROM e", "DECIMAL", -1, "2024.00|NULL|12.50"},
		{"SELECT y FROM e UNION SELECT dbl FROM e", "DOUBLE", -1, "2024|NULL|1.5"},
		{"SELECT y FROM e UNION SELECT 'abcdefgh'", "VARCHAR", -1, "2024|NULL|abcdefgh"},
		{"SELECT y FROM e UNION SELECT v FROM e", "VARCHAR", -1, "2024|NULL|abc"},
		{"SELECT y FROM e UNION SELECT d FROM e", "VARCHAR", -1, "2024|NULL|2024-01-01"},
		{"SELECT dt FROM e UNION SELECT y FROM e", "VARCHAR", -1, "2024-01-02 03:04:05.50|NULL|2024"},
		{"SELECT y FROM e UNION SELECT tm FROM e", "VARCHAR", -1, "2024|NULL|10:00:00"},
		// ORDER BY compares the column as its new type (it read '2024' as
		// a DATETIME and failed with 1292).
		{"SELECT dt FROM e UNION SELECT y FROM e ORDER BY 1", "VARCHAR", -1, "NULL|2024|2024-01-02 03:04:05.50"},
		{"SELECT y FROM e UNION SELECT tm FROM e ORDER BY y DESC", "VARCHAR", -1, "2024|10:00:00|NULL"},
	})
	// CREATE TABLE ... SELECT makes the column of that type.
	for _, c := range []struct{ q, want string }{
		{"SELECT y FROM e UNION SELECT 5", "bigint"},
		{"SELECT y FROM e UNION SELECT d FROM e", "varchar(10)"},
		{"SELECT y FROM e UNION SELECT dc FROM e", "decimal(6,2)"},
	} {
		mustExec(t, db, "DROP TABLE IF EXISTS ct")
		mustExec(t, db, "CREATE TABLE ct AS "+c.q)
		if got := rowsText(t, ts, "ut2", "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'ut2' AND TABLE_NAME = 'ct'"); got != c.want {
			t.Errorf("CREATE TABLE ct AS %s: column %q, want %q", c.q, got, c.want)
		}
	}
}

// TestBranchOfStringsVarchar: CASE, IF, IFNULL and COALESCE over CHAR and
// VARCHAR columns, string literals and integers or DECIMALs are MySQL's
// VARCHAR(n), n the longest branch in characters (Item_aggregate_type's
// join_types; MariaDB 10.11 agrees). GMS typed them LONGTEXT or TEXT (BLOB
// on the wire), CREATE TABLE ... SELECT made LONGTEXT columns of
// utf8mb4_0900_bin, and IFNULL(int, 'x') an INT column that refused the 'x'
// rows (1366). Such a branch beside a string in a UNION failed GMS's check
// of the sides' types (1105).
func TestBranchOfStringsVarchar(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE bv")
	db := ts.connect("bv")
	mustExec(t, db, "CREATE TABLE s3 (id INT PRIMARY KEY, v VARCHAR(7), c CHAR(3), dc DECIMAL(5,2), l1 VARCHAR(5) CHARACTER SET latin1)")
	mustExec(t, db, "INSERT INTO s3 VALUES (1, 'abcdefg', 'xyz', 1.5, 'é'), (2, NULL, NULL, NULL, NULL)")
	mustExec(t, db, "CREATE TABLE bc (id INT PRIMARY KEY, a VARCHAR(8) COLLATE utf8mb4_general_ci, b VARCHAR(8) COLLATE utf8mb4_bin)")
	mustExec(t, db, "INSERT INTO bc VALUES (1, 'a', 'a'), (2, 'A', 'A'), (3, NULL, 'B')")
	checkColumnTypes(t, ts, "bv", []uniontypeCase{
		{"SELECT CASE WHEN id > 1 THEN 'ab' ELSE 'c' END FROM s3 ORDER BY id", "VARCHAR", -1, "c|ab"},
		{"SELECT IFNULL(id, 'x') FROM s3 ORDER BY id", "VARCHAR", -1, "1|2"},
		{"SELECT CASE WHEN id = 1 THEN v ELSE 'abcdefghijk' END FROM s3 ORDER BY id", "VARCHAR", -1, "abcdefg|abcdefghijk"},
		{"SELECT IF(id = 1, c, 'q') FROM s3 ORDER BY id", "VARCHAR", -1, "xyz|q"},
		{"SELECT COALESCE(v, c) FROM s3 ORDER BY id", "VARCHAR", -1, "abcdefg|NULL"},
		{"SELECT IFNULL(v, id) FROM s3 ORDER BY id", "VARCHAR", -1, "abcdefg|2"},
		{"SELECT COALESCE(dc, 'none') FROM s3 ORDER BY id", "VARCHAR", -1, "1.50|none"},
		// In a UNION (1105 before).
		{"SELECT COALESCE(a, b) g FROM bc UNION SELECT 'a' ORDER BY 1", "VARCHAR", -1, "A|B|a"},
		{"SELECT IF(id = 1, v, 'q') x FROM s3 UNION SELECT 'abcdefghij' ORDER BY 1", "VARCHAR", -1, "abcdefg|abcdefghij|q"},
	})
	for _, c := range []struct{ q, want string }{
		{"SELECT CASE WHEN id > 1 THEN 'ab' ELSE 'c' END c1, IFNULL(id, 'x') c2, COALESCE(v, c) c3, IF(id = 1, c, 'q') c4, IFNULL(v, id) c5 FROM s3",
			"varchar(2)|varchar(11)|varchar(7)|varchar(3)|varchar(11)"},
		{"SELECT IF(id = 1, v, 'q') x FROM s3 UNION SELECT 'abcdefghij'", "varchar(10)"},
		{"SELECT COALESCE(a, b) g FROM bc UNION SELECT 'a'", "varchar(8)"},
	} {
		mustExec(t, db, "DROP TABLE IF EXISTS ct")
		mustExec(t, db, "CREATE TABLE ct AS "+c.q)
		got := rowsText(t, ts, "bv", "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'bv' AND TABLE_NAME = 'ct' ORDER BY ORDINAL_POSITION")
		if got = strings.ReplaceAll(got, " ", "|"); got != c.want {
			t.Errorf("CREATE TABLE ct AS %s: %q, want %q", c.q, got, c.want)
		}
	}
	// The column has the branches' aggregated collation: a latin1 column's
	// beside a literal, the connection's for literals only.
	mustExec(t, db, "DROP TABLE IF EXISTS ct")
	mustExec(t, db, "CREATE TABLE ct AS SELECT IF(id = 1, l1, 'q') x, CASE WHEN id > 1 THEN 'ab' ELSE 'c' END y FROM s3")
	if got := rowsText(t, ts, "bv", "SELECT COLUMN_NAME, COLUMN_TYPE, COLLATION_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'bv' AND TABLE_NAME = 'ct' ORDER BY ORDINAL_POSITION"); got != "x,varchar(5),latin1_swedish_ci y,varchar(2),utf8mb4_general_ci" {
		t.Errorf("collations: %q", got)
	}
	// IFNULL(int, 'x')'s 'x' is stored, not refused by an INT column.
	mustExec(t, db, "DROP TABLE IF EXISTS ct")
	mustExec(t, db, "CREATE TABLE ct AS SELECT id, IFNULL(IF(id = 1, NULL, id), 'x') h FROM s3")
	if got := rowsText(t, ts, "bv", "SELECT id, h FROM ct ORDER BY id"); got != "1,x 2,2" {
		t.Errorf("CTAS of IFNULL(int, 'x'): %q", got)
	}
}

// TestIfNullDoubleText: IFNULL(double_col, 'text') and the other branches
// of a DOUBLE or FLOAT and a string are MySQL's VARCHAR(22) (FLOAT: 12),
// the number printed as MySQL prints a DOUBLE (my_gcvt: 1e20, not
// 100000000000000000000). GMS typed them LONGTEXT (earlier: DOUBLE, which
// drivers failed to parse 'text' as). Values are MariaDB 10.11's.
func TestIfNullDoubleText(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE dt2")
	db := ts.connect("dt2")
	mustExec(t, db, "CREATE TABLE e (id INT PRIMARY KEY, dbl DOUBLE, f FLOAT)")
	mustExec(t, db, "INSERT INTO e VALUES (1, 1.5, 2.5), (2, NULL, NULL), (3, 1e20, 1.25e-7), (4, -1.2345678901234567e-100, 3.4e38)")
	checkColumnTypes(t, ts, "dt2", []uniontypeCase{
		{"SELECT IFNULL(dbl, 'text') FROM e ORDER BY id", "VARCHAR", -1, "1.5|text|1e20|-1.2345678901234567e-100"},
		{"SELECT IFNULL(f, 'text') FROM e ORDER BY id", "VARCHAR", -1, "2.5|text|0.000000125|3.4e38"},
		{"SELECT COALESCE(dbl, 'text') FROM e ORDER BY id", "VARCHAR", -1, "1.5|text|1e20|-1.2345678901234567e-100"},
		{"SELECT IF(id = 3, dbl, 'x') FROM e ORDER BY id", "VARCHAR", -1, "x|x|1e20|x"},
		{"SELECT CASE WHEN id = 1 THEN f ELSE 'x' END FROM e ORDER BY id", "VARCHAR", -1, "2.5|x|x|x"},
	})
	// Row 4's 24 characters do not fit VARCHAR(22): MariaDB fails that
	// CTAS with 1406 too.
	mustExec(t, db, "CREATE TABLE ct AS SELECT IFNULL(dbl, 'text') a, IFNULL(f, 'text') b FROM e WHERE id < 4")
	if got := rowsText(t, ts, "dt2", "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'dt2' AND TABLE_NAME = 'ct' ORDER BY ORDINAL_POSITION"); got != "varchar(22) varchar(12)" {
		t.Errorf("CTAS of IFNULL(double, 'text'): %q", got)
	}
	if got := rowsText(t, ts, "dt2", "SELECT a, b FROM ct ORDER BY a"); got != "1.5,2.5 1e20,0.000000125 text,text" {
		t.Errorf("CTAS rows: %q", got)
	}
}

// TestBranchIntFloatDouble: CASE, IF and COALESCE of an INT and a FLOAT are
// MySQL's DOUBLE (field_types_merge_rules: FLOAT x LONG is DOUBLE), in a
// UNION, a derived table and CREATE TABLE ... SELECT too. The SELECT was
// already DOUBLE (branchdouble.go), but CREATE TABLE ... SELECT took GMS's
// types, fixed before that retyping: FLOAT for the CASE, LONGTEXT for the
// COALESCE, and through a derived table FLOAT.
func TestBranchIntFloatDouble(t *testing.T) {
	ts := startServer(t, t.TempDir())
	mustExec(t, ts.connect(""), "CREATE DATABASE fi")
	db := ts.connect("fi")
	mustExec(t, db, "CREATE TABLE e (id INT PRIMARY KEY, f FLOAT)")
	mustExec(t, db, "INSERT INTO e VALUES (1, 2.5), (2, 0.5)")
	checkColumnTypes(t, ts, "fi", []uniontypeCase{
		{"SELECT CASE WHEN id > 1 THEN id ELSE f END x FROM e ORDER BY x", "DOUBLE", -1, "2|2.5"},
		{"SELECT CASE WHEN id > 1 THEN id ELSE f END x FROM e UNION SELECT 1 ORDER BY x", "DOUBLE", -1, "1|2|2.5"},
		{"SELECT x FROM (SELECT CASE WHEN id > 1 THEN id ELSE f END x FROM e) d ORDER BY x", "DOUBLE", -1, "2|2.5"},
		{"SELECT COALESCE(f, id) x FROM e ORDER BY x", "DOUBLE", -1, "0.5|2.5"},
	})
	for _, c := range []struct{ q, want string }{
		{"SELECT CASE WHEN id > 1 THEN id ELSE f END x, IF(id > 1, id, f) y, COALESCE(f, id) z FROM e", "double double double"},
		{"SELECT x FROM (SELECT CASE WHEN id > 1 THEN id ELSE f END x FROM e) d", "double"},
		{"SELECT CASE WHEN id > 1 THEN id ELSE f END x FROM e UNION SELECT 1", "double"},
		// A derived table's VARCHAR branch too.
		{"SELECT x FROM (SELECT CASE WHEN id > 1 THEN 'ab' ELSE 'c' END x FROM e) d", "varchar(2)"},
	} {
		mustExec(t, db, "DROP TABLE IF EXISTS ct")
		mustExec(t, db, "CREATE TABLE ct AS "+c.q)
		if got := rowsText(t, ts, "fi", "SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'fi' AND TABLE_NAME = 'ct' ORDER BY ORDINAL_POSITION"); got != c.want {
			t.Errorf("CREATE TABLE ct AS %s: %q, want %q", c.q, got, c.want)
		}
	}
}
