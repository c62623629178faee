package server

import (
	"strings"
	"testing"
)

// TestCreateTableSelectUnionNull: CREATE TABLE ... SELECT of a UNION whose
// one side is NULL gives the column the other side's type, as MySQL does
// (and as the UNION's result columns already had): GMS took the new
// table's columns from its own join of the sides' types, LONGTEXT for a
// DATETIME, DATE or VARCHAR(10) beside NULL, BIGINT for an INT, and
// DECIMAL(65,30) for a DECIMAL(2,1).
func TestCreateTableSelectUnionNull(t *testing.T) {
	ts := startServer(t, t.TempDir())
	db := ts.connectWith("", "")
	mustExec(t, db, "CREATE DATABASE cu")
	mustExec(t, db, "CREATE TABLE cu.t (id INT PRIMARY KEY, d0 DATETIME, dd DATE, v VARCHAR(10), u INT UNSIGNED)")
	mustExec(t, db, "INSERT INTO cu.t VALUES (1, '2024-01-01 10:00:00', '2024-01-02', 'hello', 7)")
	for _, c := range []struct {
		ddl  string
		want []string // column definitions, in order
		rows string
	}{
		{"CREATE TABLE cu.a AS SELECT d0, id, v, u FROM cu.t UNION SELECT NULL, NULL, NULL, NULL",
			[]string{"`d0` datetime", "`id` int", "`v` varchar(10)", "`u` int unsigned"},
			"2024-01-01 10:00:00 1 hello 7|NULL NULL NULL NULL"},
		{"CREATE TABLE cu.b AS SELECT NULL AS x, NULL AS y UNION ALL SELECT dd, 2.5 FROM cu.t",
			[]string{"`x` date", "`y` decimal(2,1)"},
			"NULL NULL|2024-01-02 2.5"},
	} {
		mustExec(t, db, c.ddl)
		name := strings.Fields(c.ddl)[2]
		var tbl, create string
		if err := db.QueryRow("SHOW CREATE TABLE "+name).Scan(&tbl, &create); err != nil {
			t.Fatal(err)
		}
		var cols []string
		for _, line := range strings.Split(create, "\n")[1:] {
			line = strings.TrimSuffix(strings.TrimSpace(line), ",")
			if strings.HasPrefix(line, "`") {
				cols = append(cols, line)
			}
		}
		if strings.Join(cols, ", ") != strings.Join(c.want, ", ") {
			t.Errorf("%s:\n got  %s\n want %s", c.ddl, strings.Join(cols, ", "), strings.Join(c.want, ", "))
		}
		if got := joinRows(queryRows(t, db, "SELECT * FROM "+name)); got != c.rows {
			t.Errorf("%s rows: %s, want %s", name, got, c.rows)
		}
	}
}
