package server

import "testing"

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
